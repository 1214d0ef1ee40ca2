package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The share bar names each button by what it saves: the page's state, or
// the robots.txt alone (which "Save to file" never wrote).
func TestShareBarSaysWhatItSaves(t *testing.T) {
	nop := func(app.Context, app.Event) {}
	html := app.HTMLString(renderShare("", shareHandlers{nop, nop, nop, nop}))
	for _, want := range []string{">Save state to file<", ">Load state from file<", `id="save-robots"`, ">Download robots.txt<"} {
		if !strings.Contains(html, want) {
			t.Errorf("the share bar lacks %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, ">Save to file<") {
		t.Error(`"Save to file" does not say it saves the page's state, not the robots.txt`)
	}
}
