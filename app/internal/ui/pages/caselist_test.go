package pages

import (
	"regexp"
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
)

func TestVerdictLabel(t *testing.T) {
	tests := []struct{ in, want string }{
		{"disallowed:2", "Disallowed by line 2"},
		{"allowed:14", "Allowed by line 14"},
		{"allowed:-", "Allowed: no rule matches"},
		{"disallowed:-", "Disallowed, by no single rule"},
		{"unreadable URL: bad escape", "unreadable URL: bad escape"},
		{"allowed:x", "allowed:x"},
	}
	for _, tt := range tests {
		if got := view.VerdictLabel(tt.in); got != tt.want {
			t.Errorf("verdictLabel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlainSourceAndTitle(t *testing.T) {
	sources := []struct{ in, want string }{
		{"1996 draft table (seed 000)", "1996 draft table"},
		{"seed 001 pattern table", "pattern table"},
		{`seed 001, table "Which rule wins"`, `the explorer's table "Which rule wins"`},
		{`seed 001, "Percent-encoding"`, `the explorer's table "Percent-encoding"`},
		{"RFC 9309 §2.2.2", "RFC 9309 §2.2.2"},
	}
	for _, tt := range sources {
		if got := view.PlainSource(tt.in); got != tt.want {
			t.Errorf("plainSource(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := view.CaseTitle("longer-allow-written-last"); got != "Longer allow written last" {
		t.Errorf("caseTitle: %q", got)
	}
	if got := view.CaseHeading(view.CaseView{Family: "RFC 9309's simple example", Name: "RFC 9309's simple example"}); got != "RFC 9309's simple example" {
		t.Errorf("a case named after its family: %q", got)
	}
	if got := view.CaseHeading(view.CaseView{Family: "Which rule wins", Name: "equal-length"}); got != "Which rule wins: Equal length" {
		t.Errorf("caseHeading: %q", got)
	}
}

// The filter keeps the cases holding every word typed, whatever the case.
func TestFilterCases(t *testing.T) {
	views := view.NewCaseViews(testkit.RegisterCases(t))
	texts := view.CaseSearchTexts(views)
	if all := view.FilterCases(texts, "  "); len(all) != len(views) {
		t.Fatalf("an empty filter keeps %d of %d", len(all), len(views))
	}
	got := view.FilterCases(texts, "PERCENT encoding")
	if len(got) == 0 || len(got) == len(views) {
		t.Fatalf("'percent encoding' keeps %d of %d", len(got), len(views))
	}
	for _, i := range got {
		if !strings.Contains(texts[i], "percent") || !strings.Contains(texts[i], "encoding") {
			t.Errorf("%s kept without the words", views[i].ID)
		}
	}
	if n := view.FilterCases(texts, "no-such-word-anywhere"); len(n) != 0 {
		t.Errorf("a word in no case keeps %d", len(n))
	}
	if s := view.FilterCount(0, 81, "zz"); !strings.Contains(s, "No case matches") {
		t.Errorf("filterCount: %q", s)
	}
}

// rawVerdict is the register's notation, which the pages no longer show.
var rawVerdict = regexp.MustCompile(`\b(dis)?allowed:(\d+|-)`)

// The examples and register pages read as prose: no seed numbers, no
// "disallowed:2"; a contents list links every case and a filter box
// stands above them.
func TestCasePagesReadAsProse(t *testing.T) {
	for _, page := range []struct {
		name, prefix string
		html         string
	}{
		{"examples", "example", render(t, NewGalleryPage())},
		{"register", "case", render(t, NewRegisterPage())},
	} {
		text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page.html, " ")
		if m := rawVerdict.FindString(text); m != "" {
			t.Errorf("%s: the page shows %q", page.name, m)
		}
		if strings.Contains(text, "seed 00") {
			t.Errorf("%s: the page shows the seed tables' numbers", page.name)
		}
		for _, want := range []string{`id="` + page.prefix + `-filter"`, `type="search"`, `class="contents"`, "Disallowed by line", "Allowed: no rule matches"} {
			if !strings.Contains(page.html, want) {
				t.Errorf("%s lacks %s", page.name, want)
			}
		}
		articles := strings.Count(page.html, `<article`)
		if links := strings.Count(page.html, `href="#`+page.prefix+`-`); links != articles || articles == 0 {
			t.Errorf("%s: %d contents links for %d cases", page.name, links, articles)
		}
	}
}
