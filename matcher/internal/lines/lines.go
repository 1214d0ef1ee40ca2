// Package lines splits a robots.txt source into lines and a line into
// key, value and comment, as the readings that split RFC 9309's way do.
package lines

import (
	"bytes"
	"unicode/utf8"

	"robots-explorer/matcher/internal/ascii"
)

// BOM returns how many bytes of a UTF-8 byte-order mark (EF BB BF)
// start src. A partial mark counts too: Google's parser skips it, and the
// conformance suite expects that (BOM-characters.textproto).
func BOM(src []byte) int {
	bom := [3]byte{0xEF, 0xBB, 0xBF}
	n := 0
	for n < 3 && n < len(src) && src[n] == bom[n] {
		n++
	}
	return n
}

// A Scanner walks the lines of a source. It finds line ends with
// bytes.IndexByte, which scans many bytes at a time, and remembers the next
// LF and the next CR so that no byte is searched twice: a file of CRs only
// (one line end kind, many lines) stays linear.
type Scanner struct {
	src            []byte
	pos            int
	nextLF, nextCR int // offsets of the next '\n' and '\r' at or after pos, or len(src)
}

// NewScanner walks the lines of src from the offset start (past a
// byte-order mark).
func NewScanner(src []byte, start int) Scanner {
	return Scanner{src: src, pos: start, nextLF: -1, nextCR: -1}
}

// find returns the offset of the next c at or after from, or len(src).
func (ls *Scanner) find(c byte, from int) int {
	if i := bytes.IndexByte(ls.src[from:], c); i >= 0 {
		return from + i
	}
	return len(ls.src)
}

// Next returns the next line [start, end) without its terminator.
func (ls *Scanner) Next() (start, end int, ok bool) {
	start = ls.pos
	if start >= len(ls.src) {
		return 0, 0, false
	}
	if ls.nextLF < start {
		ls.nextLF = ls.find('\n', start)
	}
	if ls.nextCR < start {
		ls.nextCR = ls.find('\r', start)
	}
	end = min(ls.nextLF, ls.nextCR)
	ls.pos = end + 1
	if end < len(ls.src) && ls.src[end] == '\r' && end+1 < len(ls.src) && ls.src[end+1] == '\n' {
		ls.pos++
	}
	return start, end, true
}

// A Record is a line cut into key, value and comment, as offsets into the
// source. Offsets are -1 when the part is absent.
type Record struct {
	KeyStart, KeyEnd     int
	ValueStart, ValueEnd int
	CommentAt            int // offset of '#', or -1
	Colon                bool
}

// Split cuts the line [start, end) of src at the first '#' (comment)
// and the first ':' (key and value), trimming spaces and tabs.
func Split(src []byte, start, end int) Record {
	r := Record{KeyStart: -1, KeyEnd: -1, ValueStart: -1, ValueEnd: -1, CommentAt: -1}
	content := end
	if i := bytes.IndexByte(src[start:end], '#'); i >= 0 {
		r.CommentAt, content = start+i, start+i
	}
	colon := bytes.IndexByte(src[start:content], ':')
	if colon >= 0 {
		colon += start
	}
	keyEnd := content
	if colon >= 0 {
		r.Colon, keyEnd = true, colon
	}
	ks, ke := TrimSpan(src, start, keyEnd)
	if ks < ke {
		r.KeyStart, r.KeyEnd = ks, ke
	}
	if colon >= 0 {
		vs, ve := TrimSpan(src, colon+1, content)
		r.ValueStart, r.ValueEnd = vs, ve
	}
	return r
}

// TrimSpan is [s, e) of src without the spaces and tabs (RFC 9309's WS)
// around it.
func TrimSpan(src []byte, s, e int) (int, int) {
	for s < e && ascii.IsWS(src[s]) {
		s++
	}
	for e > s && ascii.IsWS(src[e-1]) {
		e--
	}
	return s, e
}

// FirstInvalidUTF8 is the offset of the first byte of b that is not part
// of valid UTF-8, or 0 when there is none.
func FirstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}
