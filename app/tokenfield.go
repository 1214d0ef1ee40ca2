package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The message under the product-token field (its view model is
// tokencheck.go), with the offered token one click away.

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
func renderTokenCheck(v tokenView, use app.EventHandler) app.UI {
	return app.Div().ID("token-check").Class("token-check", v.Kind).DataSet("kind", v.Kind).Body(
		app.P().Class("token-message").Aria("live", "polite").Body(
			app.Span().Class("sev").Text(tokenMarks[v.Kind]+" "),
			app.Text(v.Message),
			app.Span().Class("source").Text(" ("+v.Source+")"),
		),
		app.If(v.Offer != "", func() app.UI {
			return app.Button().Type("button").ID("use-token").DataSet("token", v.Offer).OnClick(use).Text("Use " + v.Offer)
		}),
		app.Details().Class("not-proof").Body(
			app.Summary().Text("A token is a name, not proof"),
			app.P().Text(v.NotProof),
			app.If(v.Verify != "", func() app.UI {
				return app.P().Body(
					app.Text("Verifying "+v.Verify),
					app.If(v.VerifySource != "", func() app.UI { return app.Span().Class("source").Text(" Source: " + v.VerifySource + ".") }),
				)
			}),
		),
	)
}
