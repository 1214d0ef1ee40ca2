package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// routes registers the UI's pages. main calls it in the browser, run
// before serve and static (a check renders no page), and TestMain in
// tests: without it the handler answers 404, because go-app prerenders
// only registered paths.
func routes() {
	app.Route("/", func() app.Composer { return newExplorer() })
	app.Route("/lessons", func() app.Composer { return newLessonsPage() })
	app.Route("/examples", func() app.Composer { return newGalleryPage() })
	app.Route("/register", func() app.Composer { return newRegisterPage() })
}
