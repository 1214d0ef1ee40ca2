package releaseview

import (
	"slices"
	"testing"

	"robots-explorer/matcher/crawler"
)

// servesAny reads a crawler's purposes field by field rather than through
// crawler.Crawler.Serves, so that the presets are checked against the
// directory's data, not against the code they are built with.
func servesAny(c crawler.Crawler, ps []crawler.Purpose) bool {
	for _, p := range ps {
		if c.Purpose == p {
			return true
		}
		for _, u := range c.Also {
			if u.Purpose == p {
				return true
			}
		}
	}
	return false
}

// TestPresetsAreTheDirectorys: every preset holds exactly the directory's
// crawlers that serve one of its purposes, in the directory's order, and
// the AI preset holds the AI crawlers site owners ask about by name.
func TestPresetsAreTheDirectorys(t *testing.T) {
	tests := []struct {
		id       string
		purposes []crawler.Purpose
		has      []string
		hasNot   []string
	}{
		{"ai", AIPurposes,
			[]string{"GPTBot", "ClaudeBot", "CCBot", "PerplexityBot", "Perplexity-User", "meta-externalagent", "Bytespider"},
			[]string{"Googlebot", "facebookexternalhit", "ia_archiver", "AhrefsBot"}},
		{"ai-training", []crawler.Purpose{crawler.AITraining},
			[]string{"Google-Extended", "CCBot", "meta-externalagent", "Bytespider"}, []string{"PerplexityBot", "ia_archiver"}},
		{"ai-search", []crawler.Purpose{crawler.AISearch}, []string{"PerplexityBot", "OAI-SearchBot"}, []string{"Perplexity-User", "CCBot"}},
		{"user-fetch", []crawler.Purpose{crawler.UserFetch}, []string{"Perplexity-User", "ChatGPT-User"}, []string{"PerplexityBot"}},
		{"search", []crawler.Purpose{crawler.Search}, []string{"Googlebot", "bingbot"}, []string{"GPTBot", "CCBot"}},
	}
	for _, tt := range tests {
		got, err := Choose(tt.id, "")
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		var names, want []string
		for _, c := range got {
			names = append(names, c.Name)
		}
		for _, c := range crawler.All() {
			if servesAny(c, tt.purposes) {
				want = append(want, c.Name)
			}
		}
		if !slices.Equal(names, want) {
			t.Errorf("preset %s holds %q; the directory's crawlers for %v are %q", tt.id, names, tt.purposes, want)
		}
		for _, n := range tt.has {
			if !slices.Contains(names, n) {
				t.Errorf("preset %s lacks %s", tt.id, n)
			}
		}
		for _, n := range tt.hasNot {
			if slices.Contains(names, n) {
				t.Errorf("preset %s holds %s", tt.id, n)
			}
		}
	}
}

// TestPresetsOffered: the page offers each purpose preset under its ID,
// and the AI preset asks for every AI purpose.
func TestPresetsOffered(t *testing.T) {
	var ai *Preset
	for i, p := range Presets {
		if p.ID == "ai" {
			ai = &Presets[i]
		}
	}
	if ai == nil || !slices.Equal(ai.Purposes, AIPurposes) {
		t.Fatalf("the AI preset is %+v; want one for %v", ai, AIPurposes)
	}
	if last := Presets[len(Presets)-1]; last.ID != Own {
		t.Errorf("the last preset is %q; the person's own list comes last", last.ID)
	}
}
