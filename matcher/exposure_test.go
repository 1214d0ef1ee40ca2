package matcher

import (
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

// TestExposureIn pins what the RFC 9309 §3 checks notice in a pattern:
// credentials in any part, private words only in the path, any case.
func TestExposureIn(t *testing.T) {
	tests := []struct{ in, secret, private string }{
		{"/admin/", "", "admin"},
		{"/wp-ADMIN/x", "", "admin"},
		{"/Administrator", "", "administrator"},
		{"/administration", "", ""}, // a longer word is another word
		{"/search?q=admin", "", ""}, // the query is not the path
		{"/x?api_key=1", "api_key=1", ""},
		{"/x?API_KEY=1", "API_KEY=1", ""},
		{"/x?my_token=abc", "my_token=abc", ""},    // a suffix, with a value
		{"/my_token/", "", ""},                     // the same suffix without one
		{"/v1/myApiKeyStore", "myApiKeyStore", ""}, // a word held inside
		{"/admin/sid", "sid", ""},                  // a credential wins
		{"/a/0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef", ""},
		{"/private*$", "", "private"},
		{"", "", ""},
		{"/ke", "", ""},
	}
	for _, tt := range tests {
		secret, private := exposureIn(tt.in)
		if secret != tt.secret || private != tt.private {
			t.Errorf("exposureIn(%q) = %q, %q; want %q, %q", tt.in, secret, private, tt.secret, tt.private)
		}
	}
}
