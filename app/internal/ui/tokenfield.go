package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
)

// The message under the product-token field (its view model is
// view/tokencheck.go), with the offered token one click away.

// onUseToken puts the offered token into the field and analyses at once.
func (e *explorer) onUseToken(ctx app.Context, ev app.Event) {
	if e.token.Offer == "" {
		return
	}
	e.in.Token, e.edited = e.token.Offer, true
	setFieldValue("token", e.in.Token)
	e.gen++
	e.analyze(ctx)
}

// renderTokenCheck says whether the field holds a product token, offers
// the token a pasted User-Agent header carries, and says that a token is
// a name, not proof.
func renderTokenCheck(v view.TokenView, use app.EventHandler) app.UI {
	return app.Elem("div").ID("token-check").Class("token-check", v.Kind).DataSet("kind", v.Kind).Body(
		app.Elem("p").Class("token-message").Aria("live", "polite").Body(
			app.Elem("span").Class("sev").Text(view.TokenMark(v.Kind)+" "),
			app.Text(v.Message),
			app.Elem("span").Class("source").Text(" ("+v.Source+")"),
		),
		app.If(v.Offer != "", func() app.UI {
			return app.Elem("button").Attr("type", "button").ID("use-token").DataSet("token", v.Offer).OnClick(use).Text("Use " + v.Offer)
		}),
		app.Elem("details").Class("not-proof").Body(
			app.Elem("summary").Text("A token is a name, not proof"),
			app.Elem("p").Text(v.NotProof),
			app.If(v.Verify != "", func() app.UI {
				return app.Elem("p").Body(
					app.Text("Verifying "+v.Verify),
					app.If(v.VerifySource != "", func() app.UI { return app.Elem("span").Class("source").Text(" Source: " + v.VerifySource + ".") }),
				)
			}),
		),
	)
}

// setFieldValue writes a form field's value in the browser (a no-op on the
// server, where go-app's window is a stub).
func setFieldValue(id, value string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", value)
	}
}
