package releasepanel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/internal/ui/crawlergrid"
)

// releaseResults is what a finished run shows below its summaries: the
// filters, and the pairs as a table or as a crawler × URL matrix, with
// their exports. The filters' state is its own, so that a filter changed
// renders this component alone: each handler takes the update back from
// the panel and the page around it (Host), as the rows do for a scroll.
type releaseResults struct {
	app.Compo

	Run *releaseview.Run
	Seq int // changes with every run shown
	// Host is the mounted panel's context (see releaseRows.Host).
	Host *app.Context

	ctx       app.Context
	seen      int
	filter    releaseview.Filter
	show      string // "" for the table, "matrix" for the matrix
	view      *releaseview.View
	matrix    *releaseview.Matrix
	viewSeq   int
	searchGen int

	export exportRun
}

// matrixOptions are the release check's grid's (crawlergrid.Options).
func matrixOptions() crawlergrid.Options {
	return crawlergrid.Options{ID: "release", Counter: "releaseMatrix", Empty: "No URL matches the filters.",
		Hint: "Open a cell (a click, or Enter) to see both files' deciding lines and why."}
}

// showMatrix is the value of the "Show" chooser that shows the matrix.
const showMatrix = "matrix"

func (r *releaseResults) OnMount(ctx app.Context) {
	r.ctx = ctx
	r.follow()
}

func (r *releaseResults) OnUpdate(ctx app.Context) { r.follow() }

func (r *releaseResults) OnDismount() { r.export.stop() }

// follow starts again with each new run: a crawler of the last run's
// filter may not be checked in this one.
func (r *releaseResults) follow() {
	if r.Seq == r.seen && r.view != nil {
		return
	}
	r.seen = r.Seq
	r.filter.Crawler = ""
	r.export.stop()
	r.refresh()
}

// refresh filters and sorts the pairs for what is shown.
func (r *releaseResults) refresh() {
	if r.Run == nil {
		return
	}
	start := browser.PerfNow()
	r.view = r.Run.View(r.filter)
	if r.show == showMatrix {
		r.matrix = r.Run.Matrix(r.filter)
	}
	r.viewSeq++
	stats := map[string]any{"rows": r.view.Len(), "ms": browser.PerfNow() - start, "seq": r.viewSeq}
	if r.matrix != nil && r.show == showMatrix {
		stats["matrixRows"], stats["matrixColumns"] = r.matrix.Rows(), r.matrix.Columns()
	}
	app.Window().Set("robotsExplorerReleaseView", stats)
}

// changed is the end of every filter's handler: the new view, and this
// component alone renders again.
func (r *releaseResults) changed() {
	r.refresh()
	r.alone()
}

// alone takes the update of an event in this component back from the
// panel and the page around it.
func (r *releaseResults) alone() {
	if r.Host != nil {
		r.Host.PreventUpdate()
	}
}

func (r *releaseResults) onVerdict(ctx app.Context, _ app.Event) {
	r.filter.Verdict = releaseview.Verdict(chosen(ctx))
	r.changed()
}

func (r *releaseResults) onUnchanged(ctx app.Context, _ app.Event) {
	r.filter.Unchanged = ctx.JSSrc().Get("checked").Bool()
	r.changed()
}

func (r *releaseResults) onCrawler(ctx app.Context, _ app.Event) {
	r.filter.Crawler = chosen(ctx)
	r.changed()
}

func (r *releaseResults) onSort(ctx app.Context, _ app.Event) {
	r.filter.Sort = releaseview.SortKey(chosen(ctx))
	r.changed()
}

func (r *releaseResults) onDesc(ctx app.Context, _ app.Event) {
	r.filter.Desc = ctx.JSSrc().Get("checked").Bool()
	r.changed()
}

func (r *releaseResults) onShow(ctx app.Context, _ app.Event) {
	r.show = chosen(ctx)
	r.changed()
}

func (r *releaseResults) onSearch(ctx app.Context, _ app.Event) {
	r.filter.Search = ctx.JSSrc().Get("value").String()
	r.searchGen++
	gen := r.searchGen
	ctx.PreventUpdate()
	ctx.After(searchDebounce, func(ctx app.Context) {
		if gen == r.searchGen {
			r.changed()
		}
	})
}

func (r *releaseResults) Render() app.UI {
	browser.CountRender("releaseResults")
	return app.Elem("div").ID("release-results").Body(
		r.renderFilters(),
		app.If(r.show == showMatrix && r.matrix != nil, func() app.UI {
			return crawlergrid.New(r.matrix, r.viewSeq, &r.ctx, matrixOptions())
		}).Else(func() app.UI {
			return &releaseRows{View: r.view, Seq: r.viewSeq, Host: &r.ctx}
		}),
	)
}
