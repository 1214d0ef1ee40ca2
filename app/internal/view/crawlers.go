package view

import (
	"strings"

	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/delivery"
)

// A CrawlerChoice is the explorer's choice of crawlers as its picker
// holds it: one of the release check's presets, or the person's own list
// (releaseview.Own and Own); the zero choice is none, the token alone.
type CrawlerChoice struct {
	Preset, Own string
}

// ParseCrawlers reads a link's crawlers= value: a preset's ID, else an
// own list. A list that reads as a preset's ID names the same crawlers
// (the presets are purposes, or all), so either reading shows the same.
func ParseCrawlers(value string) CrawlerChoice {
	value = strings.TrimSpace(value)
	if value == "" {
		return CrawlerChoice{}
	}
	for _, p := range releaseview.Presets {
		if p.ID == value && p.ID != releaseview.Own {
			return CrawlerChoice{Preset: value}
		}
	}
	return CrawlerChoice{Preset: releaseview.Own, Own: value}
}

// Value is the choice as a link carries it (ParseCrawlers reads it back).
func (c CrawlerChoice) Value() string {
	if c.Preset == releaseview.Own {
		return strings.TrimSpace(c.Own)
	}
	return c.Preset
}

// Crawlers are the crawlers chosen, none for the zero choice or an empty
// own list; an own list that names what is neither a crawler, a purpose
// nor a product token is an error that says which.
func (c CrawlerChoice) Crawlers() ([]crawler.Crawler, error) {
	if c.Value() == "" {
		return nil, nil
	}
	return releaseview.Choose(c.Preset, c.Own)
}

// CrawlersProblem is what the explorer says of a link or saved work
// whose crawlers= could not be read: the rest of it is shown, and the
// list waits in the picker to be mended.
func CrawlersProblem(err error) string {
	return "The crawlers this state names could not be read (" + err.Error() + "). Everything else it holds is shown, " +
		"for the product token alone, until the list under “Crawlers” is mended."
}

// CrawlerGrid is the analysis's URLs (as many as it evaluates, whatever
// the token), each with a verdict for each of cs, under the file it
// parsed; nil without crawlers.
func CrawlerGrid(a *Analysis, cs []crawler.Crawler) *crawlerview.Verdicts {
	if a == nil || len(cs) == 0 {
		return nil
	}
	urls := URLLines(a.In.URLs)
	return crawlerview.New(a.File, cs, urls[:min(len(urls), maxURLs)])
}

// GridDelivery is the verdict the delivery gives every URL of a grid
// when it decides whatever the rules say (a 4xx or more than five
// redirects: allow all; a 5xx or a network error: disallow all; RFC 9309
// §2.3.1), as the token's table shows it; nil when the rules decide.
func GridDelivery(d DeliveryView) *release.Verdict {
	if !d.Provided {
		return nil
	}
	v := &release.Verdict{Reason: release.ReasonDelivery}
	switch d.Assessment.Effect {
	case delivery.EffectAllowAll:
		v.Allowed, v.Why = true, "With this delivery every URL may be crawled: the file counts as unavailable ("+d.Assessment.Section+")."
	case delivery.EffectDisallowAll:
		v.Why = "With this delivery no URL may be crawled: the file counts as unreachable (" + d.Assessment.Section + ")."
	default:
		return nil
	}
	return v
}

// GridSummary is the grid of a in one line: "4 URLs for 3 crawlers: 4 of
// 12 verdicts disallowed."
func GridSummary(a *Analysis, g *crawlerview.Verdicts) string {
	s := releaseview.Plural(g.Rows(), "URL") + " for " + releaseview.Plural(g.Columns(), "crawler") + ": " +
		releaseview.Thousands(g.Disallowed()) + " of " + releaseview.Plural(g.Rows()*g.Columns(), "verdict") + " disallowed"
	if g.Unreadable > 0 {
		s += "; " + releaseview.Plural(g.Unreadable, "URL") + " could not be read and " + isOrAre(g.Unreadable) + " left out"
	}
	if n := len(URLLines(a.In.URLs)) - maxURLs; n > 0 {
		s += "; " + releaseview.Plural(n, "more URL") + " past the first " + releaseview.Thousands(maxURLs) + " not evaluated"
	}
	return s + "."
}

func isOrAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
