// Package java is the parts of the Java 17 platform whose exact behaviour
// changes what a Java robots.txt program answers: String's decoding of
// UTF-8 and UTF-16 with replacement, String.trim, Integer.parseInt,
// Double.parseDouble and Math.round, java.net.URI's check of a URL and
// java.net.URL's split of it. Each mirrors the OpenJDK 17 method it names;
// the crawler-commons reading is what leans on them.
package java

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robots-explorer/matcher/pattern"
)

// A Text is the String a decoding yields, with, for each of its bytes, the
// offset in the source of the character it came from (the offset of byte
// len(S) is where the text ends), so that spans found in the text point at
// the source. off is nil when the text is the source itself from base on.
type Text struct {
	S    string
	off  []int32
	base int
}

// At is the source offset of byte i of the text (0 <= i <= len(S)).
func (t Text) At(i int) int {
	if t.off == nil {
		return t.base + i
	}
	return int(t.off[i])
}

// Slice is the text's bytes [i, j), with their offsets (String.substring).
func (t Text) Slice(i, j int) Text {
	if t.off == nil {
		return Text{S: t.S[i:j], base: t.base + i}
	}
	return Text{S: t.S[i:j], off: t.off[i : j+1]}
}

// A Builder makes a Text piece by piece, each piece keeping its source
// offsets: the decoders put one character at a time, and a reader that
// drops parts of a text keeps the rest.
type Builder struct {
	sb  strings.Builder
	off []int32
}

// NewBuilder is a Builder with room for the offsets of n bytes.
func NewBuilder(n int) *Builder {
	return &Builder{off: make([]int32, 0, n)}
}

// put adds the character r, which starts at offset at of the source.
func (d *Builder) put(r rune, at int) {
	n := d.sb.Len()
	d.sb.WriteRune(r)
	for range d.sb.Len() - n {
		d.off = append(d.off, int32(at))
	}
}

// Keep adds the bytes [i, j) of t with their offsets.
func (d *Builder) Keep(t Text, i, j int) {
	d.sb.WriteString(t.S[i:j])
	for k := i; k < j; k++ {
		d.off = append(d.off, int32(t.At(k)))
	}
}

// Text is what was built, ending at offset end of the source.
func (d *Builder) Text(end int) Text {
	return Text{S: d.sb.String(), off: append(d.off, int32(end))}
}

// DecodeUTF8 is new String(bytes, UTF_8) on src[from:]: Java 17
// replaces a malformed sequence with one U+FFFD, as much of it as could
// still have begun a valid sequence (an encoded surrogate, ED A0..BF xx,
// is one U+FFFD for all three bytes), and at the very end it replaces what
// is left of a cut sequence with a single U+FFFD and stops. text is
// string(src), which valid UTF-8 is read from without a copy.
func DecodeUTF8(src []byte, text string, from int) Text {
	if utf8.Valid(src[from:]) {
		return Text{S: text[from:], base: from}
	}
	d := NewBuilder(len(src) - from + 16)
	cont := func(i int) bool { return i < len(src) && src[i]&0xC0 == 0x80 }
	for i := from; i < len(src); {
		b := src[i]
		switch {
		case b < 0x80:
			d.put(rune(b), i)
			i++
		case b >= 0xC2 && b <= 0xDF:
			if i+1 < len(src) && cont(i+1) {
				d.put(rune(b&0x1F)<<6|rune(src[i+1]&0x3F), i)
				i += 2
				continue
			}
			d.put(utf8.RuneError, i)
			if i+1 >= len(src) {
				return d.Text(len(src))
			}
			i++
		case b >= 0xE0 && b <= 0xEF:
			n, stop := utf8Three(src, i)
			if n == 3 {
				r := rune(b&0x0F)<<12 | rune(src[i+1]&0x3F)<<6 | rune(src[i+2]&0x3F)
				if r >= 0xD800 && r <= 0xDFFF {
					r = utf8.RuneError
				}
				d.put(r, i)
				i += 3
				continue
			}
			d.put(utf8.RuneError, i)
			if stop {
				return d.Text(len(src))
			}
			i += n
		case b >= 0xF0 && b <= 0xF7:
			n, stop, r := utf8Four(src, i)
			d.put(r, i)
			if stop {
				return d.Text(len(src))
			}
			i += n
		default:
			d.put(utf8.RuneError, i)
			i++
		}
	}
	return d.Text(len(src))
}

