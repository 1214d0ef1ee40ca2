package matcher

import (
	"fmt"
	"strings"
	"testing"
)

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

// firstAgents answers as a map from the ASCII-lower-cased token would,
// through growth, for tokens in mixed case, long ones and ones that differ
// only in case or length.
func TestFirstAgentsIsALowerCasedMap(t *testing.T) {
	var f File
	for i := 0; i < 3000; i++ {
		k := i % 701 // every token comes again, in another case or form
		tok := fmt.Sprintf("bot-%c%d", 'a'+k%26, k)
		switch i % 5 {
		case 1:
			tok = strings.ToUpper(tok)
		case 2:
			tok = strings.Repeat("Long", 20) + tok
		case 3:
			tok += "x"
		}
		f.agents = append(f.agents, f.NewAgent(int32(i+1), tok, tok, false))
	}
	var table firstAgents
	want := map[string]int{}
	for i, a := range f.agents {
		key := ASCIILower(f.TokenOf(a))
		w, wok := want[key]
		if !wok {
			want[key], w = i, i
		}
		if got, ok := table.first(&f, i); got != w || ok != wok {
			t.Fatalf("agent %d (%q): first %d, %v; want %d, %v", i, f.TokenOf(a), got, ok, w, wok)
		}
	}
	if table.n != len(want) || len(want) >= len(f.agents) {
		t.Errorf("%d tokens in the table, want %d", table.n, len(want))
	}
}
