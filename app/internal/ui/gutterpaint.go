package ui

import (
	"strconv"
	"strings"

	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// gutterRows remembers what the rows of a gutter show, so that a repaint
// writes only what changed: each write to a row's class or text has the
// browser restyle it, and the gutter is repainted at every keystroke and
// scroll.
type gutterRows struct {
	top   string
	shown []gutterRow
}

type gutterRow struct {
	line int
	mark view.LineMark
}

// paintGutter draws the numbers (and marks) of the lines of field in view
// into gutter, reusing its row elements; the field's first line is line
// base+1 of the file. was is what the gutter shows, and becomes what it
// shows now.
func paintGutter(gutter, field app.Value, lines, base int, marks map[int]view.LineMark, was *gutterRows) {
	if !gutter.Truthy() || !field.Truthy() {
		return
	}
	w := view.VisibleLines(field.Get("scrollTop").Float(), field.Get("clientHeight").Float(), lines)
	rows := gutter.Get("firstElementChild")
	doc := app.Window().Get("document")
	if !rows.Truthy() {
		rows = doc.Call("createElement", "div")
		rows.Set("className", "gutter-rows")
		gutter.Call("appendChild", rows)
		*was = gutterRows{}
	}
	if top := "translateY(" + strconv.FormatFloat(w.Top, 'f', 2, 64) + "px)"; top != was.top {
		rows.Get("style").Set("transform", top)
		was.top = top
	}
	kids := rows.Get("children")
	n := max(0, w.Last-w.First+1)
	for kids.Length() < n {
		row := doc.Call("createElement", "div")
		mark := doc.Call("createElement", "span")
		num := doc.Call("createElement", "span")
		num.Set("className", "n")
		row.Call("appendChild", mark)
		row.Call("appendChild", num)
		rows.Call("appendChild", row)
	}
	for kids.Length() > n {
		rows.Call("removeChild", rows.Get("lastElementChild"))
	}
	if len(was.shown) > n {
		was.shown = was.shown[:n]
	}
	for len(was.shown) < n {
		was.shown = append(was.shown, gutterRow{}) // a new row: painted below
	}
	for i := 0; i < n; i++ {
		r := gutterRow{line: base + w.First + i, mark: marks[base+w.First+i]}
		if r != was.shown[i] {
			paintGutterRow(kids.Index(i), r.line, r.mark)
			was.shown[i] = r
		}
	}
}

func paintGutterRow(row app.Value, line int, m view.LineMark) {
	row.Set("className", strings.TrimSpace("gl "+m.Class+" "+m.Verdict))
	row.Get("dataset").Set("line", line)
	mark := row.Get("firstElementChild")
	mark.Set("className", "m")
	mark.Set("textContent", m.Symbol)
	mark.Set("title", m.Label)
	row.Get("lastElementChild").Set("textContent", strconv.Itoa(line))
}
