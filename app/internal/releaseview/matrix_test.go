package releaseview

import (
	"reflect"
	"strings"
	"testing"

	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// cells spells a matrix out, a line per URL: the URL, then each cell's
// mark.
func cells(m *Matrix) []string {
	var out []string
	for i := 0; i < m.Rows(); i++ {
		line := m.URL(i)
		for j := 0; j < m.Columns(); j++ {
			line += " " + m.Cell(i, j).Mark()
		}
		out = append(out, line)
	}
	return out
}

func TestMatrixRowsAndCells(t *testing.T) {
	r := testRun(t, 2) // columns GPTBot, Googlebot
	for _, tc := range []struct {
		name string
		f    Filter
		cols []string
		want []string
	}{
		{"every URL", Filter{Unchanged: true}, []string{"GPTBot", "Googlebot"}, []string{
			"/ ✔ ✔", "/private/a ✘ ✘→✔", "/blog/x ✔→✘ ✔", "/Blog/y ✔ ✔", "/about ✔ ✔",
		}},
		{"URLs with a change", Filter{}, []string{"GPTBot", "Googlebot"}, []string{"/private/a ✘ ✘→✔", "/blog/x ✔→✘ ✔"}},
		{"one crawler's column", Filter{Crawler: "googlebot"}, []string{"Googlebot"}, []string{"/private/a ✘→✔"}},
		{"disallowed by the candidate", Filter{Unchanged: true, Verdict: Disallowed}, []string{"GPTBot", "Googlebot"}, []string{"/private/a ✘ ✘→✔", "/blog/x ✔→✘ ✔"}},
		{"searched, sorted by URL", Filter{Unchanged: true, Search: "blog", Sort: ByURL}, []string{"GPTBot", "Googlebot"}, []string{"/Blog/y ✔ ✔", "/blog/x ✔→✘ ✔"}},
		{"changes first, now disallowed before now allowed", Filter{Unchanged: true, Sort: ByChange}, []string{"GPTBot", "Googlebot"}, []string{
			"/blog/x ✔→✘ ✔", "/private/a ✘ ✘→✔", "/ ✔ ✔", "/Blog/y ✔ ✔", "/about ✔ ✔",
		}},
		{"reversed", Filter{Desc: true}, []string{"GPTBot", "Googlebot"}, []string{"/blog/x ✔→✘ ✔", "/private/a ✘ ✘→✔"}},
		{"a crawler not checked", Filter{Crawler: "Bingbot"}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := r.Matrix(tc.f)
			var cols []string
			for j := 0; j < m.Columns(); j++ {
				cols = append(cols, m.Crawler(j))
			}
			if got := cells(m); !reflect.DeepEqual(cols, tc.cols) || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("columns %q, rows\n%s\nwant columns %q, rows\n%s", cols, strings.Join(got, "\n"), tc.cols, strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestCellLabel(t *testing.T) {
	for _, tc := range []struct {
		c           GridCell
		label, word string
	}{
		{GridCell{Before: true, After: true}, "allowed in both", "allowed"},
		{GridCell{Before: false, After: false}, "disallowed in both", "disallowed"},
		{GridCell{Before: true, After: false}, "now disallowed, was allowed", "disallowed"},
		{GridCell{Before: false, After: true}, "now allowed, was disallowed", "allowed"},
	} {
		if got := tc.c.Label(); got != tc.label || tc.c.Word() != tc.word || tc.c.Changed() != (tc.c.Before != tc.c.After) {
			t.Errorf("%+v: label %q, word %q; want %q, %q", tc.c, got, tc.c.Word(), tc.label, tc.word)
		}
	}
}

// An opened cell names both files' deciding lines and why each decided;
// a crawler that falls back to another's group (Googlebot-Image, as Google
// documents) says so as the operator's behaviour.
func TestExplainCell(t *testing.T) {
	r := testRun(t, 5)
	m := r.Matrix(Filter{})
	e := m.Explain(1, 0) // /blog/x for GPTBot
	if len(e.Sides) != 2 {
		t.Fatalf("explanation %+v: want both files' sides", e)
	}
	before, after := e.Sides[0], e.Sides[1]
	if e.Headline != "GPTBot on /blog/x: now disallowed, was allowed" ||
		before != (crawlerview.Side{File: "Before (production)", Verdict: "allowed", Deciding: "no rule decided", Reason: before.Reason}) ||
		after != (crawlerview.Side{File: "After (candidate)", Verdict: "disallowed", Deciding: "line 3: Disallow: /blog", Reason: after.Reason}) {
		t.Errorf("explanation %+v", e)
	}
	if !strings.Contains(before.Reason, "/blog/x") || !strings.Contains(after.Reason, "line 3") {
		t.Errorf("reasons %q and %q: want the URL no rule matched and the deciding line", before.Reason, after.Reason)
	}
	if got := e.Text(); len(got) != 5 || got[2] != before.Reason || got[3] != "After (candidate): disallowed, line 3: Disallow: /blog." {
		t.Errorf("text %q", got)
	}

	img := mustLookup(t, "Googlebot-Image")
	fr := Start(Input{Before: "User-agent: Googlebot\nDisallow: /x\n", After: "User-agent: Googlebot\nDisallow: /y\n", Reading: matcher.RFC9309,
		Crawlers: []crawler.Crawler{img}, URLs: []string{"/x"}})
	fr.Step(1)
	fe := fr.Matrix(Filter{}).Explain(0, 0).Sides[0]
	if fe.Deciding != "line 2: Disallow: /x" || !strings.HasPrefix(fe.Reason, "No group names Googlebot-Image") ||
		!strings.Contains(fe.Reason, "the operator's behaviour") || !strings.Contains(fe.Reason, "line 2") {
		t.Errorf("Googlebot-Image's fallback: %+v", fe)
	}
}

// A run whose URLs share a host shows it once: each row's header is its
// path and query, and the cells are drawn as the grid's classes.
func TestMatrixHostOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		urls  []string
		host  string
		paths []string
	}{
		{"one host", []string{"https://www.example.com/blog/x", "https://www.example.com/?q=1"}, "https://www.example.com", []string{"/blog/x", "/?q=1"}},
		{"two hosts", []string{"https://a.example/blog/x", "https://b.example/"}, "", []string{"https://a.example/blog/x", "https://b.example/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Start(Input{Before: before, After: after, Reading: matcher.RFC9309, Crawlers: []crawler.Crawler{mustLookup(t, "GPTBot")}, URLs: tc.urls})
			r.Step(len(tc.urls))
			m := r.Matrix(Filter{Unchanged: true})
			var paths []string
			for i := 0; i < m.Rows(); i++ {
				paths = append(paths, m.Path(i))
			}
			if m.Host() != tc.host || !reflect.DeepEqual(paths, tc.paths) {
				t.Errorf("host %q, paths %q; want %q, %q", m.Host(), paths, tc.host, tc.paths)
			}
			if s := m.Shown(0, 0); s.Class != "m-ad" || s.Label != "now disallowed, was allowed" {
				t.Errorf("/blog/x for GPTBot drawn as %+v, want m-ad, now disallowed", s)
			}
		})
	}
}
