//go:build e2e && !wasm

package main

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// The explorer's crawler matrix, as a person meets it: a preset chosen
// with the keyboard, a verdict per crawler in each URL's row, the arrow
// keys and Enter, the whole crawler names above, the paths beside, the
// CSV export and the link.

// crawlersState names Googlebot (Googlebot-Image falls back to its group,
// as Google documents) and Bingbot, over forty URLs of one host: more
// rows than the grid keeps in the document.
func crawlersState() permalink.State {
	s := permalink.State{
		Robots: "User-agent: Googlebot\nDisallow: /private\n\nUser-agent: bingbot\nDisallow: /search\n\nUser-agent: *\nDisallow: /tmp\n",
		Token:  "Googlebot",
	}
	for i := 0; i < 40; i++ {
		s.URLs = append(s.URLs, fmt.Sprintf("https://www.example.com/%s/%d?x=%d", []string{"private", "search", "tmp", "blog"}[i%4], i, i))
	}
	return s
}

// explorerCell is a cell of the explorer's grid as a person sees it.
type explorerCell struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Class  string `json:"class"`
	Mark   string `json:"mark"`
	Label  string `json:"label"`
	Header string `json:"header"`
	Path   string `json:"path"`
	URL    string `json:"url"`
}

const readExplorerCells = `[...document.querySelectorAll("#explorer-matrix .mrow[data-row] .mcell[data-col]")].map(c => ({
	row: Number(c.closest(".mrow").dataset.row), col: Number(c.dataset.col),
	class: [...c.classList].find(k => k.startsWith("m-")) ?? "", mark: getComputedStyle(c, "::before").content.slice(1, -1),
	label: c.getAttribute("aria-label"),
	header: document.querySelector('#explorer-matrix .mhead [aria-colindex="' + c.getAttribute("aria-colindex") + '"]')?.textContent ?? "",
	path: c.closest(".mrow").querySelector(".murl").textContent, url: c.closest(".mrow").dataset.url}))`

// sameExplorerCells checks the cells shown against the native grid.
func (p *page) sameExplorerCells(g *crawlerview.Verdicts) {
	p.t.Helper()
	cells := eval[[]explorerCell](p, readExplorerCells)
	if len(cells) == 0 {
		p.t.Fatal("the grid shows no cells")
	}
	marks := map[string]string{"m-aa": "✔", "m-dd": "✘"}
	for _, c := range cells {
		if c.Row < 0 || c.Row >= g.Rows() || c.Col < 0 || c.Col >= g.Columns() {
			p.t.Fatalf("cell (%d, %d) shown, of %d × %d", c.Row, c.Col, g.Rows(), g.Columns())
		}
		n := g.Shown(c.Row, c.Col)
		want := explorerCell{Row: c.Row, Col: c.Col, Class: n.Class, Mark: marks[n.Class], Label: n.Label, Header: g.Crawler(c.Col), Path: g.Path(c.Row), URL: g.URL(c.Row)}
		if c != want {
			p.t.Errorf("cell (%d, %d): page %+v, native %+v", c.Row, c.Col, c, want)
		}
	}
	p.wholeHeaders("explorer-matrix")
}

// activeInView is a condition: the focused cell is (i, j) and shows
// whole between the header row and the bottom of the grid's box.
func activeInView(i, j int) string {
	return fmt.Sprintf(`(() => { const a = document.activeElement; const s = document.getElementById("explorer-matrix");
		if (a.closest(".mrow")?.dataset.row !== "%d" || a.dataset.col !== "%d") return false;
		const r = a.getBoundingClientRect(), h = s.querySelector(".mhead").getBoundingClientRect(), b = s.getBoundingClientRect();
		return r.top >= h.bottom - 1 && r.bottom <= b.bottom + 1; })()`, i, j)
}

