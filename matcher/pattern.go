package matcher

import (
	"strings"

	"robots-explorer/matcher/exposure"
)

// A Pattern is a normalized rule pattern ready to match: '*' stands for any
// run of characters and a final '$' for the end of the path (RFC 9309
// §2.2.3). The segments between stars are found when matching, so that
// compiling allocates nothing.
type Pattern struct {
	Body     string // without the final '$'
	Star     bool   // body holds a '*'
	Anchored bool   // the pattern ended in '$'
}

func CompilePattern(p string) Pattern { return PatternFlags(p).Pattern(p) }

// PatFlags is what compiling finds in a pattern, one byte, so that a parsed
// file keeps per rule only this beside the normalized pattern it already
// holds, and matching rebuilds the pattern without scanning it.
type PatFlags uint8

const (
	patStar     PatFlags = 1 << iota // the body holds a '*'
	patAnchored                      // the pattern ends in '$'
)

func PatternFlags(p string) PatFlags {
	var k PatFlags
	if strings.HasSuffix(p, "$") {
		k, p = patAnchored, p[:len(p)-1]
	}
	if strings.IndexByte(p, '*') >= 0 {
		k |= patStar
	}
	return k
}

// pattern returns the compiled form of p, whose flags k are.
func (k PatFlags) Pattern(p string) Pattern {
	c := Pattern{Body: p, Star: k&patStar != 0, Anchored: k&patAnchored != 0}
	if c.Anchored {
		c.Body = p[:len(p)-1]
	}
	return c
}

// match reports whether the pattern matches path. Placing each segment at
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

// A byteClass says what the bytes of a pattern hold that normalization,
// matching or the pattern checks care about, so that one pass over a
// pattern tells which of the slower steps it needs. Most patterns need
// none.
type byteClass uint8

const (
	clsChange   byteClass = 1 << iota // non-ASCII, '%', or a byte that must be encoded: normalization may change the pattern
	clsDollar                         // '$'
	clsStar                           // '*'
	clsSpace                          // space or tab
	clsPercent                        // '%'
	clsQuery                          // '?': normalization changes the pattern if a query delimiter follows
	clsExposing                       // a letter pair of exposingPairs (set by classifyRule only)
)

var byteClasses = func() (t [256]byteClass) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if b >= 0x80 || b == '%' || mustEncode(b) {
			t[c] |= clsChange
		}
		switch b {
		case '$':
			t[c] |= clsDollar
		case '*':
			t[c] |= clsStar
		case ' ', '\t':
			t[c] |= clsSpace
		case '%':
			t[c] |= clsPercent
		case '?':
			t[c] |= clsQuery
		}
	}
	return t
}()

// changes reports whether normalizing the pattern p, whose classes cls
// are, can change it: a byte to encode or decode, a '$' before the end, or
// after the first '?' one of the delimiters RFC 9309 §2.2.2 has encoded in
// a query.
func (cls byteClass) changes(p string) bool {
	switch {
	case cls&clsChange != 0:
		return true
	case cls&clsDollar != 0 && strings.IndexByte(p, '$') < len(p)-1:
		return true
	case cls&clsQuery != 0:
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

// exposingPairs marks the letter pairs of exposure.Pairs by pairIndex:
// a pattern without one is too short to walk for exposure (exposure.Of).
// Each entry is clsExposing or 0, so that classifyRule ORs it in without a
// branch.
var exposingPairs = func() (t [1024]byteClass) {
	for _, p := range exposure.Pairs() {
		t[pairIndex(p[0], p[1])] = clsExposing
	}
	return t
}()

// pairIndex folds two bytes to ten bits. Letters keep their identity
// without case (the low five bits); other bytes share slots with letters,
// which only makes classifyRule flag more patterns.
func pairIndex(a, b byte) int { return int(a&0x1F)<<5 | int(b&0x1F) }

// classifyRule returns the union of the classes of the bytes of a rule's
// pattern, with clsExposing when it holds one of exposingPairs: one pass
// tells which of the slower steps (normalization, the checks, the RFC 9309
// §3 exposure walk) the pattern needs.
func classifyRule(s string) byteClass {
	var cls byteClass
	prev := 0 // the last byte's letter bits, shifted as pairIndex does
	for i := 0; i < len(s); i++ {
		c := s[i]
		cls |= byteClasses[c] | exposingPairs[(prev|int(c&0x1F))&(len(exposingPairs)-1)]
		prev = int(c&0x1F) << 5
	}
	return cls
}

// flags returns the pattern flags of p, whose classes cls are.
func (cls byteClass) flags(p string) PatFlags {
	var k PatFlags
	if cls&clsDollar != 0 && p[len(p)-1] == '$' {
		k = patAnchored
		if strings.IndexByte(p[:len(p)-1], '*') >= 0 {
			k |= patStar
		}
		return k
	}
	if cls&clsStar != 0 {
		k |= patStar
	}
	return k
}
