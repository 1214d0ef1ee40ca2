package exposure

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// Every word privateWord returns has its constant message, the quoted word
// and the same advice (RFC 9309 §3), and no other word is private.
func TestPrivateAdvice(t *testing.T) {
	words := []string{"admin", "administrator", "private", "secret", "secrets", "internal", "backup", "backups", "confidential"}
	for _, w := range words {
		if got := privateWord(strings.ToUpper(w)); got != w {
			t.Errorf("privateWord(%q) = %q", strings.ToUpper(w), got)
		}
		if got, want := PrivateAdvice(w), strconv.Quote(w)+privateAdviceTail; got != want {
			t.Errorf("PrivateAdvice(%q) = %q, want %q", w, got, want)
		}
	}
	for _, w := range []string{"adminx", "backupss", "privat", "public", "secretary"} {
		if got := privateWord(w); got != "" {
			t.Errorf("privateWord(%q) = %q, want none", w, got)
		}
	}
}

func TestLongestHexRun(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/0123456789abcdef", "0123456789abcdef"},
		{"/deadbeef", ""}, // no digit: a word, not a number
		{"/%C3%A9%C3%A9", ""},
		{"/x12ab/feed1234", "feed1234"},
	}
	for _, tt := range tests {
		if got := longestHexRun(tt.in); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestScan pins what the RFC 9309 §3 checks notice in a pattern:
// credentials in any part, private words only in the path, any case.
func TestScan(t *testing.T) {
	tests := []struct{ in, secret, private string }{
		{"/admin/", "", "admin"},
		{"/wp-ADMIN/x", "", "admin"},
		{"/Administrator", "", "administrator"},
		{"/administration", "", ""}, // a longer word is another word
		{"/search?q=admin", "", ""}, // the query is not the path
		{"/x?api_key=1", "api_key=1", ""},
		{"/x?API_KEY=1", "API_KEY=1", ""},
		{"/x?my_token=abc", "my_token=abc", ""},           // a suffix, with a value
		{"/my_token/", "", ""},                            // the same suffix without one
		{"/v1/myApiKeyStore", "", ""},                     // an endpoint's name, no key
		{"/admin/sid", "", "admin"},                       // a parameter's name is no secret
		{"/admin/x?sid=a1b2c3d4e5", "sid=a1b2c3d4e5", ""}, // a credential wins
		{"/*?*sessionid=", "", ""},                        // a name without a value
		{"/private-sale/", "", ""},                        // a public page named with a private word
		{"/a/0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef", ""},
		{"/private*$", "", "private"},
		{"", "", ""},
		{"/ke", "", ""},
	}
	for _, tt := range tests {
		secret, private := Scan(tt.in)
		if secret != tt.secret || private != tt.private {
			t.Errorf("Scan(%q) = %q, %q; want %q, %q", tt.in, secret, private, tt.secret, tt.private)
		}
	}
}

// TestHasHexRun: the windowed look finds a run of n hex digits exactly
// where a plain count does, at every place and length around n.
func TestHasHexRun(t *testing.T) {
	plain := func(s string, n int) bool {
		run := 0
		for i := 0; i < len(s); i++ {
			if run = run + 1; !isHex(s[i]) {
				run = 0
			}
			if run >= n {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.Intn(90))
		for j := range b {
			b[j] = "0a9F/x%-"[rng.Intn(8)]
			if rng.Intn(4) > 0 {
				b[j] = "0123456789abcdef"[rng.Intn(16)]
			}
		}
		n := 1 + rng.Intn(40)
		if got, want := hasRunOf(string(b), n, &hexDigits), plain(string(b), n); got != want {
			t.Fatalf("hasRunOf(%q, %d, hex digits) = %v, want %v", b, n, got, want)
		}
	}
}
