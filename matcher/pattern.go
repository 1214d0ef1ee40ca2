package matcher

import "strings"

// A pattern is a normalized rule pattern cut at its wildcards: it matches a
// path when the path starts with segs[0], then holds segs[1], segs[2], … in
// order, and, when anchored, ends with the last segment.
type pattern struct {
	segs     []string // nil when the pattern has no '*': lit is all of it
	lit      string
	anchored bool // the pattern ended in '$'
}

// compilePattern cuts a normalized pattern at '*' (any run of characters)
// and a final '$' (the end of the path), RFC 9309 §2.2.3.
func compilePattern(p string) pattern {
	var c pattern
	if strings.HasSuffix(p, "$") {
		c.anchored, p = true, p[:len(p)-1]
	}
	if strings.IndexByte(p, '*') < 0 {
		c.lit = p
		return c
	}
	c.segs = strings.Split(p, "*")
	return c
}

// match reports whether the pattern matches path. Placing each segment at
// its leftmost possible position is enough: a later segment only gains room
// from an earlier one placed further left, and only the last segment of an
// anchored pattern is pinned to the end. Each strings.Index scans at most
// the rest of the path, so the whole match is O(len(path) × len(pattern)),
// with no backtracking.
func (c pattern) match(path string) bool {
	if c.segs == nil {
		return strings.HasPrefix(path, c.lit) && (!c.anchored || len(path) == len(c.lit))
	}
	first := c.segs[0]
	if !strings.HasPrefix(path, first) {
		return false
	}
	if len(c.segs) == 1 {
		return !c.anchored || len(path) == len(first)
	}
	pos := len(first)
	last := len(c.segs) - 1
	for _, seg := range c.segs[1:last] {
		i := strings.Index(path[pos:], seg)
		if i < 0 {
			return false
		}
		pos += i + len(seg)
	}
	tail := c.segs[last]
	if c.anchored {
		return len(path)-pos >= len(tail) && strings.HasSuffix(path, tail)
	}
	return strings.Contains(path[pos:], tail)
}
