package releaseview

import (
	"slices"
	"strings"

	"robots-explorer/matcher/crawler"
)

// A Preset is a named choice of crawlers.
type Preset struct {
	ID, Label string
	Purposes  []crawler.Purpose // nil: every crawler
}

// Own is the preset whose crawlers the person lists.
const Own = "own"

// Presets are the choices the page offers, the person's own list last.
var Presets = []Preset{
	{ID: "search", Label: "Search engines", Purposes: []crawler.Purpose{crawler.Search}},
	{ID: "ai", Label: "AI crawlers (training, search, user fetches)", Purposes: AIPurposes},
	{ID: "ai-training", Label: "AI training", Purposes: []crawler.Purpose{crawler.AITraining}},
	{ID: "ai-search", Label: "AI search", Purposes: []crawler.Purpose{crawler.AISearch}},
	{ID: "user-fetch", Label: "Fetches a user asked for", Purposes: []crawler.Purpose{crawler.UserFetch}},
	{ID: "all", Label: "All crawlers of the directory"},
	{ID: Own, Label: "Your own list"},
}

// ByPurpose is the directory's crawlers that serve one of the purposes
// (crawler.Crawler.Serves), in the directory's order; every crawler when
// none is given. A preset is computed from the directory, so an entry added
// there joins every preset of its purposes.
func ByPurpose(ps ...crawler.Purpose) []crawler.Crawler {
	var out []crawler.Crawler
	for _, c := range crawler.All() {
		if len(ps) == 0 || slices.ContainsFunc(ps, c.Serves) {
			out = append(out, c)
		}
	}
	return out
}

// Choose returns the crawlers of preset id; for Own, those own names (a
// comma-separated list of names, purposes or "all", see crawler.Select),
// where a product token the directory does not know stands for a bare
// crawler that obeys it and the * group (crawler.Bare).
func Choose(id, own string) ([]crawler.Crawler, error) {
	if id == Own {
		return chooseOwn(own)
	}
	for _, p := range Presets {
		if p.ID == id && p.ID != Own {
			return ByPurpose(p.Purposes...), nil
		}
	}
	return ByPurpose(), nil
}

func chooseOwn(list string) ([]crawler.Crawler, error) {
	var out []crawler.Crawler
	seen := map[string]bool{}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		cs, err := crawler.Select(item)
		if err != nil {
			if !isToken(item) {
				return nil, err
			}
			cs = []crawler.Crawler{crawler.Bare(item)}
		}
		for _, c := range cs {
			if k := strings.ToLower(c.Name); !seen[k] {
				seen[k] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// isToken reports whether s is a product token as RFC 9309 §2.2.1 writes
// one: letters, "_" and "-".
func isToken(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' || r == '-') {
			return false
		}
	}
	return s != ""
}
