package main

import (
	"testing"

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
		if got := visibleLines(tt.scrollTop, tt.height, tt.lines); got != tt.want {
			t.Errorf("visibleLines(%v, %v, %d) = %+v, want %+v", tt.scrollTop, tt.height, tt.lines, got, tt.want)
		}
	}
}

func TestLineStartAndUTF16(t *testing.T) {
	s := "a\nbé\n😀x\nlast"
	tests := []struct {
		line   int
		head   string
		utf16s int
	}{
		{1, "", 0}, {2, "a\n", 2}, {3, "a\nbé\n", 5}, {4, "a\nbé\n😀x\n", 9}, {9, s, 13},
	}
	for _, tt := range tests {
		head := lineStart(s, tt.line)
		if head != tt.head || utf16Len(head) != tt.utf16s {
			t.Errorf("line %d: head %q (%d UTF-16 units), want %q (%d)", tt.line, head, utf16Len(head), tt.head, tt.utf16s)
		}
	}
}

func TestNormalizeNewlines(t *testing.T) {
	for in, want := range map[string]string{"a\r\nb\rc\n": "a\nb\nc\n", "plain\n": "plain\n", "\r\r\n": "\n\n"} {
		if got := normalizeNewlines(in); got != want {
			t.Errorf("normalizeNewlines(%q) = %q, want %q", in, got, want)
		}
	}
}

// The gutter marks the deciding line, the other matches and the lines with
// a diagnostic, one symbol a line (the weightiest) and a label naming all.
func TestLineMarks(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\nAllow: /ab\nDisallow: nope\nFoo: bar\n"
	a := analyze(example{Source: src, Token: "Googlebot", URLs: "/abc", Reading: matcher.RFC9309}, nil, nil)
	marks := lineMarks(a, newDetail(a, 0))
	if m := marks[3]; m.Symbol != "▶" || m.Class != "winner" || m.Verdict != "allowed" {
		t.Errorf("line 3 (Allow: /ab decides): %+v", m)
	}
	if m := marks[2]; m.Symbol != "●" || m.Class != "match" {
		t.Errorf("line 2 (Disallow: /a matches): %+v", m)
	}
	for line, list := range a.diagLines {
		m := marks[line]
		if m.Label == "" || (m.Class != "winner" && m.Class != "match" && m.Symbol != severityMark(list[0].Severity)) {
			t.Errorf("line %d with %v: %+v", line, list, m)
		}
	}
	if len(a.diagLines[4]) == 0 {
		t.Error("Disallow: nope has no diagnostic")
	}
	if lineMarks(nil, nil) == nil {
		t.Error("no analysis: want an empty map")
	}
}

func TestProblemsNext(t *testing.T) {
	p := problems{lines: [3][]int{{3, 9}, {}, {1}}}
	tests := []struct{ sev, after, want int }{{0, 0, 3}, {0, 3, 9}, {0, 9, 3}, {0, 20, 3}, {2, 1, 1}}
	for _, tt := range tests {
		if got, ok := p.next(tt.sev, tt.after); !ok || got != tt.want {
			t.Errorf("next(%d, %d) = %d, %v; want %d", tt.sev, tt.after, got, ok, tt.want)
		}
	}
	if _, ok := p.next(1, 0); ok {
		t.Error("no warnings: want none next")
	}
}

// An HTML page is one file-level problem, counted apart from the lines'.
func TestProblemsFileLevel(t *testing.T) {
	f := matcher.ParseText(matcher.RFC9309, "<html>\n<body>Not found</body>\n")
	p := newProblems(f)
	if len(p.file) != 1 || p.file[0].Code != matcher.CodeHTMLBody {
		t.Errorf("file-level problems %v", p.file)
	}
	if p.counts[0]+p.counts[1]+p.counts[2] != len(f.Diagnostics)-1 {
		t.Errorf("counts %v of %d diagnostics", p.counts, len(f.Diagnostics))
	}
}

func TestNextLineRef(t *testing.T) {
	tests := []struct {
		in            string
		word          string
		n             int
		before, after string
		ok            bool
	}{
		{"Disallowed by line 3, `Disallow: /x`", "line", 3, "Disallowed by ", ", `Disallow: /x`", true},
		{"Line 12: text", "Line", 12, "", ": text", true},
		{"the baseline 4 and line 7", "line", 7, "the baseline 4 and ", "", true},
		{"line 5x and line", "", 0, "", "", false},
		{"no lines here", "", 0, "", "", false},
	}
	for _, tt := range tests {
		word, n, before, after, ok := nextLineRef(tt.in)
		if word != tt.word || n != tt.n || before != tt.before || after != tt.after || ok != tt.ok {
			t.Errorf("nextLineRef(%q) = %q %d %q %q %v", tt.in, word, n, before, after, ok)
		}
	}
}
