package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/internal/ui/crawlergrid"
)

// crawlerResults is the verdicts while crawlers are chosen: each URL's
// verdict for each crawler, in the release check's grid (crawlergrid),
// with its exports. It is a component so that the grid's scrolls and
// keys render it alone, not the explorer around it (see crawlergrid's
// Host).
type crawlerResults struct {
	app.Compo

	Grid           *crawlerview.Verdicts
	Seq            int // changes with every new grid
	Summary, Scope string

	ctx   app.Context
	wrote string // what the last export wrote
	seen  int
}

// Files the exports are offered as.
const (
	crawlerCSV  = "crawler-verdicts.csv"
	crawlerJSON = "crawler-verdicts.json"
)

func (r *crawlerResults) OnMount(ctx app.Context) { r.ctx = ctx }

func (r *crawlerResults) OnUpdate(ctx app.Context) {
	if r.Seq != r.seen {
		r.seen, r.wrote = r.Seq, "" // said of another grid
	}
}

func (r *crawlerResults) onCSV(ctx app.Context, _ app.Event) {
	browser.DownloadAs(crawlerCSV, "text/csv;charset=utf-8", r.Grid.CSV())
	r.exported(crawlerCSV)
}

func (r *crawlerResults) onJSON(ctx app.Context, _ app.Event) {
	browser.DownloadAs(crawlerJSON, "application/json", r.Grid.JSON())
	r.exported(crawlerJSON)
}

func (r *crawlerResults) exported(name string) {
	r.seen = r.Seq
	r.wrote = "Wrote " + releaseview.Plural(r.Grid.Rows()*r.Grid.Columns(), "row") + " to " + name + "."
}

func (r *crawlerResults) Render() app.UI {
	return app.Elem("section").ID("results").Aria("labelledby", "results-title").Body(
		app.Elem("h2").ID("results-title").Text("Verdicts, by crawler"),
		app.Elem("p").ID("summary").Aria("live", "polite").Text(r.Summary),
		app.Elem("p").ID("results-scope").Class("scope-label").Text(r.Scope),
		crawlergrid.New(r.Grid, r.Seq, &r.ctx, crawlergrid.Options{ID: "explorer", Counter: "explorerMatrix",
			Empty: "No URL to check: type one or more in “URLs, one per line”.",
			Hint:  "Open a cell (a click, or Enter) to see its deciding line and why, as that crawler reads the file."}),
		app.Elem("div").Class("release-export").Body(
			app.Elem("button").Attr("type", "button").ID("explorer-csv").OnClick(r.onCSV).Text("Download CSV"),
			app.Elem("button").Attr("type", "button").ID("explorer-json").OnClick(r.onJSON).Text("Download JSON"),
			app.Elem("span").ID("explorer-export-status").Aria("live", "polite").Text(r.wrote),
		),
	)
}
