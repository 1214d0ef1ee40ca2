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
	html := app.HTMLString(renderDeliveryPanel(permalink.Delivery{Status: "429"}, v, on, capturePanel{}))
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

// A capture in use fills the panel's fields read-only with what it
// recorded, says where it comes from and how to stop using it; without a
// fetching server the fetch button is off and says why.
func TestRenderDeliveryPanelCapture(t *testing.T) {
	warc := "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:1>\r\nWARC-Target-URI: https://a.example/robots.txt\r\nContent-Length: 36\r\n\r\n" +
		"HTTP/1.1 503 Service Unavailable\r\n\r\n\r\n\r\n"
	c, err := view.LoadCapture("a.warc", []byte(warc), nil)
	if err != nil {
		t.Fatal(err)
	}
	v := view.FactsView(c.Facts, "", nil, 0, time.Now())
	on := func(func(*permalink.Delivery, string)) app.EventHandler { return func(app.Context, app.Event) {} }
	_, why := view.FetchAvailability("", false)
	html := app.HTMLString(renderDeliveryPanel(permalink.Delivery{Status: "200"}, v, on, capturePanel{loaded: c, fetchWhy: why}))
	tag := func(id string) string {
		return regexp.MustCompile(`<[a-z]+ [^>]*id="` + id + `"[^>]*>`).FindString(html)
	}
	for _, id := range []string{"delivery-status", "delivery-type", "delivery-redirects", "delivery-error", "delivery-observed"} {
		if !strings.Contains(tag(id), "readonly") {
			t.Errorf("#%s is not read-only: %s", id, tag(id))
		}
	}
	if !strings.Contains(tag("capture-fetch"), "disabled") {
		t.Errorf("the fetch button is on: %s", tag("capture-fetch"))
	}
	for _, want := range []string{`value="503"`, "From the capture a.warc", `id="capture-stop"`, "Delivery (captured)", "static site"} {
		if !strings.Contains(html, want) {
			t.Errorf("panel lacks %q", want)
		}
	}
}
