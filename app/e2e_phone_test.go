//go:build e2e && !wasm

// Browser tests at a phone's width: what a thumb can hit and what an eye
// can read without scrolling sideways.

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// phone is the width of a common phone held upright.
var phone = viewport{"phone", 390, 844}

// On a phone, and in the output column beside the inputs, the other
// readings fit the column's width: the table needs no sideways scroll
// that nothing hints at, each row's cells lie inside it, and a usual
// deciding rule reads on one line.
func TestE2EReadingsOnPhone(t *testing.T) {
	p := openExplorer(t)
	for _, size := range []viewport{phone, {"beside the inputs", 1000, 900}} {
		p.resize(size)
		p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
		eval[bool](p, `(() => { document.getElementById("readings").scrollIntoView(); return true; })()`)
		p.settle()
		got := eval[readingsFit](p, readReadingsFit)
		if got.Scroll > got.Client {
			t.Errorf("%s, %d px: the readings table is %.0f px wide in a box of %.0f px: it scrolls sideways", size.name, size.w, got.Scroll, got.Client)
		}
		if len(got.Outside) > 0 {
			t.Errorf("%s: cells outside the column: %s", size.name, strings.Join(got.Outside, "; "))
		}
		for i, n := range got.Lines {
			if n != 1 {
				t.Errorf("%s, reading %d: the deciding rule of the default example takes %d lines", size.name, i, n)
			}
		}
		p.noSidewaysScroll("readings, " + size.name)
	}
	p.noConsoleErrors()
}

// readingsFit is how the readings table sits in its box: the widths of
// what scrolls and of the box, the cells that stick out, and how many
// lines each deciding rule takes.
type readingsFit struct {
	Scroll, Client float64
	Outside        []string
	Lines          []int
}

const readReadingsFit = `(() => {
	const box = document.querySelector("#readings .table-scroll"), r = box.getBoundingClientRect();
	const cells = [...box.querySelectorAll("tbody th, tbody td")];
	return {
		Scroll: box.scrollWidth, Client: box.clientWidth,
		Outside: cells.filter(c => { const b = c.getBoundingClientRect(); return b.left < r.left - 0.5 || b.right > r.right + 0.5; })
			.map(c => c.closest("tr").dataset.reading + ": " + c.textContent.trim().slice(0, 40)),
		Lines: [...box.querySelectorAll("td.deciding code")].map(c => c.getClientRects().length),
	};
})()`

// smallTargets lists the controls a pointer can hit that are smaller than
// 24 × 24 CSS px (WCAG 2.2, 2.5.8 Target Size (Minimum)). A control that
// is visually hidden is hit through its labels, which are measured
// instead. Exempt, as the criterion says: a target inline in a sentence or
// in other text, whose size the line-height of that text sets.
const smallTargets = `(() => {
	const widgets = 'a[href], button, input:not([type="hidden"]), select, textarea, summary';
	const controls = widgets + ', [tabindex]:not([tabindex="-1"])';
	const inline = e => getComputedStyle(e).display.startsWith("inline");
	// inText: e is inline, and the block it sits in has text of its own,
	// outside every widget (a region focusable for its scrolling is not one).
	const inText = e => {
		if (!inline(e)) return false;
		let b = e.parentElement;
		while (inline(b)) b = b.parentElement;
		const w = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
		for (let n = w.nextNode(); n; n = w.nextNode()) {
			if (n.data.trim() !== "" && !n.parentElement.closest(widgets)) return true;
		}
		return false;
	};
	const hit = [];
	for (const e of document.querySelectorAll(controls)) {
		if (e.getClientRects().length === 0) continue; // not rendered
		const r = e.getBoundingClientRect();
		if (r.width <= 1 && r.height <= 1 && e.labels) hit.push(...e.labels);
		else hit.push(e);
	}
	return [...new Set(hit)].filter(e => e.getClientRects().length > 0 && !inText(e)).flatMap(e => {
		const r = e.getBoundingClientRect();
		if (r.width >= 24 && r.height >= 24) return [];
		const name = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className ? "." + [...e.classList].join(".") : "");
		return [name + " " + JSON.stringify(e.textContent.trim().slice(0, 30)) + " " + r.width.toFixed(1) + "×" + r.height.toFixed(1)];
	});
})()`

// Every control of the explorer (its delivery panel and release check
// open, a URL chosen and compared), the lessons, the examples and the
// register is at least 24 × 24 px at a phone's width, but for links in a
// sentence.
func TestE2ETapTargets(t *testing.T) {
	p := openExplorer(t)
	p.resize(phone)
	p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
	p.openDelivery()
	p.do(chromedp.Click(chromedp.ID("release-toggle")))
	p.waitFor(`document.getElementById("release-run") !== null`)
	for _, pg := range []struct{ path, ready string }{
		{"/", `true`},
		{"/lessons", `document.querySelector('.example[data-compared="false"]') === null`},
		{"/examples", `document.querySelector(".case") !== null`},
		{"/register", `(() => { const c = document.getElementById("register-count"); return c && c.dataset.checked === c.dataset.cases; })()`},
	} {
		if pg.path != "/" {
			p.open(pg.path)
		}
		p.waitFor(pg.ready)
		p.settle()
		small := eval[[]string](p, smallTargets)
		for _, s := range small {
			t.Errorf("%s at %d px: %s", pg.path, phone.w, s)
		}
		t.Logf("%s at %d px: %d targets under 24 × 24 px", pg.path, phone.w, len(small))
		if n := eval[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, "a[href], button, input, select, textarea, summary")); n == 0 {
			t.Errorf("%s: no control found to measure", pg.path)
		}
	}
	p.noConsoleErrors()
}