// utf8Three reads a three-byte lead at i: n is 3 for a whole sequence,
// else how many bytes one U+FFFD replaces; stop is set when the input ends
// inside the sequence (Java then stops decoding).
func utf8Three(src []byte, i int) (n int, stop bool) {
	b := src[i]
	bad2 := func(c byte) bool { return b == 0xE0 && c&0xE0 == 0x80 || c&0xC0 != 0x80 }
	if i+2 < len(src) {
		if bad2(src[i+1]) {
			return 1, false
		}
		if src[i+2]&0xC0 != 0x80 {
			return 2, false
		}
		return 3, false
	}
	if i+1 < len(src) && bad2(src[i+1]) {
		return 1, false
	}
	return 0, true
}

// utf8Four reads a four-byte lead at i: the character (or U+FFFD), how
// many bytes it used, and whether decoding stops there.
func utf8Four(src []byte, i int) (n int, stop bool, r rune) {
	b := src[i]
	bad2 := func(c byte) bool {
		return b > 0xF4 || b == 0xF0 && (c < 0x90 || c > 0xBF) || b == 0xF4 && c&0xF0 != 0x80 || c&0xC0 != 0x80
	}
	if i+3 < len(src) {
		r = rune(b&0x07)<<18 | rune(src[i+1]&0x3F)<<12 | rune(src[i+2]&0x3F)<<6 | rune(src[i+3]&0x3F)
		whole := src[i+1]&0xC0 == 0x80 && src[i+2]&0xC0 == 0x80 && src[i+3]&0xC0 == 0x80
		if whole && r >= 0x10000 && r <= 0x10FFFF {
			return 4, false, r
		}
		switch {
		case bad2(src[i+1]):
			return 1, false, utf8.RuneError
		case src[i+2]&0xC0 != 0x80:
			return 2, false, utf8.RuneError
		}
		return 3, false, utf8.RuneError
	}
	if b > 0xF4 || i+1 < len(src) && bad2(src[i+1]) {
		return 1, false, utf8.RuneError
	}
	if i+2 < len(src) && src[i+2]&0xC0 != 0x80 {
		return 2, false, utf8.RuneError
	}
	return 0, true, utf8.RuneError
}

// DecodeUTF16 is new String(bytes, UTF_16LE or UTF_16BE) (Java 17) on
// src[from:], little-endian when little is set: a high surrogate not
// followed by a low one is one U+FFFD for both units, a lone low surrogate
// and U+FFFE (a reversed byte-order mark) are one U+FFFD each, and so is
// whatever is left at the end (an odd byte, a high surrogate).
func DecodeUTF16(src []byte, from int, little bool) Text {
	d := NewBuilder(0)
	unit := func(i int) rune {
		if little {
			return rune(src[i]) | rune(src[i+1])<<8
		}
		return rune(src[i])<<8 | rune(src[i+1])
	}
	i := from
	for ; i+1 < len(src); i += 2 {
		c := unit(i)
		switch {
		case c == 0xFFFE || c >= 0xDC00 && c <= 0xDFFF:
			d.put(utf8.RuneError, i)
		case c >= 0xD800 && c <= 0xDBFF:
			if i+3 >= len(src) {
				d.put(utf8.RuneError, i)
				return d.Text(len(src))
			}
			c2 := unit(i + 2)
			if c2 >= 0xDC00 && c2 <= 0xDFFF {
				d.put(0x10000+(c-0xD800)<<10+(c2-0xDC00), i)
			} else {
				d.put(utf8.RuneError, i)
			}
			i += 2
		default:
			d.put(c, i)
		}
	}
	if i < len(src) {
		d.put(utf8.RuneError, i)
	}
	return d.Text(len(src))
}

// Trim is String.trim (Java 17), as the span of s it keeps: every character up to U+0020 goes at both ends.
func Trim(s string) (start, end int) {
	start, end = 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return start, end
}

