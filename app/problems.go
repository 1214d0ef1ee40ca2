package main

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/matcher"
)

// problems is the count of the file's diagnostics shown above the editor:
// the file-level errors first (an HTML page), then per severity the count
// and the lines that have one, for the buttons that go to the next.
type problems struct {
	file    matcher.DiagnosticList
	counts  [3]int   // by severityOrder
	lines   [3][]int // sorted, without repeats
	present bool     // a file was read
}

// severityOrder is the order of the buttons, and their words.
var severityOrder = [3]struct {
	sev        matcher.Severity
	one, other string
}{
	{matcher.Error, "error", "errors"},
	{matcher.Warning, "warning", "warnings"},
	{matcher.Info, "note", "notes"},
}

// fileLevel says whether a diagnostic is about the whole file rather than a
// line of it.
func fileLevel(d matcher.Diagnostic) bool { return d.Code == matcher.CodeHTMLBody }

func newProblems(f *matcher.File) problems {
	p := problems{present: f != nil}
	if f == nil {
		return p
	}
	for _, d := range f.Diagnostics {
		if fileLevel(d) {
			p.file = append(p.file, d)
			continue
		}
		for i, s := range severityOrder {
			if s.sev == d.Severity {
				p.counts[i]++
				p.lines[i] = append(p.lines[i], d.Pos.Line)
			}
		}
	}
	for i := range p.lines {
		slices.Sort(p.lines[i])
		p.lines[i] = slices.Compact(p.lines[i])
	}
	return p
}

// next is the first line after line with a problem of severity i, or the
// first such line when none is after it.
func (p problems) next(i, line int) (int, bool) {
	ls := p.lines[i]
	if len(ls) == 0 {
		return 0, false
	}
	at, _ := slices.BinarySearch(ls, line+1)
	if at == len(ls) {
		at = 0
	}
	return ls[at], true
}

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

func withArticle(word string) string {
	if word != "" && (word[0] == 'e' || word[0] == 'a') {
		return "an " + word
	}
	return "a " + word
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
	first := 1 // the file's number of the field's first line (editorpreview.go)
	if n, err := strconv.Atoi(field.Get("dataset").Get("firstLine").String()); err == nil {
		first = n
	}
	return first - 1 + lineCount(stringObject(field.Get("value")).Call("slice", 0, field.Get("selectionStart")).String())
}
