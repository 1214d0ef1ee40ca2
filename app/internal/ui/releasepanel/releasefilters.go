package releasepanel

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/releaseview"
)

// renderFilters is the filters, the choice of table or matrix, and the
// exports of the pairs shown.
func (r *releaseResults) renderFilters() app.UI {
	cs := r.Run.Crawlers()
	return app.Elem("div").Class("release-filters").Body(
		selectField("release-show", "Show", r.show, r.onShow,
			[2]string{"", "pairs, one a row"}, [2]string{showMatrix, "crawler × URL matrix"}),
		selectField("release-verdict", "Verdict after", string(r.filter.Verdict), r.onVerdict,
			[2]string{"", "any"}, [2]string{"allowed", "allowed"}, [2]string{"disallowed", "disallowed"}),
		app.Elem("div").Class("field").Body(
			app.Elem("label").Attr("for", "release-crawler").Text("Crawler"),
			app.Elem("select").ID("release-crawler").OnChange(r.onCrawler).Body(
				app.Elem("option").Attr("value", noValue).Attr("selected", r.filter.Crawler == "").Text("all"),
				app.Range(cs).Slice(func(i int) app.UI {
					return app.Elem("option").Attr("value", cs[i].Name).Attr("selected", cs[i].Name == r.filter.Crawler).Text(cs[i].Name)
				}),
			),
		),
		selectField("release-sort", "Sort", string(r.filter.Sort), r.onSort,
			[2]string{"", "list order"}, [2]string{"url", "URL"}, [2]string{"crawler", "crawler"}, [2]string{"change", "changes first"}),
		app.Elem("div").Class("field").Body(
			app.Elem("label").Attr("for", "release-search").Text("Search URLs"),
			app.ElemSelfClosing("input").ID("release-search").Attr("type", "search").Spellcheck(false).OnInput(r.onSearch),
		),
		checkField("release-unchanged", "Show unchanged pairs", r.filter.Unchanged, r.onUnchanged),
		checkField("release-desc", "Reverse the order", r.filter.Desc, r.onDesc),
		r.renderExport(),
		app.Elem("p").ID("release-count").Aria("live", "polite").Text(r.countText()),
	)
}

// countText says how much of the run the filters show.
func (r *releaseResults) countText() string {
	total := releaseview.Plural(r.Run.Rows(), "pair")
	if r.show == showMatrix && r.matrix != nil {
		return "Showing " + releaseview.Plural(r.matrix.Rows(), "URL") + " × " + releaseview.Plural(r.matrix.Columns(), "crawler") + " of " + total + "."
	}
	shown := 0
	if r.view != nil {
		shown = r.view.Len()
	}
	return "Showing " + releaseview.Thousands(shown) + " of " + total + "."
}

// noValue is the value of an option that stands for none ("any", "all"):
// go-app drops an empty attribute, and an option without a value has its
// text for one. No crawler is named "*", as it is not a product token.
const noValue = "*"

func optionValue(v string) string {
	if v == "" {
		return noValue
	}
	return v
}

// chosen is the value of the select an event came from, "" for noValue.
func chosen(ctx app.Context) string {
	if v := ctx.JSSrc().Get("value").String(); v != noValue {
		return v
	}
	return ""
}

func selectField(id, label, value string, on app.EventHandler, opts ...[2]string) app.UI {
	return app.Elem("div").Class("field").Body(
		app.Elem("label").Attr("for", id).Text(label),
		app.Elem("select").ID(id).OnChange(on).Body(app.Range(opts).Slice(func(i int) app.UI {
			return app.Elem("option").Attr("value", optionValue(opts[i][0])).Attr("selected", opts[i][0] == value).Text(opts[i][1])
		})),
	)
}

func checkField(id, label string, checked bool, on app.EventHandler) app.UI {
	return app.Elem("div").Class("field check").Body(
		app.Elem("label").Body(
			app.ElemSelfClosing("input").ID(id).Attr("type", "checkbox").Attr("checked", checked).OnChange(on),
			app.Text(" "+label),
		),
	)
}
