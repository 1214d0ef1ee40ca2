package pages

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/lesson"
)

// lessonsPage teaches the rules people get wrong, one lesson each (package
// lesson), with examples that open in the explorer. In the browser every
// example is then compared under every reading, one example per step, so
// the page shows where the readings disagree without freezing.
type lessonsPage struct {
	app.Compo

	lessons []lesson.Lesson
	views   [][]view.ExampleView // per lesson, per example
}

// NewLessonsPage is the lessons page, /lessons.
func NewLessonsPage() app.Composer { return &lessonsPage{} }

func (p *lessonsPage) OnInit() {
	p.lessons = lesson.All()
	p.views = make([][]view.ExampleView, len(p.lessons))
	for li, l := range p.lessons {
		for _, x := range l.Examples {
			p.views[li] = append(p.views[li], view.NewExampleView(x))
		}
	}
}

// OnMount runs in the browser only: the server's prerendered page shows
// the lessons without the comparison.
func (p *lessonsPage) OnMount(ctx app.Context) { p.compareLater(ctx, 0, 0) }

func (p *lessonsPage) compareLater(ctx app.Context, li, xi int) {
	for li < len(p.lessons) && xi >= len(p.lessons[li].Examples) {
		li, xi = li+1, 0
	}
	if li >= len(p.lessons) {
		return
	}
	ctx.After(parts.CompareDelay, func(ctx app.Context) {
		view.CompareExample(p.lessons[li].Examples[xi], &p.views[li][xi])
		p.compareLater(ctx, li, xi+1)
	})
}

// open loads example xi of lesson li into the explorer.
func (p *lessonsPage) open(li, xi int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		openInExplorer(ctx, p.lessons[li].Examples[xi].State)
	}
}

func (p *lessonsPage) Render() app.UI {
	return app.Elem("div").Class("page", "lessons").Body(
		parts.SiteHeader("/lessons", "One lesson for each rule of RFC 9309 that people get wrong. Each example opens in the explorer with one click."),
		app.Elem("main").Body(
			app.Elem("nav").Class("card toc").Aria("label", "Lessons").Body(app.Elem("ol").Body(
				app.Range(p.lessons).Slice(func(i int) app.UI {
					l := p.lessons[i]
					return app.Elem("li").Body(app.Elem("a").Attr("href", "#lesson-"+l.ID).Text(l.Title))
				}),
			)),
			app.Range(p.lessons).Slice(func(li int) app.UI { return p.renderLesson(li) }),
		),
	)
}

func (p *lessonsPage) renderLesson(li int) app.UI {
	l := p.lessons[li]
	return app.Elem("section").ID("lesson-"+l.ID).Class("card lesson").DataSet("lesson", l.ID).Body(
		app.Elem("h2").Text(l.Title),
		app.Elem("p").Body(app.Elem("strong").Text(l.Summary)),
		app.Range(l.Body).Slice(func(i int) app.UI { return app.Elem("p").Text(l.Body[i]) }),
		app.Elem("p").Class("section-link").Body(
			app.Text("Where it comes from: "),
			app.Elem("a").Attr("href", l.SectionURL()).Attr("target", "_blank").Attr("rel", "noopener noreferrer").Text("RFC 9309 §"+l.Section),
		),
		app.Range(p.views[li]).Slice(func(xi int) app.UI { return p.renderExample(li, xi) }),
	)
}

func (p *lessonsPage) renderExample(li, xi int) app.UI {
	v := p.views[li][xi]
	id := p.lessons[li].ID
	return app.Elem("div").Class("example").DataSet("lesson", id).DataSet("example", xi).
		DataSet("compared", strconv.FormatBool(v.Compared)).DataSet("disagree", strconv.FormatBool(v.Disagreeing())).Body(
		app.Elem("h3").Text(v.Caption),
		app.Elem("pre").Text(v.Robots),
		app.If(v.Hidden > 0, func() app.UI {
			return app.Elem("p").Class("hint").Text("⋯ " + view.Plural(v.Hidden, "more line") + ": open the example to see the whole file.")
		}),
		app.Elem("p").Body(app.Text("Product token "), app.Elem("code").Text(v.Token), app.Text(", reading "+v.Reading+".")),
		app.Elem("ul").Class("readings").Body(app.Range(v.Rows).Slice(func(i int) app.UI { return renderExampleRow(v.Rows[i], v.Compared) })),
		app.Elem("button").Attr("type", "button").Class("open").ID("open-"+id+"-"+strconv.Itoa(xi)).
			OnClick(p.open(li, xi), app.EventScope("lesson", li, xi)).Text("Open in the explorer"),
	)
}

// renderExampleRow is one URL of an example: the verdict taught, then
// every reading's verdict and the reasons they differ, once compared.
func renderExampleRow(r view.ExampleRow, compared bool) app.UI {
	return app.Elem("li").Class("example-url").DataSet("expect", r.Expect).Body(
		app.Elem("code").Text(r.URL), app.Text(" "),
		app.Elem("span").Class("badge", r.Expect).Text(parts.VerdictText(r.Expect)),
		app.If(!compared, func() app.UI { return app.Elem("span").Class("hint").Text(" comparing readings…") }),
		app.If(r.Compare != nil, func() app.UI {
			c := r.Compare
			return app.Elem("div").Class("compare").Body(
				app.Range(c.Readings).Slice(func(i int) app.UI {
					rv := c.Readings[i]
					return app.Elem("span").Class("reading-chip").DataSet("reading", string(rv.Reading)).DataSet("verdict", rv.Verdict).
						Text(string(rv.Reading) + " " + parts.VerdictText(rv.Verdict) + " ")
				}),
				app.If(c.Disagree, func() app.UI {
					return app.Elem("ul").Class("differences").Body(app.Range(c.Readings).Slice(func(i int) app.UI {
						rv := c.Readings[i]
						if !rv.Differs {
							return app.Text("")
						}
						return app.Elem("li").Class("difference").DataSet("factor", string(rv.Factor)).Text("▲ " + string(rv.Reading) + ": " + rv.Reason)
					}))
				}),
			)
		}),
	)
}
