//go:build e2e && !wasm

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/releaseview"
)

// The release check's matrix, exports and layout, as a person meets them;
// TestE2ERelease runs these on its results.

// shownCell is a cell of the matrix, as its data attributes and its text
// say.
type shownCell struct {
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	After   string `json:"after"` // the verdict its class names
	Changed bool   `json:"changed"`
	Mark    string `json:"mark"`
	Label   string `json:"label"`
	Header  string `json:"header"`
	Path    string `json:"path"` // the row's header
}

// readMatrixCells reads the cells as a person sees them: the mark the
// stylesheet draws, its colour's class, the label a screen reader says.
const readMatrixCells = `[...document.querySelectorAll("#release-matrix .mrow[data-row] .mcell[data-col]")].map(c => ({
	row: Number(c.closest(".mrow").dataset.row), col: Number(c.dataset.col),
	after: c.matches(".m-aa, .m-da") ? "allowed" : c.matches(".m-dd, .m-ad") ? "disallowed" : "", changed: c.matches(".m-ad, .m-da"),
	mark: getComputedStyle(c, "::before").content.slice(1, -1), label: c.getAttribute("aria-label"),
	header: document.querySelector('#release-matrix .mhead [aria-colindex="' + c.getAttribute("aria-colindex") + '"]')?.textContent ?? "",
	path: c.closest(".mrow").querySelector(".murl").textContent}))`

// activeCell is a condition: the focus is on the matrix's cell (i, j).
func activeCell(i, j int) string {
	return fmt.Sprintf(`document.activeElement.closest(".mrow")?.dataset.row === "%d" && document.activeElement.dataset.col === "%d"`, i, j)
}

// sameMatrixCells checks that the cells the page shows are the native
// matrix's at the same places, under the right crawler's header, and that
// only a window of them is in the document.
func (p *page) sameMatrixCells(m *releaseview.Matrix) {
	p.t.Helper()
	cells := eval[[]shownCell](p, readMatrixCells)
	if len(cells) == 0 {
		p.t.Fatal("the matrix shows no cells")
	}
	rows := map[int]bool{}
	for _, c := range cells {
		if c.Row < 0 || c.Row >= m.Rows() || c.Col < 0 || c.Col >= m.Columns() {
			p.t.Fatalf("cell (%d, %d) shown, of %d × %d", c.Row, c.Col, m.Rows(), m.Columns())
		}
		rows[c.Row] = true
		n := m.Cell(c.Row, c.Col)
		want := shownCell{Row: c.Row, Col: c.Col, After: n.Word(), Changed: n.Changed(), Mark: n.Mark(), Label: n.Label(), Header: m.Crawler(c.Col), Path: m.Path(c.Row)}
		if c != want {
			p.t.Errorf("cell (%d, %d): page %+v, native %+v", c.Row, c.Col, c, want)
		}
	}
	p.wholeHeaders("release-matrix")
	if len(rows) > maxMatrixRows || len(cells) >= m.Rows()*m.Columns() && m.Rows() > maxMatrixRows {
		p.t.Errorf("%d cells in %d rows in the document, of %d × %d: the matrix is not windowed", len(cells), len(rows), m.Rows(), m.Columns())
	}
}

// clippedHeaders are the column headers of the grid id whose text does
// not fit in its box, as a person would see them cut: the text's own
// extent (a Range's) against the header's.
const clippedHeaders = `((id) => [...document.querySelectorAll("#" + id + " .mhead .mcell")].filter(h => {
	const r = document.createRange(); r.selectNodeContents(h);
	const t = r.getBoundingClientRect(), b = h.getBoundingClientRect();
	return h.scrollWidth > h.clientWidth || t.left < b.left - 0.5 || t.right > b.right + 0.5 || t.top < b.top - 0.5 || t.bottom > b.bottom + 0.5 ||
		getComputedStyle(h).textOverflow === "ellipsis";
}).map(h => h.textContent))`

// wholeHeaders checks that every crawler's name in the grid id's header
// row shows whole, wrapped where it must, and that the header row covers
// none of the first row.
func (p *page) wholeHeaders(id string) {
	p.t.Helper()
	if cut := eval[[]string](p, clippedHeaders+"("+jsString(id)+")"); len(cut) > 0 {
		p.t.Errorf("%s: the headers %q do not show whole", id, cut)
	}
	js := fmt.Sprintf(`(() => { const s = document.getElementById(%q); const h = s.querySelector(".mhead").getBoundingClientRect();
		const r = s.querySelector('.mrow[data-row="' + s.querySelector(".mrow[data-row]").dataset.row + '"]').getBoundingClientRect();
		return s.scrollTop > 0 || r.top >= h.bottom - 0.5; })()`, id)
	if !eval[bool](p, js) {
		p.t.Errorf("%s: the header row covers the first row", id)
	}
}

