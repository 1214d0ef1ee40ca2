package view

import (
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/matcher"
	"robots-explorer/matcher/register"
)

// The page's check is the Go tests' check (register_test.go): every case
// passes, and the tally counts every case and expectation.
func TestRegisterPageCheckPassesEveryCase(t *testing.T) {
	cases := testkit.RegisterCases(t)
	views := NewCaseViews(cases)
	if got := TallyCases(views); got.Checked != 0 || !strings.Contains(got.Sentence(), "Checking") {
		t.Errorf("before checking: %+v %q", got, got.Sentence())
	}
	want := 0
	for i, c := range cases {
		CheckCase(c, &views[i])
		for _, q := range c.Queries {
			want += len(q.Expect)
		}
	}
	got := TallyCases(views)
	if got.Cases != len(cases) || got.CasesPassed != len(cases) || got.Met != got.Expectations || got.Expectations+got.Pending != want {
		t.Errorf("tally %+v for %d cases and %d expectations", got, len(cases), want)
	}
	for _, v := range views {
		for _, q := range v.Queries {
			for _, e := range q.Expect {
				if !e.Pending && !e.Pass {
					t.Errorf("%s %s %s: want %s, got %s", v.ID, q.URL, e.Reading, e.Want, e.Got)
				}
			}
		}
	}
}

// A wrong expectation shows as a failure with the matcher's verdict: the
// page can fail, it does not echo the register.
func TestRegisterPageShowsAFailure(t *testing.T) {
	c := register.Case{ID: "x", Robots: []byte("User-agent: *\nDisallow: /a\n"), Queries: []register.Query{{
		URL: "/a", Token: "Googlebot",
		Expect: []register.Expectation{{Reading: "rfc9309", Allowed: true}, {Reading: "nosuch", Allowed: true}},
	}}}
	views := NewCaseViews([]register.Case{c})
	CheckCase(c, &views[0])
	e := views[0].Queries[0].Expect
	if e[0].Pass || e[0].Got != "disallowed:2" || views[0].Failed != 1 || !e[1].Pending {
		t.Errorf("got %+v, failed %d", e, views[0].Failed)
	}
	if tl := TallyCases(views); tl.CasesPassed != 0 || !strings.Contains(tl.Sentence(), "0 of 1 cases pass") {
		t.Errorf("tally %+v %q", tl, tl.Sentence())
	}
}

// Opening a query shows the case's file with every URL asked with the
// same token, the query's own chosen; an empty URL is /.
func TestCaseState(t *testing.T) {
	c := register.Case{Robots: []byte("User-agent: *\n"), Queries: []register.Query{
		{URL: "/a", Token: "A"}, {URL: "", Token: "A"}, {URL: "/b", Token: "B"}, {URL: "/c", Token: "A"}, {URL: "/a", Token: "A"},
	}}
	s := CaseState(c, 3)
	if strings.Join(s.URLs, " ") != "/a / /c" || s.Chosen != 2 || s.Token != "A" {
		t.Errorf("state %+v", s)
	}
	ex, chosen, err := Open(s)
	if err != nil || chosen != 2 || ReadingOf(ex) != matcher.RFC9309 || len(Analyze(ex, nil, nil).Rows) != 3 {
		t.Errorf("%+v %d %v", ex, chosen, err)
	}
}

func TestShownRobotsBoundsLongFiles(t *testing.T) {
	text := strings.Repeat("Disallow: /x\n", 100)
	shown, hidden := shownRobots(text)
	if hidden != 100-maxShownRobotsLines || strings.Count(shown, "\n") != maxShownRobotsLines {
		t.Errorf("hidden %d, shown %d lines", hidden, strings.Count(shown, "\n"))
	}
	if shown, hidden := shownRobots("User-agent: *\n"); hidden != 0 || shown != "User-agent: *\n" {
		t.Errorf("a short file: %q %d", shown, hidden)
	}
}
