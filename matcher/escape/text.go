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
	i := plainASCIIPrefix(s)
	for i < len(s) {
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

// plainASCIIPrefix is the length of a prefix of s, a multiple of eight
// bytes, that is printable ASCII other than the backslash: Text leaves it
// alone. It looks at eight bytes at a time, since every URL and reason
// check prints passes through Text; firstUnsafe reads the rest
// byte by byte.
func plainASCIIPrefix(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		below := (x - 0x20*ones) &^ x // a high bit at the lowest byte under 0x20, if any
		del, bs := x^(0x7F*ones), x^('\\'*ones)
		zero := (del-ones)&^del | (bs-ones)&^bs // a high bit at the lowest DEL or '\\', if any
		// Any of those, or a byte of 0x80 and up: read on byte by byte.
		if (x|below|zero)&highs != 0 {
			break
		}
	}
	return i
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
