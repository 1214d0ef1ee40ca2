package pages

import (
	"strconv"
	"strings"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/matcher/register"
)

// galleryPage is every row of the seed tables as a one-click example:
// the register's cases whose source is a seed table, grouped by family.
type galleryPage struct {
	app.Compo

	cases []register.Case // seed cases, in register order
	views []view.CaseView
	err   string
	// texts are the views' text for the filter; shown the indexes of the
	// cases the filter query leaves.
	texts []string
	shown []int
	query string
}

// NewGalleryPage is the examples page, /examples.
func NewGalleryPage() app.Composer { return &galleryPage{} }

func (p *galleryPage) OnInit() {
	cases, err := register.Cases()
	if err != nil {
		p.err = "The register could not be read: " + err.Error()
		return
	}
	p.cases = seedCases(cases)
	p.views = view.NewCaseViews(p.cases)
	p.texts = view.CaseSearchTexts(p.views)
	p.shown = view.FilterCases(p.texts, "")
}

// onFilter narrows the list as the filter box is typed in.
func (p *galleryPage) onFilter(ctx app.Context, ev app.Event) {
	p.query = ctx.JSSrc().Get("value").String()
	p.shown = view.FilterCases(p.texts, p.query)
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
	return func(ctx app.Context, ev app.Event) { openInExplorer(ctx, view.CaseState(p.cases[ci], qi)) }
}

func (p *galleryPage) Render() app.UI {
	return app.Elem("div").Class("page", "gallery").Body(
		parts.SiteHeader("/examples", "Every row of the seed tables, each one click from the explorer."),
		app.Elem("main").Body(
			app.If(p.err != "", func() app.UI { return app.Elem("p").Class("notice error").Role("alert").Text(p.err) }),
			renderCaseTools("example", p.views, p.shown, p.query, p.onFilter),
			app.Range(p.shown).Slice(func(si int) app.UI { return p.renderCase(p.shown[si]) }),
		),
	)
}

func (p *galleryPage) renderCase(ci int) app.UI {
	v := p.views[ci]
	return app.Elem("article").Class("card case").ID(view.CaseAnchor("example", v.ID)).DataSet("case", v.ID).Body(
		app.Elem("h2").Text(view.CaseHeading(v)),
		app.Elem("p").Class("source").Text("Source: "+view.PlainSource(v.Source)),
		app.Elem("pre").Text(v.Robots),
		app.Elem("div").Class("table-wrap").Body(app.Elem("table").Class("cases").Body(
			parts.TableHead("URL", "Token", "Expected", "In the explorer"),
			app.Elem("tbody").Body(app.Range(v.Queries).Slice(func(qi int) app.UI {
				q := v.Queries[qi]
				return app.Elem("tr").Class("gallery-row").Body(
					app.Elem("td").Body(app.Elem("code").Text(view.FieldURL(q.URL))),
					app.Elem("td").Body(app.Elem("code").Text(q.Token)),
					app.Elem("td").Body(app.Range(q.Expect).Slice(func(i int) app.UI {
						return app.Elem("span").Class("reading-chip").DataSet("want", q.Expect[i].Want).
							Text(q.Expect[i].Reading + ": " + view.VerdictLabel(q.Expect[i].Want))
					})),
					app.Elem("td").Body(app.Elem("button").Attr("type", "button").Class("open").ID("open-seed-"+strconv.Itoa(ci)+"-"+strconv.Itoa(qi)).
						OnClick(p.open(ci, qi), app.EventScope("seed", ci, qi)).Text("Open")),
				)
			})),
		)),
	)
}
