package view

import (
	"fmt"
	"strings"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/register"
)

// maxShownRobotsLines bounds the robots.txt a case or a lesson prints: the
// register holds a file past 500 KiB; the explorer shows it whole.
const maxShownRobotsLines = 24

// shownRobots is the start of a robots.txt for a listing, and how many
// lines were left out.
func shownRobots(text string) (string, int) {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= maxShownRobotsLines {
		return text, 0
	}
	return strings.Join(lines[:maxShownRobotsLines], ""), len(lines) - maxShownRobotsLines
}

// A CaseView is one case of the register as its page lists it.
type CaseView struct {
	ID, Family, Name, Source, Text string
	Robots                         string // the start of the file (shownRobots)
	Hidden                         int    // lines left out of Robots
	Queries                        []queryView
	// Checked is set once the in-browser matcher has run the case; Failed
	// counts its expectations that the matcher does not meet.
	Checked bool
	Failed  int
}

// A queryView is one URL asked of a case, with every reading's expectation.
type queryView struct {
	URL, Token string
	Differ     string
	Expect     []ExpectView
}

// An ExpectView is one reading's expected verdict and, once checked, the
// matcher's.
type ExpectView struct {
	Reading string
	Want    string // "allowed:2", "disallowed:-", as the register writes it
	Got     string // the same for the matcher's verdict, once checked
	Pass    bool
	Pending bool // a reading the matcher does not know
}

// NewCaseViews lists the register's cases, unchecked.
func NewCaseViews(cases []register.Case) []CaseView {
	out := make([]CaseView, len(cases))
	for i, c := range cases {
		v := CaseView{ID: c.ID, Family: c.Family, Name: c.Name, Source: c.Source, Text: c.Text}
		v.Robots, v.Hidden = shownRobots(string(c.Robots))
		for _, q := range c.Queries {
			qv := queryView{URL: q.URL, Token: q.Token, Differ: q.Differ}
			for _, e := range q.Expect {
				qv.Expect = append(qv.Expect, ExpectView{Reading: e.Reading, Want: e.String()})
			}
			v.Queries = append(v.Queries, qv)
		}
		out[i] = v
	}
	return out
}

// CheckCase runs every query of c under every reading it names, as the Go
// tests do (register_test.go), and fills in v's verdicts.
func CheckCase(c register.Case, v *CaseView) {
	files := map[matcher.Reading]*matcher.File{}
	v.Checked, v.Failed = true, 0
	for qi, q := range c.Queries {
		for ei, e := range q.Expect {
			ev := &v.Queries[qi].Expect[ei]
			r, err := matcher.ParseReading(e.Reading)
			if err != nil {
				ev.Pending = true
				continue
			}
			if files[r] == nil {
				files[r] = matcher.Parse(r, c.Robots, matcher.ParseOptions{})
			}
			ev.Got = verdictOf(files[r], q.Token, q.URL, e.Reading)
			ev.Pass = ev.Got == ev.Want
			if !ev.Pass {
				v.Failed++
			}
		}
	}
}

// verdictOf is the matcher's verdict in the register's notation.
func verdictOf(f *matcher.File, token, url, reading string) string {
	res, err := f.Evaluate(token, url)
	if err != nil {
		return "unreadable URL: " + err.Error()
	}
	got := register.Expectation{Reading: reading, Allowed: res.Allowed}
	if m, ok := res.WinningRule(); ok {
		got.Line = int(m.Rule.Line)
	}
	return got.String()
}

// A Tally is the register page's count.
type Tally struct {
	Cases, Checked, CasesPassed int
	Expectations, Met, Pending  int
}

func TallyCases(views []CaseView) Tally {
	var t Tally
	t.Cases = len(views)
	for _, v := range views {
		for _, q := range v.Queries {
			for _, e := range q.Expect {
				switch {
				case e.Pending:
					t.Pending++
				case !v.Checked:
				default:
					t.Expectations++
					if e.Pass {
						t.Met++
					}
				}
			}
		}
		if v.Checked {
			t.Checked++
			if v.Failed == 0 {
				t.CasesPassed++
			}
		}
	}
	return t
}

// Sentence is the count at the top of the register page.
func (t Tally) Sentence() string {
	if t.Checked < t.Cases {
		return fmt.Sprintf("Checking the register in your browser: %d of %d cases so far…", t.Checked, t.Cases)
	}
	s := fmt.Sprintf("%d of %d cases pass: the matcher in your browser meets %d of %d expectations.",
		t.CasesPassed, t.Cases, t.Met, t.Expectations)
	if t.Pending > 0 {
		s += fmt.Sprintf(" %d name a reading the matcher does not have.", t.Pending)
	}
	return s
}

// CaseState is the explorer state that opens query qi of c: the case's
// file, the query's token, and every URL of the case asked with that
// token, the query's own chosen.
func CaseState(c register.Case, qi int) permalink.State {
	q := c.Queries[qi]
	s := permalink.State{Robots: string(c.Robots), Token: q.Token}
	seen := map[string]bool{}
	for _, o := range c.Queries {
		u := FieldURL(o.URL)
		if o.Token != q.Token || seen[u] {
			continue
		}
		seen[u] = true
		if u == FieldURL(q.URL) {
			s.Chosen = len(s.URLs)
		}
		s.URLs = append(s.URLs, u)
	}
	return s
}

// FieldURL is a URL as the explorer's URL field keeps it: one a line,
// trimmed, so an empty URL (which means /) is written /.
func FieldURL(u string) string {
	if u = strings.TrimSpace(u); u == "" {
		return "/"
	}
	return u
}
