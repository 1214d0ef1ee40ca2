// Package crawler is the crawler directory: the crawlers people write
// robots.txt groups for, each with the product tokens it obeys (its
// fallback chain, where its operator documents one), its operator, its
// purpose, how its operator says to verify it, and the page each fact was
// read from. It is built on the matcher and evaluates a reading of a file
// as a crawler does (see Plan); the matcher never imports it.
//
// Every fact comes from the operator's own documentation. Where the
// operator says nothing (no fallback, no verification method), the entry
// says nothing: an empty field means "not documented", never "no".
package crawler

import (
	"fmt"
	"slices"
	"strings"
)

// A Purpose is what a crawler fetches for.
type Purpose string

// The purposes.
const (
	Search        Purpose = "search"         // builds a search engine's index
	AITraining    Purpose = "ai-training"    // content that may train generative models
	AISearch      Purpose = "ai-search"      // an AI product's search or answers, with citations
	UserFetch     Purpose = "user-fetch"     // fetches a page a user asked for
	SEO           Purpose = "seo"            // SEO and site-audit tools
	SocialPreview Purpose = "social-preview" // previews of shared links
	Archive       Purpose = "archive"        // web archives and open crawl data
	Ads           Purpose = "ads"            // checks ad landing pages or ad placement
	Other         Purpose = "other"          // documented, but none of the above
)

// Purposes lists every purpose, in the order they are shown.
func Purposes() []Purpose {
	return []Purpose{Search, AITraining, AISearch, UserFetch, SEO, SocialPreview, Archive, Ads, Other}
}

// A Source is the page a crawler's facts were read from, and when.
type Source struct {
	Title string `json:"title"`
	URL   string `json:"url"`
	Read  string `json:"read"` // the date it was read, YYYY-MM-DD
	// ThirdParty says the operator publishes no page on the crawler, so
	// the page is someone else's account of it: its facts are that
	// party's word, not the operator's, and its title says whose it is.
	ThirdParty bool `json:"third_party,omitempty"`
}

// A Use is a further purpose what a crawler fetches is documented to
// serve, beside its own Purpose, with the page that says so: an open
// crawl's archive may also be read to train models.
type Use struct {
	Purpose Purpose `json:"purpose"`
	Source  Source  `json:"source"`
}

// A Crawler is one entry of the directory.
type Crawler struct {
	// Name is the crawler's own product token, the first of Tokens.
	Name string `json:"name"`
	// Tokens are the product tokens it obeys, in order: the first that a
	// group of the file names decides (RFC 9309 §2.2.1 matches one token;
	// the fallback beyond the first is the operator's documented
	// behaviour).
	Tokens []string `json:"tokens"`
	// IgnoresGlobal says the operator documents that the crawler does not
	// obey the * group: with no group naming it, no rules apply.
	IgnoresGlobal bool `json:"ignores_global,omitempty"`
	// ControlOnly says the token is a control token: no request carries
	// it, it governs how what other crawlers fetch may be used.
	ControlOnly bool    `json:"control_only,omitempty"`
	Operator    string  `json:"operator"`
	Purpose     Purpose `json:"purpose,omitempty"` // empty when the operator's page does not say
	// Also are the further purposes its fetches are documented to serve;
	// a preset of a purpose holds the crawlers that serve it either way.
	Also []Use `json:"also,omitempty"`
	// Verify is how the operator says to check that a request is really
	// from the crawler; empty when its page does not say.
	Verify string `json:"verify,omitempty"`
	// Note is other documented behaviour that bears on robots.txt.
	Note   string `json:"note,omitempty"`
	Source Source `json:"source"`
}

// Serves reports whether the crawler's fetches serve p: its own purpose,
// or one of the further uses documented for them.
func (c Crawler) Serves(p Purpose) bool {
	return c.Purpose == p || slices.ContainsFunc(c.Also, func(u Use) bool { return u.Purpose == p })
}

// All returns the directory, in the order it is kept (by operator). The
// slice is a copy; the entries' Tokens are shared and must not be changed.
func All() []Crawler { return slices.Clone(directory) }

// Lookup returns the crawler whose Name is name, compared without case.
func Lookup(name string) (Crawler, bool) {
	for _, c := range directory {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Crawler{}, false
}

// Select reads a comma-separated list of crawler names, purposes
// ("ai-training") and "all", and returns the crawlers it names, each once,
// in the list's order. An item that is none of these is an error that
// names it.
func Select(list string) ([]Crawler, error) {
	var out []Crawler
	seen := map[string]bool{}
	add := func(c Crawler) {
		if !seen[c.Name] {
			seen[c.Name] = true
			out = append(out, c)
		}
	}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
			continue
		case strings.EqualFold(item, "all"):
			for _, c := range directory {
				add(c)
			}
		case isPurpose(item):
			for _, c := range directory {
				if c.Serves(Purpose(strings.ToLower(item))) {
					add(c)
				}
			}
		default:
			c, ok := Lookup(item)
			if !ok {
				return nil, fmt.Errorf("unknown crawler %q (a name from the crawler directory, a purpose such as ai-training, or all)", item)
			}
			add(c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no crawler named in %q", list)
	}
	return out, nil
}

func isPurpose(s string) bool {
	return slices.ContainsFunc(Purposes(), func(p Purpose) bool { return strings.EqualFold(string(p), s) })
}