// maxMatrixRows bounds the rows the matrix keeps in the document: 16 in
// view, at least 4 past each edge, moved 4 rows at a time (crawlergrid).
const maxMatrixRows = 28

// openedCell is the explanation below the matrix, a line each, as a
// person reads it.
func (p *page) openedCell() []string {
	p.t.Helper()
	return texts(p, "#release-cell .cell-line")
}

// checkOpened waits for the explanation of cell (i, j) and compares each
// line with the native one.
func (p *page) checkOpened(m *releaseview.Matrix, i, j int) {
	p.t.Helper()
	want := m.Explain(i, j).Text()
	p.waitFor(fmt.Sprintf(`document.querySelector("#release-cell h4")?.textContent === %s`, jsString(want[0])))
	if got := p.openedCell(); !reflect.DeepEqual(got, want) {
		p.t.Errorf("the opened cell (%d, %d) reads\n%s\nnatively\n%s", i, j, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// showMatrix picks the matrix in the "Show" chooser with the keyboard.
func (p *page) showMatrix() {
	p.t.Helper()
	p.focusField("release-show")
	p.key("ArrowDown", "ArrowDown", 40, 0)
	p.waitFor(`document.querySelector("#release-matrix .mrow[data-row] .mcell") !== null`)
	p.settle()
}

// focusGrid puts the focus on the matrix's one tab stop, as Tab would,
// and says which cell that is ("row,col").
func (p *page) focusGrid() string {
	p.t.Helper()
	return eval[string](p, `(() => { const c = document.querySelector('#release-matrix [role=gridcell][tabindex="0"]'); c.focus();
		return document.activeElement.closest(".mrow").dataset.row + "," + document.activeElement.dataset.col; })()`)
}

// renders are the components' render counts (browser.CountRender).
type renders struct {
	Explorer int `json:"explorer"`
	Panel    int `json:"releasePanel"`
	Results  int `json:"releaseResults"`
	Matrix   int `json:"releaseMatrix"`
}

func (p *page) renders() renders {
	p.t.Helper()
	p.settle()
	return eval[renders](p, `window.robotsExplorerRenders`)
}

// rendersAlone checks that what happened between before and now
// rendered the release check's results (or the matrix in them) and not
// the explorer or the panel around them.
func (p *page) rendersAlone(what string, before renders) {
	p.t.Helper()
	now := p.renders()
	if now.Explorer != before.Explorer || now.Panel != before.Panel || now.Results+now.Matrix == before.Results+before.Matrix {
		p.t.Errorf("%s: renders went from %+v to %+v; want the results or the matrix alone", what, before, now)
	}
}

// exported is a download captured (captureDownloads), summed up in the
// page: its name, type, size, lines and SHA-256; the text itself, tens of
// megabytes, stays there.
type exported struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
}

func (p *page) lastExport(n int) exported {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.__downloads.length === %d`, n))
	js := `(async () => { const d = window.__downloads.at(-1); const b = window.__blobs.find(x => x.url === d.href).blob;
		const h = new Uint8Array(await crypto.subtle.digest("SHA-256", await b.arrayBuffer()));
		return {name: d.name, type: b.type, bytes: b.size, sha256: [...h].map(x => x.toString(16).padStart(2, "0")).join("")}; })()`
	return evalPromise[exported](p, js, 120*time.Second)
}

// exportStats are the figures the page publishes after an export.
type exportStats struct {
	Rows    int     `json:"rows"`
	Bytes   int     `json:"bytes"`
	Ms      float64 `json:"ms"`
	BusyMs  float64 `json:"busyMs"`
	Slices  int     `json:"slices"`
	Longest float64 `json:"longestSliceMs"`
	BlobMs  float64 `json:"blobMs"`
	GCs     int     `json:"gcs"`
	GCMs    float64 `json:"gcMs"`
}

// exportView clicks a download button, waits for the file, and checks it
// is, byte for byte, what the native view exports; the figures are
// logged.
func (p *page) exportView(button, name string, n int, want string) {
	p.t.Helper()
	eval[bool](p, `(() => { delete window.robotsExplorerExport; return true; })()`)
	eval[bool](p, watchLongTasks)
	p.do(chromedp.Click(chromedp.ID(button)))
	p.waitFor(fmt.Sprintf(`(document.getElementById("release-export-status")?.textContent ?? "").startsWith("Writing") || window.__downloads.length === %d`, n))
	// The figures first: reading the file back for its digest is the
	// test's work, not the page's.
	p.waitFor(`window.robotsExplorerExport !== undefined`)
	lt := p.readLongTasks()
	s := eval[exportStats](p, `window.robotsExplorerExport`)
	got := p.lastExport(n)
	sum := sha256.Sum256([]byte(want))
	if got.Name != name || got.Bytes != len(want) || got.SHA256 != hex.EncodeToString(sum[:]) {
		p.t.Errorf("%s: the page offered %+v; natively %d bytes, SHA-256 %x", name, got, len(want), sum)
	}
	p.t.Logf("export of %d pairs as %s (%.1f MB): %.0f ms from the click to the download (%.0f ms writing in %d slices, longest slice %.1f ms; the Blob and the download %.0f ms); "+
		"longest main-thread task %.0f ms (%d long tasks, %.0f ms in all); %d garbage collections, %.0f ms paused in all",
		s.Rows, name, float64(s.Bytes)/1e6, s.Ms, s.BusyMs, s.Slices, s.Longest, s.BlobMs, lt.Longest, lt.Count, lt.Total, s.GCs, s.GCMs)
}

// box is an element's place on the page.
type box struct {
	Left   float64 `json:"left"`
	Top    float64 `json:"top"`
	Right  float64 `json:"right"`
	Bottom float64 `json:"bottom"`
	Width  float64 `json:"width"`
}

func (p *page) box(id string) box {
	p.t.Helper()
	return eval[box](p, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; })()`, id))
}

