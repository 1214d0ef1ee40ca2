//go:build e2e && !wasm

// Browser tests of the page's text: prose never split inside a
// word, a spaced crawler name, a broken link's notice, the save buttons,
// an emptied token. Same helpers as e2e_test.go and e2e_verdicts_test.go.

package main

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/app/internal/view"

	"github.com/chromedp/chromedp"
)

// splitProse lists the prose words inside the elements matched by sel
// that the browser laid out over two lines: each word (between spaces,
// hyphens and dashes, where breaking is right) is a Range, and a word on
// one line has one client rect. Code, URLs (a word with "://") and the
// URL buttons may break anywhere and are not looked at.
const splitProse = `((sel) => {
	const bad = [];
	for (const root of document.querySelectorAll(sel)) {
		const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {acceptNode: n =>
			n.parentElement.closest("code, pre, textarea, button.choose, .src") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
		for (let n; (n = walk.nextNode());) {
			for (const w of n.data.matchAll(/\S+/g)) {
				if (w[0].includes("://")) continue;
				for (const piece of w[0].matchAll(/[^\-—–]+/g)) {
					const r = document.createRange();
					r.setStart(n, w.index + piece.index);
					r.setEnd(n, w.index + piece.index + piece[0].length);
					const rects = [...r.getClientRects()].filter(x => x.width > 0);
					if (rects.length > 1) bad.push(piece[0]);
				}
			}
		}
	}
	return bad;
})`

// At a phone's width and a wide screen's, no word of prose in the
// explanation (the "Governed by" sentence among them), the verdicts, the
// token check or the delivery panel is split over two lines; the long
// URL's code may be.
func TestE2EProseWordsWhole(t *testing.T) {
	p := openExplorer(t)
	p.openDelivery()
	p.pressKeysInto("delivery-status", "503")
	p.waitFor(`document.querySelector("#delivery-assessment li.google") !== null`)
	for _, width := range []int64{375, 390, 1280} {
		p.resize(viewport{"prose", width, 900})
		if got := eval[string](p, `document.getElementById("robots-url").textContent`); !strings.Contains(got, "robots.txt") {
			t.Fatalf("the governing robots.txt says %q", got)
		}
		for _, sel := range []string{"#robots-url", "#explanation", "#results", "#token-check", "#delivery"} {
			if bad := eval[[]string](p, fmt.Sprintf("%s(%q)", splitProse, sel)); len(bad) > 0 {
				t.Errorf("%d px, %s: prose words split over two lines: %q", width, sel, bad)
			}
		}
	}
	p.noConsoleErrors()
}

// "Googlebot Image", typed key by key, offers Googlebot-Image (not the
// Googlebot it starts with); using it decides the URLs for that token.
func TestE2ESpacedCrawlerName(t *testing.T) {
	p := openExplorer(t)
	p.pressKeysInto("token", "Googlebot Image")
	p.waitFor(`document.getElementById("use-token")?.dataset.token === "Googlebot-Image"`)
	if txt := eval[string](p, `document.getElementById("use-token").textContent`); txt != "Use Googlebot-Image" {
		t.Errorf("the offer says %q", txt)
	}
	p.do(chromedp.Click(chromedp.ID("use-token")))
	p.waitFor(`document.getElementById("token").value === "Googlebot-Image" && document.getElementById("token-check").dataset.kind === "ok"`)
	p.noConsoleErrors()
}

