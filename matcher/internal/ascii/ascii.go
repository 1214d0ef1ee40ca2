// Package ascii holds the byte-level rules of robots.txt text that the
// core and the readings share: RFC 9309's product-token alphabet, and the
// ASCII-only case and space rules of Google's parser (absl).
package ascii

import (
	"strings"

	"robots-explorer/matcher/pattern"
)

// IsTokenByte reports whether c may stand in a product token:
// product-token = identifier / "*", identifier = 1*(%x2D / %x41-5A / %x5F /
// %x61-7A) (RFC 9309 §2.2.1).
func IsTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}

// ExtractToken reads the product token a user-agent value names: its
// leading run of token characters, or "*" for the global group. Only '*'
// itself is global (RFC 9309 §2.2.1: product-token = identifier / "*"),
// and "* anything" too, where white space parts the '*' from the rest, as
// in Google's parser; "*bot" is not '*', and since '*' is no token
// character it names the empty token. cut reports that the value went on
// past the token ("Googlebot/2.1" names "Googlebot").
func ExtractToken(value string) (token string, global, cut bool) {
	if starGlobal(value) {
		return "*", true, strings.TrimSpace(value[1:]) != ""
	}
	i := 0
	for i < len(value) && IsTokenByte(value[i]) {
		i++
	}
	return value[:i], false, i < len(value)
}

// starGlobal reports whether a user-agent value names the global group:
// '*' alone, or followed by a space or tab (RFC 9309's WS).
func starGlobal(value string) bool {
	return value != "" && value[0] == '*' && (len(value) == 1 || value[1] == ' ' || value[1] == '\t')
}

// IsSpace is absl::ascii_isspace, which robots.cc trims with: space,
// \t, \n, \v, \f and \r (RFC 9309's parsers trim only space and tab).
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// IsWS reports whether b is RFC 9309's WS: a space or a tab.
func IsWS(b byte) bool { return b == ' ' || b == '\t' }

// Lower lower-cases ASCII letters only, as absl's case-insensitive
// comparisons do (strings.ToLower would also fold, e.g., the Kelvin sign).
func Lower(s string) string {
	// Most tokens are lower-case already: one look, and no call per byte.
	if !HasUpper(s) {
		return s
	}
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return string(rune(c + 'a' - 'A')), 1, true
		}
		return "", 0, false
	})
}

// LowerByte is c lower-cased when it is an ASCII letter.
func LowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// HasUpper reports whether s holds an upper-case ASCII letter.
func HasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// EqualFold is absl::EqualsIgnoreCase: equal bytes, ASCII letters
// compared without case.
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if LowerByte(a[i]) != LowerByte(b[i]) {
			return false
		}
	}
	return true
}
