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

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/ui"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// gutterCheck reads, in the page, whether an editor's gutter draws number
// N beside line N: for every number drawn in view (found in the gutter's
// text, whatever its elements), its box's middle must lie in the row where
// the textarea draws that line (from scrollTop, padding and line height);
// and the first and last lines wholly in view must have their numbers. A
// textarea holding a window of the file says which line of the file its
// first line is (data-first-line). It returns "" or what is wrong.
const gutterCheck = `((id) => {
	const ta = document.getElementById(id);
	const g = ta.parentElement.querySelector(".gutter");
	const cs = getComputedStyle(ta);
	const lh = parseFloat(cs.lineHeight), pt = parseFloat(cs.paddingTop);
	const base = Number(ta.dataset.firstLine || 1) - 1;
	const lines = ta.value.split("\n").length;
	const top = ta.getBoundingClientRect().top + ta.clientTop;
	const rowTop = n => top + pt + (n - base - 1) * lh - ta.scrollTop;
	const first = Math.ceil(Math.max(0, ta.scrollTop - pt) / lh) + 1;
	const last = Math.min(lines, Math.floor((ta.scrollTop + ta.clientHeight - pt) / lh));
	const gr = g.getBoundingClientRect();
	const nums = [];
	const walk = document.createTreeWalker(g, NodeFilter.SHOW_TEXT);
	for (let t; (t = walk.nextNode()); ) {
		let at = 0;
		for (const part of t.data.split("\n")) {
			const m = part.match(/\d+/);
			if (m) {
				const r = document.createRange();
				r.setStart(t, at + m.index); r.setEnd(t, at + m.index + m[0].length);
				const b = r.getBoundingClientRect();
				if (b.bottom > gr.top + 1 && b.top < gr.bottom - 1) nums.push({n: Number(m[0]), mid: (b.top + b.bottom) / 2});
			}
			at += part.length + 1;
		}
	}
	const where = "scrollTop " + ta.scrollTop + ", lines " + (base + first) + "–" + (base + last) + " of " + (base + lines) + " wholly in view";
	for (const x of nums) {
		if (x.n > base + lines) return where + ": the gutter draws " + x.n + " past the last line";
		if (x.mid < rowTop(x.n) || x.mid > rowTop(x.n) + lh) {
			const beside = base + Math.floor((x.mid - top - pt + ta.scrollTop) / lh) + 1;
			return where + ": the gutter draws " + x.n + " beside line " + beside;
		}
	}
	for (const n of [base + first, base + last]) {
		if (!nums.some(x => x.n === n)) return where + ": no number " + n + " in view (drawn: " + nums.map(x => x.n).slice(0, 5).join(",") + "…)";
	}
	return "";
})`

// gutterAligned waits until the gutter of field id agrees with its text
// (the gutter follows the scroll event, one frame later at most), and
// fails with what it draws instead when it does not.
func (p *page) gutterAligned(id, after string) {
	p.t.Helper()
	js := gutterCheck + fmt.Sprintf("(%q)", id)
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js+` === ""`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		p.t.Errorf("after %s, %s: %s", after, id, eval[string](p, js))
	}
}

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

// atEnd is true once a field's caret is at its end and its last line in
// view (the browser keeps a few pixels of the padding below the caret).
func atEnd(id string) string {
	return fmt.Sprintf(`(el => el.selectionStart === el.value.length && el.scrollTop >= el.scrollHeight - el.clientHeight - 20)(document.getElementById(%q))`, id)
}

var editorSizes = []viewport{{"phone", 390, 800}, {"wide", 1280, 800}}

