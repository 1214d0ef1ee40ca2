package parts

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The app's pages, in the order the navigation lists them.
var sitePages = []struct{ path, label string }{
	{"/", "Explorer"},
	{"/lessons", "Lessons"},
	{"/examples", "Examples"},
	{"/register", "Fixture register"},
}

// SiteHeader is every page's header: the title, a line on what the
// page is, and the links between the pages (current marks this one).
func SiteHeader(current, tagline string) app.UI {
	return app.Elem("header").Class("top").Body(
		app.Elem("h1").Text("Robots.txt Explorer"),
		app.Elem("nav").Class("site-nav").Aria("label", "Pages").Body(
			app.Range(sitePages).Slice(func(i int) app.UI {
				p := sitePages[i]
				a := app.Elem("a").Attr("href", p.path).Text(p.label)
				if p.path == current {
					a = a.Aria("current", "page")
				}
				return a
			}),
		),
		app.Elem("p").Class("tagline").Text(tagline),
	)
}
