//go:build e2e && !wasm

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// replaceField puts text into a field as a person does: focus, select all
// with Ctrl+A, then the text inserted as typed (CDP Input.insertText).
func (p *page) replaceField(id, text string) {
	p.t.Helper()
	// An editor is entered by a click into its text, as a person does; a
	// plain field takes the focus.
	into := chromedp.Focus("#" + id)
	if sel := "#" + id + " .cm-content"; eval[bool](p, fmt.Sprintf(`document.querySelector(%q) !== null`, sel)) {
		into = chromedp.Click(sel)
	}
	p.do(into, chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.insertText(text)
}

// readReadings reads the table of other readings as a person sees it: the
// visible text of each cell, row by row, white space collapsed.
const readReadings = `(() => {
	const text = el => el.innerText.replace(/\s+/g, " ").trim();
	const head = [...document.querySelectorAll("#readings table thead th")].map(text);
	const rows = [...document.querySelectorAll("#readings table tbody tr")].map(r => [...r.children].map(text));
	return {head, rows};
})()`

type readingsTable struct {
	Head []string   `json:"head"`
	Rows [][]string `json:"rows"`
}

// wantReadings is the table the native view model gives for ex's first
// URL, as text.
func wantReadings(ex permalink.State) [][]string {
	var files view.ReadingFiles
	c := view.CompareURL(files.All(ex.Robots), view.ReadingOf(ex), ex.Token, ex.URLs[0])
	var out [][]string
	for _, r := range c.Readings {
		name := r.Title + " " + string(r.Reading)
		if r.Current {
			name += " (chosen)"
		}
		deciding := r.Decided
		if r.Line > 0 {
			deciding = fmt.Sprintf("line %d %s", r.Line, r.LineText)
		}
		out = append(out, []string{name, parts.VerdictText(r.Verdict), deciding, strings.Join(strings.Fields(r.Difference()), " ")})
	}
	return out
}

// The other readings are one table: a row per reading with its title,
// verdict, deciding line, and why it differs from the chosen reading. The
// file has a typo line and no blank line: Google's difference
// on /~user/p is how the pattern's %7E is read, and on /x/y the typo; the
// page never says group boundaries. The table follows each edit.
func TestE2EReadingsTable(t *testing.T) {
	p := openExplorer(t)
	ex := permalink.State{Robots: "User-agent: a\nDisalow: /x/\nDisallow: /%7Euser/\n", Token: "a", URLs: []string{"/~user/p"}, Reading: string(matcher.RFC9309)}
	p.replaceField("robots-src", ex.Robots)
	p.replaceField("token", ex.Token)
	p.replaceField("urls", strings.Join(ex.URLs, "\n"))
	for _, url := range []string{"/~user/p", "/x/y"} {
		ex.URLs = []string{url}
		if url != "/~user/p" {
			p.replaceField("urls", url)
		}
		want := wantReadings(ex)
		p.waitFor(fmt.Sprintf(`(() => { const r = [...document.querySelectorAll('#readings[data-state="done"] tbody tr')];
			return r.length === %d && r.some(tr => tr.innerText.includes(%s)); })()`, len(want), jsString(want[1][3][:12])))
		got := eval[readingsTable](p, readReadings)
		if strings.Join(got.Head, "|") != "Reading|Verdict|Deciding line|Why it differs" {
			t.Errorf("%s: the table's heads are %q", url, got.Head)
		}
		if len(got.Rows) != len(want) {
			t.Fatalf("%s: %d rows, want %d: %q", url, len(got.Rows), len(want), got.Rows)
		}
		for i := range want {
			if strings.Join(got.Rows[i], " | ") != strings.Join(want[i], " | ") {
				t.Errorf("%s, row %d:\n got %q\nwant %q", url, i, got.Rows[i], want[i])
			}
		}
		google := strings.Join(got.Rows[1], " | ")
		wantFactor := map[string]string{"/~user/p": "normalization: ", "/x/y": "typos: line 2"}[url]
		if !strings.HasPrefix(got.Rows[1][0], "Google google") || !strings.HasPrefix(got.Rows[1][3], wantFactor) {
			t.Errorf("%s: Google's row %q; want its difference to start %q", url, google, wantFactor)
		}
		if page := eval[string](p, `document.getElementById("readings").innerText`); strings.Contains(page, "group-boundary") {
			t.Errorf("%s: the page names group boundaries for a file without blank lines:\n%s", url, page)
		}
	}
	p.noConsoleErrors()
}
