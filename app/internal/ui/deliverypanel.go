package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
)

// The delivery panel: a collapsed <details> (keyboard accessible by
// itself) with one labelled field per fact, and what RFC 9309 §2.3.1 and
// Google make of them. The view model is view/delivery.go.

// assessDelivery rebuilds the delivery view for the chosen URL, the
// chosen URL's detail, and every row's effective verdict.
func (e *explorer) assessDelivery() {
	var res *matcher.Result
	if e.result != nil && e.chosen < len(e.result.Rows) {
		res = e.result.Rows[e.chosen].Result
	}
	now := time.Now()
	if e.capture != nil {
		e.delivery = view.FactsView(e.capture.Facts, "", res, len(e.in.Robots), now)
	} else {
		e.delivery = view.NewDeliveryView(e.in.Delivery, res, len(e.in.Robots), now, time.Local)
	}
	if e.result != nil {
		e.result = e.result.WithFacts(e.delivery.Facts, now)
	}
	if e.detail != nil {
		e.detail = e.detail.WithDelivery(e.delivery)
	}
	e.deliverGrid(false)
}

// onDelivery returns the input handler of one field of the panel.
func (e *explorer) onDelivery(set func(f *permalink.Delivery, v string)) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		set(&e.in.Delivery, ctx.JSSrc().Get("value").String())
		e.edited = true
		e.assessDelivery()
		e.persistLater(ctx)
	}
}

// The setters of the panel's fields, one per fact.
var (
	setStatus      = func(f *permalink.Delivery, v string) { f.Status = v }
	setRedirects   = func(f *permalink.Delivery, v string) { f.Redirects = strings.Split(v, "\n") }
	setContentType = func(f *permalink.Delivery, v string) { f.ContentType = v }
	setFetchError  = func(f *permalink.Delivery, v string) { f.FetchError = v }
	setObserved    = func(f *permalink.Delivery, v string) { f.Observed = v }
)

// renderDeliveryPanel is the panel: where the facts come from (typed, or a
// capture, cp), the fields, then the assessment. The fields of a capture
// are read-only: they are what it recorded.
func renderDeliveryPanel(f permalink.Delivery, v view.DeliveryView, on func(func(*permalink.Delivery, string)) app.EventHandler, cp capturePanel) app.UI {
	summary := "Delivery: not verified"
	if v.Provided {
		summary = "Delivery: " + view.EffectLabel(v.Assessment.Effect)
	}
	if cp.loaded != nil {
		summary = "Delivery (captured): " + view.EffectLabel(v.Assessment.Effect)
		f = cp.loaded.Form
	}
	ro := cp.loaded != nil
	redirects := app.Elem("textarea").ID("delivery-redirects").Attr("rows", 3).Attr("wrap", "off").Spellcheck(false).
		Attr("value", strings.Join(f.Redirects, "\n")).OnInput(on(setRedirects), app.EventScope("redirects"))
	if ro {
		redirects = redirects.Attr("readonly", true)
	}
	return app.Elem("details").ID("delivery").Class("delivery").OnDragOver(cp.onDragOver).OnDrop(cp.onDrop).Body(
		app.Elem("summary").ID("delivery-summary").Text(summary),
		app.Elem("p").Class("hint").Text("What you observed when the file was fetched, typed here or loaded from a capture of the fetch "+
			"(a WARC file: robots-explorer fetch writes one). Nothing is fetched unless you ask: "+
			"the facts are weighed as RFC 9309 §2.3.1 says, and they travel with the link and the record."),
		renderCapture(cp),
		app.Elem("div").Class("field-row").Body(
			deliveryField("delivery-status", "HTTP status", "200", f.Status, "numeric", on(setStatus), "text", ro),
			deliveryField("delivery-type", "Final content type", "text/plain; charset=utf-8", f.ContentType, "", on(setContentType), "text", ro),
		),
		app.Elem("div").Class("field").Body(
			app.Elem("label").Attr("for", "delivery-redirects").Text("Redirect chain, one URL per line (each hop followed)"),
			redirects,
		),
		app.Elem("div").Class("field-row").Body(
			deliveryField("delivery-error", "Network error or timeout", "timeout", f.FetchError, "", on(setFetchError), "text", ro),
			deliveryField("delivery-observed", "Observed at (your time zone)", "", f.Observed, "", on(setObserved), observedKind(ro), ro),
		),
		renderAssessment(v),
	)
}

