package main

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

func benchAnalysis(b *testing.B, src string) {
	ex := example{Source: src, Token: "Googlebot", Reading: matcher.RFC9309,
		URLs: "/private/x\n/private/public/y\n/area7/open/a.html\n/area7/b"}
	b.SetBytes(int64(len(ex.Source)))
	for b.Loop() {
		a := analyze(ex, nil, nil)
		newDetail(a, 0)
	}
}

// The native cost of one edit's analysis (the page adds WebAssembly's
// overhead and the render; the browser tests log those).
func BenchmarkAnalysis10KiB(b *testing.B)            { benchAnalysis(b, manyRules(10<<10)) }
func BenchmarkAnalysis500KiB(b *testing.B)           { benchAnalysis(b, manyRules(500<<10)) }
func BenchmarkAnalysis500KiBManyGroups(b *testing.B) { benchAnalysis(b, manyGroups(500<<10)) }

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
	a := analyze(rfc9309Example, nil, nil)
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
	if len(a.rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(a.rows), len(want))
	}
	for i, w := range want {
		r := a.rows[i]
		if r.Verdict != w.verdict || r.Line != w.line {
			t.Errorf("row %d %s: %s line %d, want %s line %d", i, r.URL, r.Verdict, r.Line, w.verdict, w.line)
		}
	}
	if got, want := a.summary(), "5 URLs: 3 allowed, 2 disallowed."; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestAnalyzeReusesParseOnlyForSameFile(t *testing.T) {
	first := analyze(rfc9309Example, nil, nil)
	ex := rfc9309Example
	ex.Token, ex.URLs = "foobot", "/example/page.html"
	second := analyze(ex, nil, first)
	if second.file != first.file {
		t.Error("a token or URL edit parsed the file again")
	}
	// RFC 9309 §5.1: foobot's own group allows /example/page.html.
	if second.rows[0].Verdict != "allowed" || second.rows[0].Line != 8 {
		t.Errorf("foobot: %s line %d, want allowed by line 8", second.rows[0].Verdict, second.rows[0].Line)
	}
	ex.Source += "Disallow: /x\n"
	if third := analyze(ex, nil, second); third.file == second.file {
		t.Error("an edited file was not parsed again")
	}
}

func TestAnalyzeUnreadableURL(t *testing.T) {
	ex := rfc9309Example
	ex.URLs = "example.com/a\n/ok"
	a := analyze(ex, nil, nil)
	if a.rows[0].Verdict != "invalid" || a.rows[0].Result != nil || !strings.Contains(a.rows[0].Why, "neither a path") {
		t.Errorf("row 0 = %+v, want an invalid row saying why", a.rows[0])
	}
	if a.rows[1].Verdict != "allowed" || !strings.Contains(a.summary(), "1 not readable") {
		t.Errorf("row 1 %s, summary %q", a.rows[1].Verdict, a.summary())
	}
}

func TestAnalyzeBoundsURLs(t *testing.T) {
	ex := rfc9309Example
	ex.URLs = strings.Repeat("/a\n", maxURLs+2)
	a := analyze(ex, nil, nil)
	if len(a.rows) != maxURLs || a.skipped != 2 || !strings.Contains(a.summary(), "2 more not evaluated") {
		t.Errorf("%d rows, %d skipped, summary %q", len(a.rows), a.skipped, a.summary())
	}
}

func TestLineCount(t *testing.T) {
	for text, want := range map[string]int{"": 1, "a": 1, "a\n": 2, "a\nb\nc": 3} {
		if n := lineCount(text); n != want {
			t.Errorf("lineCount(%q) = %d, want %d", text, n, want)
		}
	}
}
