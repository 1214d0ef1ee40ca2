package browser

import (
	"context"
	"runtime"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SliceBudget is how long a paced piece of work runs before it lets the
// browser run its own tasks (key presses, frames): well under the 50 ms a
// browser counts as a long task on an idle machine, and far under 200 ms
// on a busy one.
const SliceBudget = 15 * time.Millisecond

// A Pacer cuts long work into short browser tasks. The page's Go code runs
// on the browser's main thread, and the browser gets it back only when
// every goroutine is blocked: a goroutine other than the UI's (ctx.Async)
// that calls Pause often (a parse calls it every matcher.PauseEvery lines)
// blocks there, once SliceBudget has passed, until the browser has run a
// task of its own (browserTurn); the UI goroutine meanwhile handles events
// and renders. When ctx is done, the work is no longer wanted (a newer edit):
// Pause ends the goroutine, and what it built is garbage.
type Pacer struct {
	ctx    context.Context
	since  time.Time
	budget time.Duration // of the slice under way
	slice  Span          // the slice under way, in the performance timeline
}

// NewPacer starts a slice now; name names the work's slices in the
// performance timeline (Span).
func NewPacer(ctx context.Context, name string) *Pacer {
	return &Pacer{ctx: ctx, since: time.Now(), budget: SliceBudget, slice: StartSpan(name)}
}

// FirstSliceBudget is the first slice of work a person waits for, the
// analysis of the file just edited: a pause lets the browser lay out and
// paint a frame, which for a large textarea takes longer than the parse
// itself, so that short slices would make the verdicts come later than
// one task would. A parse that fits in it is not cut.
const FirstSliceBudget = 50 * time.Millisecond

// WithFirstSlice gives the slice under way FirstSliceBudget.
func (p *Pacer) WithFirstSlice() *Pacer {
	p.budget = FirstSliceBudget
	return p
}

// Pause lets the browser run once the slice is spent. Outside a browser
// (on the server, where go-app's window is a stub) it only checks ctx.
func (p *Pacer) Pause() {
	if p.ctx.Err() != nil {
		runtime.Goexit()
	}
	if time.Since(p.since) < p.budget {
		return
	}
	if app.IsClient {
		p.slice.End()
		browserTurn()
		p.slice = StartSpan(p.slice.name)
	}
	if p.ctx.Err() != nil {
		runtime.Goexit()
	}
	p.since, p.budget = time.Now(), SliceBudget
}

// browserTurn blocks until the browser has run what it has queued
// (input, a frame): a goroutine other than the UI's waits there for a task
// of its own (NextTask).
func browserTurn() {
	done := make(chan struct{})
	NextTask(func() { close(done) })
	<-done
}
