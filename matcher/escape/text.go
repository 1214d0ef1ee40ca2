package escape

import "unicode/utf8"

// Text returns s with every byte that a terminal or a line-based reader
// could take for something other than text written in the notation
// Unescape reads: C0 controls (tab, CR, LF and NUL as \t \r \n \0, the
// others as \xHH), DEL, C1 controls (U+0080 to U+009F, as the \xHH of
// their UTF-8 bytes: some terminals obey them as ESC sequences), bytes
// that are not UTF-8, and the backslash itself (\\), so that the escaped
// form is never ambiguous and Unescape(Text(s)) is s again. The result is
// one line without tabs, whatever s holds. A string with nothing to
// escape is returned as it is, without a copy.
func Text(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	return string(appendFrom(make([]byte, 0, len(s)+8), s, i))
}

// AppendText appends Text(s) to dst: for output built line by line, where
// a string per field would be garbage for every line written.
func AppendText(dst []byte, s string) []byte {
	i := firstUnsafe(s)
	if i < 0 {
		return append(dst, s...)
	}
	return appendFrom(dst, s, i)
}

// appendFrom appends s to out escaped, i being the first byte to escape.
func appendFrom(out []byte, s string, i int) []byte {
	out = append(out, s[:i]...)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			out = appendASCII(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r <= 0x9F {
			for _, b := range []byte(s[i : i+n]) {
				out = appendHex(out, b)
			}
		} else {
			out = append(out, s[i:i+n]...)
		}
		i += n
	}
	return out
}

// firstUnsafe is the index of the first byte Text must escape, or -1.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7F || c == '\\' {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r <= 0x9F {
			return i
		}
		i += n
	}
	return -1
}

func appendASCII(out []byte, c byte) []byte {
	switch c {
	case '\\':
		return append(out, '\\', '\\')
	case '\n':
		return append(out, '\\', 'n')
	case '\r':
		return append(out, '\\', 'r')
	case '\t':
		return append(out, '\\', 't')
	case 0:
		return append(out, '\\', '0')
	}
	if c < 0x20 || c == 0x7F {
		return appendHex(out, c)
	}
	return append(out, c)
}

func appendHex(out []byte, b byte) []byte {
	const digits = "0123456789ABCDEF"
	return append(out, '\\', 'x', digits[b>>4], digits[b&0xF])
}
