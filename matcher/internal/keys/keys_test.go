package keys

import (
	"strings"
	"testing"

	"robots-explorer/matcher/internal/ascii"
)

// Google reads a key as robots.cc's ParsedRobotsKey does: a known key
// or typo as a prefix (kAllowFrequentTypos), ASCII case ignored
// (absl::StartsWithIgnoreCase), and no other folding, so that a key the
// Unicode tables would fold to ASCII is unknown.
func TestGoogleFoldsASCIIOnly(t *testing.T) {
	tests := []struct{ key, want string }{
		{"User-agent", "user-agent"},
		{"USER-AGENT", "user-agent"},
		{"useragent", "user-agent"},
		{"User Agent", "user-agent"},
		{"Disallow", "disallow"},
		{"DISALOW", "disallow"},
		{"disallowed", "disallow"},
		{"Allow", "allow"},
		{"Site-Map", "sitemap"},
		{"SITEMAPS", "sitemap"},
		{"user", ""},
		{"", ""},
		{"Crawl-delay", ""},
		{"\u212Allow", ""},             // KELVIN SIGN is not 'k', nor anything else
		{"D\u0130sallow", ""},          // LATIN CAPITAL LETTER I WITH DOT ABOVE is not 'i'
		{"\u017Fitemap", ""},           // LATIN SMALL LETTER LONG S is not 's'
		{"disallow\u00e9", "disallow"}, // a prefix is enough
	}
	for _, tt := range tests {
		if got := Google(tt.key); got != tt.want {
			t.Errorf("Google(%q) = %q, want %q", tt.key, got, tt.want)
		}
		if got, want := Google(tt.key), Google(ascii.Lower(tt.key)); got != want {
			t.Errorf("Google(%q) = %q, but of its ASCII lower case %q", tt.key, got, want)
		}
	}
}

// TestNonStandardMessagesStartWithTheirKey: google's reading writes the
// key as given before a message's text after "key: " (NonStandard).
func TestNonStandardMessagesStartWithTheirKey(t *testing.T) {
	for _, r := range nonStandard {
		if !strings.HasPrefix(r.msg, r.key+": ") {
			t.Errorf("the message of %q does not start with %q", r.key, r.key+": ")
		}
	}
}