// The gutter keeps number N beside line N in both editors after a real
// paste, the wheel, Ctrl+End, Ctrl+Home and a resize, at a phone's width
// and a wide screen's.
func TestE2EEditorGutterFollowsText(t *testing.T) {
	for _, size := range editorSizes {
		t.Run(size.name, func(t *testing.T) {
			p := openExplorer(t)
			p.grantClipboard()
			p.resize(size)
			p.gutterAligned("robots-src", "loading")
			src := lines2000()
			p.paste("robots-src", src)
			p.waitFor(fmt.Sprintf(`document.getElementById("robots-src").value.length === %d`, len(src)))
			p.gutterAligned("robots-src", "a paste of 2,000 lines")
			p.wheel("robots-src", -3000)
			p.waitFor(`(el => el.scrollTop < el.scrollHeight - el.clientHeight - 1000)(document.getElementById("robots-src"))`)
			p.gutterAligned("robots-src", "the wheel")
			p.key("Home", "Home", 36, ctrl)
			p.waitFor(`(el => el.selectionStart === 0 && el.scrollTop < 20)(document.getElementById("robots-src"))`)
			p.gutterAligned("robots-src", "Ctrl+Home")
			p.wheel("robots-src", 1234)
			p.waitFor(`document.getElementById("robots-src").scrollTop > 0`)
			p.gutterAligned("robots-src", "the wheel down")
			p.key("End", "End", 35, ctrl)
			p.waitFor(atEnd("robots-src"))
			p.gutterAligned("robots-src", "Ctrl+End")
			p.resize(viewport{size.name + " shorter", size.w, 560})
			p.gutterAligned("robots-src", "a resize")
			p.resize(size)

			urls := strings.Repeat("/catalog/item-7/\n/target\n", 40)
			p.paste("urls", urls)
			p.waitFor(fmt.Sprintf(`document.getElementById("urls").value.length === %d`, len(urls)))
			p.gutterAligned("urls", "a paste of 80 URLs")
			p.wheel("urls", -300)
			p.waitFor(`(el => el.scrollTop < el.scrollHeight - el.clientHeight - 100)(document.getElementById("urls"))`)
			p.gutterAligned("urls", "the wheel")
			// The caret is at the end already (after the paste): Ctrl+Home
			// first, or Ctrl+End moves nothing and scrolls nothing.
			p.key("Home", "Home", 36, ctrl)
			p.waitFor(`document.getElementById("urls").selectionStart === 0`)
			p.gutterAligned("urls", "Ctrl+Home")
			p.key("End", "End", 35, ctrl)
			p.waitFor(atEnd("urls"))
			p.gutterAligned("urls", "Ctrl+End")
			// Cheap for a long file: only the lines in view have rows.
			if n := eval[int](p, `document.querySelectorAll("#robots-src-gutter *").length`); n > 300 {
				t.Errorf("the gutter of a 2,000-line file has %d elements", n)
			}
			p.noSidewaysScroll(size.name)
			p.noConsoleErrors()
		})
	}
}

// caretAtLine checks that the editor's caret is at the start of line n and
// that line n is in view in the textarea.
func (p *page) caretAtLine(src string, n int, after string) {
	p.t.Helper()
	at := ui.UTF16Len(ui.LineStart(src, n))
	p.waitFor(fmt.Sprintf(`document.activeElement.id === "robots-src" && document.getElementById("robots-src").selectionStart === %d`, at))
	visible := eval[bool](p, fmt.Sprintf(`(el => { const lh = 20, pt = 6, top = pt + (%d - 1) * lh;
		const onScreen = el.getBoundingClientRect().top + el.clientTop + top - el.scrollTop;
		return top >= el.scrollTop && top + lh <= el.scrollTop + el.clientHeight && onScreen >= 0 && onScreen + lh <= window.innerHeight; })(document.getElementById("robots-src"))`, n))
	if !visible {
		p.t.Errorf("after %s: line %d is not in view in the editor (scrollTop, clientHeight, top on the page, viewport height: %s)", after, n,
			eval[string](p, `(el => JSON.stringify([el.scrollTop, el.clientHeight, el.getBoundingClientRect().top, window.innerHeight]))(document.getElementById("robots-src"))`))
	}
}

