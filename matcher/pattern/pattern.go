package pattern

import "strings"

// A Pattern is a normalized rule pattern ready to match: '*' stands for any
// run of characters and a final '$' for the end of the path (RFC 9309
// §2.2.3). The segments between stars are found when matching, so that
// compiling allocates nothing.
type Pattern struct {
	Body     string // without the final '$'
	Star     bool   // body holds a '*'
	Anchored bool   // the pattern ended in '$'
}

// Compile compiles a normalized pattern.
func Compile(p string) Pattern { return FlagsOf(p).Pattern(p) }

// Flags is what compiling finds in a pattern, one byte, so that a parsed
// file keeps per rule only this beside the normalized pattern it already
// holds, and matching rebuilds the pattern without scanning it.
type Flags uint8

const (
	flagStar     Flags = 1 << iota // the body holds a '*'
	flagAnchored                   // the pattern ends in '$'
)

// FlagsOf returns the flags of the normalized pattern p.
func FlagsOf(p string) Flags {
	var k Flags
	if strings.HasSuffix(p, "$") {
		k, p = flagAnchored, p[:len(p)-1]
	}
	if strings.IndexByte(p, '*') >= 0 {
		k |= flagStar
	}
	return k
}

// Pattern returns the compiled form of p, whose flags k are.
func (k Flags) Pattern(p string) Pattern {
	c := Pattern{Body: p, Star: k&flagStar != 0, Anchored: k&flagAnchored != 0}
	if c.Anchored {
		c.Body = p[:len(p)-1]
	}
	return c
}

// Match reports whether the pattern matches path. Placing each segment at
// its leftmost possible position is enough: a later segment only gains room
// from an earlier one placed further left, and only the last segment of an
// anchored pattern is pinned to the end. Each strings.Index scans at most
// the rest of the path, so the whole match is O(len(path) × len(pattern)),
// with no backtracking.
func (c Pattern) Match(path string) bool {
	if !c.Star {
		return strings.HasPrefix(path, c.Body) && (!c.Anchored || len(path) == len(c.Body))
	}
	star := strings.IndexByte(c.Body, '*')
	first, rest := c.Body[:star], c.Body[star+1:]
	if !strings.HasPrefix(path, first) {
		return false
	}
	pos := len(first)
	for {
		star = strings.IndexByte(rest, '*')
		if star < 0 {
			break
		}
		seg := rest[:star]
		rest = rest[star+1:]
		if seg == "" {
			continue
		}
		i := strings.Index(path[pos:], seg)
		if i < 0 {
			return false
		}
		pos += i + len(seg)
	}
	if c.Anchored {
		return len(path)-pos >= len(rest) && strings.HasSuffix(path, rest)
	}
	return strings.Contains(path[pos:], rest)
}

// A Class says what the bytes of a pattern hold that normalization,
// matching or the pattern checks care about, so that one pass over a
// pattern tells which of the slower steps it needs. Most patterns need
// none.
type Class uint8

const (
	ClassChange  Class = 1 << iota // non-ASCII, '%', or a byte that must be encoded: normalization may change the pattern
	ClassDollar                    // '$'
	ClassStar                      // '*'
	ClassSpace                     // space or tab
	ClassPercent                   // '%'
	ClassQuery                     // '?': normalization changes the pattern if a query delimiter follows
)

var byteClasses = func() (t [256]Class) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if b >= 0x80 || b == '%' || mustEncode(b) {
			t[c] |= ClassChange
		}
		switch b {
		case '$':
			t[c] |= ClassDollar
		case '*':
			t[c] |= ClassStar
		case ' ', '\t':
			t[c] |= ClassSpace
		case '%':
			t[c] |= ClassPercent
		case '?':
			t[c] |= ClassQuery
		}
	}
	return t
}()

// ByteClass returns the classes of the byte c.
func ByteClass(c byte) Class { return byteClasses[c] }

// ClassOf returns the union of the classes of the bytes of p.
func ClassOf(p string) Class {
	var cls Class
	for i := 0; i < len(p); i++ {
		cls |= byteClasses[p[i]]
	}
	return cls
}

// Changes reports whether normalizing the pattern p, whose classes cls
// are, can change it: a byte to encode or decode, a '$' before the end, or
// after the first '?' one of the delimiters RFC 9309 §2.2.2 has encoded in
// a query.
func (cls Class) Changes(p string) bool {
	switch {
	case cls&ClassChange != 0:
		return true
	case cls&ClassDollar != 0 && strings.IndexByte(p, '$') < len(p)-1:
		return true
	case cls&ClassQuery != 0:
		// The query of a pattern is short: a loop beats IndexAny's set.
		for i := strings.IndexByte(p, '?') + 1; i < len(p); i++ {
			switch p[i] {
			case ':', '/', '?', '@':
				return true
			}
		}
	}
	return false
}

// Flags returns the pattern flags of p, whose classes cls are. A '*' is
// in the body whenever p holds one: when p ends in '$', the '*' is before
// it.
func (cls Class) Flags(p string) Flags {
	var k Flags
	if cls&ClassDollar != 0 && p[len(p)-1] == '$' {
		k = flagAnchored
	}
	if cls&ClassStar != 0 {
		k |= flagStar
	}
	return k
}
