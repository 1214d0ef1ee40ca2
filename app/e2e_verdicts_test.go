//go:build e2e && !wasm

// Browser tests of the verdicts a person relies on: the table
// and the record under delivery facts that decide, Google's 500 KiB cut,
// the tool version of records made in the page. Same helpers as
// e2e_test.go and e2e_delivery_test.go.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher/record"
)

// pressKeysInto focuses the element id, selects what it holds, and types
// text with real key events (Input.dispatchKeyEvent): a Backspace first
// when there is something to replace.
func (p *page) pressKeysInto(id, text string) {
	p.t.Helper()
	had := eval[bool](p, fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.focus(); el.select?.();
		return el.value !== ""; })()`, id))
	if had {
		p.do(chromedp.KeyEvent("\b"))
	}
	if text != "" {
		p.do(chromedp.KeyEvent(text))
	}
}

// screenshotAt saves a full-page screenshot as name-WIDTH.png in
// $E2E_SCREENSHOTS (the folder make test-e2e keeps), after checking that
// the page does not scroll sideways at that width. Without the variable
// only the layout is checked.
func (p *page) screenshotAt(name string, width int64) {
	p.t.Helper()
	p.resize(viewport{name, width, 900})
	p.noSidewaysScroll(fmt.Sprintf("%s at %d px", name, width))
	dir := os.Getenv("E2E_SCREENSHOTS")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width)), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// wideLayout checks the two columns of a wide page as a person sees them,
// scrolled down to read the explanation: the inputs start level with the
// verdicts (they once stuck to the screen's top, below the output
// column's start, and hid the delivery panel's end), and in the other
// readings' table each usual deciding rule (up to 30 characters) reads on
// one line (the column once broke it every few characters), and the table
// fits its column.
func (p *page) wideLayout() {
	p.t.Helper()
	p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
	type cols struct{ Inputs, Output, Scrolled float64 }
	c := eval[cols](p, `(() => { window.scrollTo(0, 400);
		return {Inputs: document.querySelector(".layout > .inputs").getBoundingClientRect().top,
			Output: document.querySelector(".layout > .output").getBoundingClientRect().top, Scrolled: window.scrollY}; })()`)
	if c.Scrolled < 100 || c.Inputs-c.Output > 1 || c.Output-c.Inputs > 1 {
		p.t.Errorf("scrolled %.0f px down, the inputs start at %.0f px and the output at %.0f px, want them level", c.Scrolled, c.Inputs, c.Output)
	}
	broken := eval[[]string](p, `[...document.querySelectorAll("table.readings-table td.deciding code")]
		.filter(c => c.textContent.length <= 30 && c.getClientRects().length > 1)
		.map(c => c.textContent + " in " + c.getClientRects().length + " lines, the cell " + Math.round(c.closest("td").getBoundingClientRect().width) + " px wide")`)
	if n := eval[int](p, `document.querySelectorAll("table.readings-table td.deciding code").length`); n == 0 {
		p.t.Error("the other readings' table shows no deciding rule")
	}
	for _, b := range broken {
		p.t.Errorf("at 1280 px the other readings' table breaks the deciding rule %s", b)
	}
	// Nor does the table grow past its column, with "Why it differs" out
	// of sight to the side.
	if over := eval[float64](p, `(t => t.getBoundingClientRect().right - t.closest("section").getBoundingClientRect().right)(document.querySelector("table.readings-table"))`); over > 0 {
		p.t.Errorf("at 1280 px the other readings' table runs %.0f px past its section (its columns' widths, then the section's: %s)", over,
			eval[string](p, `JSON.stringify([...document.querySelectorAll("table.readings-table thead th")].map(th => th.textContent + ": " + Math.round(th.getBoundingClientRect().width)).concat([Math.round(document.querySelector("table.readings-table").closest("section").getBoundingClientRect().width)]))`))
	}
}

// tableRow is one row of the results table as a person reads it: the
// verdict it leads with, the rules' verdict beside it, and the order.
type tableRow struct {
	Leads   string `json:"leads"`   // the first badge's text
	Rules   string `json:"rules"`   // the "rules: …" text beside it, "" when none
	Verdict string `json:"verdict"` // data-verdict
	First   bool   `json:"first"`   // the badge comes before the rules' verdict
}

const readTable = `[...document.querySelectorAll("table.results tbody tr")].map(tr => {
	const b = tr.querySelector(".verdict-cell .badge"), r = tr.querySelector(".verdict-cell .rules-verdict");
	return {leads: b.textContent, rules: r ? r.textContent : "", verdict: tr.dataset.verdict,
		first: !r || (b.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0};
})`

// With a 503 (RFC 9309 §2.3.1.4: the file is unreachable, complete
// disallow) every row leads with "disallowed", the rules' verdict beside
// it; the summary counts the effective verdicts; the Markdown record of a
// URL the rules allow leads with Disallowed. Clearing the status brings
// the rules' verdicts back. Screenshots of the 503 state at 390 and
// 1280 px go to $E2E_SCREENSHOTS.
func TestE2EDelivery503Table(t *testing.T) {
	p := openExplorer(t)
	eval[bool](p, captureDownloads)
	rules := want(t, view.RFC9309Example())
	p.openDelivery()
	p.pressKeysInto("delivery-status", "503")
	p.waitFor(`[...document.querySelectorAll("table.results tbody tr")].every(tr => tr.dataset.verdict === "disallowed")`)

	rows := eval[[]tableRow](p, readTable)
	if len(rows) != len(rules.Verdicts) {
		t.Fatalf("%d rows, want %d", len(rows), len(rules.Verdicts))
	}
	for i, r := range rows {
		if r.Leads != parts.VerdictText("disallowed") || r.Rules != "rules: "+rules.Verdicts[i] || !r.First {
			t.Errorf("row %d (%s by the rules): %+v", i, rules.Verdicts[i], r)
		}
	}
	summary := eval[string](p, `document.getElementById("summary").textContent`)
	if want := "5 URLs with this delivery: 0 allowed, 5 disallowed (by the rules alone: 3 allowed, 2 disallowed)."; summary != want {
		t.Errorf("summary %q, want %q", summary, want)
	}

	// Row 1, /publications/report.html, is allowed by the rules.
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.waitFor(`document.querySelector('tbody tr[data-row="1"]').getAttribute("aria-current") === "true"`)
	p.do(chromedp.Click(chromedp.ID("record-md")))
	md := p.lastDownload(1)
	_, head, _ := strings.Cut(md.Text, "# Crawl decision record\n\n")
	if !strings.HasPrefix(head, "**Disallowed** with this delivery (rules: allowed)") {
		t.Errorf("the Markdown record of an allowed URL under a 503 leads with %q", strings.SplitN(head, "\n", 2)[0])
	}

	p.screenshotAt("delivery-503", 390)
	p.screenshotAt("delivery-503", 1280)
	p.wideLayout()

	p.pressKeysInto("delivery-status", "")
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll("table.results tbody tr")].map(r => r.dataset.verdict).join() === %q`,
		strings.Join(rules.Verdicts, ",")))
	if n := eval[int](p, `document.querySelectorAll("table.results .rules-verdict").length`); n != 0 {
		t.Errorf("with no facts %d rows still show the rules' verdict apart", n)
	}
	if s := eval[string](p, `document.getElementById("summary").textContent`); s != "5 URLs: 3 allowed, 2 disallowed." {
		t.Errorf("summary after clearing the status: %q", s)
	}
	p.noConsoleErrors()
}

