package matcher

import (
	"robots-explorer/matcher/pattern"
	"strings"
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

// ValidToken reports whether s is a product token as RFC 9309 §2.2.1
// defines it.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsTokenByte(s[i]) {
			return false
		}
	}
	return true
}

// isASCIISpace is absl::ascii_isspace, which robots.cc trims with: space,
// \t, \n, \v, \f and \r (RFC 9309's parsers trim only space and tab).
func IsASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// asciiLower lower-cases ASCII letters only, as absl's case-insensitive
// comparisons do (strings.ToLower would also fold, e.g., the Kelvin sign).
func ASCIILower(s string) string {
	// Most tokens are lower-case already: one look, and no call per byte.
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return string(rune(c + 'a' - 'A')), 1, true
		}
		return "", 0, false
	})
}

// HasPrefixASCIIFold reports whether s starts with the lower-case prefix
// when ASCII letters of s are lower-cased (and nothing else is folded, as
// with ASCIILower).
func HasPrefixASCIIFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerByte(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFoldASCII is absl::EqualsIgnoreCase: equal bytes, ASCII letters
// compared without case.
func EqualFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerByte(a[i]) != lowerByte(b[i]) {
			return false
		}
	}
	return true
}
