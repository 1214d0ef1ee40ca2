package view

import (
	"slices"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/release"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher/crawler"
)

// A link's crawlers= reads back as the choice that wrote it: a preset by
// its ID, anything else as an own list; what names no crawler is an error
// that says which item.
func TestCrawlerChoice(t *testing.T) {
	for _, tc := range []struct {
		value  string
		choice CrawlerChoice
		has    string // a crawler chosen; "" for none
		err    string
	}{
		{"", CrawlerChoice{}, "", ""},
		{"  ", CrawlerChoice{}, "", ""},
		{"ai-training", CrawlerChoice{Preset: "ai-training"}, "GPTBot", ""},
		{"search", CrawlerChoice{Preset: "search"}, "Googlebot", ""},
		{"GPTBot, Googlebot-Image", CrawlerChoice{Preset: "own", Own: "GPTBot, Googlebot-Image"}, "GPTBot", ""},
		{"own", CrawlerChoice{Preset: "own", Own: "own"}, "own", ""}, // a product token the directory does not know
		{"Google bot", CrawlerChoice{Preset: "own", Own: "Google bot"}, "", `"Google bot"`},
	} {
		c := ParseCrawlers(tc.value)
		if c != tc.choice {
			t.Errorf("ParseCrawlers(%q) = %+v, want %+v", tc.value, c, tc.choice)
			continue
		}
		if got := ParseCrawlers(c.Value()); got != c {
			t.Errorf("%+v: its value %q reads back as %+v", c, c.Value(), got)
		}
		cs, err := c.Crawlers()
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one naming %s", tc.value, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.value, err)
		case tc.has == "" && len(cs) > 0, tc.has != "" && !slices.ContainsFunc(cs, func(c crawler.Crawler) bool { return c.Name == tc.has }):
			t.Errorf("%q chooses %d crawlers, want %q among them", tc.value, len(cs), tc.has)
		}
	}
	if v := (CrawlerChoice{Preset: "own", Own: "  "}).Value(); v != "" {
		t.Errorf("an empty own list's value is %q, want none", v)
	}
}

// The grid has a row per URL even before a token is typed, and its
// summary counts the verdicts disallowed and the URLs left out.
func TestCrawlerGrid(t *testing.T) {
	in := permalink.State{Robots: "User-agent: GPTBot\nDisallow: /blog\n", URLs: []string{"https://www.example.com/blog/x", "https://www.example.com/", "mailto:a@example.com"}}
	a := Analyze(in, nil, nil)
	cs, err := ParseCrawlers("GPTBot,Bingbot").Crawlers()
	if err != nil {
		t.Fatal(err)
	}
	g := CrawlerGrid(a, cs)
	if g.Rows() != 2 || g.Columns() != 2 || g.Host() != "https://www.example.com" || g.Path(0) != "/blog/x" {
		t.Fatalf("grid of %d × %d, host %q, row 0 %q", g.Rows(), g.Columns(), g.Host(), g.Path(0))
	}
	if got, want := GridSummary(a, g), "2 URLs for 2 crawlers: 1 of 4 verdicts disallowed; 1 URL could not be read and is left out."; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if CrawlerGrid(a, nil) != nil {
		t.Error("a grid without crawlers")
	}
}

// A link carries the choice as the picker holds it, trimmed.
func TestLinkStateCrawlers(t *testing.T) {
	if s := LinkState(permalink.State{Crawlers: " ai-search "}, 0); s.Crawlers != "ai-search" {
		t.Errorf("LinkState keeps crawlers %q", s.Crawlers)
	}
}

// The delivery gives the grid its verdict only when it decides whatever
// the rules say, as it does for the token's table.
func TestGridDelivery(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		status  string
		decides bool
		allowed bool
	}{
		{"", false, false},
		{"200", false, false},
		{"404", true, true},
		{"503", true, false},
	} {
		d := GridDelivery(NewDeliveryView(permalink.Delivery{Status: tc.status}, nil, 100, now, time.UTC))
		if (d != nil) != tc.decides || d != nil && (d.Allowed != tc.allowed || d.Reason != release.ReasonDelivery || !strings.Contains(d.Why, "RFC 9309")) {
			t.Errorf("status %q: %+v", tc.status, d)
		}
	}
}
