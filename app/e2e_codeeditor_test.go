//go:build e2e && !wasm

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// lines2000 is a robots.txt of 2,000 lines.
func lines2000() string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 2; i < 2000; i++ {
		fmt.Fprintf(&b, "Disallow: /catalog/item-%d/\n", i)
	}
	b.WriteString("Allow: /target\n")
	return b.String()
}

// lineOnScreen is true once the editor id draws line n where a person
// sees it: its number in the gutter inside the editor's scrolled view and
// inside the window.
func lineOnScreen(id string, n int) string {
	return fmt.Sprintf(`((host, n) => {
		const num = [...host.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].find(g => g.textContent === String(n));
		if (!num) return false;
		const r = num.getBoundingClientRect(), s = host.querySelector(".cm-scroller").getBoundingClientRect();
		return r.height > 0 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1 && r.top >= 0 && r.bottom <= window.innerHeight;
	})(document.getElementById(%q), %d)`, id, n)
}

// lineShown waits until the editor id shows line n on screen (after what
// a person did, for the message), and says what it shows instead.
func (p *page) lineShown(id string, n int, after string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](lineOnScreen(id, n), chromedp.WithPollingInterval(20*time.Millisecond))); err == nil {
		return
	}
	p.t.Fatalf("after %s line %d is not on screen in %s: %s", after, n, id, eval[string](p, fmt.Sprintf(`(host => {
		const nums = [...host.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].map(g => [g.textContent, Math.round(g.getBoundingClientRect().top)]).filter(g => g[0]);
		const s = host.querySelector(".cm-scroller").getBoundingClientRect();
		return JSON.stringify({first: nums[0], last: nums[nums.length - 1], scroller: [Math.round(s.top), Math.round(s.bottom)], window: window.innerHeight,
			caret: host.value.slice(0, host.selectionStart).split("\n").length, focus: document.activeElement?.className});
	})(document.getElementById(%q))`, id)))
}

// caretLine is the line of the robots.txt editor's caret, counted in its
// text as a person counts them.
const caretLine = `(ed => ed.value.slice(0, ed.selectionStart).split("\n").length)(document.getElementById("robots-src"))`

// lineMarks reads what the editor draws on line n: the gutter's symbol and
// its label, the line's classes, and the highlighted rule text with its
// class.
func (p *page) lineMarks(n int) editorLine {
	p.t.Helper()
	return eval[editorLine](p, fmt.Sprintf(`((host, n) => {
		const num = [...host.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].find(g => g.textContent === String(n));
		if (!num) return {};
		const mid = num.getBoundingClientRect().top + num.getBoundingClientRect().height / 2;
		const at = sel => [...host.querySelectorAll(sel)].find(e => { const r = e.getBoundingClientRect(); return r.top <= mid && r.bottom >= mid; });
		const sym = at(".cm-mark-symbol"), line = at(".cm-line"), text = line?.querySelector("[class*=cm-text-]");
		const lint = at(".cm-lint-marker");
		return {symbol: sym?.textContent ?? "", label: sym?.title ?? "", classes: line?.className ?? "",
			text: text?.textContent ?? "", textClass: text?.className ?? "", lint: lint?.className ?? ""};
	})(document.getElementById("robots-src"), %d)`, n))
}

type editorLine struct {
	Symbol    string `json:"symbol"`
	Label     string `json:"label"`
	Classes   string `json:"classes"`
	Text      string `json:"text"`
	TextClass string `json:"textClass"`
	Lint      string `json:"lint"`
}

