// Package py is Python as the readings that mirror Python programs need it:
// str's methods (lower, strip, splitlines, isdigit, int) with CPython's
// tables, bytes.decode with its error handlers, urllib.parse (quote,
// unquote, urlsplit, urlparse and urlunparse), and the line cutting and
// stepping that CPython's robotparser and Protego share. The python,
// pythonrfc and protego readings read with it, and others borrow its UTF-8
// decoding.
package py

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"robots-explorer/matcher"
)

// This file holds the parts of Python's str that the python reading needs
// to behave exactly as CPython 3.11 does: UTF-8 decoding with replacement,
// str.splitlines, str.strip, str.lower and str.isdigit. Each differs from
// the nearest Go function in a way that changes verdicts.

// pyUnit decodes one unit of UTF-8 at the start of b the way CPython's
// decoder does with errors="replace": a valid sequence is one rune; an
// invalid one is replaced by U+FFFD, and the bytes replaced are the longest
// prefix that could still have begun a valid sequence ("maximal subpart",
// Unicode §3.9). Go's utf8.DecodeRune replaces byte by byte instead, which
// would give more U+FFFD characters than Python.
func Unit(b []byte) (r rune, n int, ok bool) {
	c := b[0]
	if c < 0x80 {
		return rune(c), 1, true
	}
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return utf8.RuneError, 1, false
	}
	for i := 1; i <= need; i++ {
		if i >= len(b) || b[i] < lo || b[i] > hi {
			return utf8.RuneError, i, false
		}
		lo, hi = 0x80, 0xBF
	}
	r, n = utf8.DecodeRune(b)
	return r, n, true
}

// pyDecode is bytes.decode("utf-8", "replace").
func Decode(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, n, _ := Unit(b[i:])
		sb.WriteRune(r)
		i += n
	}
	return sb.String()
}

// A pyLine is one line of str.splitlines(), as decoded text and as the
// source bytes [start, end) it came from (terminator excluded). A parse
// holds one per line until it is done, so it is kept to 32 bytes: int32
// offsets (a File's limit, maxSource) and the offset map behind a pointer,
// which only a line that did not decode as it is needs: at 56 bytes, the
// lines of a file of short lines would outweigh the file during a parse.
type Line struct {
	Start, End int32
	Text       string
	// off maps a byte index of text to its offset in the source; nil when
	// the line was valid UTF-8 and the two are the same.
	off *[]int
}

// NewLine is the line [start, end) of the source whose decoded text is
// text; off maps each byte of text to its offset in the source, or is nil
// when text is the source's bytes as they are.
func NewLine(start, end int, text string, off []int) Line {
	l := Line{Start: int32(start), End: int32(end), Text: text}
	if off != nil {
		// A copy of the slice header made here, not &off: taking the
		// parameter's address would move every call's off to the heap,
		// 24 bytes for each line.
		o := off
		l.off = &o
	}
	return l
}

// Src returns the source offset of byte i of the line's text.
func (l Line) Src(i int) int {
	if l.off == nil {
		return int(l.Start) + i
	}
	if i >= len(*l.off) {
		return int(l.End)
	}
	return (*l.off)[i]
}

