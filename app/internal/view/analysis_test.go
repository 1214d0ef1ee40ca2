package view

import (
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

func benchAnalysis(b *testing.B, src string) {
	ex := permalink.State{Robots: src, Token: "Googlebot", Reading: string(matcher.RFC9309),
		URLs: []string{"/private/x", "/private/public/y", "/area7/open/a.html", "/area7/b"}}
	b.SetBytes(int64(len(ex.Robots)))
	for b.Loop() {
		a := Analyze(ex, nil, nil)
		NewDetail(a, 0)
	}
}

// The native cost of one edit's analysis (the page adds WebAssembly's
// overhead and the render; the browser tests log those).
func BenchmarkAnalysis10KiB(b *testing.B)            { benchAnalysis(b, testkit.ManyRules(10<<10)) }
func BenchmarkAnalysis500KiB(b *testing.B)           { benchAnalysis(b, testkit.ManyRules(500<<10)) }
func BenchmarkAnalysis500KiBManyGroups(b *testing.B) { benchAnalysis(b, testkit.ManyGroups(500<<10)) }

func TestSplitURLs(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"/a", []string{"/a"}},
		{"/a\n\n  /b  \r\n\t\n/c", []string{"/a", "/b", "/c"}},
		{"   \n \n", nil},
	}
	for _, tt := range tests {
		if got := splitURLs(tt.in); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("splitURLs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The default example's verdicts follow RFC 9309: no group names
// Googlebot, so the * group applies (§2.2.1), and the longest matching
// pattern decides (§2.2.2); §5.1 is the file.
func TestAnalyzeDefaultExample(t *testing.T) {
	a := Analyze(RFC9309Example(), nil, nil)
	want := []struct {
		verdict string
		line    int
	}{
		{"disallowed", 3}, // /example/page.html: Disallow: /example/
		{"allowed", 4},    // /publications/report.html: Allow: /publications/
		{"disallowed", 2}, // /images/cat.gif: Disallow: *.gif$
		{"allowed", 4},    // caf%c3%a9.gif: Allow: /publications/ (14 octets) beats *.gif$ (6)
		{"allowed", 0},    // /about: no rule matches
	}
	if len(a.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(a.Rows), len(want))
	}
	for i, w := range want {
		r := a.Rows[i]
		if r.Verdict != w.verdict || r.Line != w.line {
			t.Errorf("row %d %s: %s line %d, want %s line %d", i, r.URL, r.Verdict, r.Line, w.verdict, w.line)
		}
	}
	if got, want := a.Summary(), "5 URLs: 3 allowed, 2 disallowed."; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestAnalyzeReusesParseOnlyForSameFile(t *testing.T) {
	first := Analyze(RFC9309Example(), nil, nil)
	ex := RFC9309Example()
	ex.Token, ex.URLs = "foobot", []string{"/example/page.html"}
	second := Analyze(ex, nil, first)
	if second.File != first.File {
		t.Error("a token or URL edit parsed the file again")
	}
	// RFC 9309 §5.1: foobot's own group allows /example/page.html.
	if second.Rows[0].Verdict != "allowed" || second.Rows[0].Line != 8 {
		t.Errorf("foobot: %s line %d, want allowed by line 8", second.Rows[0].Verdict, second.Rows[0].Line)
	}
	ex.Robots += "Disallow: /x\n"
	if third := Analyze(ex, nil, second); third.File == second.File {
		t.Error("an edited file was not parsed again")
	}
}

func TestAnalyzeUnreadableURL(t *testing.T) {
	ex := RFC9309Example()
	ex.URLs = []string{"mailto:a@example.com", "/ok"}
	a := Analyze(ex, nil, nil)
	if a.Rows[0].Verdict != "invalid" || a.Rows[0].Result != nil || !strings.Contains(a.Rows[0].Why, "no authority") {
		t.Errorf("row 0 = %+v, want an invalid row saying why", a.Rows[0])
	}
	if a.Rows[1].Verdict != "allowed" || !strings.Contains(a.Summary(), "1 not readable") {
		t.Errorf("row 1 %s, summary %q", a.Rows[1].Verdict, a.Summary())
	}
}

func TestAnalyzeBoundsURLs(t *testing.T) {
	ex := RFC9309Example()
	ex.URLs = strings.Split(strings.Repeat("/a\n", maxURLs+2), "\n")
	a := Analyze(ex, nil, nil)
	if len(a.Rows) != maxURLs || a.skipped != 2 || !strings.Contains(a.Summary(), "2 more not evaluated") {
		t.Errorf("%d rows, %d skipped, summary %q", len(a.Rows), a.skipped, a.Summary())
	}
}

func TestLineCount(t *testing.T) {
	for text, want := range map[string]int{"": 1, "a": 1, "a\n": 2, "a\nb\nc": 3} {
		if n := LineCount(text); n != want {
			t.Errorf("lineCount(%q) = %d, want %d", text, n, want)
		}
	}
}
