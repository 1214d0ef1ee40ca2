package view

import (
	"testing"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

func TestVisibleLines(t *testing.T) {
	tests := []struct {
		scrollTop, height float64
		lines             int
		want              gutterWindow
	}{
		{0, 100, 3, gutterWindow{First: 1, Last: 3, Top: 6}},
		{0, 100, 100, gutterWindow{First: 1, Last: 5, Top: 6}},
		{6, 100, 100, gutterWindow{First: 1, Last: 6, Top: 0}},
		{30, 100, 100, gutterWindow{First: 2, Last: 7, Top: -4}}, // line 2 starts at 26, line 7 at 126
		{39583, 440, 2001, gutterWindow{First: 1979, Last: 2001, Top: -17}},
	}
	for _, tt := range tests {
		if got := VisibleLines(tt.scrollTop, tt.height, tt.lines); got != tt.want {
			t.Errorf("visibleLines(%v, %v, %d) = %+v, want %+v", tt.scrollTop, tt.height, tt.lines, got, tt.want)
		}
	}
}

// The gutter marks the deciding line, the other matches and the lines with
// a diagnostic, one symbol a line (the weightiest) and a label naming all.
func TestLineMarks(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\nAllow: /ab\nDisallow: nope\nFoo: bar\n"
	a := Analyze(permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/abc"}, Reading: string(matcher.RFC9309)}, nil, nil)
	marks := LineMarks(a, NewDetail(a, 0))
	if m := marks[3]; m.Symbol != "▶" || m.Class != "winner" || m.Verdict != "allowed" {
		t.Errorf("line 3 (Allow: /ab decides): %+v", m)
	}
	if m := marks[2]; m.Symbol != "●" || m.Class != "match" {
		t.Errorf("line 2 (Disallow: /a matches): %+v", m)
	}
	for line, list := range a.DiagLines {
		m := marks[line]
		if m.Label == "" || (m.Class != "winner" && m.Class != "match" && m.Symbol != SeverityMark(list[0].Severity)) {
			t.Errorf("line %d with %v: %+v", line, list, m)
		}
	}
	if len(a.DiagLines[4]) == 0 {
		t.Error("Disallow: nope has no diagnostic")
	}
	if LineMarks(nil, nil) == nil {
		t.Error("no analysis: want an empty map")
	}
}

func TestProblemsNext(t *testing.T) {
	p := Problems{lines: [3][]int{{3, 9}, {}, {1}}}
	tests := []struct{ sev, after, want int }{{0, 0, 3}, {0, 3, 9}, {0, 9, 3}, {0, 20, 3}, {2, 1, 1}}
	for _, tt := range tests {
		if got, ok := p.Next(tt.sev, tt.after); !ok || got != tt.want {
			t.Errorf("next(%d, %d) = %d, %v; want %d", tt.sev, tt.after, got, ok, tt.want)
		}
	}
	if _, ok := p.Next(1, 0); ok {
		t.Error("no warnings: want none next")
	}
}

// An HTML page is one file-level problem, shown apart from the lines'
// and counted among the errors, whose button goes to its line.
func TestProblemsFileLevel(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("<html>\n<body>Not found</body>\n"), matcher.ParseOptions{Text: "<html>\n<body>Not found</body>\n"})
	p := NewProblems(f)
	if len(p.File) != 1 || p.File[0].Code != matcher.CodeHTMLBody {
		t.Errorf("file-level problems %v", p.File)
	}
	if p.Counts[0]+p.Counts[1]+p.Counts[2] != len(f.Diagnostics) || p.Counts[0] != 1 {
		t.Errorf("counts %v of %d diagnostics, want the HTML page among the errors", p.Counts, len(f.Diagnostics))
	}
	if line, ok := p.Next(0, 0); !ok || line != 1 {
		t.Errorf("the next error after line 0: %d, %v; want line 1", line, ok)
	}
}
