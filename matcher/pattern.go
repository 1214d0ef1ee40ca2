package matcher

import "strings"

// A pattern is a normalized rule pattern ready to match: '*' stands for any
// run of characters and a final '$' for the end of the path (RFC 9309
// §2.2.3). The segments between stars are found when matching, so that
// compiling allocates nothing.
type pattern struct {
	body     string // without the final '$'
	star     bool   // body holds a '*'
	anchored bool   // the pattern ended in '$'
}

func compilePattern(p string) pattern {
	c := pattern{body: p}
	if strings.HasSuffix(p, "$") {
		c.anchored, c.body = true, p[:len(p)-1]
	}
	c.star = strings.IndexByte(c.body, '*') >= 0
	return c
}

// match reports whether the pattern matches path. Placing each segment at
// its leftmost possible position is enough: a later segment only gains room
// from an earlier one placed further left, and only the last segment of an
// anchored pattern is pinned to the end. Each strings.Index scans at most
// the rest of the path, so the whole match is O(len(path) × len(pattern)),
// with no backtracking.
func (c pattern) match(path string) bool {
	if !c.star {
		return strings.HasPrefix(path, c.body) && (!c.anchored || len(path) == len(c.body))
	}
	star := strings.IndexByte(c.body, '*')
	first, rest := c.body[:star], c.body[star+1:]
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
	if c.anchored {
		return len(path)-pos >= len(rest) && strings.HasSuffix(path, rest)
	}
	return strings.Contains(path[pos:], rest)
}
