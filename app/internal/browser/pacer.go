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
const SliceBudget = 25 * time.Millisecond

// A Pacer cuts long work into short browser tasks. The page's Go code runs
// on the browser's main thread, and the browser gets it back only when
// every goroutine is blocked: a goroutine other than the UI's (ctx.Async)
// that calls Pause often (a parse calls it every matcher.PauseEvery lines)
// blocks there, once SliceBudget has passed, until a timer of the
// browser's own has run; the UI goroutine meanwhile handles events and
// renders. When ctx is done, the work is no longer wanted (a newer edit):
// Pause ends the goroutine, and what it built is garbage.
type Pacer struct {
	ctx   context.Context
	since time.Time
	slice Span // the slice under way, in the performance timeline
}

// NewPacer starts a slice now; name names the work's slices in the
// performance timeline (Span).
func NewPacer(ctx context.Context, name string) *Pacer {
	return &Pacer{ctx: ctx, since: time.Now(), slice: StartSpan(name)}
}

// Pause lets the browser run once the slice is spent. Outside a browser
// (on the server, where go-app's window is a stub) it only checks ctx.
func (p *Pacer) Pause() {
	if p.ctx.Err() != nil {
		runtime.Goexit()
	}
	if time.Since(p.since) < SliceBudget {
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
	p.since = time.Now()
}

// browserTurn blocks until a zero-delay timer of the browser's has fired:
// the browser runs what it has queued (input, a frame) before it.
func browserTurn() {
	done := make(chan struct{})
	var f app.Func
	f = app.FuncOf(func(app.Value, []app.Value) any {
		f.Release()
		close(done)
		return nil
	})
	app.Window().Call("setTimeout", f, 0)
	<-done
}