// "line N" in the results and the explanation puts the caret on line N
// and brings it into view; choosing a row brings its deciding line into
// view. The deciding rule's text is highlighted with its verdict, the
// other matching rules' text too, each line with a symbol and a label
// (never colour alone); the lines of groups that do not apply are dimmed;
// a diagnostic is a lint mark whose message shows under the pointer.
func TestE2EEditorMarksRules(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	src := "User-agent: Bingbot\nDisallow: /\n\n" + strings.Replace(lines2000(), "Disallow: /catalog/item-5/\n", "Disallow: nope\n", 1)
	src = strings.Replace(src, "Disallow: /catalog/item-1500/\n", "Allow: /t\n", 1)
	p.paste("robots-src", src)
	p.replaceField("urls", "/target\n/catalog/item-1900/x")
	ex := permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/target", "/catalog/item-1900/x"}, Reading: string(matcher.RFC9309)}
	a := view.Analyze(ex, nil, nil)
	win, other := a.Rows[0].Line, 1503
	p.waitFor(fmt.Sprintf(`document.querySelector('tbody tr[data-row="0"] td.why button.line-link')?.dataset.line === "%d"`, win))

	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="0"] td.why button.line-link`)))
	p.lineShown("robots-src", win, "the line link of row 0")
	if n := eval[int](p, caretLine); n != win {
		t.Errorf("after the line link the caret is on line %d, want %d", n, win)
	}
	m := p.lineMarks(win)
	if m.Symbol != "▶" || !strings.Contains(m.Label, "decides") || !strings.Contains(m.TextClass, "cm-text-winner-allowed") || m.Text != "Allow: /target" ||
		!strings.Contains(m.Classes, "cm-group-applies") {
		t.Errorf("the deciding line %d is drawn as %+v, want ▶, a label, its rule text highlighted as allowed, in an applying group", win, m)
	}

	// The other matching rule, from the explanation's steps.
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#steps button.line-link[data-line="%d"]`, other))))
	p.lineShown("robots-src", other, "the line link in the steps")
	if m := p.lineMarks(other); m.Symbol != "●" || m.Text != "Allow: /t" || !strings.Contains(m.TextClass, "cm-text-match") {
		t.Errorf("the other matching line %d is drawn as %+v, want ● and its text highlighted", other, m)
	}

	// The group Googlebot does not read is dimmed.
	p.key("Home", "Home", 36, ctrl)
	p.lineShown("robots-src", 1, "Ctrl+Home")
	if m := p.lineMarks(2); !strings.Contains(m.Classes, "cm-group-other") {
		t.Errorf("Bingbot's line is drawn as %+v, want it dimmed", m)
	}

	// Choosing the second row brings its deciding line into view without
	// a click on a line link; the caret stays where it was.
	win2 := a.Rows[1].Line
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.lineShown("robots-src", win2, "choosing row 1")
	if m := p.lineMarks(win2); m.Symbol != "▶" || !strings.Contains(m.TextClass, "cm-text-winner-disallowed") {
		t.Errorf("after choosing /catalog/item-1900/x its deciding line %d is drawn as %+v", win2, m)
	}
	if n := eval[int](p, caretLine); n != 1 {
		t.Errorf("choosing a row moved the caret to line %d", n)
	}

	// A diagnostic: the problem count's button goes to it, its lint mark
	// is in the gutter and its message shows under the pointer.
	diag := a.DiagLines[8]
	if len(diag) == 0 {
		t.Fatal("line 8 has no diagnostic natively")
	}
	// The caret is still on line 1, so the next one is line 8.
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#problems button.problem[data-severity="%s"]`, diag[0].Severity))))
	p.lineShown("robots-src", 8, "the problem count's button")
	if m := p.lineMarks(8); !strings.Contains(m.Lint, "cm-lint-marker-"+diag[0].Severity.String()) || m.Symbol != view.SeverityMark(diag[0].Severity) {
		t.Errorf("line 8 is drawn as %+v, want a %s lint mark and %s", m, diag[0].Severity, view.SeverityMark(diag[0].Severity))
	}
	p.hover(`#robots-src .cm-lint-marker-` + diag[0].Severity.String())
	p.waitFor(fmt.Sprintf(`(document.querySelector(".cm-tooltip-lint")?.textContent ?? "").includes(%s)`, jsString(view.Clipped(diag[0].Message))))
	p.noConsoleErrors()
}

// hover moves the mouse to the middle of the first element sel finds.
func (p *page) hover(sel string) {
	p.t.Helper()
	at := eval[[]float64](p, fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.querySelector(%q).getBoundingClientRect())`, sel))
	p.cdp(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, dispatchMouse, mouseParams{Type: input.DispatchMouseEventTypeMouseMoved, X: at[0], Y: at[1]})
		return err
	})
}

// Undo and search work over the whole file: a character typed at the end
// of a 500 KiB file is undone with Ctrl+Z after Ctrl+Home, and the
// analysis follows; Ctrl+F finds the rule of the last line and Enter
// selects it.
func TestE2EEditorUndoAndSearch(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < 500<<10; i++ {
		fmt.Fprintf(&b, "Disallow: /catalog/item-%d/\n", i)
	}
	text := b.String()
	p.paste("robots-src", text)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming?.bytes === %d`, len(text)))
	p.key("End", "End", 35, ctrl)
	p.waitFor(caretAtFileEnd())
	p.typeKeys("#")
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming?.bytes === %d`, len(text)+1))
	p.key("Home", "Home", 36, ctrl)
	p.key("z", "KeyZ", 90, ctrl)
	p.waitFor(fmt.Sprintf(`document.getElementById("robots-src").value.length === %d`, len(text)))
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming?.bytes === %d`, len(text)))
	if eval[string](p, `document.getElementById("robots-src").value`) != text {
		t.Error("after Ctrl+Z the file is not the one pasted")
	}

	p.key("f", "KeyF", 70, ctrl)
	p.waitFor(`document.activeElement?.matches(".cm-search input[name=search]") ?? false`)
	last := strings.Count(text, "\n")
	needle := fmt.Sprintf("item-%d/", last-2) // the rule of line last
	p.typeKeys(needle)
	p.key("Enter", "Enter", 13, 0)
	p.lineShown("robots-src", last, "Ctrl+F and Enter")
	sel := eval[string](p, `(ed => ed.value.slice(ed.selectionStart, ed.selectionEnd))(document.getElementById("robots-src"))`)
	if sel != needle {
		t.Errorf("Ctrl+F and Enter selected %q, want %q", sel, needle)
	}
	p.key("Escape", "Escape", 27, 0)
	p.waitFor(`document.querySelector("#robots-src .cm-search") === null`)
	p.noConsoleErrors()
}