// pyLineBreak reports whether r ends a line for str.splitlines(): besides
// LF and CR it splits on VT, FF, the file/group/record separators
// (U+001C-001E), NEL (U+0085) and the Unicode line and paragraph
// separators (CPython: Py_UNICODE_ISLINEBREAK).
func LineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// SplitLinesEach is body.decode("utf-8", "replace").splitlines(), keeping
// where each line lies in the source. CR LF is one break; a final line
// without a break counts; an empty body has no lines. It returns the
// offset of the first byte that is not valid UTF-8, or -1: there Python's
// strict decode raises UnicodeDecodeError. text is string(src): a valid
// line's text is a slice of it, not a copy (a copy of every line would
// be the source once more, in a string per line).
//
// It hands each line to emit as it is found, so that a parse keeps only
// what it makes of the line (Scan): a slice of every line, 32 bytes
// each, would be more than a file of short lines. pause, when
// not nil, is called every matcher.PauseEvery lines: the split is the part
// of a Python reading's parse before its loop over the lines (see
// matcher.ParseOptions.Pause).
func SplitLinesEach(src []byte, text string, pause func(), emit func(Line)) (badByte int) {
	badByte = -1
	start, count := 0, 0
	var dec strings.Builder
	var off []int
	valid := true
	flush := func(end int) {
		if valid {
			emit(NewLine(start, end, text[start:end], nil))
		} else {
			emit(NewLine(start, end, dec.String(), off))
		}
		if count++; pause != nil && count%matcher.PauseEvery == 0 {
			pause()
		}
	}
	for i := 0; i < len(src); {
		if c := src[i]; valid && c >= 0x20 && c < utf8.RuneSelf {
			// Printable ASCII breaks no line (every break is a control
			// or above ASCII) and decodes as itself: most of a file,
			// read without decoding.
			i++
			continue
		}
		r, n, ok := Unit(src[i:])
		if !ok && badByte < 0 {
			badByte = i
		}
		if !ok && valid {
			// Switch this line to the decoded form, with an offset map.
			valid = false
			dec.Reset()
			dec.Write(src[start:i])
			off = make([]int, 0, i-start+16)
			for j := start; j < i; j++ {
				off = append(off, j)
			}
		}
		if LineBreak(r) {
			flush(i)
			if r == '\r' && i+1 < len(src) && src[i+1] == '\n' {
				n++
			}
			i += n
			start, valid, off = i, true, nil
			continue
		}
		if !valid {
			dec.WriteRune(r)
			for k := 0; k < utf8.RuneLen(r); k++ {
				off = append(off, i)
			}
		}
		i += n
	}
	if start < len(src) {
		flush(len(src))
	}
	return badByte
}

// pyIsSpace is str.isspace for one character. Python counts the
// separators U+001C-001F as white space; Go's unicode.IsSpace does not.
// (Checked over every code point against CPython 3.11: these four are the
// only differences.)
func IsSpace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1C && r <= 0x1F
}

// pyStrip is str.strip() with no argument.
func Strip(s string) string { return strings.TrimFunc(s, IsSpace) }

// pyLower is str.lower(). It differs from strings.ToLower in two places
// (checked over every code point against CPython 3.11): U+0130 becomes
// "i̇" (i and a combining dot, Unicode's SpecialCasing), and a capital
// sigma at the end of a word becomes final sigma ς (the Final_Sigma
// condition).
func Lower(s string) string { return LowerWith(s, pyCaseIgnorable) }

