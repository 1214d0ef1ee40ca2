package pages

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

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
