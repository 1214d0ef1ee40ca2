//go:build e2e && !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// The release check, as a person runs it: open the check, load
// a sitemap of 50,000 URLs from disk, paste the file in production and
// the candidate, pick the AI crawlers' preset and read the changed pairs,
// which must be what releaseview works out natively for the same input.
// Then the figures the issue asks for are logged, not asserted (speed
// figures come from benchmarks, not from a shared test machine): 10,000
// URLs × 40 crawlers, a 100,000-URL diff for one crawler, each with the
// longest main-thread task, and the frame rate while the wheel scrolls
// the 100,000-row table.

const (
	releaseBefore = "User-agent: *\nDisallow: /private/\n"
	releaseAfter  = "User-agent: GPTBot\nDisallow: /blog/\n\nUser-agent: *\nDisallow: /private/\nDisallow: /search\n"
)

// fortyCrawlers is an own list of the 40 crawlers the timed runs are
// sized for: the directory's, in its order, made up to 40 with bare
// tokens, so that the workload stays the same as the directory grows.
func fortyCrawlers() string {
	var names []string
	for _, c := range crawler.All() {
		names = append(names, c.Name)
	}
	for i := 0; len(names) < 40; i++ {
		names = append(names, "ExampleBot-"+string(rune('A'+i)))
	}
	return strings.Join(names[:40], ", ")
}

// releaseURLs are n URLs of a shop, a fifth each under /private/, /blog/
// and /search, the rest products.
func releaseURLs(n int) []string {
	out := make([]string, n)
	for i := range out {
		switch i % 5 {
		case 0:
			out[i] = fmt.Sprintf("https://shop.example/private/item-%d", i)
		case 1:
			out[i] = fmt.Sprintf("https://shop.example/blog/post-%d", i)
		case 2:
			out[i] = fmt.Sprintf("https://shop.example/search?q=%d", i)
		default:
			out[i] = fmt.Sprintf("https://shop.example/products/%d", i)
		}
	}
	return out
}