// ParseInt is Integer.parseInt(s) (Java 17): an optional sign and decimal digits
// of any script (Character.digit), within int32.
func ParseInt(s string) (int64, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	if s == "" {
		return 0, false
	}
	var n int64
	for _, r := range s {
		d, ok := digit(r)
		if !ok {
			return 0, false
		}
		n = n*10 + int64(d)
		if n > 1<<31 {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	if n > math.MaxInt32 || n < math.MinInt32 {
		return 0, false
	}
	return n, true
}

// digit is Character.digit(r, 10) (Java 17): the value of a decimal digit of any
// script (Unicode category Nd) or of a fullwidth one.
func digit(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < 0x80 || !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	// The digits of every script run in blocks of ten from zero, some
	// blocks right after others (the mathematical digits).
	z := r
	for unicode.Is(unicode.Nd, z-1) {
		z--
	}
	return int(r-z) % 10, true
}

// ParseDouble is Double.parseDouble(s) (Java 17) for the forms a
// Crawl-delay can take: white space around, a sign, decimal digits with a
// '.', an exponent, a trailing f, F, d or D, or a hexadecimal "0x1.8p3".
// It does not read NaN or Infinity: crawler-commons calls it only on a
// value that holds a '.', which neither does.
func ParseDouble(s string) (float64, bool) {
	a, b := Trim(s)
	s = s[a:b]
	if n := len(s); n > 0 && strings.IndexByte("fFdD", s[n-1]) >= 0 {
		s = s[:n-1]
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" {
		return 0, false
	}
	if len(body) > 1 && body[0] == '0' && body[1]|0x20 == 'x' {
		return hexDouble(s)
	}
	digits := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.':
		case c|0x20 == 'e':
			if !digits || !exponent(body[i+1:]) {
				return 0, false
			}
			i = len(body)
		default:
			return 0, false
		}
	}
	if !digits || strings.Count(body, ".") > 1 {
		return 0, false
	}
	return parseFloat(s)
}

// parseFloat is strconv.ParseFloat of a literal the caller has checked;
// out of range, its ±Inf is what Java gives too.
func parseFloat(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return v, true
}

// exponent reports whether s is an exponent's digits with an optional
// sign.
func exponent(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hexDouble reads a hexadecimal floating-point literal, whose binary
// exponent Java requires.
func hexDouble(s string) (float64, bool) {
	p := strings.IndexAny(s, "pP")
	if p < 0 || !exponent(s[p+1:]) {
		return 0, false
	}
	body := strings.TrimLeft(s[:p], "+-")[2:]
	if strings.Count(body, ".") > 1 || strings.Trim(body, ".") == "" {
		return 0, false
	}
	for i := 0; i < len(body); i++ {
		if body[i] != '.' && !pattern.IsHex(body[i]) {
			return 0, false
		}
	}
	return parseFloat(s)
}

// Round is Math.round(double) (Java 17): half up, NaN to 0, clamped to a long.
func Round(x float64) int64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxInt64:
		return math.MaxInt64
	case x <= math.MinInt64:
		return math.MinInt64
	}
	f := math.Floor(x)
	if x-f >= 0.5 {
		f++
	}
	return int64(f)
}

// URI character classes (java.net.URI): what may stand raw in a path, and
// in a query or fragment (the path's set with '?', '/', '[' and ']').
const (
	uriMark     = "-_.!~*'()"
	uriPathOnly = ":@&=+$,;/"
	uriCOnly    = ";/?:@&=+$,[]"
)

func uriChar(r rune, extra string) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune(uriMark, r) || strings.ContainsRune(extra, r))
}

// uriOther is URI's "other" category: a character above U+0080 that is
// neither a space (Character.isSpaceChar) nor a control.
func uriOther(r rune) bool {
	return r > 0x80 && !unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) && !(r >= 0x7F && r <= 0x9F)
}

