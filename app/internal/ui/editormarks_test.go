package ui

import (
	"reflect"
	"testing"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// The editor's marks for the chosen URL, from the analysis alone: every
// matching rule's text highlighted, the winner apart (▶, in its verdict's
// colour), the groups that apply and the others, each diagnostic a lint
// mark with its message, one symbol a line (the weightiest).
func TestMarksOf(t *testing.T) {
	tests := []struct {
		name   string
		robots string
		url    string
		winner int
		lines  map[int]string // line → symbol+class
		texts  map[int]string // line → class
		groups []groupSpan
		diags  map[int]string // line → severity
	}{
		{
			name:   "longest match wins, the shorter one matches",
			robots: "User-agent: *\nDisallow: /a\nAllow: /a/b\n\nUser-agent: other\nDisallow: /\n",
			url:    "/a/b/c",
			winner: 3,
			lines:  map[int]string{2: "● match", 3: "▶ winner"},
			texts:  map[int]string{2: "match", 3: "winner-allowed"},
			groups: []groupSpan{{From: 1, To: 4, Applies: true}, {From: 5, To: 6}},
		},
		{
			name:   "no rule matches: no winner, the group still applies",
			robots: "User-agent: *\nDisallow: /x\n",
			url:    "/y",
			groups: []groupSpan{{From: 1, To: 2, Applies: true}},
		},
		{
			name:   "a diagnostic is a lint mark, and the winner's symbol outranks it",
			robots: "User-agent: *\nDisallow: /a\nFoo bar\n",
			url:    "/a",
			winner: 2,
			lines:  map[int]string{2: "▶ winner"},
			texts:  map[int]string{2: "winner-disallowed"},
			groups: []groupSpan{{From: 1, To: 2, Applies: true}}, // a line that is no record belongs to no group
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := permalink.State{Robots: tc.robots, Token: "Googlebot", URLs: []string{tc.url}}
			a := view.Analyze(in, nil, nil)
			m := marksOf(a, view.NewDetail(a, 0))
			if m.Winner != tc.winner {
				t.Errorf("winner line %d, want %d", m.Winner, tc.winner)
			}
			lines, texts := map[int]string{}, map[int]string{}
			diags := map[int]string{}
			for _, d := range m.Diags {
				diags[d.Line] = d.Severity
				if d.Message == "" {
					t.Errorf("line %d: a lint mark without its message", d.Line)
				}
			}
			for _, l := range m.Lines {
				if _, diag := diags[l.Line]; diag && tc.lines[l.Line] == "" {
					continue // a diagnostic's own symbol, checked through diags
				}
				lines[l.Line] = l.Symbol + " " + l.Class
			}
			for _, x := range m.Texts {
				texts[x.Line] = x.Class
			}
			if tc.lines == nil {
				tc.lines = map[int]string{}
			}
			if tc.texts == nil {
				tc.texts = map[int]string{}
			}
			if !reflect.DeepEqual(lines, tc.lines) {
				t.Errorf("line marks %v, want %v", lines, tc.lines)
			}
			if !reflect.DeepEqual(texts, tc.texts) {
				t.Errorf("text marks %v, want %v", texts, tc.texts)
			}
			if !reflect.DeepEqual(m.Groups, tc.groups) {
				t.Errorf("groups %+v, want %+v", m.Groups, tc.groups)
			}
			// Every diagnostic of the analysis is a lint mark on its line.
			for line, list := range a.DiagLines {
				if len(list) > 0 && diags[line] == "" {
					t.Errorf("line %d has a diagnostic but no lint mark", line)
				}
			}
			if tc.diags != nil && !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diagnostics %v, want %v", diags, tc.diags)
			}
		})
	}
}

// Without an analysis, no marks; without a chosen URL, only the
// diagnostics.
func TestMarksOfNothingChosen(t *testing.T) {
	if m := marksOf(nil, nil); m.Winner != 0 || len(m.Lines)+len(m.Texts)+len(m.Groups)+len(m.Diags) != 0 {
		t.Errorf("marks of no analysis: %+v", m)
	}
	a := view.Analyze(permalink.State{Robots: "Foo bar\nUser-agent: *\nDisallow: /\n", Token: "Googlebot"}, nil, nil)
	m := marksOf(a, nil)
	if len(m.Texts)+len(m.Groups) != 0 || len(m.Diags) == 0 {
		t.Errorf("marks with no URL chosen: %+v", m)
	}
}
