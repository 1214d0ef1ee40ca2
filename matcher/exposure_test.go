package matcher

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestExposureAdvice: the diagnostics on rules that seem to rely on
// robots.txt for secrecy or to keep pages out of search say what to use
// instead and cite RFC 9309 §3 (the cases themselves are in the register).
func TestExposureAdvice(t *testing.T) {
	f := Parse([]byte("User-agent: *\nDisallow: /admin/\nDisallow: /x?api_key=1\nNoindex: /drafts/\n"))
	want := map[Code][]string{
		CodePrivatePath:       {"authentication", "noindex", "X-Robots-Tag"},
		CodeSecretInPath:      {"authentication", "revoke", "api_key=1"},
		CodeNonStandardRecord: {"not indexing", "noindex", "X-Robots-Tag"},
	}
	seen := map[Code]bool{}
	for _, d := range f.Diagnostics {
		words, ok := want[d.Code]
		if !ok {
			continue
		}
		seen[d.Code] = true
		for _, w := range words {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%s: message lacks %q: %s", d.Code, w, d.Message)
			}
		}
		if d.Code != CodeNonStandardRecord && d.Source != "RFC 9309 §3" {
			t.Errorf("%s: source %q", d.Code, d.Source)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("reported %v of %d codes: %v", seen, len(want), f.Diagnostics)
	}
}

// Every word privateWord returns has its constant message, the quoted word
// and the same advice (RFC 9309 §3), and no other word is private.
func TestPrivateAdvice(t *testing.T) {
	words := []string{"admin", "administrator", "private", "secret", "secrets", "internal", "backup", "backups", "confidential"}
	for _, w := range words {
		if got := privateWord(strings.ToUpper(w)); got != w {
			t.Errorf("privateWord(%q) = %q", strings.ToUpper(w), got)
		}
		if got, want := privateAdvice(w), strconv.Quote(w)+privateAdviceTail; got != want {
			t.Errorf("privateAdvice(%q) = %q, want %q", w, got, want)
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

// exposureOfPattern is what a parse asks of a rule's pattern.
func exposureOfPattern(p string) (secret, private string) { return exposureOf(p, classifyRule(p)) }

// TestExposureOf pins what the RFC 9309 §3 checks notice in a pattern:
// credentials in any part, private words only in the path, any case.
func TestExposureOf(t *testing.T) {
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
		secret, private := exposureOfPattern(tt.in)
		if secret != tt.secret || private != tt.private {
			t.Errorf("exposureOfPattern(%q) = %q, %q; want %q, %q", tt.in, secret, private, tt.secret, tt.private)
		}
	}
}

// TestQuickExposurePassMissesNothing: the quick pass before the RFC 9309 §3 checks
// (clsExposing, from classifyRule's pass over the bytes) never turns away a
// pattern that the full walk would flag, for every word the checks know in
// any case, and for random patterns made of them.
func TestQuickExposurePassMissesNothing(t *testing.T) {
	// flagged are fragments the full walk flags as written; names are
	// credential names and area words that flag only beside a value or
	// alone as a segment, mixed in by the random patterns.
	flagged := []string{"admin", "administrator", "secret", "secrets", "backup", "backups", "private", "internal",
		"confidential", "phpmyadmin", "/wp-admin/", "/site_admin", "Backup-2024.zip", "/token/Xk9pQ2mZ7rT4",
		"x?api_key=1", "?api-key=1", "?pwd=x1", "?passwd=a", "?password=b", "?token=c", "?access_token=d",
		"?client_secret=e", "?auth_token=f", "x_token=1", "my_key=1", "my-key=1", "mysecret=1", "mypassword=1",
		"?key=4f9a2c71e", "?sid=a1b2c3d4e5", "?sig=7d6c5b4a3f", "?session=9f8e7d6c5b", "?sessionid=8f3k2j9d1",
		"?signature=1a2b3c4d5e", "?auth=a1b2c3d4e5", "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"}
	names := []string{"key", "pwd", "sid", "sig", "auth", "token", "apikey", "passwd", "api_key", "api-key",
		"session", "password", "sessionid", "signature", "access_token", "private-sale", "admin-ajax", "4f9a2c71e",
		"=", "Xk9pQ2mZ"}
	words := append(append([]string(nil), flagged...), names...)
	noise := []string{"/", "?", "&", "=", ";", "*", "$", ".php", "%7E", "ツ", "-", "_", "0", "a", "Z", "x1"}
	check := func(p string) {
		t.Helper()
		s1, p1 := exposureOfPattern(p)
		s2, p2 := exposureScan(p)
		if s1 != s2 || p1 != p2 {
			t.Fatalf("%q: quick pass gives %q, %q; full walk %q, %q", p, s1, p1, s2, p2)
		}
	}
	for _, w := range words {
		for _, v := range []string{w, strings.ToUpper(w), "/" + w + "/", "/x?" + w} {
			check(v)
		}
	}
	for _, w := range flagged {
		if s, p := exposureScan(w); s == "" && p == "" {
			t.Errorf("%q: the full walk flags nothing, so this test checks nothing", w)
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(6); n >= 0; n-- {
			if rng.Intn(3) == 0 {
				b.WriteString(words[rng.Intn(len(words))])
			} else {
				b.WriteString(noise[rng.Intn(len(noise))])
			}
		}
		check(b.String())
	}
}

// TestHasHexRun: the windowed look finds a run of n hex digits exactly
// where a plain count does, at every place and length around n.
func TestHasHexRun(t *testing.T) {
	plain := func(s string, n int) bool {
		run := 0
		for i := 0; i < len(s); i++ {
			if run = run + 1; !IsHex(s[i]) {
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
		if got, want := hasHexRun(string(b), n), plain(string(b), n); got != want {
			t.Fatalf("hasHexRun(%q, %d) = %v, want %v", b, n, got, want)
		}
	}
}
