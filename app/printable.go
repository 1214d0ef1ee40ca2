//go:build !wasm

package main

import (
	"encoding/json"
	"unicode/utf8"
)

// printable returns s with what a terminal or a line-based reader could
// take for something other than text escaped: C0 controls (\t \n \r \0,
// the others \xHH), DEL, C1 controls (as the \xHH of their UTF-8 bytes),
// bytes that are not UTF-8, and the backslash (\\), so that the result is
// one line and unambiguous. It is the notation of the robots.txt.esc
// sections of the fixture register (an escape.Text of the same notation
// is on its way to the module; this one serves the release commands until
// then). A string with nothing to escape is returned as it is.
func printable(s string) string {
	i := firstUnprintable(s)
	if i < 0 {
		return s
	}
	out := append(make([]byte, 0, len(s)+8), s[:i]...)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			out = appendPrintableASCII(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r <= 0x9F {
			for j := i; j < i+n; j++ {
				out = appendHexByte(out, s[j])
			}
		} else {
			out = append(out, s[i:i+n]...)
		}
		i += n
	}
	return string(out)
}

func firstUnprintable(s string) int {
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

func appendPrintableASCII(out []byte, c byte) []byte {
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
		return appendHexByte(out, c)
	}
	return append(out, c)
}

func appendHexByte(out []byte, b byte) []byte {
	const digits = "0123456789ABCDEF"
	return append(out, '\\', 'x', digits[b>>4], digits[b&0xF])
}

// jsonLine marshals v as one line of JSON with every C1 control written
// as \u00XX: encoding/json escapes C0 controls but writes U+0080 to
// U+009F raw, and some terminals obey them as ESC sequences.
func jsonLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out []byte
	last := 0
	for i := 0; i+1 < len(b); i++ {
		if b[i] == 0xC2 && b[i+1] >= 0x80 && b[i+1] <= 0x9F {
			if out == nil {
				out = make([]byte, 0, len(b)+12)
			}
			out = append(out, b[last:i]...)
			out = append(out, '\\', 'u', '0', '0', "0123456789abcdef"[b[i+1]>>4], "0123456789abcdef"[b[i+1]&0xF])
			last = i + 2
			i++
		}
	}
	if out == nil {
		return append(b, '\n'), nil
	}
	return append(append(out, b[last:]...), '\n'), nil
}
