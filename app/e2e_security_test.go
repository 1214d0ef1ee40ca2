//go:build e2e && !wasm

package main

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/site"
	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
)

// Payloads that would run code if any of them reached the page as HTML or
// as a URL: each sets window.__pwned to its own number.
var (
	hostileRobots = "User-agent: *\n" +
		"Disallow: /<script>window.__pwned=1</script>\n" +
		"Allow: /\"><img src=x onerror=\"window.__pwned=2\">\n" +
		"# <svg onload=window.__pwned=3></svg>\n" +
		"Sitemap: javascript:window.__pwned=4\n"
	hostileToken = `"><img src=x onerror=window.__pwned=5>`
	hostileURLs  = []string{
		`/<script>window.__pwned=6</script>`,
		`/"><img src=x onerror=window.__pwned=7>`,
		`javascript:window.__pwned=8`,
	}
)

// noCodeRan waits until anything asynchronous a payload could trigger (an
// image's error, a script's load) has had its turn (settle), then fails
// when a payload ran or when the page holds an element that only injected
// markup would create.
func (p *page) noCodeRan(when string) {
	p.t.Helper()
	p.settle()
	for _, s := range p.injected() {
		p.t.Errorf("%s: %s", when, s)
	}
}

// injected is the evidence of markup from an input: a payload's flag set,
// or an element go-app's page never has in its body (img, svg, iframe,
// inline script, an event-handler attribute, a javascript: link).
func (p *page) injected() []string {
	p.t.Helper()
	var found []string
	if v := eval[string](p, `String(window.__pwned)`); v != "undefined" {
		found = append(found, "payload "+v+" ran")
	}
	if s := eval[string](p, `[...document.body.querySelectorAll("img, svg, iframe, object, embed, script:not([src]), [onerror], [onload], a[href^='javascript:' i]")]
		.map(e => e.outerHTML.slice(0, 80)).join("\n")`); s != "" {
		found = append(found, "injected elements on the page:\n"+s)
	}
	return found
}

// The hostile input is shown as text: the editor holds it, each URL is a
// row's label, the token field keeps it, and the annotated file shows the
// script line literally.
func (p *page) shownLiterally() {
	p.t.Helper()
	want := strings.Join(hostileURLs, "\n")
	p.waitFor(`[...document.querySelectorAll("table.results tbody tr button.choose")].map(b => b.textContent).join("\n") === ` + jsString(want))
	if v := eval[string](p, `document.getElementById("token").value`); v != hostileToken {
		p.t.Errorf("token field holds %q, want %q", v, hostileToken)
	}
	line := "Disallow: /<script>window.__pwned=1</script>"
	if !eval[bool](p, `[...document.querySelectorAll("#file .line .src")].some(c => c.textContent === `+jsString(line)+`)`) {
		p.t.Errorf("the annotated file does not show %q as text", line)
	}
	// Chosen, the img URL's explanation quotes it in its heading.
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.waitFor(`document.querySelector("#explanation-title code")?.textContent === ` + jsString(hostileURLs[1]))
}

// Pasted HTML and script run no code, whether the page is protected by the
// Content-Security-Policy of serve or comes from a plain file server with no
// header at all (the static site on a host that ignores _headers): go-app
// writes inputs as text nodes and attribute values, never as markup.
func TestE2EPastedMarkupRunsNoCode(t *testing.T) {
	dist := filepath.Join(t.TempDir(), "dist")
	if err := site.WriteStatic(dist, buildWeb, ""); err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	for _, c := range []struct {
		name string
		open func(*testing.T) *page
	}{
		{"serve, with its policy", openExplorer},
		{"static files, no headers", func(t *testing.T) *page { return openPage(t, http.FileServer(http.Dir(dist))) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := c.open(t)
			p.setField("robots-src", hostileRobots)
			p.setField("token", hostileToken)
			p.setField("urls", strings.Join(hostileURLs, "\n"))
			p.shownLiterally()
			p.noCodeRan("after pasting")
			p.noConsoleErrors()
		})
	}
}

// A crafted link runs no code: the payloads in the readable fragment form,
// in the compact form, and typed into the address bar of an open page.
// (When the explorer does not read links yet, the fragment is ignored and
// the test still shows that nothing runs; it logs which case it saw.)
func TestE2ECraftedPermalinkRunsNoCode(t *testing.T) {
	state := permalink.State{Robots: hostileRobots, Token: hostileToken, URLs: hostileURLs, Reading: "rfc9309", Chosen: 1}
	readable := "robots=" + url.QueryEscape(hostileRobots) + "&token=" + url.QueryEscape(hostileToken)
	for _, u := range hostileURLs {
		readable += "&url=" + url.QueryEscape(u)
	}
	fragments := map[string]string{
		"readable":      readable,
		"compact":       testkit.CompactLink(t, state),
		"raw markup":    `robots=<script>window.__pwned=9</script>&token="><img src=x onerror=window.__pwned=10>`,
		"broken":        "z1=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D11%3E",
		"garbage":       `"><img src=x onerror=window.__pwned=12>`,
		"encoded twice": "token=%2522%253E%253Cimg%2520src%253Dx%2520onerror%253Dwindow.__pwned%253D13%253E",
	}
	p := openExplorer(t)
	for name, frag := range fragments {
		p.do(chromedp.Navigate(p.srv.URL + "/#" + frag))
		p.waitReady()
		p.noCodeRan("opening the " + name + " link")
		loaded := eval[string](p, `document.getElementById("robots-src").value`)
		if strings.Contains(loaded, "__pwned") {
			t.Logf("%s link: loaded by the explorer", name)
			if (name == "readable" || name == "compact") && loaded != hostileRobots {
				t.Errorf("%s link: the editor holds %q, want the link's file as text %q", name, loaded, hostileRobots)
			}
		} else {
			t.Logf("%s link: not loaded (the explorer ignored the fragment)", name)
		}
	}
	// A hash typed into an open page (OnNav fires for it).
	for name, frag := range fragments {
		eval[bool](p, `(() => { location.hash = `+jsString(frag)+`; return true; })()`)
		p.noCodeRan("typing the " + name + " link")
	}
	p.noConsoleErrors()
}

// The check itself: markup injected through the DevTools protocol into a
// page without a policy is noticed, both the element and the code it ran.
func TestE2EInjectionIsNoticed(t *testing.T) {
	dist := filepath.Join(t.TempDir(), "dist")
	if err := site.WriteStatic(dist, buildWeb, ""); err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	p := openPage(t, http.FileServer(http.Dir(dist)))
	if found := p.injected(); len(found) > 0 {
		t.Fatalf("a fresh page already looks injected: %v", found)
	}
	eval[bool](p, `(() => { const d = document.createElement("div"); d.innerHTML = '<img src=x onerror="window.__pwned=99">';
		document.body.append(d); return true; })()`)
	p.waitFor(`window.__pwned === 99`)
	if found := p.injected(); len(found) != 2 {
		t.Errorf("injected markup that ran: found %q, want the flag and the element", found)
	}
}
