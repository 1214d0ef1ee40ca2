package releasepanel

import (
	"runtime"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/releaseview"
)

// exportRun is an export of the pairs shown, written in slices of about
// sliceMs as the evaluation is (releasePanel.slice): 400,000 rows written
// at once were one task of seconds. Each slice's bytes go to the page at
// once (browser.BlobParts), and the download is offered after the last.
type exportRun struct {
	y       yielder
	export  *releaseview.Export
	parts   *browser.BlobParts
	format  releaseview.Format
	seq     int // bumped by each export and by stop: an older slice ends
	start   float64
	busy    float64
	longest float64
	slices  int
	mem     runtime.MemStats // at the start, to count the collections of the export
	// wrote is what the last export wrote, the status once it is done.
	wrote string
}

// exportRowsAStep is how many rows a slice writes between two looks at
// the clock.
const exportRowsAStep = 64

func (e *exportRun) running() bool { return e.export != nil }

func (e *exportRun) stop() {
	e.seq++
	e.export, e.parts, e.wrote = nil, nil, ""
	e.y.stop()
}

func (r *releaseResults) onCSV(ctx app.Context, _ app.Event) { r.startExport(releaseview.CSV) }

func (r *releaseResults) onJSON(ctx app.Context, _ app.Event) { r.startExport(releaseview.JSON) }

// startExport writes the pairs shown in slices, then offers the file.
func (r *releaseResults) startExport(f releaseview.Format) {
	e := &r.export
	if r.view == nil || e.running() {
		r.alone()
		return
	}
	e.seq++
	e.export, e.parts, e.format, e.wrote = r.view.Export(f), browser.NewBlobParts(), f, ""
	e.start, e.busy, e.longest, e.slices = browser.PerfNow(), 0, 0, 0
	runtime.ReadMemStats(&e.mem)
	seq := e.seq
	e.y.post(func() { r.exportSlice(seq) })
	r.alone()
}

// exportSlice writes for about sliceMs, shows the progress in place and
// yields again; after the last rows it offers the download and renders.
func (r *releaseResults) exportSlice(seq int) {
	e := &r.export
	if seq != e.seq || e.export == nil {
		return
	}
	start := browser.PerfNow()
	done := false
	for !done && browser.PerfNow()-start < sliceMs {
		done = e.export.Step(exportRowsAStep)
	}
	e.parts.Add(e.export.Take())
	took := browser.PerfNow() - start
	e.busy += took
	e.longest = max(e.longest, took)
	e.slices++
	if !done {
		r.showExportProgress()
		e.y.post(func() { r.exportSlice(seq) })
		return
	}
	r.offer()
}

// offer downloads the file written and publishes the figures.
func (r *releaseResults) offer() {
	e := &r.export
	name, mime := "release-check.csv", "text/csv;charset=utf-8"
	if e.format == releaseview.JSON {
		name, mime = "release-check.json", "application/json"
	}
	t0 := browser.PerfNow()
	browser.DownloadParts(name, mime, e.parts)
	rows, _ := e.export.Progress()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	app.Window().Set("robotsExplorerExport", map[string]any{
		"format": string(e.format), "rows": rows, "bytes": e.parts.Size(), "ms": browser.PerfNow() - e.start,
		"busyMs": e.busy, "slices": e.slices, "longestSliceMs": e.longest, "blobMs": browser.PerfNow() - t0,
		"gcs": int(m.NumGC - e.mem.NumGC), "gcMs": float64(m.PauseTotalNs-e.mem.PauseTotalNs) / 1e6,
	})
	e.export, e.parts = nil, nil
	e.wrote = "Wrote " + releaseview.Plural(rows, "row") + " to " + name + "."
	r.ctx.Dispatch(func(app.Context) { r.alone() })
}

// showExportProgress writes the progress into the page directly, as the
// evaluation's does.
func (r *releaseResults) showExportProgress() {
	showText("release-export-status", r.exportText())
}

// showText sets the text of element id between two renders. It writes
// into the text node go-app rendered there, not textContent: textContent
// would put a new node in its place, and go-app's next render would then
// write to the node it keeps, no longer in the page, leaving this text on
// the screen for good.
func showText(id, text string) {
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return
	}
	if n := el.Get("firstChild"); n.Truthy() && n.Get("nodeType").Int() == 3 && !n.Get("nextSibling").Truthy() {
		n.Set("nodeValue", text)
		return
	}
	el.Set("textContent", text)
}

func (r *releaseResults) exportText() string {
	e := &r.export
	if !e.running() {
		return e.wrote
	}
	done, total := e.export.Progress()
	return "Writing " + string(e.format) + ": " + releaseview.Thousands(done) + " of " + releaseview.Plural(total, "row") + "…"
}

func (r *releaseResults) renderExport() app.UI {
	busy := r.export.running()
	button := func(id, label string, on app.EventHandler) app.UI {
		b := app.Elem("button").Attr("type", "button").ID(id).OnClick(on).Text(label)
		if busy {
			b = b.Attr("disabled", true) // only when set: see editor.Render
		}
		return b
	}
	return app.Elem("div").Class("release-export").Body(
		button("release-csv", "Download CSV", r.onCSV),
		button("release-json", "Download JSON", r.onJSON),
		app.Elem("span").ID("release-export-status").Aria("live", "polite").Text(r.exportText()),
	)
}
