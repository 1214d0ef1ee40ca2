package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Timing measures one analysis in the page with performance.now: the
// evaluation, then the render that shows it. The figures are published as
// window.robotsExplorerTiming for the browser tests to log; they are a
// measurement, never an assertion.
type Timing struct {
	pending     bool
	start       float64
	evaluated   float64
	renderStart float64
	bytes       int
	urls        int
}

func PerfNow() float64 {
	p := app.Window().Get("performance")
	if !p.Truthy() {
		return 0
	}
	return p.Call("now").Float()
}

func (t *Timing) Begin() { *t = Timing{pending: true, start: PerfNow()} }

func (t *Timing) EvaluatedNow(bytes, urls int) {
	t.evaluated, t.bytes, t.urls = PerfNow(), bytes, urls
}

// MarkRender counts the explorer's render (CountRender) and notes when
// the render of a pending measurement starts: go-app renders on its next
// frame, and the wait for that frame is not the page's cost. Renders
// before the evaluation ends (while a large file is parsed in the
// background) are not the render that shows it.
func (t *Timing) MarkRender() {
	CountRender("explorer")
	if t.pending && t.evaluated != 0 && t.renderStart == 0 {
		t.renderStart = PerfNow()
	}
}

// Publish runs after the render (ctx.Defer) and records the figures.
func (t *Timing) Publish() {
	if !t.pending {
		return
	}
	end := PerfNow()
	t.pending = false
	Span{name: "analyse: render", start: t.renderStart}.End()
	app.Window().Set("robotsExplorerTiming", map[string]any{
		"bytes":      t.bytes,
		"urls":       t.urls,
		"evaluateMs": t.evaluated - t.start,
		"renderMs":   end - t.renderStart,
		"totalMs":    (t.evaluated - t.start) + (end - t.renderStart),
		"at":         end,
	})
}

// PublishCompareTiming records how long the deferred comparison of the
// other readings took (its parses and compare.CompareWith), as
// window.robotsExplorerCompareTiming.
func PublishCompareTiming(bytes int, ms float64) {
	app.Window().Set("robotsExplorerCompareTiming", map[string]any{
		"bytes":     bytes,
		"compareMs": ms,
		"at":        PerfNow(),
	})
}

// CountRender counts a render of the component named, in
// window.robotsExplorerRenders, for the browser tests that check what a
// change renders again (a filter of the release check renders its results
// alone, not the explorer around them). The count lives in the page's
// window, one per page; the server, which prerenders pages for many
// requests at once, counts nothing.
func CountRender(name string) {
	if !app.IsClient {
		return
	}
	w := app.Window()
	counts := w.Get("robotsExplorerRenders")
	if !counts.Truthy() {
		counts = w.Get("Object").New()
		w.Set("robotsExplorerRenders", counts)
	}
	n := 0
	if c := counts.Get(name); c.Truthy() {
		n = c.Int()
	}
	counts.Set(name, n+1)
}

// Span names a piece of the page's work in the browser's performance
// timeline (a performance.measure from Start to End), so that the browser
// tests can say which pieces a long main-thread task was made of.
type Span struct {
	name  string
	start float64
}

// StartSpan begins the span name now.
func StartSpan(name string) Span { return Span{name: name, start: PerfNow()} }

// End records the span, from its start to now.
func (s Span) End() {
	p := app.Window().Get("performance")
	if !p.Truthy() || !p.Get("measure").Truthy() {
		return
	}
	p.Call("measure", s.name, map[string]any{"start": s.start, "end": PerfNow()})
}

// PublishSaveTiming records that the work of bytes bytes was saved (or
// found too large to save) and its link made, since start, as
// window.robotsExplorerSaveTiming.
func PublishSaveTiming(bytes int, start float64) {
	app.Window().Set("robotsExplorerSaveTiming", map[string]any{
		"bytes":  bytes,
		"saveMs": PerfNow() - start,
		"at":     PerfNow(),
	})
}
