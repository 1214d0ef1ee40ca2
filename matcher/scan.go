package matcher

import (
	"bytes"
	"sort"
)

// A span is a line of the source: [start, end) without its terminator.
type span struct{ start, end int }

// bomLength returns how many bytes of a UTF-8 byte-order mark (EF BB BF)
// start src. A partial mark counts too: Google's parser skips it, and the
// conformance suite expects that (BOM-characters.textproto).
func bomLength(src []byte) int {
	bom := [3]byte{0xEF, 0xBB, 0xBF}
	n := 0
	for n < 3 && n < len(src) && src[n] == bom[n] {
		n++
	}
	return n
}

// splitLines cuts src into lines ended by LF, CR or CRLF (RFC 9309 §2.2:
// EOL = %x0D / %x0A / %x0D.0A). A final line without terminator counts; an
// empty source has no lines. The byte-order mark is part of no line.
func splitLines(src []byte, bom int) []span {
	lines := make([]span, 0, bytes.Count(src[bom:], []byte{'\n'})+1)
	start := bom
	for i := bom; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines = append(lines, span{start, i})
			start = i + 1
		case '\r':
			lines = append(lines, span{start, i})
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(src) {
		lines = append(lines, span{start, len(src)})
	}
	return lines
}

// A record is a line cut into key, value and comment, as offsets into the
// source. Offsets are -1 when the part is absent.
type record struct {
	keyStart, keyEnd     int
	valueStart, valueEnd int
	comment              int // offset of '#', or -1
	colon                bool
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' }

// splitRecord cuts the line [start, end) of src at the first '#' (comment)
// and the first ':' (key and value), trimming spaces and tabs.
func splitRecord(src []byte, start, end int) record {
	r := record{keyStart: -1, keyEnd: -1, valueStart: -1, valueEnd: -1, comment: -1}
	content := end
	for i := start; i < end; i++ {
		if src[i] == '#' {
			r.comment, content = i, i
			break
		}
	}
	colon := -1
	for i := start; i < content; i++ {
		if src[i] == ':' {
			colon = i
			break
		}
	}
	keyEnd := content
	if colon >= 0 {
		r.colon, keyEnd = true, colon
	}
	ks, ke := trimSpan(src, start, keyEnd)
	if ks < ke {
		r.keyStart, r.keyEnd = ks, ke
	}
	if colon >= 0 {
		vs, ve := trimSpan(src, colon+1, content)
		r.valueStart, r.valueEnd = vs, ve
	}
	return r
}

func trimSpan(src []byte, s, e int) (int, int) {
	for s < e && isSpace(src[s]) {
		s++
	}
	for e > s && isSpace(src[e-1]) {
		e--
	}
	return s, e
}

// lineIndex maps byte offsets to positions.
type lineIndex []span

func (ix lineIndex) position(offset int) Position {
	i := sort.Search(len(ix), func(i int) bool { return ix[i].end >= offset })
	if i == len(ix) {
		i = len(ix) - 1
	}
	if i < 0 {
		return Position{Offset: offset, Line: 1, Column: 1}
	}
	col := offset - ix[i].start + 1
	if col < 1 {
		col = 1
	}
	return Position{Offset: offset, Line: i + 1, Column: col}
}
