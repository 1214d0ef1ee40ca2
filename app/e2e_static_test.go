//go:build e2e

package main

import (
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"testing"

	"robots-explorer/app/internal/site"
	"robots-explorer/app/internal/testkit"

	"github.com/chromedp/chromedp"
)

// Opened directly on a plain static host (python3 -m http.server), each
// page loads and the wasm renders that page, not go-app's "not found":
// the host serves NAME/index.html at /NAME/, and the UI routes the slash
// form too.
func TestE2EStaticDeepLinks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	if err := site.WriteStatic(out, buildWeb, ""); err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	host, err := url.Parse(testkit.PythonStatic(t, out))
	if err != nil {
		t.Fatal(err)
	}
	p := openPage(t, httputil.NewSingleHostReverseProxy(host))
	for path, class := range map[string]string{"/lessons": "lessons", "/examples": "gallery", "/register": "register"} {
		p.do(chromedp.Navigate("about:blank"))
		p.do(chromedp.Navigate(p.srv.URL + path))
		p.do(chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
		p.waitFor(`document.querySelector(".page.` + class + `") !== null`)
		if got := eval[string](p, `location.pathname`); got != path+"/" {
			t.Errorf("%s opened at %s, want the host's %s/", path, got, path)
		}
	}
	p.noConsoleErrors()
}