func TestE2ECrawlers(t *testing.T) {
	p := openExplorer(t)
	s := crawlersState()
	p.open("/#" + permalink.Readable(s))
	p.waitRows(want(t, s), 0) // the token's table, while no crawler is chosen

	// "Search engines", the first preset after none, with the keyboard.
	p.focusField("crawlers-preset")
	p.key("ArrowDown", "ArrowDown", 40, 0)
	p.waitFor(`document.querySelector("#explorer-matrix .mrow[data-row] .mcell") !== null`)
	p.settle()
	choice := view.ParseCrawlers("search")
	cs, err := choice.Crawlers()
	if err != nil {
		t.Fatal(err)
	}
	s.Crawlers = "search"
	g := view.CrawlerGrid(view.Analyze(s, nil, nil), cs)
	if g.Columns() < 2 || g.Rows() != 40 {
		t.Fatalf("the native grid is %d × %d", g.Rows(), g.Columns())
	}
	p.sameExplorerCells(g)
	if got := eval[string](p, `document.getElementById("summary").textContent`); got != view.GridSummary(view.Analyze(s, nil, nil), g) {
		t.Errorf("summary %q", got)
	}
	if got := eval[string](p, `document.getElementById("explorer-matrix-host")?.textContent ?? ""`); !strings.Contains(got, "https://www.example.com") {
		t.Errorf("the host above the grid reads %q", got)
	}
	if eval[bool](p, `document.querySelector("table.results") !== null`) {
		t.Error("the token's table shows beside the grid")
	}
	// The grid scrolls in its box on a phone too, the page never sideways.
	p.screenshotAt("crawlers", 390)
	p.sameExplorerCells(g)
	p.screenshotAt("crawlers", 1280)
	p.sameExplorerCells(g)
	// Each row has a verdict for each crawler: the first row's, whole.
	row0 := texts(p, `#explorer-matrix .mrow[data-row="0"] .mcell`)
	if cols := eval[int](p, `document.querySelectorAll("#explorer-matrix .mhead .mcell").length`); len(row0) != cols || cols < min(g.Columns(), 4) {
		t.Errorf("row 0 has %d cells under %d headers", len(row0), cols)
	}

	// The tab stop, then the arrows, then Enter: the cell's explanation.
	first := eval[string](p, `(() => { const c = document.querySelector('#explorer-matrix [role=gridcell][tabindex="0"]'); c.focus();
		return document.activeElement.closest(".mrow").dataset.row + "," + document.activeElement.dataset.col; })()`)
	if first != "0,0" {
		t.Fatalf("the grid's tab stop is %q, want its first cell", first)
	}
	p.key("ArrowRight", "ArrowRight", 39, 0)
	p.key("ArrowDown", "ArrowDown", 40, 0)
	p.waitFor(activeInView(1, 1))
	p.key("Enter", "Enter", 13, 0)
	wantText := g.Explain(1, 1).Text()
	p.waitFor(fmt.Sprintf(`document.querySelector("#explorer-cell h4")?.textContent === %s`, jsString(wantText[0])))
	if got := texts(p, "#explorer-cell .cell-line"); !reflect.DeepEqual(got, wantText) {
		t.Errorf("the opened cell reads\n%s\nnatively\n%s", strings.Join(got, "\n"), strings.Join(wantText, "\n"))
	}
	for _, v := range p.audit() { // the grid with a cell open
		if blocking[v.Impact] {
			t.Errorf("accessibility of the grid: %s", v)
		}
	}
	// Ctrl+End: the last row, past the rows first in the document, shown
	// below the header.
	p.key("End", "End", 35, ctrl)
	p.waitFor(activeInView(g.Rows()-1, g.Columns()-1))
	p.sameExplorerCells(g)
	p.key(" ", "Space", 32, 0)
	p.waitFor(fmt.Sprintf(`document.querySelector("#explorer-cell h4")?.textContent === %s`, jsString(g.Explain(g.Rows()-1, g.Columns()-1).Headline)))

	// The CSV: the native export, byte for byte.
	eval[bool](p, captureDownloads)
	p.do(chromedp.Click(chromedp.ID("explorer-csv")))
	if d := p.lastDownload(1); d.Name != "crawler-verdicts.csv" || !strings.HasPrefix(d.Type, "text/csv") || d.Text != g.CSV() {
		t.Errorf("the CSV download %q (%s) is not the native export:\n%.300s", d.Name, d.Type, d.Text)
	}
	p.do(chromedp.Click(chromedp.ID("explorer-json")))
	if d := p.lastDownload(2); d.Name != "crawler-verdicts.json" || d.Type != "application/json" || d.Text != g.JSON() {
		t.Errorf("the JSON download %q (%s) is not the native export:\n%.300s", d.Name, d.Type, d.Text)
	}
	if got, want := eval[string](p, `document.getElementById("explorer-export-status").textContent`), fmt.Sprintf("Wrote %d rows to crawler-verdicts.json.", g.Rows()*g.Columns()); got != want {
		t.Errorf("the export's status says %q, want %q", got, want)
	}

	// A 503 makes every verdict disallowed, as the token's table shows it
	// (RFC 9309 §2.3.1.4); clearing it gives the rules' back.
	p.openDelivery()
	p.setField("delivery-status", "503")
	p.waitFor(`[...document.querySelectorAll("#explorer-matrix .mrow[data-row] .mcell")].every(c => c.classList.contains("m-dd"))`)
	d := view.GridDelivery(view.NewDeliveryView(permalink.Delivery{Status: "503"}, nil, len(s.Robots), time.Now(), time.Local))
	if d == nil || d.Allowed {
		t.Fatalf("natively a 503 gives %+v", d)
	}
	p.sameExplorerCells(g.Delivered(d))
	p.setField("delivery-status", "")
	p.waitFor(`document.querySelector("#explorer-matrix .mrow[data-row] .mcell.m-aa") !== null`)
	p.sameExplorerCells(g)

	// The link holds the choice; a broken one is said, the rest loaded.
	p.waitLink(func(l permalink.State) bool { return l.Crawlers == "search" && len(l.URLs) == 40 })
	// So does the work saved in the browser: the page opened again without
	// a link shows the same grid.
	p.open("/")
	p.waitFor(`document.getElementById("crawlers-preset")?.value === "search" && document.querySelector("#explorer-matrix .mrow[data-row] .mcell") !== null`)
	p.settle()
	p.sameExplorerCells(g)
	// "None", back up the chooser: the token's table again.
	p.focusField("crawlers-preset")
	p.key("ArrowUp", "ArrowUp", 38, 0)
	tokenOnly := s
	tokenOnly.Crawlers = ""
	p.waitRows(want(t, tokenOnly), 0)
	if eval[bool](p, `document.getElementById("explorer-matrix") !== null`) {
		t.Error("the grid stays after None")
	}
	p.waitLink(func(l permalink.State) bool { return l.Crawlers == "" && len(l.URLs) == 40 })
	broken := s
	broken.Crawlers = "Googlebot, Google bot"
	p.open("/#" + permalink.Readable(broken))
	p.waitFor(`(document.getElementById("notice")?.textContent ?? "").includes("could not be read")`)
	s.Crawlers = ""
	p.waitRows(want(t, s), 0)
	if got := eval[string](p, `document.getElementById("notice").textContent`); !strings.Contains(got, `"Google bot"`) {
		t.Errorf("the notice %q does not name the item", got)
	}
	if pr, own := eval[string](p, `document.getElementById("crawlers-preset").value`), eval[string](p, `document.getElementById("crawlers-own").value`); pr != "own" || own != broken.Crawlers {
		t.Errorf("the picker holds %q, %q; want the own list kept", pr, own)
	}
	p.waitLink(func(l permalink.State) bool {
		return l.Crawlers == broken.Crawlers && l.Robots == s.Robots && len(l.URLs) == 40
	})
	p.noConsoleErrors()
}