func sitemapOf(urls []string) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, u := range urls {
		b.WriteString("<url><loc>" + u + "</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func gzipBytes(t *testing.T, data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// releaseStatsJS are the figures the panel publishes when a run ends.
type releaseStatsJS struct {
	URLs      int     `json:"urls"`
	Crawlers  int     `json:"crawlers"`
	Pairs     int     `json:"pairs"`
	Changed   int     `json:"changed"`
	Ms        float64 `json:"ms"`
	BusyMs    float64 `json:"busyMs"`
	Slices    int     `json:"slices"`
	Longest   float64 `json:"longestSliceMs"`
	Finish    float64 `json:"finishMs"`
	First     float64 `json:"firstSliceMs"`
	Gaps      float64 `json:"gapsMs"`
	Setup     float64 `json:"setupMs"`
	Render    float64 `json:"renderMs"`
	GCs       int     `json:"gcs"`
	GCMs      float64 `json:"gcMs"`
	LongestGC float64 `json:"longestGCMs"`
	HeapMiB   float64 `json:"heapMiB"`
	Cancelled bool    `json:"cancelled"`
}

// runRelease clicks "Check the release" and waits for the run to end.
// gc is the garbage collections of a run, in words.
func (s releaseStatsJS) gc() string {
	return fmt.Sprintf("%d garbage collections, %.0f ms paused in all, longest %.0f ms; heap %.0f MiB", s.GCs, s.GCMs, s.LongestGC, s.HeapMiB)
}

func (p *page) runRelease() releaseStatsJS {
	p.t.Helper()
	eval[bool](p, `(() => { delete window.robotsExplorerRelease; return true; })()`)
	eval[bool](p, watchLongTasks)
	p.do(chromedp.Click(chromedp.ID("release-run")))
	p.waitFor(`window.robotsExplorerRelease?.renderMs !== undefined && document.getElementById("release-count") !== null`)
	return eval[releaseStatsJS](p, `window.robotsExplorerRelease`)
}

// shownRow is a row of the virtual table, as its data attributes say.
type shownRow struct {
	Index   int    `json:"index"`
	Crawler string `json:"crawler"`
	URL     string `json:"url"`
	Before  string `json:"before"`
	After   string `json:"after"`
}

const readReleaseRows = `[...document.querySelectorAll("#release-window .vrow")].map(r => ({
	index: Number(r.getAttribute("aria-rowindex")) - 2, crawler: r.dataset.crawler, url: r.dataset.url,
	before: r.dataset.before, after: r.dataset.after}))`

func texts(p *page, sel string) []string {
	return eval[[]string](p, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent)`, sel))
}

// sameRows checks that the rows the page shows are those of the native
// view at the same places.
func sameReleaseRows(t *testing.T, got []shownRow, v *releaseview.View) {
	t.Helper()
	if len(got) == 0 {
		t.Fatal("the table shows no rows")
	}
	for _, r := range got {
		if r.Index < 0 || r.Index >= v.Len() {
			t.Fatalf("row %d shown, of %d", r.Index, v.Len())
		}
		p := v.Pair(r.Index)
		want := shownRow{Index: r.Index, Crawler: p.Crawler, URL: p.URL, Before: p.Old.Word(), After: p.New.Word()}
		if r != want {
			t.Errorf("row %d: page %+v, native %+v", r.Index, r, want)
		}
	}
}

// maxRowsInDocument bounds the rows a virtualised table keeps in the
// document: those in view and a few past each edge (16 and 8 each side in
// releaseRows), against the tens of thousands it holds.
const maxRowsInDocument = 64

// showTable brings the results into the middle of the window, as a
// person scrolling the page down to them would.
func (p *page) showTable() {
	p.t.Helper()
	eval[bool](p, `(() => { document.getElementById("release-rows").scrollIntoView({block: "center"}); return true; })()`)
	p.settle()
}

// waitLink waits until the address bar's link holds a state that ok
// accepts, and returns its fragment.
func (p *page) waitLink(ok func(permalink.State) bool) string {
	p.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		frag := strings.TrimPrefix(eval[string](p, `location.hash`), "#")
		if s, err := permalink.Decode(frag); err == nil && frag != "" && ok(s) {
			return frag
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the link %.80q… never held the state", frag)
		}
		time.Sleep(20 * time.Millisecond) // a polling interval, as chromedp.Poll's
	}
}

func TestE2ERelease(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	p.do(chromedp.Click(chromedp.ID("release-toggle")))
	p.waitFor(`document.getElementById("robots-before") !== null && document.getElementById("release-run") !== null`)

	// A sitemap of 50,000 URLs, from disk.
	urls := releaseURLs(50_000)
	sitemap := sitemapOf(urls)
	p.do(chromedp.SetUploadFiles(chromedp.ID("release-list-file"), []string{writeTemp(t, "sitemap.xml", sitemap)}))
	p.waitFor(`(document.getElementById("release-list-summary")?.textContent ?? "").startsWith("50,000 URLs from sitemap.xml")`)

	// Both files, pasted.
	p.paste("robots-before", releaseBefore)
	p.paste("robots-src", releaseAfter)
	p.waitFor(fmt.Sprintf(`document.getElementById("robots-before").value === %s && window.robotsExplorerTiming.bytes === %d`,
		jsString(releaseBefore), len(releaseAfter)))

	// The AI crawlers' preset, with the keyboard: it follows the search
	// engines' in the list.
	p.focusField("release-preset")
	p.key("ArrowDown", "ArrowDown", 40, 0)
	p.waitFor(`document.getElementById("release-preset").value === "ai"`)
	stats := p.runRelease()

	list, err := releaseview.ReadList("sitemap.xml", sitemap, "")
	if err != nil {
		t.Fatal(err)
	}
	ai := releaseview.ByPurpose(releaseview.AIPurposes...)
	native := releaseview.Start(releaseview.Input{Before: releaseBefore, After: releaseAfter, Reading: matcher.RFC9309, Crawlers: ai, URLs: list.URLs})
	native.Step(len(list.URLs))
	if stats.URLs != 50_000 || stats.Crawlers != len(ai) || stats.Pairs != native.Rows() || stats.Changed != native.Changed() {
		t.Fatalf("the page checked %+v; natively %d URLs × %d crawlers give %d pairs, %d changed", stats, len(list.URLs), len(ai), native.Rows(), native.Changed())
	}
	var changes, lines []string
	changes = releaseview.AllChanges(native.Summaries())
	for _, s := range native.Summaries() {
		lines = append(lines, s.Line())
	}
	if got := texts(p, "#release-changes li"); !reflect.DeepEqual(got, changes) {
		t.Errorf("the page says\n%s\nnatively\n%s", strings.Join(got, "\n"), strings.Join(changes, "\n"))
	}
	// The candidate adds a blank line (line 3), which decides nothing: it
	// is counted under the edited lines, not listed among them.
	if got := texts(p, "#release-blanks"); len(got) != 1 || got[0] != releaseview.BlanksNote(1) {
		t.Errorf("under the edited lines the page says %q, want %q", got, releaseview.BlanksNote(1))
	}
	for _, code := range texts(p, "#release-diff li code") {
		if strings.TrimSpace(code) == "" {
			t.Errorf("the edited lines list a blank line: %q", texts(p, "#release-diff li"))
		}
	}
	if got := texts(p, "#release-crawlers li"); !reflect.DeepEqual(got, lines) {
		t.Errorf("per crawler, the page says\n%s\nnatively\n%s", strings.Join(got, "\n"), strings.Join(lines, "\n"))
	}
	home := map[string]string{}
	for _, h := range releaseview.AIHomePage(releaseBefore, releaseAfter, matcher.RFC9309) {
		home[h.Crawler] = h.After.Word()
	}
	if got := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll("#release-home li")].map(l => [l.dataset.crawler, l.dataset.verdict]))`); !reflect.DeepEqual(got, home) {
		t.Errorf("the home page for AI crawlers: page %v, native %v", got, home)
	}
	// The AI preset is the directory's AI crawlers, the ones site owners
	// name among them: each has its line on the page.
	shown := texts(p, "#release-crawlers li")
	for _, name := range []string{"GPTBot", "ClaudeBot", "CCBot", "PerplexityBot", "Perplexity-User", "meta-externalagent", "Bytespider"} {
		if !slices.ContainsFunc(shown, func(l string) bool { return strings.HasPrefix(l, name+": ") }) {
			t.Errorf("the AI preset's crawlers on the page lack %s: %q", name, shown)
		}
	}
	changed := native.View(releaseview.Filter{})
	if got, want := eval[string](p, `document.getElementById("release-count").textContent`),
		fmt.Sprintf("Showing %s of %s.", releaseview.Thousands(changed.Len()), releaseview.Plural(native.Rows(), "pair")); got != want {
		t.Errorf("count %q, want %q", got, want)
	}
	sameReleaseRows(t, eval[[]shownRow](p, readReleaseRows), changed)
	lt := p.readLongTasks()
	t.Logf("50,000 URLs (sitemap) × %d AI crawlers: %d pairs, %d changed, in %.0f ms (%.0f ms evaluating in %d slices, longest slice %.1f ms); "+
		"first slice %.0f ms after the click, %.0f ms between slices in all; line diff %.0f ms; set-up %.0f ms, render with the first view %.0f ms; longest main-thread task %.0f ms (%d long tasks); %s",
		stats.Crawlers, stats.Pairs, stats.Changed, stats.Ms, stats.BusyMs, stats.Slices, stats.Longest, stats.First, stats.Gaps, stats.Finish, stats.Setup, stats.Render, lt.Longest, lt.Count, stats.gc())

	// The wheel moves the window: the rows shown further down are the
	// native view's at those places, and only a window of them is in the
	// document.
	p.showTable()
	for i := 0; i < 5; i++ {
		p.wheel("release-rows", 2000)
	}
	p.waitFor(`Number(document.querySelector("#release-window .vrow")?.getAttribute("aria-rowindex")) > 100`)
	p.settle()
	sameReleaseRows(t, eval[[]shownRow](p, readReleaseRows), changed)
	if n := eval[int](p, `document.querySelectorAll("#release-window .vrow").length`); n > maxRowsInDocument {
		t.Errorf("%d rows in the document: the table is not virtualised", n)
	}

	// Filters, from the keyboard and the mouse: one crawler, and a search.
	// A filter renders the results alone, not the explorer around them.
	was := p.renders()
	p.focusField("release-crawler")
	p.key("ArrowDown", "ArrowDown", 40, 0) // the first crawler after "all"
	first := ai[0].Name
	p.waitFor(fmt.Sprintf(`document.getElementById("release-count").textContent === %s`,
		jsString("Showing "+releaseview.Thousands(native.View(releaseview.Filter{Crawler: first}).Len())+" of "+releaseview.Plural(native.Rows(), "pair")+".")))
	p.rendersAlone("a crawler chosen in the filter", was)
	p.focusField("release-search")
	p.insertText("/search")
	searched := native.View(releaseview.Filter{Crawler: first, Search: "/search"})
	p.waitFor(fmt.Sprintf(`document.getElementById("release-count").textContent.startsWith(%s)`, jsString("Showing "+releaseview.Thousands(searched.Len())+" of")))
	sameReleaseRows(t, eval[[]shownRow](p, readReleaseRows), searched)

	// The matrix of the changed pairs: every crawler, the search cleared.
	p.focusField("release-crawler")
	p.key("ArrowUp", "ArrowUp", 38, 0) // back to "all"
	p.focusField("release-search")
	p.key("a", "KeyA", 65, ctrl, "selectAll")
	p.key("Backspace", "Backspace", 8, 0, "deleteBackward")
	p.waitFor(fmt.Sprintf(`document.getElementById("release-count").textContent === %s`,
		jsString("Showing "+releaseview.Thousands(changed.Len())+" of "+releaseview.Plural(native.Rows(), "pair")+".")))
	p.showMatrix()
	grid := native.Matrix(releaseview.Filter{})
	if got, want := eval[string](p, `document.getElementById("release-count").textContent`), "Showing "+releaseview.Plural(grid.Rows(), "URL")+" × "+
		releaseview.Plural(grid.Columns(), "crawler")+" of "+releaseview.Plural(native.Rows(), "pair")+"."; got != want {
		t.Errorf("matrix count %q, want %q", got, want)
	}
	p.sameMatrixCells(grid)
	// A cell opens from the keyboard: its tab stop, the arrows, Enter;
	// Page Down moves the window with the active cell; Space and End too.
	if id := p.focusGrid(); id != "0,0" {
		t.Fatalf("the matrix's tab stop is %q, want its first cell", id)
	}
	for i := 0; i < 3; i++ {
		p.key("ArrowDown", "ArrowDown", 40, 0)
	}
	p.key("ArrowRight", "ArrowRight", 39, 0)
	p.key("ArrowRight", "ArrowRight", 39, 0)
	p.waitFor(activeCell(3, 2))
	was = p.renders()
	p.key("Enter", "Enter", 13, 0)
	p.checkOpened(grid, 3, 2)
	p.rendersAlone("a cell opened", was)
	for i := 0; i < 5; i++ {
		p.key("PageDown", "PageDown", 34, 0)
	}
	p.waitFor(activeCell(83, 2))
	p.key(" ", "Space", 32, 0)
	p.checkOpened(grid, 83, 2)
	p.sameMatrixCells(grid)
	p.key("End", "End", 35, 0)
	p.waitFor(activeCell(83, grid.Columns()-1))
	p.key("Enter", "Enter", 13, 0)
	p.checkOpened(grid, 83, grid.Columns()-1)
	p.sameMatrixCells(grid)
	for _, v := range p.audit() { // the matrix with a cell open
		if blocking[v.Impact] {
			t.Errorf("accessibility of the matrix: %s", v)
		}
	}
	for _, size := range viewports { // the matrix fits a phone too: it scrolls in its box
		p.resize(size)
		p.settle()
		p.noSidewaysScroll("the matrix, " + size.name)
		p.sameMatrixCells(grid)
		p.matrixCoversView(grid)
	}

	// Both versions travel in the link and in the saved work.
	link := p.waitLink(func(s permalink.State) bool { return s.Before == releaseBefore && s.Robots == releaseAfter })
	bothFiles := fmt.Sprintf(`document.getElementById("robots-before")?.value === %s && document.getElementById("robots-src").value === %s`,
		jsString(releaseBefore), jsString(releaseAfter))
	p.load() // no link: the work saved in this browser
	p.waitFor(bothFiles)
	p.open("/#" + link)
	p.waitFor(bothFiles)

	t.Run("10,000 URLs × 40 crawlers", func(t *testing.T) {
		p.t = t
		list := releaseURLs(10_000)
		p.paste("release-urls", strings.Join(list, "\n"))
		p.waitFor(`(document.getElementById("release-list-summary")?.textContent ?? "").startsWith("10,000 URLs from the pasted list")`)
		p.focusField("release-preset")
		p.key("End", "End", 35, 0)
		p.waitFor(`document.getElementById("release-own") !== null`)
		p.focusField("release-own")
		p.insertText(fortyCrawlers())
		s := p.runRelease()
		lt := p.readLongTasks()
		if s.Pairs != 10_000*40 || s.Crawlers != 40 {
			t.Fatalf("checked %+v, want 400,000 pairs of 40 crawlers", s)
		}
		t.Logf("10,000 URLs × %d crawlers (%d pairs): %.0f ms from the click to the results (%.0f ms evaluating in %d slices, longest slice %.1f ms, %.0f ms between slices); "+
			"line diff %.0f ms; set-up %.0f ms, render with the first view %.0f ms; longest main-thread task %.0f ms (%d long tasks, %.0f ms in all); %s",
			s.Crawlers, s.Pairs, s.Ms, s.BusyMs, s.Slices, s.Longest, s.Gaps, s.Finish, s.Setup, s.Render, lt.Longest, lt.Count, lt.Total, s.gc())

		// All 400,000 pairs exported, in slices: the files are the native
		// view's, byte for byte.
		read, err := releaseview.ReadList("the pasted list", []byte(strings.Join(list, "\n")), "")
		if err != nil {
			t.Fatal(err)
		}
		cs, err := releaseview.Choose(releaseview.Own, fortyCrawlers())
		if err != nil {
			t.Fatal(err)
		}
		nat := releaseview.Start(releaseview.Input{Before: releaseBefore, After: releaseAfter, Reading: matcher.RFC9309, Crawlers: cs, URLs: read.URLs})
		nat.Step(len(read.URLs))
		p.do(chromedp.Click(chromedp.ID("release-unchanged")))
		p.waitFor(`document.getElementById("release-count").textContent === "Showing 400,000 of 400,000 pairs."`)
		all := nat.View(releaseview.Filter{Unchanged: true})
		eval[bool](p, captureDownloads)
		p.exportView("release-csv", "release-check.csv", 1, all.CSV())
		p.exportView("release-json", "release-check.json", 2, all.JSON())

		// The matrix of 10,000 URLs × 40 crawlers: a click opens a cell,
		// and the wheel moves the window.
		p.showMatrix()
		grid := nat.Matrix(releaseview.Filter{Unchanged: true})
		p.sameMatrixCells(grid)
		p.do(chromedp.Click(chromedp.CSS(`#release-matrix .mrow[data-row="2"] .mcell[data-col="5"]`)))
		p.checkOpened(grid, 2, 5)
		eval[bool](p, `(() => { document.getElementById("release-matrix").scrollIntoView({block: "center"}); return true; })()`)
		p.settle()
		f := p.wheelFrames("release-matrix", 50, 600)
		p.waitFor(`Number(document.querySelector("#release-matrix-window .mrow")?.getAttribute("aria-rowindex")) > 100`)
		p.settle()
		p.sameMatrixCells(grid)
		t.Logf("wheel over the 10,000 × 40 matrix: 50 turns of 600 px in %.0f ms: %.1f frames a second, longest frame gap %.0f ms, longest main-thread task %.0f ms (%d long tasks)",
			f.Ms, f.fps(), f.MaxGap, f.tasks.Longest, f.tasks.Count)
	})

	t.Run("100,000 URLs for one crawler, then the wheel", func(t *testing.T) {
		p.t = t
		list := releaseURLs(100_000)
		p.do(chromedp.SetUploadFiles(chromedp.ID("release-list-file"), []string{writeTemp(t, "urls.txt.gz", gzipBytes(t, []byte(strings.Join(list, "\n"))))}))
		p.waitFor(`(document.getElementById("release-list-summary")?.textContent ?? "").startsWith("100,000 URLs from urls.txt.gz")`)
		p.focusField("release-own")
		p.key("a", "KeyA", 65, ctrl, "selectAll")
		p.insertText("Googlebot")
		s := p.runRelease()
		lt := p.readLongTasks()
		if s.Pairs != 100_000 || s.Crawlers != 1 {
			t.Fatalf("checked %+v, want 100,000 pairs of one crawler", s)
		}
		t.Logf("100,000 URLs (.txt.gz) × 1 crawler: %.0f ms from the click to the results (%.0f ms evaluating in %d slices, longest slice %.1f ms, %.0f ms between slices); "+
			"line diff %.0f ms; set-up %.0f ms, render with the first view %.0f ms; longest main-thread task %.0f ms (%d long tasks); %s", s.Ms, s.BusyMs, s.Slices, s.Longest, s.Gaps, s.Finish, s.Setup, s.Render, lt.Longest, lt.Count, s.gc())

		p.do(chromedp.Click(chromedp.ID("release-unchanged")))
		p.waitFor(`document.getElementById("release-count").textContent === "Showing 100,000 of 100,000 pairs."`)
		p.showTable()
		f := p.wheelFrames("release-rows", 100, 600)
		lt = f.tasks
		top := eval[int](p, `Number(document.querySelector("#release-window .vrow").getAttribute("aria-rowindex"))`)
		if top < 1000 {
			t.Errorf("after 100 turns of the wheel the table shows row %d", top)
		}
		t.Logf("wheel over the 100,000-row table: 100 turns of 600 px in %.0f ms: %.1f frames a second, longest frame gap %.0f ms, "+
			"longest main-thread task %.0f ms (%d long tasks); now at row %d", f.Ms, f.fps(), f.MaxGap, lt.Longest, lt.Count, top)
	})

	t.Run("the matrix of 100,000 URLs × 40 crawlers", func(t *testing.T) {
		p.t = t
		own := fortyCrawlers()
		p.focusField("release-own")
		p.key("a", "KeyA", 65, ctrl, "selectAll")
		p.insertText(own)
		s := p.runRelease()
		if s.Pairs != 100_000*40 {
			t.Fatalf("checked %+v, want 4,000,000 pairs", s)
		}
		p.do(chromedp.Click(chromedp.ID("release-unchanged")))
		p.showMatrix()
		cs, err := releaseview.Choose(releaseview.Own, own)
		if err != nil {
			t.Fatal(err)
		}
		nat := releaseview.Start(releaseview.Input{Before: releaseBefore, After: releaseAfter, Reading: matcher.RFC9309, Crawlers: cs, URLs: releaseURLs(100_000)})
		nat.Step(100_000)
		grid := nat.Matrix(releaseview.Filter{Unchanged: true})
		if grid.Rows() != 100_000 || grid.Columns() != 40 {
			t.Fatalf("the native matrix is %d × %d", grid.Rows(), grid.Columns())
		}
		p.sameMatrixCells(grid)
		eval[bool](p, `(() => { document.getElementById("release-matrix").scrollIntoView({block: "center"}); return true; })()`)
		p.settle()
		f := p.wheelFrames("release-matrix", 100, 600)
		p.settle()
		p.sameMatrixCells(grid)
		top := eval[int](p, `Number(document.querySelector("#release-matrix-window .mrow").getAttribute("aria-rowindex"))`)
		t.Logf("100,000 URLs × 40 crawlers (%d pairs) in %.0f ms (%.0f ms evaluating in %d slices, longest slice %.1f ms); %s. "+
			"Wheel over its matrix: 100 turns of 600 px in %.0f ms: %.1f frames a second, longest frame gap %.0f ms, longest main-thread task %.0f ms (%d long tasks); now at row %d",
			s.Pairs, s.Ms, s.BusyMs, s.Slices, s.Longest, s.gc(), f.Ms, f.fps(), f.MaxGap, f.tasks.Longest, f.tasks.Count, top)
	})

	t.Run("Cancel", func(t *testing.T) {
		p.t = t
		p.focusField("release-own")
		p.key("a", "KeyA", 65, ctrl, "selectAll")
		p.insertText("all")
		eval[bool](p, `(() => { delete window.robotsExplorerRelease; return true; })()`)
		p.do(chromedp.Click(chromedp.ID("release-run")))
		p.waitFor(`document.getElementById("release-cancel") !== null && document.getElementById("release-progress-bar").value > 0`)
		p.do(chromedp.Click(chromedp.ID("release-cancel")))
		p.waitFor(`(document.getElementById("release-progress-text")?.textContent ?? "").startsWith("Cancelled after")`)
		s := eval[releaseStatsJS](p, `window.robotsExplorerRelease`)
		if !s.Cancelled || s.URLs >= 100_000 || s.Pairs != s.URLs*s.Crawlers {
			t.Errorf("after Cancel: %+v", s)
		}
	})
	p.t = t

	// With its results shown, the check has no serious or critical
	// accessibility violation (the audit of TestE2EAccessibility), and
	// fits a phone's width and a wide screen.
	p.editorsLayout()
	for _, v := range p.audit() {
		if blocking[v.Impact] {
			t.Errorf("accessibility: %s", v)
		}
	}
	for _, size := range viewports {
		p.resize(size)
		p.settle()
		p.noSidewaysScroll("the release check, " + size.name)
	}
	p.noConsoleErrors()
}
