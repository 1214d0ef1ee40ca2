package pages

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
)

// renderCaseTools is the filter box, its count and the contents list of
// the cases shown; onInput reads the box as it is typed in.
func renderCaseTools(prefix string, views []view.CaseView, shown []int, query string, onInput app.EventHandler) app.UI {
	return app.Elem("nav").Class("card case-tools").Aria("label", "Contents").Body(
		app.Elem("label").Attr("for", prefix+"-filter").Text("Filter the cases"),
		app.ElemSelfClosing("input").ID(prefix+"-filter").Attr("type", "search").Attr("value", query).Spellcheck(false).
			Attr("placeholder", "a word of a rule, a URL, a name").Aria("describedby", prefix+"-filter-count").OnInput(onInput),
		app.Elem("p").ID(prefix+"-filter-count").Class("hint").Aria("live", "polite").Text(view.FilterCount(len(shown), len(views), query)),
		app.Elem("ol").Class("contents").Body(app.Range(shown).Slice(func(i int) app.UI {
			v := views[shown[i]]
			return app.Elem("li").Body(app.Elem("a").Attr("href", "#"+view.CaseAnchor(prefix, v.ID)).Text(view.CaseHeading(v)))
		})),
	)
}