// pyLowerWith is str.lower with the Case_Ignorable property of one
// Python's Unicode version: Final_Sigma looks past those characters.
func LowerWith(s string, ignorable func(rune) bool) string {
	if IsASCII(s) {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var sb strings.Builder
	for i, r := range rs {
		switch r {
		case 0x130:
			sb.WriteString("i\u0307")
		case 0x3A3:
			sb.WriteRune(Sigma(rs, i, ignorable))
		default:
			sb.WriteRune(unicode.ToLower(r))
		}
	}
	return sb.String()
}

// pySigma lowers the capital sigma at rs[i]: final sigma when a cased
// letter comes before it and none after it, skipping case-ignorable
// characters both ways (Unicode §3.13, Final_Sigma).
func Sigma(rs []rune, i int, ignorable func(rune) bool) rune {
	j := i - 1
	for j >= 0 && ignorable(rs[j]) {
		j--
	}
	final := j >= 0 && pyCased(rs[j])
	if final {
		k := i + 1
		for k < len(rs) && ignorable(rs[k]) {
			k++
		}
		final = k == len(rs) || !pyCased(rs[k])
	}
	if final {
		return 0x3C2
	}
	return 0x3C3
}

func pyCased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// wordBreakIgnorable are the characters whose Word_Break property is
// MidLetter, MidNumLet or Single_Quote: with the categories Mn, Me, Cf, Lm
// and Sk they make up Case_Ignorable (Unicode §3.13).
const wordBreakIgnorable = "'.:\u00B7\u0387\u055F\u05F4\u2018\u2019\u2024\u2027\uFE13\uFE52\uFE55\uFF07\uFF0E\uFF1A"

// unicode15Ignorable are case-ignorable characters that Unicode 15 added:
// Go knows them, CPython 3.11 (Unicode 14) does not.
var unicode15Ignorable = [][2]rune{
	{0xECE, 0xECE}, {0x10EFD, 0x10EFF}, {0x11241, 0x11241}, {0x11F00, 0x11F01}, {0x11F36, 0x11F3A},
	{0x11F40, 0x11F40}, {0x11F42, 0x11F42}, {0x13439, 0x13440}, {0x13447, 0x13455}, {0x1DF25, 0x1DF2A},
	{0x1E030, 0x1E06D}, {0x1E08F, 0x1E08F}, {0x1E4EB, 0x1E4EF},
}

func pyCaseIgnorable(r rune) bool {
	if inRanges(r, unicode15Ignorable) {
		return false
	}
	return CaseIgnorable(r)
}

// caseIgnorable is Case_Ignorable as Go's Unicode tables (15.0) have it,
// which CPython 3.13 (Unicode 15.1) shares.
func CaseIgnorable(r rune) bool {
	return strings.ContainsRune(wordBreakIgnorable, r) ||
		unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, x := range ranges {
		if r >= x[0] && r <= x[1] {
			return true
		}
	}
	return false
}

func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// pyDigitOnly are the characters for which str.isdigit is true but
// str.isdecimal is false (superscripts, circled digits, …): int() refuses
// them, so "Crawl-delay: ²" makes parse() raise ValueError.
var pyDigitOnly = [][2]rune{
	{0xB2, 0xB3}, {0xB9, 0xB9}, {0x1369, 0x1371}, {0x19DA, 0x19DA}, {0x2070, 0x2070}, {0x2074, 0x2079},
	{0x2080, 0x2089}, {0x2460, 0x2468}, {0x2474, 0x247C}, {0x2488, 0x2490}, {0x24EA, 0x24EA},
	{0x24F5, 0x24FD}, {0x24FF, 0x24FF}, {0x2776, 0x277E}, {0x2780, 0x2788}, {0x278A, 0x2792},
	{0x10A40, 0x10A43}, {0x10E60, 0x10E68}, {0x11052, 0x1105A}, {0x1F100, 0x1F10A},
}

// unicode15Decimal are decimal digits Unicode 15 added (Kawi, Nag Mundari):
// CPython 3.11 does not know them as digits.
var unicode15Decimal = [][2]rune{{0x11F50, 0x11F59}, {0x1E4F0, 0x1E4F9}}

func pyIsDecimal(r rune) bool { return unicode.IsDigit(r) && !inRanges(r, unicode15Decimal) }

// pyIsDigit is str.isdigit: not empty, and every character a digit.
func IsDigit(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !pyIsDecimal(r) && !inRanges(r, pyDigitOnly) })
}

// pyMaxIntDigits is CPython's default limit on the digits int() converts
// from a string (sys.get_int_max_str_digits(), since 3.11).
const pyMaxIntDigits = 4300

// pyIntRaises reports whether int(s) raises ValueError for a string s
// whose strip() passed str.isdigit, and why. int() accepts only decimal
// digits, surrounded by white space; of the ASCII characters it takes only
// space, tab, LF, VT, FF and CR as white space, although str.strip also
// removes U+001C-001F.
func IntRaises(s string) (bool, string) {
	digits := 0
	for _, r := range s {
		switch {
		case pyIsDecimal(r):
			digits++
		case inRanges(r, pyDigitOnly):
			return true, "int() accepts only decimal digits, and " + QuoteRune(r) + " is a digit but not a decimal one"
		case r >= 0x1C && r <= 0x1F:
			return true, "int() does not take " + QuoteRune(r) + " as white space, although str.strip() removed it"
		}
	}
	if digits > pyMaxIntDigits {
		return true, "int() refuses strings of more than 4300 digits"
	}
	return false, ""
}

func QuoteRune(r rune) string {
	if r < 0x20 || r == 0x7F {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("%q", r)
}
