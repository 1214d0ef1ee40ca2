package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
)

// renderInputNotices shows the notices of the pasted file, as a status
// that screen readers announce when it changes.
func renderInputNotices(c view.InputCheck) app.UI {
	return app.Elem("div").ID("input-notices").Aria("live", "polite").Body(
		app.Range(c.Notices).Slice(func(i int) app.UI {
			n := c.Notices[i]
			p := app.Elem("p").Class("callout", "notice").DataSet("notice", n.Kind)
			if n.Kind != "size" {
				return p.Text("▲ " + n.Text)
			}
			return p.Body(app.Text("▲ "+n.Text+" "),
				app.Elem("button").Attr("type", "button").Class("link").ID("drop-hidden").OnClick(dropHidden).
					Text("Keep only the part shown, and edit it"))
		}),
	)
}

// dropHidden asks the editor to forget the part of the file it does not
// show: the only way the explorer lets go of pasted text.
func dropHidden(ctx app.Context, _ app.Event) { ctx.NewAction(dropHiddenAction) }
