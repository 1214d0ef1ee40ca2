package pages

import (
	"strconv"
	"time"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/matcher/register"
)

// checkSlice is how long one step of the register's check may run before
// the page paints and takes input again.
const checkSlice = 40 * time.Millisecond

// registerPage is the fixture register in the app: every case with its
// source and expected verdicts, and, in the browser, the verdicts the
// matcher compiled into this page gives right now.
type registerPage struct {
	app.Compo

	cases []register.Case
	views []view.CaseView
	err   string
	next  int // the next case to check
	tally view.Tally
	// texts, shown and query are the filter's (view/caselist.go).
	texts []string
	shown []int
	query string
}

// NewRegisterPage is the fixture register's page, /register.
func NewRegisterPage() app.Composer { return &registerPage{} }

func (p *registerPage) OnInit() {
	cases, err := register.Cases()
	if err != nil {
		p.err = "The register could not be read: " + err.Error()
		return
	}
	p.cases, p.views = cases, view.NewCaseViews(cases)
	p.tally = view.TallyCases(p.views)
	p.texts = view.CaseSearchTexts(p.views)
	p.shown = view.FilterCases(p.texts, "")
}

// onFilter narrows the list as the filter box is typed in.
func (p *registerPage) onFilter(ctx app.Context, ev app.Event) {
	p.query = ctx.JSSrc().Get("value").String()
	p.shown = view.FilterCases(p.texts, p.query)
}

// OnMount checks the cases in steps of about checkSlice (browser only).
func (p *registerPage) OnMount(ctx app.Context) { p.checkLater(ctx) }

func (p *registerPage) checkLater(ctx app.Context) {
	if p.next >= len(p.cases) {
		return
	}
	ctx.After(parts.CompareDelay, func(ctx app.Context) {
		start := time.Now()
		for p.next < len(p.cases) && time.Since(start) < checkSlice {
			view.CheckCase(p.cases[p.next], &p.views[p.next])
			p.next++
		}
		p.tally = view.TallyCases(p.views)
		p.checkLater(ctx)
	})
}

func (p *registerPage) open(ci, qi int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) { openInExplorer(ctx, view.CaseState(p.cases[ci], qi)) }
}

func (p *registerPage) Render() app.UI {
	t := p.tally
	return app.Elem("div").Class("page", "register").Body(
		parts.SiteHeader("/register", "Every case the project is tested against, checked by the matcher running in this page."),
		app.Elem("main").Body(
			app.If(p.err != "", func() app.UI { return app.Elem("p").Class("notice error").Role("alert").Text(p.err) }),
			app.Elem("p").ID("register-count").Class("card count", countClass(t)).Aria("live", "polite").
				DataSet("cases", t.Cases).DataSet("checked", t.Checked).DataSet("passed", t.CasesPassed).
				DataSet("expectations", t.Expectations).DataSet("met", t.Met).Text(t.Sentence()),
			renderCaseTools("case", p.views, p.shown, p.query, p.onFilter),
			app.Range(p.shown).Slice(func(si int) app.UI { return p.renderCase(p.shown[si]) }),
		),
	)
}

func countClass(t view.Tally) string {
	switch {
	case t.Checked < t.Cases:
		return "pending"
	case t.CasesPassed == t.Cases:
		return "pass"
	}
	return "fail"
}

func caseStatus(v view.CaseView) string {
	switch {
	case !v.Checked:
		return "pending"
	case v.Failed == 0:
		return "pass"
	}
	return "fail"
}

func (p *registerPage) renderCase(ci int) app.UI {
	v := p.views[ci]
	status := caseStatus(v)
	return app.Elem("article").Class("card case").ID(view.CaseAnchor("case", v.ID)).DataSet("case", v.ID).DataSet("status", status).Body(
		app.Elem("h2").Body(app.Text(view.CaseHeading(v)+" "), app.Elem("code").Class("case-id").Text(v.ID)),
		app.Elem("p").Class("source").Text("Source: "+view.PlainSource(v.Source)),
		app.If(v.Text != "", func() app.UI { return app.Elem("p").Class("about").Text(v.Text) }),
		app.Elem("pre").Text(v.Robots),
		app.If(v.Hidden > 0, func() app.UI {
			return app.Elem("p").Class("hint").Text("⋯ " + view.Plural(v.Hidden, "more line") + ": open the case to see the whole file.")
		}),
		app.Elem("div").Class("table-wrap").Body(app.Elem("table").Class("cases").Body(
			parts.TableHead("URL", "Token", "Expected, and what this page computes", "In the explorer"),
			app.Elem("tbody").Body(app.Range(v.Queries).Slice(func(qi int) app.UI { return p.renderQuery(ci, qi) })),
		)),
	)
}

func (p *registerPage) renderQuery(ci, qi int) app.UI {
	q := p.views[ci].Queries[qi]
	return app.Elem("tr").Body(
		app.Elem("td").Body(app.Elem("code").Text(view.FieldURL(q.URL))),
		app.Elem("td").Body(app.Elem("code").Text(q.Token)),
		app.Elem("td").Body(
			app.Elem("ul").Class("expectations").Body(app.Range(q.Expect).Slice(func(i int) app.UI { return renderExpectation(q.Expect[i]) })),
			app.If(q.Differ != "", func() app.UI { return app.Elem("p").Class("hint").Text("Why they differ: " + q.Differ) }),
		),
		app.Elem("td").Body(app.Elem("button").Attr("type", "button").Class("open").ID("open-case-"+strconv.Itoa(ci)+"-"+strconv.Itoa(qi)).
			OnClick(p.open(ci, qi), app.EventScope("case", ci, qi)).Text("Open")),
	)
}

// renderExpectation is one reading's expected verdict, the matcher's, and
// a mark in words as well as colour.
func renderExpectation(e view.ExpectView) app.UI {
	status, mark := "pending", "…"
	switch {
	case e.Pending:
		status, mark = "unknown-reading", "not checked: no such reading"
	case e.Got == "":
	case e.Pass:
		status, mark = "pass", "✔ pass"
	default:
		status, mark = "fail", "✘ fail: got "+view.VerdictLabel(e.Got)
	}
	return app.Elem("li").Class("expectation").DataSet("status", status).DataSet("want", e.Want).Body(
		app.Elem("strong").Text(e.Reading+": "), app.Text(view.VerdictLabel(e.Want)), app.Text(" "),
		app.Elem("span").Class(status+"-mark").Text(mark),
	)
}
