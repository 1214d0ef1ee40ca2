package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// pages are the UI's pages by path.
var pages = []struct {
	path string
	new  func() app.Composer
}{
	{"/", func() app.Composer { return newExplorer() }},
	{"/lessons", func() app.Composer { return newLessonsPage() }},
	{"/examples", func() app.Composer { return newGalleryPage() }},
	{"/register", func() app.Composer { return newRegisterPage() }},
}

// routes registers the UI's pages. main calls it in the browser, run
// before serve and static (a check renders no page), and TestMain in
// tests: without it the handler answers 404, because go-app prerenders
// only registered paths.
//
// Each page is also routed with a final slash: a plain static host serves
// the static site's lessons/index.html at /lessons/ (see writePages). The
// slash form is a pattern, so that go-app's generator does not write the
// page twice.
func routes() {
	for _, p := range pages {
		app.Route(p.path, p.new)
		if p.path != "/" {
			app.RouteWithRegexp("^"+p.path+"/$", p.new)
		}
	}
}
