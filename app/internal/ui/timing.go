package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// timing measures one analysis in the page with performance.now: the
// evaluation, then the render that shows it. The figures are published as
// window.robotsExplorerTiming for the browser tests to log; they are a
// measurement, never an assertion.
type timing struct {
	pending     bool
	start       float64
	evaluated   float64
	renderStart float64
	bytes       int
	urls        int
}

func perfNow() float64 {
	p := app.Window().Get("performance")
	if !p.Truthy() {
		return 0
	}
	return p.Call("now").Float()
}

func (t *timing) begin() { *t = timing{pending: true, start: perfNow()} }

func (t *timing) evaluatedNow(bytes, urls int) {
	t.evaluated, t.bytes, t.urls = perfNow(), bytes, urls
}

// markRender notes when the render of a pending measurement starts: go-app
// renders on its next frame, and the wait for that frame is not the page's
// cost.
func (t *timing) markRender() {
	if t.pending && t.renderStart == 0 {
		t.renderStart = perfNow()
	}
}

// publish runs after the render (ctx.Defer) and records the figures.
func (t *timing) publish() {
	if !t.pending {
		return
	}
	end := perfNow()
	t.pending = false
	app.Window().Set("robotsExplorerTiming", map[string]any{
		"bytes":      t.bytes,
		"urls":       t.urls,
		"evaluateMs": t.evaluated - t.start,
		"renderMs":   end - t.renderStart,
		"totalMs":    (t.evaluated - t.start) + (end - t.renderStart),
		"at":         end,
	})
}

// publishCompareTiming records how long the deferred comparison of the
// other readings took (its parses and matcher.Compare), as
// window.robotsExplorerCompareTiming.
func publishCompareTiming(bytes int, ms float64) {
	app.Window().Set("robotsExplorerCompareTiming", map[string]any{
		"bytes":     bytes,
		"compareMs": ms,
		"at":        perfNow(),
	})
}
