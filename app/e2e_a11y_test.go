//go:build e2e && !wasm

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeScript is axe-core's browser bundle, which make test-e2e installs
// from npm into an ignored folder (.cache/axe) when it is missing.
var axeScript = filepath.Join("..", ".cache", "axe", "node_modules", "axe-core", "axe.min.js")

// An axeViolation is one rule axe-core found broken, with where.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// audit injects axe-core into the page and runs it on the whole document
// under the WCAG 2.x A and AA rules and axe's best practices; it returns
// every violation.
func (p *page) audit() []axeViolation {
	p.t.Helper()
	src, err := os.ReadFile(axeScript)
	if err != nil {
		p.t.Fatalf("%v: the accessibility audit needs axe-core: run make test-e2e, or npm install --no-save --prefix .cache/axe axe-core@4", err)
	}
	// Evaluated through the DevTools protocol, not as a page script: the
	// page's Content-Security-Policy, which forbids inline scripts, stays
	// as it is for the audit.
	eval[bool](p, string(src)+"\n;true")
	js := `axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}})
		.then(r => JSON.stringify(r.violations))`
	out := evalPromise[string](p, js, 120*time.Second)
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		p.t.Fatalf("axe.run result: %v", err)
	}
	return vs
}

func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for i, n := range v.Nodes {
		if i == 12 {
			fmt.Fprintf(&b, "\n\t… and %d more", len(v.Nodes)-i)
			break
		}
		fmt.Fprintf(&b, "\n\t%v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// blocking is the impacts the audit fails on.
var blocking = map[string]bool{"serious": true, "critical": true}

// The explorer, with a row chosen and its explanation shown, has no
// serious or critical accessibility violation at a phone's width nor at a
// wide screen (axe-core's WCAG 2.x A/AA rules and best practices). Two
// states: the default example (RFC 9309 §5.1), and a file with
// diagnostics of every severity, readings that disagree and a URL that
// cannot be read, so that every badge and colour is on the page.
func TestE2EAccessibility(t *testing.T) {
	p := openExplorer(t)
	for _, state := range []struct {
		name, robots, urls string
		row                int
	}{
		{"default example", "", "", 1},
		{"diagnostics", "User-agent: *\nDisalow: /typo\nAllow: /fish*\nDisallow: /fish\nnonsense\nCrawl-delay: x\n", "/fish\nhttp://[::1\n/a", 0},
	} {
		if state.robots != "" {
			p.setField("robots-src", state.robots)
			p.setField("urls", state.urls)
			p.waitFor(`document.querySelectorAll("table.results tbody tr").length === 3 && document.querySelector("#file .diag") !== null`)
		}
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`tbody tr[data-row="%d"] button.choose`, state.row))))
		p.waitFor(fmt.Sprintf(`document.querySelector('tbody tr[data-row="%d"]').getAttribute("aria-current") === "true"`, state.row))
		p.auditAtBothWidths(state.name)
	}
	p.noConsoleErrors()
}

// auditAtBothWidths runs the audit at a phone's width and a wide screen:
// a serious or critical violation fails the test, the others are logged.
// It also checks that the page does not scroll sideways.
func (p *page) auditAtBothWidths(label string) {
	p.t.Helper()
	for _, size := range viewports {
		p.resize(size)
		n := 0
		for _, v := range p.audit() {
			if blocking[v.Impact] {
				n++
				p.t.Errorf("%s, %s: %s", label, size.name, v)
			} else {
				p.t.Logf("%s, %s (not failing): %s", label, size.name, v)
			}
		}
		p.t.Logf("%s, %s: %d serious or critical violations", label, size.name, n)
		p.noSidewaysScroll(label + ", " + size.name)
	}
}

// The lessons, the examples and the register are clean under the same
// audit at both widths: not one violation of any impact (a main landmark
// holds each page's content, every table header has a name), once each
// page has done the work it does in the browser.
func TestE2EPagesAccessibility(t *testing.T) {
	p := openExplorer(t)
	for _, pg := range []struct{ path, ready string }{
		{"/lessons", `document.querySelector('.example[data-compared="false"]') === null`},
		{"/examples", `document.querySelector(".case") !== null`},
		{"/register", `(() => { const c = document.getElementById("register-count"); return c && c.dataset.checked === c.dataset.cases; })()`},
	} {
		p.open(pg.path)
		p.waitFor(pg.ready)
		for _, size := range viewports {
			p.resize(size)
			vs := p.audit()
			for _, v := range vs {
				t.Errorf("%s, %s: %s", pg.path, size.name, v)
			}
			t.Logf("%s, %s: %d violations", pg.path, size.name, len(vs))
			p.noSidewaysScroll(pg.path + ", " + size.name)
		}
	}
	p.noConsoleErrors()
}