// observedKind shows a capture's time as it recorded it (UTC, RFC 3339),
// which a datetime-local field cannot hold.
func observedKind(captured bool) string {
	if captured {
		return "text"
	}
	return "datetime-local"
}

// deliveryField is one labelled input of the panel, read-only for a
// capture. The scope tells go-app that each field's handler is a
// different one (DESIGN §4).
func deliveryField(id, label, placeholder, value, mode string, on app.EventHandler, kind string, readOnly bool) app.UI {
	in := app.ElemSelfClosing("input").ID(id).Attr("type", kind).Attr("value", value).Spellcheck(false).OnInput(on, app.EventScope(id))
	if readOnly {
		// Only when set: go-app writes a false one as readonly="false".
		in = in.Attr("readonly", true)
	}
	if placeholder != "" {
		in = in.Attr("placeholder", placeholder)
	}
	if mode != "" {
		in = in.Attr("inputmode", mode)
	}
	return app.Elem("div").Class("field").Body(app.Elem("label").Attr("for", id).Text(label), in)
}

// renderAssessment says what the facts make of the file: the effect with
// its sentence and section, the notes, and Google's documented behaviour,
// labelled as Google's.
func renderAssessment(v view.DeliveryView) app.UI {
	a := v.Assessment
	return app.Elem("div").ID("delivery-assessment").Class("assessment").DataSet("effect", string(a.Effect)).Aria("live", "polite").Body(
		app.If(v.Problem != "", func() app.UI {
			return app.Elem("p").ID("delivery-problem").Class("callout").Text("▲ " + v.Problem + " Until then no delivery facts are used.")
		}),
		app.Elem("p").Body(
			app.Elem("strong").Text("RFC 9309: "+view.EffectLabel(a.Effect)+". "),
			app.Text(a.Sentence),
			app.Elem("span").Class("source").Text(" ("+a.Section+")"),
		),
		app.If(len(a.Notes) > 0, func() app.UI {
			return app.Elem("ul").Class("delivery-notes").Body(app.Range(a.Notes).Slice(func(i int) app.UI {
				n := a.Notes[i]
				return app.Elem("li").Class("diag", n.Severity.String()).DataSet("topic", n.Topic).Body(
					app.Elem("span").Class("sev").Text(view.SeverityMark(n.Severity)+" "+n.Topic),
					app.Text(": "+n.Sentence),
					app.Elem("span").Class("source").Text(" ("+n.Source+")"),
				)
			}))
		}),
		app.If(len(a.Google) > 0, func() app.UI {
			return app.Elem("div").Class("operator").Body(
				app.Elem("p").Class("operator-title").Body(app.Elem("strong").Text("Google’s documented behaviour (not RFC 9309)")),
				app.Elem("ul").Body(app.Range(a.Google).Slice(func(i int) app.UI { return renderOperatorNote(a.Google[i]) })),
			)
		}),
	)
}

func renderOperatorNote(g delivery.OperatorNote) app.UI {
	label := g.Operator + ":"
	if g.Differs {
		label = g.Operator + ", differs from RFC 9309:"
	}
	return app.Elem("li").Class("google").DataSet("topic", g.Topic).DataSet("differs", strconv.FormatBool(g.Differs)).Body(
		app.Elem("strong").Text(label+" "),
		app.Text(g.Sentence),
		app.Elem("span").Class("source").Text(" Source: "+g.Source+"."),
	)
}
