//go:build !wasm

package ui

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Prerendering the explorer starts no timer: go-app's prerendering waits
// for every timer a component starts, and the save (persistDelay) or a
// comparison step scheduled on the server held each GET / for hundreds of
// milliseconds. The server's page compares at once instead.
func TestPrerenderStartsNoTimer(t *testing.T) {
	x := newExplorer()
	app.Route("/prerender-starts-no-timer", func() app.Composer { return x })
	rec := httptest.NewRecorder()
	(&app.Handler{}).ServeHTTP(rec, httptest.NewRequest("GET", "/prerender-starts-no-timer", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "data-verdict=") || x.result == nil {
		t.Fatalf("the explorer was not prerendered with its verdicts (%d): nothing to check", rec.Code)
	}
	if x.persistSeq != 0 {
		t.Errorf("prerendering scheduled the save %d times", x.persistSeq)
	}
	if x.cmpSeq != 0 {
		t.Errorf("prerendering scheduled %d comparison steps", x.cmpSeq)
	}
	if x.detail == nil || x.detail.Comparing || x.detail.Compare == nil {
		t.Error("the prerendered page did not compare the chosen URL at once")
	}
}
