//go:build e2e && !wasm

package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/app/internal/site"
	"robots-explorer/matcher/delivery"
)

// captureWARC fetches u, an address of a loopback server, and returns the
// capture as a .warc.gz file's bytes.
func captureWARC(t *testing.T, u string) []byte {
	t.Helper()
	res, err := (&capfetch.Fetcher{UserAgent: "robots-explorer-e2e/1.0"}).Fetch(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	var warc bytes.Buffer
	if _, err := capfetch.Write(&warc, "site.warc.gz", "test", res.Records, true); err != nil {
		t.Fatal(err)
	}
	return warc.Bytes()
}

// openFetchingExplorer serves the build as robots-explorer serve does on
// 127.0.0.1: its page may ask it to fetch.
func openFetchingExplorer(t *testing.T) *page {
	t.Helper()
	s, _, err := site.LoadSite(buildWeb)
	if err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	srv := httptest.NewUnstartedServer(s)
	if err := s.EnableFetch(srv.Listener.Addr()); err != nil {
		t.Fatal(err)
	}
	srv.Start()
	return openServed(t, srv)
}

// TestE2ECapture loads captures into the page as a person does: a WARC
// chosen with the file picker, one dropped on the delivery panel, and one
// the page's own server fetched. Each fills the editor and the delivery
// panel read-only, labelled with its source, and the verdicts are those
// of the file and its delivery as captured.
func TestE2ECapture(t *testing.T) {
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer target.Close()
	unreachable := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) }))
	defer unreachable.Close()
	up := captureWARC(t, target.URL+"/robots.txt")

	p := openFetchingExplorer(t)
	p.setField("urls", target.URL+"/private\n"+target.URL+"/public")
	p.waitFor(`document.querySelectorAll("table.results tbody tr").length === 2`)
	p.openDelivery()

	// The file picker.
	p.do(chromedp.SetUploadFiles(chromedp.ID("capture-file"), []string{writeTemp(t, "site.warc.gz", up)}))
	p.waitFor(`document.getElementById("capture-source") !== null || !document.getElementById("notice").classList.contains("empty")`)
	if n := eval[string](p, `document.getElementById("capture-source") ? "" : document.getElementById("notice").textContent`); n != "" {
		t.Fatalf("the page says: %s", n)
	}
	p.waitFor(`document.getElementById("robots-src").value === "User-agent: *\nDisallow: /private\n"`)
	if got := eval[string](p, `document.getElementById("capture-source").textContent`); !strings.Contains(got, "site.warc.gz") || !strings.Contains(got, target.URL+"/robots.txt") {
		t.Errorf("the capture's label says %q", got)
	}
	for _, id := range []string{"robots-src", "delivery-status", "delivery-type", "delivery-redirects", "delivery-observed"} {
		if !eval[bool](p, fmt.Sprintf(`document.getElementById(%q).readOnly`, id)) {
			t.Errorf("#%s is editable while the capture is used", id)
		}
	}
	if v := eval[string](p, `document.getElementById("delivery-status").value`); v != "200" {
		t.Errorf("status field %q", v)
	}
	p.waitFor(fmt.Sprintf(`document.getElementById("scope-label")?.textContent === %q`, string(delivery.ScopeCaptured)))
	if got := eval[string](p, `[...document.querySelectorAll("table.results tbody tr")].map(r => r.dataset.verdict).join(",")`); got != "disallowed,allowed" {
		t.Errorf("verdicts %s", got)
	}

	// Stopping keeps the file and the facts, editable and reported.
	p.do(chromedp.Click(chromedp.ID("capture-stop")))
	p.waitFor(`document.getElementById("capture-source") === null && !document.getElementById("delivery-status").readOnly && !document.getElementById("robots-src").readOnly`)
	p.waitFor(fmt.Sprintf(`document.getElementById("scope-label")?.textContent === %q`, string(delivery.ScopeReported)))

	// A capture of a 503, dropped on the panel: nothing may be crawled.
	down := captureWARC(t, unreachable.URL+"/robots.txt")
	eval[bool](p, fmt.Sprintf(`(() => { const b = Uint8Array.from(atob(%q), c => c.charCodeAt(0));
		const dt = new DataTransfer(); dt.items.add(new File([b], "down.warc.gz"));
		document.getElementById("delivery").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true; })()`, base64.StdEncoding.EncodeToString(down)))
	p.waitFor(`document.getElementById("capture-source")?.textContent.includes("down.warc.gz") || document.getElementById("notice").dataset.kind === "error"`)
	if n := eval[string](p, `document.getElementById("notice").textContent`); !strings.Contains(n, "says nothing of that site") {
		t.Errorf("a capture of another site loads without a word: %q", n)
	}
	p.waitFor(`document.getElementById("delivery-assessment").dataset.effect === "disallow-all"`)
	p.waitFor(`[...document.querySelectorAll("table.results tbody tr")].every(r => r.dataset.verdict === "disallowed")`)

	// The page's own server fetches the site of the first URL.
	if eval[bool](p, `document.getElementById("capture-fetch").disabled`) {
		t.Fatalf("the fetch is off on a loopback serve: %s", eval[string](p, `document.getElementById("capture-fetch-why")?.textContent ?? ""`))
	}
	p.do(chromedp.Click(chromedp.ID("capture-fetch")))
	p.waitFor(`document.getElementById("capture-source")?.textContent.includes("fetched by robots-explorer serve")`)
	p.waitFor(`document.getElementById("delivery-status").value === "200" && document.getElementById("delivery-assessment").dataset.effect === "rules-apply"`)
	if got := eval[string](p, `document.getElementById("robots-src").value`); got != "User-agent: *\nDisallow: /private\n" {
		t.Errorf("the fetched file is %q", got)
	}
	p.noConsoleErrors()
}

// TestE2ECaptureWithoutFetch: a page its server does not fetch for (the
// static site's case) says why, and still loads captures from disk.
func TestE2ECaptureWithoutFetch(t *testing.T) {
	p := openExplorer(t)
	p.openDelivery()
	if !eval[bool](p, `document.getElementById("capture-fetch").disabled`) {
		t.Error("the fetch button is on without a loopback serve")
	}
	if why := eval[string](p, `document.getElementById("capture-fetch-why")?.textContent ?? ""`); !strings.Contains(why, "static site") {
		t.Errorf("the page says %q", why)
	}
	p.noConsoleErrors()
}
