//go:build e2e && !wasm

// Browser tests at a phone's width: what an eye can read without
// scrolling sideways.

package main

import (
	"strings"
	"testing"
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