// "line N" in the results table and in the explanation shows line N in
// the editor with the caret at its start; the gutter marks the deciding
// line, the other matches and the lines with a diagnostic, by symbol and
// label.
func TestE2ELineLinksAndMarks(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	src := strings.Replace(lines2000(), "Disallow: /catalog/item-5/\n", "Disallow: nope\n", 1)
	src = strings.Replace(src, "Disallow: /catalog/item-1500/\n", "Allow: /t\n", 1)
	p.paste("robots-src", src)
	p.setField("urls", "/target\n/catalog/item-9/x")
	ex := permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/target", "/catalog/item-9/x"}, Reading: string(matcher.RFC9309)}
	a := view.Analyze(ex, nil, nil)
	win := a.Rows[0].Line
	p.waitFor(fmt.Sprintf(`document.querySelector('tbody tr[data-row="0"] td.why button.line-link')?.dataset.line === "%d"`, win))
	p.key("Home", "Home", 36, ctrl)

	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="0"] td.why button.line-link`)))
	p.caretAtLine(src, win, "clicking line "+fmt.Sprint(win)+" in the results")
	p.gutterAligned("robots-src", "a line link")
	mark := eval[[]string](p, fmt.Sprintf(`(r => r ? [r.className, r.querySelector(".m").textContent, r.querySelector(".m").title] : [])(document.querySelector('#robots-src-gutter [data-line="%d"]'))`, win))
	if len(mark) != 3 || !strings.Contains(mark[0], "winner") || mark[1] != "▶" || !strings.Contains(mark[2], "decides") {
		t.Errorf("the gutter row of the deciding line %d is %q, want class winner, ▶ and a label", win, mark)
	}

	// The verdict's sentence names the deciding line too.
	p.key("Home", "Home", 36, ctrl)
	p.waitFor(`document.getElementById("robots-src").selectionStart === 0`)
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#verdict .sentence button.line-link[data-line="%d"]`, win))))
	p.caretAtLine(src, win, "clicking the line in the verdict's sentence")

	// The other matching rule, from the explanation's normalization.
	other := 1500
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#steps button.line-link[data-line="%d"]`, other))))
	p.caretAtLine(src, other, "clicking line 1500 in the explanation")
	// The gutter paints the rows in view on the scroll that follows the
	// caret, a frame later: read its mark once it has caught up.
	p.gutterAligned("robots-src", "clicking line 1500")
	if m := eval[string](p, `document.querySelector('#robots-src-gutter [data-line="1500"] .m').textContent`); m != "●" {
		t.Errorf("the gutter marks the other matching line with %q, want ●", m)
	}

	// A line with a diagnostic: the problem count's button goes there.
	diag := a.DiagLines[5]
	if len(diag) == 0 {
		t.Fatal("line 5 has no diagnostic natively")
	}
	p.key("Home", "Home", 36, ctrl)
	btn := fmt.Sprintf(`#problems button.problem[data-severity="%s"]`, diag[0].Severity)
	p.do(chromedp.Click(chromedp.CSS(btn)))
	p.caretAtLine(src, 5, "the problem count's button")
	p.gutterAligned("robots-src", "the problem count's button")
	got := eval[[]string](p, `(m => [m.textContent, m.title])(document.querySelector('#robots-src-gutter [data-line="5"] .m'))`)
	if got[0] != view.SeverityMark(diag[0].Severity) || !strings.Contains(got[1], diag[0].Severity.String()) {
		t.Errorf("the gutter marks line 5 with %q, want %s and a label naming a %s", got, view.SeverityMark(diag[0].Severity), diag[0].Severity)
	}
	pr := view.NewProblems(a.File)
	for i, s := range view.SeverityOrder {
		want := fmt.Sprintf("%s %d ", view.SeverityMark(s.Sev), pr.Counts[i])
		if txt := eval[string](p, fmt.Sprintf(`document.querySelector('#problems [data-severity="%s"]').textContent`, s.Sev)); !strings.HasPrefix(txt, want) {
			t.Errorf("the problem count reads %q, want %q…", txt, want)
		}
	}
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
	// The count below the banner counts it: an HTML page is an error.
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
// scrolled to its end, at 390 and 1280 px, into $E2E_SCREENSHOTS (make
// test-e2e sets it); each is also checked for the gutter's alignment.
func TestE2EScreenshots(t *testing.T) {
	dir := os.Getenv("E2E_SCREENSHOTS")
	shop := shopRobots()
	if n := view.LineCount(shop) - 1; n != 86 {
		t.Fatalf("the shop file has %d lines, want 86", n)
	}
	for _, size := range []viewport{{"390", 390, 844}, {"1280", 1280, 900}} {
		p := openExplorer(t)
		p.grantClipboard()
		// shot writes the whole page, or only the screen.
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
		p.gutterAligned("robots-src", "loading at "+size.name)
		shot("default-"+size.name, true)
		p.paste("robots-src", shop)
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, len(shop)))
		p.key("End", "End", 35, ctrl)
		p.waitFor(atEnd("robots-src"))
		p.gutterAligned("robots-src", "Ctrl+End in the shop file at "+size.name)
		// What a person sees with the editor on screen.
		eval[bool](p, `(() => { document.querySelector(".field.file").scrollIntoView(); return true; })()`)
		p.gutterAligned("robots-src", "scrolling the page at "+size.name)
		shot("shop-end-"+size.name, false)
		p.noConsoleErrors()
	}
}
