package browser

import (
	"context"
	"runtime"
	"sync"
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
// paint a frame, which for a textarea of 500 KiB took longer than the
// parse itself (an edit's verdicts came 220 ms after it with 15 ms
// slices, 17-29 ms in one task). A parse that fits in it is not cut.
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

// browserTurn blocks until a message posted to the page's own message
// channel has arrived: the browser runs what it has queued before it
// (input, a frame). A message, unlike a zero-delay timer, is not held
// back 4 ms once timers nest.
func browserTurn() {
	done := make(chan struct{})
	turns.Lock()
	if turns.port == nil {
		turns.port = openTurns()
	}
	turns.waiting = append(turns.waiting, done)
	port := turns.port
	turns.Unlock()
	port.Call("postMessage", nil)
	<-done
}

// turns is the message channel browserTurn posts to, and the goroutines
// waiting for their message, in the order they posted.
var turns struct {
	sync.Mutex
	port    app.Value
	onTurn  app.Func
	waiting []chan struct{}
}

// openTurns makes the channel; its receiving end releases the first
// goroutine waiting. It lives as long as the page.
func openTurns() app.Value {
	ch := app.Window().Get("MessageChannel").New()
	turns.onTurn = app.FuncOf(func(app.Value, []app.Value) any {
		turns.Lock()
		var next chan struct{}
		if len(turns.waiting) > 0 {
			next, turns.waiting = turns.waiting[0], turns.waiting[1:]
		}
		turns.Unlock()
		if next != nil {
			close(next)
		}
		return nil
	})
	ch.Get("port1").Set("onmessage", turns.onTurn)
	return ch.Get("port2")
}
