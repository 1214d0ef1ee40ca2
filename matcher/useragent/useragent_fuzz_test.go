package useragent

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// FuzzCheckToken: any input gives a check without panicking, and a token
// it offers is one RFC 9309 §2.2.1 accepts.
func FuzzCheckToken(f *testing.F) {
	for _, s := range []string{"Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"", "*", "é", "(compatible;", "fishbot-3000/1.2", "Googlebot2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CheckToken(s)
		if c.Token != "" && !matcher.ValidToken(c.Token) {
			t.Errorf("%q: offered %q, not a product token", s, c.Token)
		}
		if c.Valid != matcher.ValidToken(strings.TrimSpace(s)) {
			t.Errorf("%q: valid=%v disagrees with ValidToken", s, c.Valid)
		}
		if c.Message == "" {
			t.Errorf("%q: no message", s)
		}
	})
}
