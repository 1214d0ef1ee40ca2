package ui

import (
	"strconv"

	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderProblems is the bar above the editor. Each count is a button to
// the next line with a problem of its kind, after the caret.
func renderProblems(p view.Problems, onNext app.EventHandler) app.UI {
	return app.Elem("div").ID("problems").Class("problems").Aria("label", "Problems in the file").Body(
		app.Range(p.File).Slice(func(i int) app.UI {
			d := p.File[i]
			return app.Elem("p").Class("file-problem", d.Severity.String()).DataSet("code", string(d.Code)).Body(
				app.Elem("strong").Text(view.SeverityMark(d.Severity)+" "+d.Severity.String()+" in the whole file: "),
				app.Text(view.Clipped(d.Message)),
				app.Elem("span").Class("source").Text(" ("+d.Source+")"),
			)
		}),
		app.Range(view.SeverityOrder[:]).Slice(func(i int) app.UI {
			s, n := view.SeverityOrder[i], p.Counts[i]
			word := s.Other
			if n == 1 {
				word = s.One
			}
			text := view.SeverityMark(s.Sev) + " " + strconv.Itoa(n) + " " + word
			if n == 0 {
				return app.Elem("span").Class("problem", "none").DataSet("severity", s.Sev.String()).Text(text)
			}
			return app.Elem("button").Attr("type", "button").Class("problem", "link", s.Sev.String()).
				DataSet("severity", s.Sev.String()).DataSet("index", i).
				Title("Go to the next line with " + view.WithArticle(s.One)).
				OnClick(onNext).Text(text)
		}),
	)
}

// onNextProblem moves the editor's caret to the next line with a problem
// of the button's kind.
func (e *explorer) onNextProblem(ctx app.Context, ev app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("index").String())
	if err != nil || i < 0 || i >= len(view.SeverityOrder) {
		return
	}
	if line, ok := e.problems.Next(i, caretLine("robots-src")); ok {
		ctx.NewActionWithValue(gotoLineAction, lineTarget{ID: "robots-src", Line: line})
	}
}
