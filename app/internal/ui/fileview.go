package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// markLabel is the label that goes with a colour of the annotated file.
func markLabel(mark string) string {
	switch mark {
	case "winner":
		return "▶ decides"
	case "match":
		return "● matches"
	}
	return ""
}

// renderFile is the file as the reading saw it for the chosen URL.
func renderFile(d *view.Detail) app.UI {
	return app.Elem("div").ID("file").Class("fileview").Body(
		app.Elem("h3").Text("The file, for this URL"),
		app.Elem("p").Class("legend").Body(
			app.Elem("span").Class("key winner").Text("▶ decides"),
			app.Elem("span").Class("key match").Text("● matches"),
			app.Elem("span").Class("key applies").Text("┃ group that applies"),
			app.Elem("span").Class("key other").Text("other groups dimmed"),
			app.Elem("span").Class("key diag").Text("✖ error ▲ warning ℹ note"),
		),
		app.Elem("div").Class("lines").Body(
			app.Range(d.Lines).Slice(func(i int) app.UI { return renderLine(d.Lines[i]) }),
			app.If(d.Unshown > 0, func() app.UI {
				return app.Elem("p").Class("fold").Text("⋯ " + view.Plural(d.Unshown, "more remarkable line") + " not shown")
			}),
		),
	)
}

// renderLine is one line of the file: number, mark, text, group label,
// then its diagnostics; or a fold.
func renderLine(r view.FileRow) app.UI {
	if r.Folded > 0 {
		return app.Elem("div").Class("fold").Text(view.FoldText(r.Folded))
	}
	return app.Elem("div").Class("line", r.Mark, "group-"+r.Group).
		DataSet("line", r.Number).
		DataSet("mark", r.Mark).
		DataSet("group", r.Group).
		Body(
			app.Elem("span").Class("ln").Text(r.Number),
			app.Elem("span").Class("mark").Text(markLabel(r.Mark)),
			app.Elem("code").Class("src").Text(view.Clipped(r.Text)),
			app.Elem("span").Class("group-label").Text(r.GroupLabel),
			app.If(len(r.Diags) > 0, func() app.UI {
				return app.Elem("ul").Class("diags").Body(app.Range(r.Diags).Slice(func(i int) app.UI {
					return renderDiag(r.Diags[i])
				}))
			}),
		)
}

func renderDiag(dg matcher.Diagnostic) app.UI {
	sev := dg.Severity.String()
	return app.Elem("li").Class("diag", sev).DataSet("code", string(dg.Code)).Body(
		app.Elem("span").Class("sev").Text(view.SeverityMark(dg.Severity)+" "+sev),
		app.Text(": "+view.Clipped(dg.Message)),
		app.If(dg.Source != "", func() app.UI { return app.Elem("span").Class("source").Text(" (" + dg.Source + ")") }),
	)
}
