package ui

import (
	"context"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// Background work that is no longer wanted ends at its next pause: a
// parse of the analysed part of a large paste, cancelled before it
// starts, stops at its first pause, and paced says so; the same parse
// not cancelled finishes with every reading parsed.
func TestPacedWorkEndsWhenCancelled(t *testing.T) {
	src := view.BoundSource(testkit.ManyRules(2 << 20))
	rs := matcher.Readings()
	for _, cancelled := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		if cancelled {
			cancel()
		}
		parsed := 0
		then, ok := paced(browser.NewPacer(ctx, "test"), func(pause func()) func(app.Context) {
			files := view.ParseReadings(rs, src, "Googlebot", "/", pause)
			parsed = len(files)
			return func(app.Context) {}
		})
		cancel()
		switch {
		case cancelled && (ok || then != nil || parsed != 0):
			t.Errorf("cancelled: the work went on (ok %v, %d readings parsed)", ok, parsed)
		case !cancelled && (!ok || then == nil || parsed != len(rs)):
			t.Errorf("not cancelled: ok %v, %d readings parsed, want all %d", ok, parsed, len(rs))
		}
	}
}
