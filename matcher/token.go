package matcher

import "strings"

// isTokenByte reports whether c may stand in a product token:
// product-token = identifier / "*", identifier = 1*(%x2D / %x41-5A / %x5F /
// %x61-7A) (RFC 9309 §2.2.1).
func isTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}

// extractToken reads the product token a user-agent value names: its
// leading run of token characters, or "*" for a value starting with '*'
// ("* anything" is the global group too). cut reports that the value went
// on past the token ("Googlebot/2.1" names "Googlebot").
func extractToken(value string) (token string, global, cut bool) {
	if strings.HasPrefix(value, "*") {
		return "*", true, strings.TrimSpace(value[1:]) != ""
	}
	i := 0
	for i < len(value) && isTokenByte(value[i]) {
		i++
	}
	return value[:i], false, i < len(value)
}

// ValidToken reports whether s is a product token as RFC 9309 §2.2.1
// defines it.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return false
		}
	}
	return true
}
