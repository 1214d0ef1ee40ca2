package matcher

import "testing"

// GoogleKey reads a key as robots.cc's ParsedRobotsKey does: a known key
// or typo as a prefix (kAllowFrequentTypos), ASCII case ignored
// (absl::StartsWithIgnoreCase), and no other folding, so that a key the
// Unicode tables would fold to ASCII is unknown.
func TestGoogleKeyFoldsASCIIOnly(t *testing.T) {
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
		if got := GoogleKey(tt.key); got != tt.want {
			t.Errorf("GoogleKey(%q) = %q, want %q", tt.key, got, tt.want)
		}
		if got, want := GoogleKey(tt.key), GoogleKey(ASCIILower(tt.key)); got != want {
			t.Errorf("GoogleKey(%q) = %q, but of its ASCII lower case %q", tt.key, got, want)
		}
	}
}
