package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/ui/crawlergrid"
	"robots-explorer/app/internal/view"
)

// The explorer's choice of crawlers: the release check's picker
// (crawlergrid.Picker) with a first choice of none. With crawlers chosen,
// the verdicts are a grid, a column per crawler (crawlerresults.go); the
// choice travels in links and saved work (permalink.State.Crawlers).

// noCrawlers is the picker's first choice: the product token alone.
const noCrawlers = "None: the product token alone"

func (e *explorer) renderCrawlerPick() app.UI {
	return crawlergrid.Picker{ID: "crawlers", Preset: e.pick.Preset, Own: e.pick.Own, Err: e.pickErr, None: noCrawlers,
		OnPreset: e.onCrawlerPreset, OnOwn: e.onCrawlerOwn}.Render()
}

// loadCrawlers takes the choice a loaded state names; one that cannot be
// read is said, and waits in the picker, the rest of the state loaded.
func (e *explorer) loadCrawlers(value string) {
	e.pick = view.ParseCrawlers(value)
	if _, err := e.pick.Crawlers(); err != nil {
		e.say(view.CrawlersProblem(err), "error")
	}
}

func (e *explorer) onCrawlerPreset(ctx app.Context, _ app.Event) {
	e.pick.Preset = ctx.JSSrc().Get("value").String()
	if e.pick.Preset == crawlergrid.NoPreset {
		e.pick.Preset = ""
	}
	e.in.Crawlers, e.edited = e.pick.Value(), true
	e.gen++
	e.analyze(ctx)
}

func (e *explorer) onCrawlerOwn(ctx app.Context, _ app.Event) {
	e.pick.Own = ctx.JSSrc().Get("value").String()
	e.in.Crawlers, e.edited = e.pick.Value(), true
	ctx.PreventUpdate()
	e.schedule(ctx)
}

// evaluateCrawlers works out the grid of the crawlers chosen, after the
// analysis; none while none are chosen or the list names what is not a
// crawler (said under the picker).
func (e *explorer) evaluateCrawlers() {
	cs, err := e.pick.Crawlers()
	e.pickErr, e.grid = "", nil
	if err != nil {
		e.pickErr = err.Error()
		return
	}
	if e.grid = view.CrawlerGrid(e.result, cs); e.grid != nil {
		e.deliverGrid(true)
	}
}

// deliverGrid gives the grid the delivery's verdict when the delivery
// decides (view.GridDelivery), as the token's table shows it; changed says
// the grid is new. A grid whose verdicts stay as they were keeps its
// active cell.
func (e *explorer) deliverGrid(changed bool) {
	if e.grid == nil {
		return
	}
	d := view.GridDelivery(e.delivery)
	if old := e.grid.Delivery(); !changed && (old == nil) == (d == nil) && (old == nil || *old == *d) {
		return
	}
	e.grid = e.grid.Delivered(d)
	e.gridSeq++
	e.gridSummary = view.GridSummary(e.result, e.grid)
}

// renderVerdicts is the grid while crawlers are chosen, else the table of
// the token's verdicts.
func (e *explorer) renderVerdicts() app.UI {
	if e.grid == nil {
		return renderResults(e.result, e.delivery.SummaryScope(), e.chosen, e.choose, e.onRowKey)
	}
	return &crawlerResults{Grid: e.grid, Seq: e.gridSeq, Summary: e.gridSummary, Scope: e.delivery.SummaryScope()}
}