// A pasted HTML page gets one file-level error at the top of the editor,
// before the counts of per-line problems, and the count of errors counts
// it.
func TestE2EHTMLBodyError(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	page := "<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n<h1>Not Found</h1>\n<p>The page was not found.</p>\n</body>\n</html>\n"
	p.paste("robots-src", page)
	p.waitFor(`document.querySelector('#problems .file-problem[data-code="html-body"]') !== null`)
	if n := eval[int](p, `document.querySelectorAll('#problems .file-problem').length`); n != 1 {
		t.Errorf("%d file-level problems, want 1", n)
	}
	if !eval[bool](p, `document.querySelector('#problems').firstElementChild.matches('.file-problem')`) {
		t.Error("the file-level error is not first")
	}
	if got := eval[string](p, `document.querySelector('#problems .problem[data-severity="error"]').textContent`); got != "✖ 1 error" {
		t.Errorf("below the HTML banner the count says %q, want \"✖ 1 error\"", got)
	}
	p.noConsoleErrors()
}

// On a phone the verdicts show on the first screen, and a skip link
// (the first Tab stop) takes the focus to them.
func TestE2EPhoneVerdictsFirst(t *testing.T) {
	p := openExplorer(t)
	p.resize(viewport{"phone", 390, 800})
	if top := eval[float64](p, `document.getElementById("summary").getBoundingClientRect().top + window.scrollY`); top > 800 {
		t.Errorf("on a 390 px screen the verdict summary starts %.0f px down, below the first screen", top)
	}
	p.typeKeys("\t")
	p.waitFor(`document.activeElement.id === "skip-to-verdicts"`)
	p.typeKeys("\r")
	p.waitFor(`document.activeElement.id === "results"`)
	p.noConsoleErrors()
}

// shopRobots is an 86-line robots.txt of a web shop.
func shopRobots() string {
	var b strings.Builder
	b.WriteString("# robots.txt for shop.example\n# Updated for the spring sale\n\nUser-agent: *\n")
	for _, p := range []string{"/cart", "/checkout/", "/account/", "/wishlist/", "/search?", "/*?sessionid=", "/*?sort=", "/*&sort=",
		"/*?filter=", "/compare/", "/api/", "/tmp/", "/admin/", "/order-status/", "/gift-cards/redeem"} {
		fmt.Fprintf(&b, "Disallow: %s\n", p)
	}
	b.WriteString("Allow: /search/$\nAllow: /api/products/feed.xml\n\n# Google: images and ads\nUser-agent: Googlebot\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "Disallow: /category/%d/*?page=\n", i+1)
	}
	b.WriteString("Allow: /category/\n\nUser-agent: Googlebot-Image\nAllow: /images/products/\nDisallow: /images/\n\n" +
		"User-agent: AdsBot-Google\nDisallow: /checkout/\n\nUser-agent: Bingbot\nCrawl-delay: 5\nDisalow: /cart\n")
	for i := 0; i < 14; i++ {
		fmt.Fprintf(&b, "Disallow: /outlet/%c/\n", 'a'+i)
	}
	b.WriteString("\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://shop.example/sitemap.xml\nSitemap: /sitemap-products.xml\n")
	for strings.Count(b.String(), "\n") < 86 {
		b.WriteString("# end\n")
	}
	return b.String()
}

// Screenshots of the default page, and of an 86-line shop robots.txt
// scrolled to its end with Ctrl+End, at 390 and 1280 px, into
// $E2E_SCREENSHOTS (make test-e2e sets it); each checks that the last
// line is in view.
func TestE2EScreenshots(t *testing.T) {
	dir := os.Getenv("E2E_SCREENSHOTS")
	shop := shopRobots()
	if n := view.LineCount(shop) - 1; n != 86 {
		t.Fatalf("the shop file has %d lines, want 86", n)
	}
	for _, size := range []viewport{{"390", 390, 844}, {"1280", 1280, 900}} {
		p := openExplorer(t)
		p.grantClipboard()
		shot := func(name string, whole bool) {
			if dir == "" {
				return
			}
			ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
			defer cancel()
			take := chromedp.CaptureScreenshot()
			if whole {
				take = chromedp.FullScreenshot(100) // 100: PNG
			}
			png, err := chromedp.Run(ctx, take)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		p.resize(size)
		shot("default-"+size.name, true)
		p.paste("robots-src", shop)
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, len(shop)))
		p.key("End", "End", 35, ctrl)
		p.waitFor(caretAtFileEnd())
		p.lineShown("robots-src", 87, "Ctrl+End")
		shot("shop-end-"+size.name, false)
		p.noConsoleErrors()
	}
}
