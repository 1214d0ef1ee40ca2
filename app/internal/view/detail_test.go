package view

import (
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

func rowsByLine(d *Detail) map[int]FileRow {
	m := map[int]FileRow{}
	for _, r := range d.Lines {
		if r.Folded == 0 {
			m[r.Number] = r
		}
	}
	return m
}

// RFC 9309 §5.1 for Googlebot and /example/page.html: the * group (lines
// 1-4) applies and line 3 decides; the other groups are dimmed; quxbot's
// empty group carries its diagnostic.
func TestDetailAnnotatesTheFile(t *testing.T) {
	a := Analyze(RFC9309Example(), nil, nil)
	d := NewDetail(a, 0)
	lines := rowsByLine(d)
	if len(lines) != len(a.File.Lines()) {
		t.Fatalf("a short file is shown whole: %d of %d lines", len(lines), len(a.File.Lines()))
	}
	checks := []struct {
		line         int
		mark, group  string
		label        string
		wantDiagCode matcher.Code
	}{
		{1, "", "applies", "applies", ""},
		{2, "", "applies", "", ""},
		{3, "winner", "applies", "", ""},
		{6, "", "other", "not for this token", ""},
		{13, "", "other", "", ""},
		{15, "", "other", "not for this token", matcher.CodeEmptyGroup},
	}
	for _, c := range checks {
		r := lines[c.line]
		if r.Mark != c.mark || r.Group != c.group || r.GroupLabel != c.label {
			t.Errorf("line %d: mark %q group %q label %q; want %q %q %q", c.line, r.Mark, r.Group, r.GroupLabel, c.mark, c.group, c.label)
		}
		if c.wantDiagCode != "" && (len(r.Diags) == 0 || r.Diags[0].Code != c.wantDiagCode) {
			t.Errorf("line %d: diagnostics %v, want %s", c.line, r.Diags, c.wantDiagCode)
		}
	}
	if !strings.HasPrefix(d.Sentence, "Disallowed by line 3") {
		t.Errorf("sentence %q", d.Sentence)
	}
	if len(d.Patterns) != 1 || !d.Patterns[0].Winner || d.Patterns[0].Priority != len("/example/") {
		t.Errorf("patterns %+v", d.Patterns)
	}
}

// Both matching rules are marked and the longer one wins (RFC 9309
// §2.2.2); the URL's steps come before the path's (fragment dropped, host
// lower-cased per RFC 3986 §6.2.2.1, then hex digits upper-cased).
func TestDetailMatchesAndSteps(t *testing.T) {
	a := Analyze(RFC9309Example(), nil, nil)
	d := NewDetail(a, 3) // https://www.Example.com/publications/caf%c3%a9.gif#top
	lines := rowsByLine(d)
	if lines[4].Mark != "winner" || lines[2].Mark != "match" {
		t.Errorf("line 4 %q, line 2 %q; want winner, match", lines[4].Mark, lines[2].Mark)
	}
	var rules []string
	for _, s := range d.URLSteps {
		rules = append(rules, s.Rule)
	}
	joined := strings.Join(rules, "; ")
	for _, want := range []string{"fragment", "host", "hex"} {
		if !strings.Contains(joined, want) {
			t.Errorf("URL steps %q lack a %s step", joined, want)
		}
	}
	if d.Path != "/publications/caf%C3%A9.gif" || d.RobotsURL != "https://www.example.com/robots.txt" {
		t.Errorf("path %q, robots URL %q", d.Path, d.RobotsURL)
	}
}

// A long file is folded around what matters, and every line is either
// shown or counted in a fold.
func TestDetailFoldsLongFiles(t *testing.T) {
	ex := permalink.State{Robots: testkit.ManyRules(100 << 10), Token: "Googlebot", Reading: string(matcher.RFC9309), URLs: []string{"/area20/open/x.html"}}
	a := Analyze(ex, nil, nil)
	d := NewDetail(a, 0)
	shown, folded, winner := 0, 0, false
	for _, r := range d.Lines {
		if r.Folded > 0 {
			folded += r.Folded
			continue
		}
		shown++
		winner = winner || r.Mark == "winner"
	}
	if !winner {
		t.Error("the winning line is not shown")
	}
	if shown > MaxShownLines || shown+folded != len(a.File.Lines()) {
		t.Errorf("%d shown + %d folded, file has %d lines", shown, folded, len(a.File.Lines()))
	}
}

func TestDetailBoundsTheTrace(t *testing.T) {
	ex := permalink.State{Robots: testkit.ManyGroups(50 << 10), Token: testkit.BotName(300), Reading: string(matcher.RFC9309), URLs: []string{"/area300/x"}}
	a := Analyze(ex, nil, nil)
	d := NewDetail(a, 0)
	all := len(d.Trace.Agents)
	matched := false
	for _, ag := range d.Agents {
		matched = matched || ag.Matched
	}
	if len(d.Agents) > maxTraceRows+1 || len(d.Agents)+d.AgentsHidden != all || !matched {
		t.Errorf("%d rows + %d hidden of %d agents, selecting line listed: %v", len(d.Agents), d.AgentsHidden, all, matched)
	}
	if d.Row.Verdict != "disallowed" {
		t.Errorf("%s under its own group: %s", testkit.BotName(300), d.Row.Verdict)
	}
}

// The trace table's "Because" column shows every row's sentence, in every
// reading: most readings write a sentence only when it is read
// (GroupTrace.How), so a row copied without it would show an empty cell.
func TestDetailTraceRowsHaveTheirSentences(t *testing.T) {
	robots := "User-agent: otherbot\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n"
	for _, r := range matcher.Readings() {
		ex := permalink.State{Robots: robots, Token: "Googlebot", Reading: string(r), URLs: []string{"/b"}}
		d := NewDetail(Analyze(ex, nil, nil), 0)
		if len(d.Agents) != 3 {
			t.Fatalf("%s: %d trace rows, want 3", r, len(d.Agents))
		}
		for _, ag := range d.Agents {
			if want := d.Trace.How(ag); ag.How == "" || ag.How != want {
				t.Errorf("%s: line %d shows %q, its sentence is %q", r, ag.Agent.Line, ag.How, want)
			}
		}
	}
}
