package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderProblems is the bar above the editor. Each count is a button to
// the next line with a problem of its kind, after the caret.
func renderProblems(p problems, onNext app.EventHandler) app.UI {
	return app.Elem("div").ID("problems").Class("problems").Aria("label", "Problems in the file").Body(
		app.Range(p.file).Slice(func(i int) app.UI {
			d := p.file[i]
			return app.Elem("p").Class("file-problem", d.Severity.String()).DataSet("code", string(d.Code)).Body(
				app.Elem("strong").Text(severityMark(d.Severity)+" "+d.Severity.String()+" in the whole file: "),
				app.Text(clipped(d.Message)),
				app.Elem("span").Class("source").Text(" ("+d.Source+")"),
			)
		}),
		app.Range(severityOrder[:]).Slice(func(i int) app.UI {
			s, n := severityOrder[i], p.counts[i]
			word := s.other
			if n == 1 {
				word = s.one
			}
			text := severityMark(s.sev) + " " + strconv.Itoa(n) + " " + word
			if n == 0 {
				return app.Elem("span").Class("problem", "none").DataSet("severity", s.sev.String()).Text(text)
			}
			return app.Elem("button").Attr("type", "button").Class("problem", "link", s.sev.String()).
				DataSet("severity", s.sev.String()).DataSet("index", i).
				Title("Go to the next line with " + withArticle(s.one)).
				OnClick(onNext).Text(text)
		}),
	)
}

// onNextProblem moves the editor's caret to the next line with a problem
// of the button's kind.
func (e *explorer) onNextProblem(ctx app.Context, ev app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("index").String())
	if err != nil || i < 0 || i >= len(severityOrder) {
		return
	}
	if line, ok := e.problems.next(i, caretLine("robots-src")); ok {
		ctx.NewActionWithValue(gotoLineAction, lineTarget{ID: "robots-src", Line: line})
	}
}

// caretLine is the line of a field's caret (0 when the field is missing).
func caretLine(id string) int {
	field := app.Window().GetElementByID(id)
	if !field.Truthy() {
		return 0
	}
	return lineCount(stringObject(field.Get("value")).Call("slice", 0, field.Get("selectionStart")).String())
}
