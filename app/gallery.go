package main

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer"
)

// galleryPage is every row of the seed tables as a one-click example:
// the register's cases whose source is a seed table, grouped by family.
type galleryPage struct {
	app.Compo

	cases []register.Case // seed cases, in register order
	views []caseView
	err   string
}

func newGalleryPage() *galleryPage { return &galleryPage{} }

func (p *galleryPage) OnInit() {
	cases, err := register.Cases()
	if err != nil {
		p.err = "The register could not be read: " + err.Error()
		return
	}
	p.cases = seedCases(cases)
	p.views = newCaseViews(p.cases)
}

// seedCases are the cases that come from a seed table.
func seedCases(cases []register.Case) []register.Case {
	var out []register.Case
	for _, c := range cases {
		if strings.Contains(strings.ToLower(c.Source), "seed") {
			out = append(out, c)
		}
	}
	return out
}

func (p *galleryPage) open(ci, qi int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) { openInExplorer(ctx, caseState(p.cases[ci], qi)) }
}

func (p *galleryPage) Render() app.UI {
	return app.Elem("div").Class("page", "gallery").Body(
		renderSiteHeader("/examples", "Every row of the seed tables, each one click from the explorer."),
		app.If(p.err != "", func() app.UI { return app.Elem("p").Class("notice error").Role("alert").Text(p.err) }),
		app.Range(p.views).Slice(func(ci int) app.UI {
			v := p.views[ci]
			return app.Elem("article").Class("card case").DataSet("case", v.ID).Body(
				app.Elem("h2").Text(v.Family+": "+v.Name),
				app.Elem("p").Class("source").Text("Source: "+v.Source),
				app.Elem("pre").Text(v.Robots),
				app.Elem("div").Class("table-wrap").Body(app.Elem("table").Class("cases").Body(
					tableHead("URL", "Token", "Expected", ""),
					app.Elem("tbody").Body(app.Range(v.Queries).Slice(func(qi int) app.UI {
						q := v.Queries[qi]
						return app.Elem("tr").Class("gallery-row").Body(
							app.Elem("td").Body(app.Elem("code").Text(fieldURL(q.URL))),
							app.Elem("td").Body(app.Elem("code").Text(q.Token)),
							app.Elem("td").Body(app.Range(q.Expect).Slice(func(i int) app.UI {
								return app.Elem("span").Class("reading-chip").Text(q.Expect[i].Reading + " " + q.Expect[i].Want + " ")
							})),
							app.Elem("td").Body(app.Elem("button").Attr("type", "button").Class("open").ID("open-seed-"+strconv.Itoa(ci)+"-"+strconv.Itoa(qi)).
								OnClick(p.open(ci, qi), app.EventScope("seed", ci, qi)).Text("Open")),
						)
					})),
				)),
			)
		}),
	)
}
