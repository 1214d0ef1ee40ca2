package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// Each result row carries data-verdict, and the chosen one aria-current.
func TestRenderRow(t *testing.T) {
	a := view.Analyze(view.RFC9309Example(), nil, nil)
	for i, r := range a.Rows {
		nop := func(app.Context, app.Event) {}
		html := app.HTMLString(renderRow(r, i, i == 1, nop, nop))
		if want := `data-verdict="` + r.Verdict + `"`; !strings.Contains(html, want) {
			t.Errorf("row %d lacks %s:\n%s", i, want, html)
		}
		if chosen := strings.Contains(html, "aria-current"); chosen != (i == 1) {
			t.Errorf("row %d: aria-current present = %v", i, chosen)
		}
		if !strings.Contains(html, "<button") {
			t.Errorf("row %d: the URL is not a button, so the keyboard cannot choose it", i)
		}
	}
}

// The explanation carries the verdict as data and as a sentence, marks the
// winner by label as well as colour, and shows diagnostics with their
// severity written out.
func TestRenderExplanation(t *testing.T) {
	a := view.Analyze(view.RFC9309Example(), nil, nil)
	html := app.HTMLString(renderExplanation(view.NewDetail(a, 0), nil))
	for _, want := range []string{
		`id="verdict"`, `data-verdict="disallowed"`,
		"Disallowed by", ">line 3</button>", // "line 3" shows the line in the editor
		"▶ decides",
		"not for this token", "ℹ info",
		"How the token chose its group", "No group names",
		"Normalization",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("explanation lacks %q", want)
		}
	}
	// go-app writes attributes in map order: find line 3's tag, then look
	// inside it.
	if tag := regexp.MustCompile(`<div[^>]*data-line="3"[^>]*>`).FindString(html); !strings.Contains(tag, `data-mark="winner"`) {
		t.Errorf("line 3 is not marked the winner: %s", tag)
	}
	if strings.Contains(html, "style=") {
		t.Error("a style attribute would need 'unsafe-inline' in the Content-Security-Policy")
	}
}

func TestRenderFoldAndTraceBounds(t *testing.T) {
	ex := permalink.State{Robots: testkit.ManyGroups(100 << 10), Token: "Googlebot", Reading: string(matcher.RFC9309), URLs: []string{"/private/x"}}
	a := view.Analyze(ex, nil, nil)
	html := app.HTMLString(renderExplanation(view.NewDetail(a, 0), nil))
	if !strings.Contains(html, `class="fold"`) || !strings.Contains(html, "not shown") {
		t.Error("a long file shows no fold")
	}
	if !strings.Contains(html, "more user-agent lines name other crawlers") {
		t.Error("the trace of thousands of groups is not bounded")
	}
}

// The editor's text lives in CodeMirror, in the browser: it is never
// rendered into the page (prerendering would put it in the HTML).
func TestEditorRendersNoText(t *testing.T) {
	ed := newCodeEditor("robots-src", "robots.txt", editorContent{Seq: 1, Text: "User-agent: *\nDisallow: /secret\n"}, nil)
	e := app.NewTestEngine()
	if err := e.Load(ed); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := app.HTMLString(ed)
	if !strings.Contains(html, `id="robots-src"`) {
		t.Errorf("the editor's host is missing:\n%s", html)
	}
	if strings.Contains(html, "/secret") {
		t.Errorf("the editor rendered its text:\n%s", html)
	}
}

func TestExplorerLoadsWithTestEngine(t *testing.T) {
	e := app.NewTestEngine()
	x := newExplorer()
	if err := e.Load(x); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := app.Match(app.Elem("div").Class("explorer"), x.Render()); err != nil {
		t.Error(err)
	}
}

// WAI-ARIA's keyboard conventions for lists: arrows step, Home and End
// jump, nothing wraps.
func TestRowAfterKey(t *testing.T) {
	tests := []struct {
		key  string
		i, n int
		next int
		ok   bool
	}{
		{"ArrowDown", 0, 3, 1, true},
		{"ArrowDown", 2, 3, 2, false},
		{"ArrowUp", 1, 3, 0, true},
		{"ArrowUp", 0, 3, 0, false},
		{"Home", 2, 3, 0, true},
		{"End", 0, 3, 2, true},
		{"End", 2, 3, 2, false},
		{"Enter", 1, 3, 1, false},
		{"a", 1, 3, 1, false},
	}
	for _, tt := range tests {
		if next, ok := rowAfterKey(tt.key, tt.i, tt.n); next != tt.next || ok != tt.ok {
			t.Errorf("rowAfterKey(%q, %d, %d) = %d, %v; want %d, %v", tt.key, tt.i, tt.n, next, ok, tt.next, tt.ok)
		}
	}
}

// Until the other readings are parsed the explanation says so; then they
// are one table, a row per reading, and the reading that differs carries
// compare.Compare's factor and sentence in its row.
func TestRenderReadingsComparingThenReasons(t *testing.T) {
	ex := permalink.State{Robots: "User-agent: *\nAllow: /fish*\nDisallow: /fish\n", Token: "Googlebot", URLs: []string{"/fish"}, Reading: string(matcher.RFC9309)}
	var files view.ReadingFiles
	a := view.Analyze(ex, &files, nil)
	d := view.NewDetail(a, 0)
	if html := app.HTMLString(renderExplanation(d, nil)); !strings.Contains(html, "Comparing readings…") {
		t.Errorf("a detail still comparing does not say so:\n%s", html)
	}
	done := d.WithComparison(view.CompareURL(files.All(ex.Robots), view.ReadingOf(ex), ex.Token, "/fish"))
	html := app.HTMLString(renderExplanation(done, nil))
	for _, want := range []string{"Comparing readings…", "Between the other readings", "<table", "Why it differs",
		`data-reading="python"`, `data-factor="wildcards"`, "as any run of characters",
		"CPython classic", "Disallow: /fish</code>", "agrees", "the chosen reading"} {
		shown := want != "Comparing readings…" && want != "Between the other readings"
		if got := strings.Contains(html, want); got != shown {
			t.Errorf("after the comparison, %q shown = %v", want, got)
		}
	}
	if n := strings.Count(html, `data-reading="`); n != len(matcher.Readings()) {
		t.Errorf("%d rows, want one per reading (%d)", n, len(matcher.Readings()))
	}
}