// A record made in the page carries the version the program's own records
// carry: make build links both with -X main.version (the git version), so
// the page no longer says "devel".
func TestE2ERecordToolVersion(t *testing.T) {
	src := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(src, []byte(view.RFC9309Example().Robots), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(filepath.Join("..", "bin", "robots-explorer"), "check", "-record", src, "Googlebot", "/example/page.html").Output()
	if len(out) == 0 {
		t.Fatalf("bin/robots-explorer check -record: %v (the browser tests need make build first)", err)
	}
	var cli record.Record
	if err := json.Unmarshal(out, &cli); err != nil {
		t.Fatalf("the program's record: %v\n%s", err, out)
	}

	p := openExplorer(t)
	eval[bool](p, captureDownloads)
	p.do(chromedp.Click(chromedp.ID("record-json")))
	var rec record.Record
	if err := json.Unmarshal([]byte(p.lastDownload(1).Text), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.ToolVersion != cli.ToolVersion || rec.ToolVersion == "" {
		t.Errorf("the page's record says tool_version %q, the program's %q", rec.ToolVersion, cli.ToolVersion)
	} else {
		t.Logf("tool_version %q in both", rec.ToolVersion)
	}
	p.noConsoleErrors()
}

// A 2 MiB file pasted, read under google (chosen by the keyboard):
// its rule at 600 KiB decides /late/x, as in google/robotstxt, which reads
// the whole file; the row, the summary, the verdict's sentence, the rule
// in the file and the downloaded record say Google's crawler ignores
// everything past 500 KiB (where the URL is allowed); the size notice and
// the size diagnostic give the file's real size.
func TestE2EGoogleSizeCut(t *testing.T) {
	p := openExplorer(t)
	eval[bool](p, captureDownloads)
	src, late := testkit.TwoMegabytes()
	p.replaceField("urls", "/late/x\n/early/x")
	eval[bool](p, `(() => { document.getElementById("reading").focus(); return true; })()`)
	p.do(chromedp.KeyEvent("g")) // the select's type-ahead: google
	p.waitFor(`document.getElementById("reading").value === "google"`)
	// As the large-file tests do: Input.insertText of 2 MiB takes Chromium
	// over a minute, so the file is put in as a paste puts it, one input
	// event.
	p.setField("robots-src", src)
	p.waitFor(fmt.Sprintf(`document.querySelector('#file .line[data-line="%d"] li[data-code="%s"]') !== null`, late, view.SizeCutCode))
	if s := eval[string](p, `document.querySelector("#verdict .sentence").textContent`); !strings.Contains(s, "Google's crawler, though, reads only the first 500 KiB") ||
		!strings.Contains(s, "on the first 500 KiB this URL is allowed") || !strings.Contains(s, "That verdict applies the whole file") {
		t.Errorf("the verdict's sentence: %q", s)
	}
	// The row says it too: its deciding line is one Googlebot never reads.
	if w := eval[string](p, `document.querySelector('tbody tr[data-row="0"] td.why').textContent`); !strings.Contains(w, fmt.Sprintf("line %d", late)) ||
		!strings.Contains(w, "Googlebot never reads this line") || !strings.Contains(w, "on the first 500 KiB: allowed") {
		t.Errorf("the row of /late/x says %q", w)
	}
	if s := eval[string](p, `document.getElementById("summary").textContent`); !strings.Contains(s, "1 decided past 500 KiB") {
		t.Errorf("the summary: %q", s)
	}
	if n := eval[string](p, `document.querySelector('#input-notices [data-notice="size"]')?.textContent ?? ""`); !strings.Contains(n, "The file is 2.0 MiB") {
		t.Errorf("the size notice: %q", n)
	}
	if d := eval[string](p, `document.querySelector('#file li[data-code="size-limit"]')?.textContent ?? ""`); !strings.Contains(d, "2097152 bytes") {
		t.Errorf("the size diagnostic: %q", d)
	}
	p.do(chromedp.Click(chromedp.ID("record-md")))
	if md := p.lastDownload(1); !strings.Contains(md.Text, "Googlebot never reads it") || !strings.Contains(md.Text, string(view.SizeCutCode)) {
		t.Errorf("the Markdown record does not say it:\n%.2000s", md.Text)
	}
	// /early/x is decided before the cut: no word of it.
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.waitFor(`document.querySelector('tbody tr[data-row="1"]').getAttribute("aria-current") === "true"`)
	if s := eval[string](p, `document.querySelector("#verdict .sentence").textContent`); strings.Contains(s, "500 KiB") {
		t.Errorf("/early/x: %q", s)
	}
	p.noConsoleErrors()
}

// The "crawling is not indexing, nor security" box stands beside the
// verdicts it bears on only (RFC 9309 §3): /admin/x, which the /admin/
// rule decides, and /drafts/a, which the Noindex line names; not /shop.
// A rule that only names a parameter (sessionid=) is not flagged at all.
func TestE2EScopeNotesOnlyWhereTheyBear(t *testing.T) {
	p := openExplorer(t)
	p.replaceField("robots-src", "User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\nDisallow: /*?*sessionid=\nDisallow: /private-sale/old\n")
	p.replaceField("urls", "/admin/x\n/drafts/a\n/shop\n/cart?sessionid=1")
	p.waitFor(`document.querySelectorAll("table.results tbody tr").length === 4 && document.getElementById("scope-notes") !== null`)
	for row, want := range []string{"security", "index", "", ""} {
		// A person clicks once the page has settled: a click sent during
		// the comparison's render lands where the button was before it.
		p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
		p.settle()
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`tbody tr[data-row="%d"] button.choose`, row))))
		p.waitFor(fmt.Sprintf(`document.querySelector('tbody tr[data-row="%d"]').getAttribute("aria-current") === "true"`, row))
		got := eval[string](p, `[...document.querySelectorAll("#scope-notes li")].map(li => li.dataset.kind).join()`)
		if got != want {
			t.Errorf("row %d: the box holds %q, want %q", row, got, want)
		}
	}
	if n := eval[int](p, `document.querySelectorAll('#file li[data-code="secret-in-path"], #file li[data-code="private-path"]').length`); n != 1 {
		t.Errorf("%d exposure notes in the file, want 1 (on /admin/ only)", n)
	}
	p.noConsoleErrors()
}