// Emptying the token field clears the verdicts and says why; typing a
// token brings them back.
func TestE2EEmptyTokenClearsVerdicts(t *testing.T) {
	p := openExplorer(t)
	w := want(t, view.RFC9309Example())
	p.pressKeysInto("token", "")
	p.waitFor(`document.querySelectorAll("table.results tbody tr").length === 0 && document.getElementById("verdict") === null`)
	if s := eval[string](p, `document.getElementById("summary").textContent`); !strings.Contains(s, "Type a product token") {
		t.Errorf("summary with no token: %q", s)
	}
	p.pressKeysInto("token", "Googlebot")
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll("table.results tbody tr")].map(r => r.dataset.verdict).join() === %q`,
		strings.Join(w.Verdicts, ",")))
	p.noConsoleErrors()
}

// A damaged link's notice gives its cause once, with the decoder's detail.
func TestE2EBrokenLinkCauseOnce(t *testing.T) {
	p := openExplorer(t)
	p.open("/#z1=!!!!")
	p.waitFor(`document.getElementById("notice")?.dataset.kind === "error"`)
	msg := eval[string](p, `document.getElementById("notice").textContent`)
	if strings.Count(msg, "damaged") != 1 || !strings.Contains(msg, "illegal base64") || !strings.Contains(msg, "Your work is unchanged") {
		t.Errorf("the broken link's notice: %q", msg)
	}
	p.noConsoleErrors()
}

// The share bar names its buttons by what they save; "Download
// robots.txt" saves exactly the text in the editor as robots.txt, and
// "Save state to file" the page's state.
func TestE2EDownloadRobotsTxt(t *testing.T) {
	p := openExplorer(t)
	eval[bool](p, captureDownloads)
	if got := eval[string](p, `[...document.querySelectorAll(".share button, .share label")].map(b => b.textContent).join("|")`); !strings.Contains(got, "Save state to file|Load state from file|Download robots.txt") {
		t.Errorf("the share bar's buttons: %q", got)
	}
	p.do(chromedp.Click(chromedp.ID("save-robots")))
	d := p.lastDownload(1)
	if d.Name != "robots.txt" || d.Text != view.RFC9309Example().Robots || !strings.HasPrefix(d.Type, "text/plain") {
		t.Errorf("Download robots.txt gave %q (%s): %q", d.Name, d.Type, d.Text)
	}
	p.do(chromedp.Click(chromedp.ID("save-file")))
	if s := p.lastDownload(2); s.Name != view.SaveFileName || !strings.HasPrefix(s.Text, "robots=") {
		t.Errorf("Save state to file gave %q: %.60q", s.Name, s.Text)
	}
	p.noConsoleErrors()
}

// The examples and register pages have a contents list and a filter box
// that narrows the cases as one types (real key presses); the verdicts
// read as sentences, a contents link leads to its case, and the filtered
// page passes the accessibility audit at both widths.
func TestE2ECaseFilter(t *testing.T) {
	p := openExplorer(t)
	for _, page := range []struct{ path, prefix string }{{"/examples", "example"}, {"/register", "case"}} {
		p.open(page.path)
		p.waitFor(fmt.Sprintf(`document.getElementById(%q) !== null`, page.prefix+"-filter"))
		all := eval[int](p, `document.querySelectorAll("article.case").length`)
		if links := eval[int](p, `document.querySelectorAll("nav.case-tools .contents a").length`); links != all || all == 0 {
			t.Fatalf("%s: %d contents links for %d cases", page.path, links, all)
		}
		if raw := eval[string](p, `(document.body.innerText.match(/\b(dis)?allowed:(\d+|-)/) || [""])[0]`); raw != "" {
			t.Errorf("%s shows %q", page.path, raw)
		}
		tall := eval[int](p, `document.documentElement.scrollHeight`)
		p.pressKeysInto(page.prefix+"-filter", "percent")
		p.waitFor(fmt.Sprintf(`document.querySelectorAll("article.case").length < %d && document.querySelectorAll("article.case").length > 0`, all))
		t.Logf("%s: %d cases over %d px; typing \"percent\" leaves %d cases over %d px", page.path, all, tall,
			eval[int](p, `document.querySelectorAll("article.case").length`), eval[int](p, `document.documentElement.scrollHeight`))
		left := eval[[]string](p, `[...document.querySelectorAll("article.case")].map(a => a.textContent.toLowerCase())`)
		for _, txt := range left {
			if !strings.Contains(txt, "percent") {
				t.Errorf("%s: a case without the word is still shown: %.80q", page.path, txt)
			}
		}
		if n := eval[int](p, `document.querySelectorAll("nav.case-tools .contents a").length`); n != len(left) {
			t.Errorf("%s: %d contents links for %d cases shown", page.path, n, len(left))
		}
		if c := eval[string](p, fmt.Sprintf(`document.getElementById(%q).textContent`, page.prefix+"-filter-count")); !strings.Contains(c, fmt.Sprintf("%d of %d", len(left), all)) {
			t.Errorf("%s: the count says %q", page.path, c)
		}
		// A contents link scrolls to its case.
		href := eval[string](p, `document.querySelector("nav.case-tools .contents li:last-child a").getAttribute("href")`)
		p.do(chromedp.Click(chromedp.CSS(`nav.case-tools .contents li:last-child a`)))
		p.waitFor(fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return r.top >= -2 && r.top < window.innerHeight; })()`, href[1:]))
		p.auditAtBothWidths(page.path + " filtered")
		p.pressKeysInto(page.prefix+"-filter", "")
		p.waitFor(fmt.Sprintf(`document.querySelectorAll("article.case").length === %d`, all))
	}
	p.noConsoleErrors()
}
