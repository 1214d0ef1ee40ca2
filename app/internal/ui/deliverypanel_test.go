package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Without delivery facts the chosen verdict says it is a local rule
// decision, and a bare path says its host is unknown; with a 404 the
// effective verdict stands beside the rules' one.
func TestRenderScope(t *testing.T) {
	a := view.Analyze(view.RFC9309Example(), nil, nil)
	d := view.NewDetail(a, 0)
	html := app.HTMLString(renderExplanation(d, nil))
	for _, want := range []string{"local rule decision — delivery not verified", `id="robots-url"`, "is not known"} {
		if !strings.Contains(html, want) {
			t.Errorf("explanation lacks %q", want)
		}
	}
	if strings.Contains(html, "effective-verdict") {
		t.Error("an effective verdict without delivery facts")
	}
	full := view.NewDetail(a, 3)
	if html := app.HTMLString(renderExplanation(full, nil)); !strings.Contains(html, "https://www.example.com/robots.txt") {
		t.Error("a full URL's governing robots.txt is not shown")
	}
	d = d.WithDelivery(view.NewDeliveryView(permalink.Delivery{Status: "404"}, a.Rows[0].Result, 10, time.Now(), time.UTC))
	html = app.HTMLString(renderExplanation(d, nil))
	tag := regexp.MustCompile(`<p[^>]*id="effective-verdict"[^>]*>`).FindString(html)
	if !strings.Contains(tag, `data-verdict="allowed"`) || !strings.Contains(tag, `overrides"`) {
		t.Errorf("effective verdict tag %q", tag)
	}
	for _, want := range []string{"✘ disallowed", "allowed (file unavailable)", "rule decision with reported delivery facts"} {
		if !strings.Contains(html, want) {
			t.Errorf("explanation with a 404 lacks %q", want)
		}
	}
}

// Every field of the panel has a label tied to it, and the assessment
// cites its section and labels Google's behaviour as Google's.
func TestRenderDeliveryPanel(t *testing.T) {
	a := view.Analyze(view.RFC9309Example(), nil, nil)
	v := view.NewDeliveryView(permalink.Delivery{Status: "429"}, a.Rows[0].Result, 10, time.Now(), time.UTC)
	on := func(func(*permalink.Delivery, string)) app.EventHandler { return func(app.Context, app.Event) {} }
	html := app.HTMLString(renderDeliveryPanel(permalink.Delivery{Status: "429"}, v, on))
	for _, id := range []string{"delivery-status", "delivery-redirects", "delivery-type", "delivery-error", "delivery-observed"} {
		if !strings.Contains(html, `for="`+id+`"`) || !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("field %s has no label", id)
		}
	}
	for _, want := range []string{"<details", "<summary", "RFC 9309 §2.3.1.3", "Google’s documented behaviour", "differs from RFC 9309", "Source: Google Search Central"} {
		if !strings.Contains(html, want) {
			t.Errorf("panel lacks %q", want)
		}
	}
	if strings.Contains(html, " open") {
		t.Error("the panel is open by default")
	}
}
