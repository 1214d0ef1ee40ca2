package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// decodeThen calls done with what decodeLink makes of fragment. A readable
// fragment is read at once; a compact one off the UI goroutine, and done
// then runs on it only if gen is still e.linkGen, so that a link decoded
// late never replaces a state that came after it.
func (e *explorer) decodeThen(ctx app.Context, fragment string, done func(ctx app.Context, ex permalink.State, chosen int, err error)) {
	if !permalink.IsCompact(fragment) {
		ex, chosen, err := view.DecodeLink(fragment)
		done(ctx, ex, chosen, err)
		return
	}
	gen := e.nextLinkGen()
	ctx.Async(func() {
		ex, chosen, err := view.DecodeLink(fragment)
		ctx.Dispatch(func(ctx app.Context) {
			if gen == e.linkGen {
				done(ctx, ex, chosen, err)
			}
		})
	})
}

// compactThen compacts s off the UI goroutine (the browser's stream is
// asynchronous) and calls done with the link on it. current says whether
// s is still the newest state asked for the address bar (e.linkGen has not
// moved on): a late result must never overwrite newer state with it.
func (e *explorer) compactThen(ctx app.Context, s permalink.State, done func(ctx app.Context, link string, err error, current bool)) {
	gen := e.nextLinkGen()
	ctx.Async(func() {
		c, err := permalink.Compact(s)
		ctx.Dispatch(func(ctx app.Context) { done(ctx, c, err, gen == e.linkGen) })
	})
}

func (e *explorer) nextLinkGen() int {
	e.linkGen++
	return e.linkGen
}

// openInExplorer opens s in the explorer, from an event of another page.
// A state that needs compacting is compacted off the UI goroutine; should
// that fail, the readable link opens it all the same.
func openInExplorer(ctx app.Context, s permalink.State) {
	ctx.Async(func() {
		f, err := view.LinkFragment(s)
		if err != nil {
			f = permalink.Readable(s)
		}
		ctx.Dispatch(func(ctx app.Context) { ctx.Navigate("/#" + f) })
	})
}