// editorsLayout checks the two files' editors beside each other on a wide
// screen and one above the other on a phone, with no sideways scroll.
func (p *page) editorsLayout() {
	p.t.Helper()
	p.resize(viewport{"wide", 1280, 900})
	p.settle()
	before, after := p.box("robots-before"), p.box("robots-src")
	if !(before.Right <= after.Left && before.Top == after.Top && before.Width >= 250 && after.Width >= 250) {
		p.t.Errorf("at 1280 px the editors are not side by side: before %+v, after %+v", before, after)
	}
	p.noSidewaysScroll("the release check, 1280 px")
	p.t.Logf("at 1280 px: before %.0f px wide at x %.0f, after %.0f px wide at x %.0f", before.Width, before.Left, after.Width, after.Left)
	p.resize(viewport{"phone", 390, 844})
	p.settle()
	before, after = p.box("robots-before"), p.box("robots-src")
	if !(before.Bottom <= after.Top && before.Left == after.Left) {
		p.t.Errorf("at 390 px the editors are not stacked: before %+v, after %+v", before, after)
	}
	p.noSidewaysScroll("the release check, 390 px")
}

// frames is what the page counted while the wheel turned.
type frames struct {
	N      int     `json:"n"`
	MaxGap float64 `json:"maxGap"`
	Ms     float64 `json:"ms"`
	tasks  longTasks
}

func (f frames) fps() float64 { return float64(f.N) / (f.Ms / 1000) }

// wheelFrames turns the wheel over an element, counting the frames and
// the long tasks meanwhile.
func (p *page) wheelFrames(id string, turns int, dy float64) frames {
	p.t.Helper()
	eval[bool](p, watchLongTasks)
	eval[bool](p, `(() => { const f = window.frames_ = {n: 0, maxGap: 0, last: performance.now(), start: performance.now(), on: true};
		const tick = now => { f.maxGap = Math.max(f.maxGap, now - f.last); f.last = now; f.n++; if (f.on) requestAnimationFrame(tick); };
		requestAnimationFrame(tick); return true; })()`)
	for i := 0; i < turns; i++ {
		p.wheel(id, dy)
	}
	f := eval[frames](p, `(() => { const f = window.frames_; f.on = false; return {n: f.n, maxGap: f.maxGap, ms: performance.now() - f.start}; })()`)
	f.tasks = p.readLongTasks()
	return f
}

// matrixCoversView checks that the columns rendered reach across the
// matrix's box: none in view is missing.
func (p *page) matrixCoversView(m *releaseview.Matrix) {
	p.t.Helper()
	type cover struct {
		Width    float64 `json:"width"`
		Left     float64 `json:"left"`
		Rendered []int   `json:"rendered"`
	}
	c := eval[cover](p, `(() => { const s = document.getElementById("release-matrix");
		const cols = [...new Set([...s.querySelectorAll(".mrow[data-row] .mcell[data-col]")].map(e => Number(e.dataset.col)))];
		return {width: s.clientWidth, left: s.scrollLeft, rendered: cols}; })()`)
	const urlWidth, colWidth = 180, 88 // crawlergrid's matrixURLWidth and matrixColWidth
	first := int(c.Left) / colWidth
	last := min(m.Columns()-1, int(c.Left+c.Width-urlWidth)/colWidth)
	have := map[int]bool{}
	for _, j := range c.Rendered {
		have[j] = true
	}
	for j := first; j <= last; j++ {
		if !have[j] {
			p.t.Errorf("column %d is in view (box %.0f px wide, scrolled %.0f px) but not rendered: %v", j, c.Width, c.Left, c.Rendered)
			return
		}
	}
}
