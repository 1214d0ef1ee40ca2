package ui

import (
	"context"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// pacedFrom is the size from which the page parses a file off the UI
// goroutine, in short browser tasks: a parse of the analysed part of a
// large paste (view.AnalysedLimit) took 100 to 900 ms per reading in one
// task, and the tab froze meanwhile. A smaller file is parsed at once.
const pacedFrom = 64 << 10

// pacedCompareDelay is compareDelay for such a file: its comparison under
// the other readings is seconds of work in slices, each of which a key
// press waits for.
const pacedCompareDelay = 400 * time.Millisecond

// work is one piece of background work: stop ends it (its parse at the
// next pause, and its result is dropped).
type work struct {
	stop context.CancelFunc
	// waited is set for work a person waits for (the analysis of an
	// edit): its first slice is longer (browser.FirstSliceBudget).
	waited bool
}

// cancel stops the work, if any.
func (w *work) cancel() {
	if w.stop != nil {
		w.stop()
		w.stop = nil
	}
}

// parseLater parses src under each reading of rs in turn on a goroutine
// of its own, paced by a browser.Pacer, and evaluates token and url once
// under each (view.ParsePaced). Each File goes into e.files on the UI
// goroutine as soon as it is made, so that work cancelled (by a newer edit
// or choice, which also ends the parse at its next pause) keeps the
// readings already parsed; then runs there once all are. It replaces what
// w was doing.
func (e *explorer) parseLater(ctx app.Context, w *work, rs []matcher.Reading, src, token, url string, then func(ctx app.Context)) {
	e.parseEach(ctx, w, rs, []byte(src), src, token, url, then)
}

func (e *explorer) parseEach(ctx app.Context, w *work, rs []matcher.Reading, b []byte, src, token, url string, then func(ctx app.Context)) {
	if len(rs) == 0 {
		then(ctx)
		return
	}
	r := rs[0]
	e.later(ctx, w, "background: parse "+string(r), func(pause func()) func(ctx app.Context) {
		f := view.ParsePaced(r, b, src, token, url, pause)
		return func(ctx app.Context) {
			e.files.Put(r, src, f)
			if len(rs) > 1 {
				ctx.PreventUpdate() // nothing to show until the last one
			}
			e.parseEach(ctx, w, rs[1:], b, src, token, url, then)
		}
	})
}

// later runs do off the UI goroutine, paced by a browser.Pacer whose
// Pause it is given, and the function it returns on the UI goroutine,
// unless w was cancelled first, which also ends do at its next pause. It
// replaces what w was doing.
func (e *explorer) later(ctx app.Context, w *work, name string, do func(pause func()) func(ctx app.Context)) {
	w.cancel()
	wctx, stop := context.WithCancel(context.Background())
	w.stop = stop
	ctx.Async(func() {
		p := browser.NewPacer(wctx, name)
		if w.waited {
			p.WithFirstSlice()
		}
		then, ok := paced(p, do)
		ctx.Dispatch(func(ctx app.Context) {
			if !ok || wctx.Err() != nil {
				ctx.PreventUpdate()
				return
			}
			w.stop = nil
			then(ctx)
		})
	})
}

// paced runs do on a goroutine of its own, so that the Pacer may end it
// (runtime.Goexit) without ending the caller's: ok is false then.
func paced(p *browser.Pacer, do func(pause func()) func(ctx app.Context)) (then func(ctx app.Context), ok bool) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		then = do(p.Pause)
		ok = true
	}()
	<-done
	return then, ok
}
