package matcher

import (
	"bytes"
	"encoding/binary"
	"robots-explorer/matcher/internal/lines"
)

// cutLine is lines.Split for a line being read: it sets l.Comment to the
// text after the first '#' and returns the key and value spans, trimmed,
// whether the line has a ':' before any '#', and whether it has a '#'.
// The key is looked for first, byte by byte, since it is short and ends
// at the ':'; then the comment, in the rest: no record is returned, and
// the line is not searched again for each byte.
func cutLine(src []byte, l *Line, cf *commentFinder) (key, value Span, colon, comment bool) {
	start, end := int(l.Start), int(l.End)
	i := start
	for i < end && src[i] != ':' && src[i] != '#' {
		i++
	}
	content := end
	switch {
	case i == end:
	case src[i] == '#':
		content, comment = i, true
	default:
		colon = true
		if j := cf.in(i+1, end); j >= 0 {
			content, comment = j, true
		}
	}
	if comment {
		l.Comment = SpanOf(content+1, end)
	}
	ks, ke := lines.TrimSpan(src, start, min(i, content))
	key = SpanOf(ks, ke)
	if colon {
		vs, ve := lines.TrimSpan(src, i+1, content)
		value = SpanOf(vs, ve)
	}
	return key, value, colon, comment
}

// A commentFinder finds the '#' that starts a comment in the lines of a
// source read in order. It remembers the next '#' it found, so that a run
// of lines without one is searched by one bytes.IndexByte, many bytes at
// a time, rather than by one call per line, whose setup would be most of
// the search for a '#' in a file of short lines.
type commentFinder struct {
	src  []byte
	next int // the first '#' at or after the last search's start, or len(src); -1 before any
}

func newCommentFinder(src []byte) commentFinder { return commentFinder{src: src, next: -1} }

// in returns the offset of the first '#' in [from, end), or -1. A call's
// from is never before the last call's: no '#' lies between that from and
// next.
func (cf *commentFinder) in(from, end int) int {
	if cf.next < from {
		cf.next = len(cf.src)
		if j := bytes.IndexByte(cf.src[from:], '#'); j >= 0 {
			cf.next = from + j
		}
	}
	if cf.next < end {
		return cf.next
	}
	return -1
}

// cutAfterKey is cutLine for a line whose key is exactly [l.Start,
// colon), as leadingKey found it: no key to look for or trim.
func cutAfterKey(src []byte, l *Line, colon int, cf *commentFinder) (key, value Span, comment bool) {
	end, content := int(l.End), int(l.End)
	if j := cf.in(colon+1, end); j >= 0 {
		content, comment = j, true
		l.Comment = SpanOf(content+1, end)
	}
	vs, ve := lines.TrimSpan(src, colon+1, content)
	return SpanOf(int(l.Start), colon), SpanOf(vs, ve), comment
}

// The standard keys' first bytes as a little-endian word, and the bits
// that fold their ASCII letters to lower case: x|0x20 is a given lower-case
// letter only when x is that letter in either case, while the '-' of
// user-agent is compared as it is (0x0D|0x20 is '-' too).
const (
	disallowWord = 0x776f6c6c61736964 // "disallow"
	userAgeWord  = 0x6567612d72657375 // "user-age"
	userAgeFold  = 0x2020200020202020
	alloWord     = 0x6f6c6c61 // "allo"
	letterFold8  = 0x2020202020202020
	letterFold4  = 0x20202020
	lenDisallow  = len("disallow")
	lenAllow     = len("allow")
	lenUserAgent = len("user-agent")
)

// leadingKey returns the kind of a line that starts with "disallow",
// "allow" or "user-agent", in any ASCII case, right before a ':', and the
// key's length; or 0. Such a line is what cutLine and rfcKey would read
// as that key (no white space or '#' before the ':'), found with a few
// word compares instead of a loop and a fold per byte, which every line
// of a parse would pay. Any other line has n 0.
func leadingKey(b []byte) (kind Kind, n int) {
	switch {
	case len(b) > lenDisallow && b[lenDisallow] == ':' && binary.LittleEndian.Uint64(b)|letterFold8 == disallowWord:
		return KindDisallow, lenDisallow
	case len(b) > lenAllow && b[lenAllow] == ':' && binary.LittleEndian.Uint32(b)|letterFold4 == alloWord && b[4]|0x20 == 'w':
		return KindAllow, lenAllow
	case len(b) > lenUserAgent && b[lenUserAgent] == ':' && binary.LittleEndian.Uint64(b)|userAgeFold == userAgeWord &&
		b[8]|0x20 == 'n' && b[9]|0x20 == 't':
		return KindUserAgent, lenUserAgent
	}
	return KindOther, 0
}
