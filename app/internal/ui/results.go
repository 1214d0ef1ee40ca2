package ui

import (
	"strconv"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderResults is the table with one row per URL. Each row carries
// data-verdict, the verdict it leads with (the delivery's when the
// delivery decides), and data-rules, the rules' verdict; the URL is a button, so rows are chosen by keyboard too.
// scope says what every verdict rests on (deliveryView.summaryScope).
func renderResults(a *view.Analysis, scope string, chosen int, choose, onKey func(int) app.EventHandler) app.UI {
	if a == nil {
		return app.Elem("section").ID("results").Aria("label", "Results").Body(app.Elem("p").Text("Analysing…"))
	}
	return app.Elem("section").ID("results").Aria("labelledby", "results-title").Body(
		app.Elem("h2").ID("results-title").Text("Verdicts"),
		app.Elem("p").ID("summary").Aria("live", "polite").Text(a.Summary()),
		app.Elem("p").ID("results-scope").Class("scope-label").Text(scope),
		app.If(len(a.Rows) > 0, func() app.UI {
			return app.Elem("div").Class("table-wrap").Body(
				app.Elem("table").Class("results").Body(
					parts.TableHead("Verdict", "URL (choose to explain)", "Deciding line or reason"),
					app.Elem("tbody").Body(
						app.Range(a.Rows).Slice(func(i int) app.UI {
							return renderRow(a.Rows[i], i, i == chosen, choose(i), onKey(i))
						}),
					),
				),
			)
		}),
	)
}

func renderRow(r view.ResultRow, i int, chosen bool, onChoose, onKey app.EventHandler) app.UI {
	current := ""
	if chosen {
		current = "true"
	}
	shown := r.ShownVerdict()
	return app.Elem("tr").
		Class("row", shown).
		DataSet("verdict", shown).
		DataSet("rules", r.Verdict).
		DataSet("row", i).
		Aria("current", current).
		Body(
			app.Elem("td").Class("verdict-cell").Body(
				app.Elem("span").Class("badge", shown).Text(parts.VerdictText(shown)),
				app.If(r.Effective != "", func() app.UI {
					return app.Elem("span").Class("rules-verdict").Text("rules: " + r.Verdict)
				}),
			),
			app.Elem("td").Class("url-cell").Body(
				app.Elem("button").Attr("type", "button").Class("choose").ID(rowButtonID(i)).
					Aria("pressed", strconv.FormatBool(chosen)).
					OnClick(onChoose, app.EventScope("row", i)).
					OnKeyDown(onKey, app.EventScope("row", i)).
					Text(view.Clipped(r.URL)),
			),
			renderWhy(r),
		)
}

// renderWhy is a row's deciding line, as code (which may break anywhere),
// or the reason in words (which breaks only between words); its "line N"
// shows the line in the editor. Below it, what Google's 500 KiB cut makes
// of the verdict, when a rule past the cut decides it.
func renderWhy(r view.ResultRow) app.UI {
	td := app.Elem("td").Class("why")
	if r.Rule == "" || r.Line <= 0 {
		return td.Text(view.Clipped(r.Why))
	}
	return td.Body(lineLink("line", r.Line), app.Text(": "), app.Elem("code").Text(view.Clipped(r.Rule)),
		app.If(r.CutNote() != "", func() app.UI { return app.Elem("span").Class("cut-note").Text("▲ " + r.CutNote()) }))
}

func rowButtonID(i int) string { return "choose-" + strconv.Itoa(i) }

// rowAfterKey is where a key moves the choice in a table of n rows, from
// row i: the arrows step, Home and End jump. ok is false for other keys
// and at the ends.
func rowAfterKey(key string, i, n int) (next int, ok bool) {
	switch key {
	case "ArrowDown":
		next = i + 1
	case "ArrowUp":
		next = i - 1
	case "Home":
		next = 0
	case "End":
		next = n - 1
	default:
		return i, false
	}
	if next < 0 || next >= n || next == i {
		return i, false
	}
	return next, true
}