// uriCheck scans s[from:to] as java.net.URI scans a component: the
// index of the first character it refuses, or -1.
func uriCheck(s string, from, to int, extra string) int {
	for i := from; i < to; {
		r, n := utf8.DecodeRuneInString(s[i:to])
		switch {
		case uriChar(r, extra), uriOther(r):
		case pattern.IsEscape(s[:to], i):
			n = 3
		default:
			return i
		}
		i += n
	}
	return -1
}

// A URL is what java.net.URL's getPath() and getQuery() return; HasQuery
// is false where getQuery() is null (no '?').
type URL struct {
	Path, Query string
	HasQuery    bool
}

// URLPath is new URI(url).toURL() (java.net.URI, java.net.URL, Java 17)
// read back with getPath() and getQuery(). ok is false where Java throws
// (the URI refuses a character, or it is not an absolute URL of a scheme
// java.net.URL knows); bad is then the index of the refused character, or
// -1. Neither removes dot segments from an absolute URL.
func URLPath(url string) (u URL, bad int, ok bool) {
	colon := strings.IndexByte(url, ':')
	if colon <= 0 || strings.ContainsAny(url[:colon], "/?#") {
		return URL{}, -1, false // relative: toURL throws
	}
	for i := 0; i < colon; i++ {
		c := url[i] | 0x20
		if !(c >= 'a' && c <= 'z') && (i == 0 || !(url[i] >= '0' && url[i] <= '9' || strings.IndexByte("+-.", url[i]) >= 0)) {
			return URL{}, i, false
		}
	}
	switch strings.ToLower(url[:colon]) {
	case "http", "https", "ftp", "file":
	case "mailto":
		return mailtoPath(url, colon)
	default:
		return URL{}, -1, false
	}
	authEnd := colon + 1
	switch {
	case strings.HasPrefix(url[authEnd:], "//"):
		auth := authEnd + 2
		authEnd = auth + indexAnyOr(url[auth:], "/?#", len(url)-auth)
		if auth == authEnd && authEnd == len(url) {
			return URL{}, -1, false // URI wants an authority or a path after "//"
		}
		if i := uriCheck(url, auth, authEnd, ";:&=+$,@[]"); i >= 0 {
			return URL{}, i, false
		}
	case !strings.HasPrefix(url[authEnd:], "/"):
		return URL{}, -1, false // an opaque URI ("http:x"): not a path crawler-commons reads
	}
	pathEnd := authEnd + indexAnyOr(url[authEnd:], "?#", len(url)-authEnd)
	if i := uriCheck(url, authEnd, pathEnd, uriPathOnly); i >= 0 {
		return URL{}, i, false
	}
	end := pathEnd
	query, hasQuery := "", false
	if end < len(url) && url[end] == '?' {
		qEnd := end + 1 + indexAnyOr(url[end+1:], "#", len(url)-end-1)
		if i := uriCheck(url, end+1, qEnd, uriCOnly); i >= 0 {
			return URL{}, i, false
		}
		query, hasQuery, end = url[end+1:qEnd], true, qEnd
	}
	if end < len(url) {
		if i := uriCheck(url, end+1, len(url), uriCOnly); i >= 0 {
			return URL{}, i, false
		}
	}
	return URL{Path: url[authEnd:pathEnd], Query: query, HasQuery: hasQuery}, -1, true
}

func indexAnyOr(s, chars string, or int) int {
	if i := strings.IndexAny(s, chars); i >= 0 {
		return i
	}
	return or
}

// mailtoPath is URLPath of a mailto: URL, an opaque URI: java.net.URL's
// mailto handler keeps what follows "mailto:" as the file, whose path is
// what precedes '?' and whose query what follows; the fragment is dropped.
func mailtoPath(url string, colon int) (u URL, bad int, ok bool) {
	end := colon + 1 + indexAnyOr(url[colon+1:], "#", len(url)-colon-1)
	for _, part := range [][2]int{{colon + 1, end}, {min(end+1, len(url)), len(url)}} {
		if i := uriCheck(url, part[0], part[1], uriCOnly); i >= 0 {
			return URL{}, i, false
		}
	}
	path, query, hasQuery := strings.Cut(url[colon+1:end], "?")
	return URL{Path: path, Query: query, HasQuery: hasQuery}, -1, true
}
