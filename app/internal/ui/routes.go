// Package ui holds the explorer's go-app components, one per file (the
// explorer, the editor, the results, the explanation), the functions that
// draw their parts, and the routes of every page: the other pages are in
// ui/pages, the release check in ui/releasepanel, and what they share with the
// explorer in ui/parts. The components keep their state and call into view
// for everything computed; Render only renders (the explorer's also sets
// the performance mark its timings end at).
package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/ui/pages"
)

// Pages are the UI's pages by path.
var Pages = []struct {
	Path string
	new  func() app.Composer
}{
	{"/", func() app.Composer { return newExplorer() }},
	{"/lessons", pages.NewLessonsPage},
	{"/examples", pages.NewGalleryPage},
	{"/register", pages.NewRegisterPage},
}

// Routes registers the UI's pages. main calls it in the browser, run
// before serve and static (a check renders no page), and TestMain in
// tests: without it the handler answers 404, because go-app prerenders
// only registered paths.
//
// Each page is also routed with a final slash: a plain static host serves
// the static site's lessons/index.html at /lessons/ (see writePages). The
// slash form is a pattern, so that go-app's generator does not write the
// page twice.
func Routes() {
	for _, p := range Pages {
		app.Route(p.Path, p.new)
		if p.Path != "/" {
			app.RouteWithRegexp("^"+p.Path+"/$", p.new)
		}
	}
}
