package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
)

// renderInputNotices shows the notices of the pasted file, as a status
// that screen readers announce when it changes.
func renderInputNotices(c view.InputCheck, onDrop app.EventHandler) app.UI {
	return app.Elem("div").ID("input-notices").Aria("live", "polite").Body(
		app.Range(c.Notices).Slice(func(i int) app.UI {
			n := c.Notices[i]
			p := app.Elem("p").Class("callout", "notice").DataSet("notice", n.Kind)
			if n.Kind != "size" {
				return p.Text("▲ " + n.Text)
			}
			return p.Body(app.Text("▲ "+n.Text+" "),
				app.Elem("button").Attr("type", "button").Class("link").ID("drop-hidden").OnClick(onDrop).
					Text("Keep only the part analysed"))
		}),
	)
}

// onDropUnanalysed cuts the file to the part the page analyses: the only
// way the explorer lets go of pasted text. It is one edit, which Ctrl+Z
// undoes.
func (e *explorer) onDropUnanalysed(app.Context, app.Event) {
	text := view.BoundSource(e.in.Robots)
	e.source = editorContent{Seq: e.source.Seq + 1, Text: text}
	e.onSource(e.ctx, text)
}
