// Package jstext is JavaScript's string functions as Node runs them
// (toLowerCase, trim, encodeURI), for the robotsparser reading.
package jstext

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/pattern"
)

// The parts of JavaScript's String that the robots-parser reading needs to
// behave as robots-parser 3.0.1 does under Node.js 20 (V8 with ICU,
// Unicode 17): trim, toLowerCase and encodeURI. Each differs from the
// nearest Go function in a way that changes verdicts.

// jsIsSpace is what String.prototype.trim removes: WhiteSpace and
// LineTerminator (ECMA-262 §12.2, §12.3). Unlike unicode.IsSpace it counts
// U+FEFF (so a byte-order mark is trimmed off the first key) and not U+0085.
func jsIsSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r == ' ', r == 0xA0, r == 0x1680, r >= 0x2000 && r <= 0x200A,
		r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000, r == 0xFEFF:
		return true
	}
	return false
}

func Trim(s string) string { return strings.TrimFunc(s, jsIsSpace) }

// jsTrimSpan trims [s, e) of src as trim() trims the decoded text: white
// space is valid UTF-8, and a bad byte (read as U+FFFD) is not space, so
// the bytes can be trimmed as they are.
func TrimSpan(src []byte, s, e int) (int, int) {
	for s < e {
		r, n := utf8.DecodeRune(src[s:e])
		if !jsIsSpace(r) {
			break
		}
		s += n
	}
	for e > s {
		r, n := utf8.DecodeLastRune(src[s:e])
		if !jsIsSpace(r) {
			break
		}
		e -= n
	}
	return s, e
}

// jsLower is String.prototype.toLowerCase. It differs from strings.ToLower
// where Unicode's full mapping does (U+0130 becomes "i̇"), for the Final_Sigma
// condition (a capital sigma ending a word becomes ς), and for the
// capitals Unicode 16 and 17 added, which Go's Unicode 15 tables lack
// (found by comparing every code point with Node.js 20). A byte that is
// not UTF-8 stands for U+FFFD, as it would in a JavaScript string.
func Lower(s string) string {
	if py.IsASCII(s) {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var sb strings.Builder
	for i, r := range rs {
		switch {
		case r == 0x130:
			sb.WriteString("i\u0307")
		case r == 0x3A3:
			// Final_Sigma: Go's Case_Ignorable (Unicode 15) stands in for
			// Node's (17).
			sb.WriteRune(py.Sigma(rs, i, py.CaseIgnorable))
		default:
			sb.WriteRune(jsLowerRune(r))
		}
	}
	return sb.String()
}

func jsLowerRune(r rune) rune {
	switch {
	case r == 0x1C89, r == 0xA7CC, r == 0xA7CE, r == 0xA7D2, r == 0xA7D4, r == 0xA7DA:
		return r + 1
	case r == 0xA7CB:
		return 0x264
	case r == 0xA7DC:
		return 0x19B
	case r >= 0x10D50 && r <= 0x10D65:
		return r + 0x20
	case r >= 0x16EA0 && r <= 0x16EB8:
		return r + 0x1B
	}
	return unicode.ToLower(r)
}

// encodeURIKeeps are the ASCII characters encodeURI leaves alone: letters,
// digits and ;,/?:@&=+$-_.!~*'()#, the unreserved set and a few more.
func EncodeURIKeeps(c byte) bool {
	return pattern.IsUnreserved(c) || strings.IndexByte(";,/?:@&=+$!*'()#", c) >= 0
}
