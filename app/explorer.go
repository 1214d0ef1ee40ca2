package main

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/matcher"
)

// debounce is how long typing must pause before the input is analysed.
const debounce = 120 * time.Millisecond

// explorer is the page: the inputs, the results table and the explanation
// of the chosen URL. All state is unexported and rebuilt in OnNav, because
// some navigations re-create the component.
type explorer struct {
	app.Compo

	in      example
	source  editorContent // the last text loaded into the editor
	urls    editorContent // the last text loaded into the URL field
	gen     int           // bumped by every edit; a debounced analysis runs only when still current
	result  *analysis
	chosen  int
	detail  *detail
	loaded  bool
	measure timing
	input   inputCheck // the pasted file's notices and the part analysed
}

func newExplorer() *explorer { return &explorer{} }

// OnNav loads the default example on a first visit.
func (e *explorer) OnNav(ctx app.Context) {
	if e.loaded {
		return
	}
	e.loaded = true
	e.load(ctx, rfc9309Example)
}

// load replaces the whole input and analyses it at once.
func (e *explorer) load(ctx app.Context, ex example) {
	e.in = ex
	e.source = editorContent{Seq: e.source.Seq + 1, Text: ex.Source}
	e.urls = editorContent{Seq: e.urls.Seq + 1, Text: ex.URLs}
	e.chosen = 0
	e.gen++
	e.analyze(ctx)
}

// analyze evaluates the current input, keeps the chosen row when it still
// exists, and measures the evaluation and the render that follows.
func (e *explorer) analyze(ctx app.Context) {
	e.measure.begin()
	e.result = analyze(e.input.bound(e.in), matcher.Readings(), e.result)
	if e.chosen >= len(e.result.rows) {
		e.chosen = 0
	}
	e.detail = newDetail(e.result, e.chosen)
	e.measure.evaluatedNow(len(e.in.Source), len(e.result.rows))
	ctx.Defer(func(app.Context) { e.measure.publish() })
}

// schedule analyses after a pause in typing: each edit bumps gen, and only
// the last edit's timer finds gen unchanged.
func (e *explorer) schedule(ctx app.Context) {
	e.gen++
	gen := e.gen
	ctx.After(debounce, func(ctx app.Context) {
		if gen == e.gen {
			e.analyze(ctx)
		}
	})
}

func (e *explorer) onSource(ctx app.Context, text string) {
	e.in.Source = text
	e.schedule(ctx)
}

func (e *explorer) onURLs(ctx app.Context, text string) {
	e.in.URLs = text
	e.schedule(ctx)
}

func (e *explorer) onToken(ctx app.Context, ev app.Event) {
	e.in.Token = ctx.JSSrc().Get("value").String()
	ctx.PreventUpdate()
	e.schedule(ctx)
}

func (e *explorer) onReading(ctx app.Context, ev app.Event) {
	r, err := matcher.ParseReading(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	e.in.Reading = r
	e.gen++
	e.analyze(ctx)
}

func (e *explorer) onExample(ctx app.Context, ev app.Event) { e.load(ctx, rfc9309Example) }

// choose shows the explanation of row i.
func (e *explorer) choose(i int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		e.chosen = i
		e.detail = newDetail(e.result, i)
	}
}

// onRowKey moves the choice with the arrow keys (and Home, End) while a
// result's button has focus, and keeps the focus on the chosen row.
func (e *explorer) onRowKey(i int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		next, ok := rowAfterKey(ev.Get("key").String(), i, len(e.result.rows))
		if !ok {
			ctx.PreventUpdate()
			return
		}
		ev.PreventDefault() // the arrows would scroll the page
		e.chosen = next
		e.detail = newDetail(e.result, next)
		id := rowButtonID(next)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

func (e *explorer) Render() app.UI {
	e.measure.markRender()
	return app.Div().Class("explorer").Body(
		app.Header().Class("top").Body(
			app.H1().Text("Robots.txt Explorer"),
			app.P().Class("tagline").Text("Why a robots.txt file allows or disallows a URL: every matching rule, "+
				"the group chosen, each normalization step. What you paste stays in your browser."),
		),
		app.Main().Class("layout").Body(
			e.renderInputs(),
			app.Div().Class("output").Body(
				renderInputNotices(e.input),
				renderResults(e.result, e.chosen, e.choose, e.onRowKey),
				renderExplanation(e.detail),
			),
		),
	)
}

// renderInputs is the form: the file, the token, the URLs, the reading.
func (e *explorer) renderInputs() app.UI {
	readings := matcher.Readings()
	return app.Section().Class("inputs").Aria("label", "Input").Body(
		app.Div().Class("field file").Body(
			app.Div().Class("label-row").Body(
				app.Label().For("robots-src").Text("robots.txt"),
				app.Button().Type("button").Class("link").OnClick(e.onExample).Text("Load RFC 9309’s example"),
			),
			newEditor("robots-src", "robots.txt file", e.source, e.onSource),
		),
		app.Div().Class("field-row").Body(
			app.Div().Class("field").Body(
				app.Label().For("token").Text("Product token"),
				app.Input().ID("token").Type("text").List("tokens").Value(e.in.Token).
					Spellcheck(false).Placeholder("Googlebot").OnInput(e.onToken),
				app.DataList().ID("tokens").Body(
					app.Range(commonTokens).Slice(func(i int) app.UI {
						return app.Option().Value(commonTokens[i])
					}),
				),
			),
			app.Div().Class("field").Body(
				app.Label().For("reading").Text("Reading"),
				app.Select().ID("reading").OnChange(e.onReading).Body(
					app.Range(readings).Slice(func(i int) app.UI {
						return app.Option().Value(string(readings[i])).Selected(readings[i] == e.in.Reading).Text(string(readings[i]))
					}),
				),
			),
		),
		app.Div().Class("field").Body(
			app.Label().For("urls").Text("URLs, one per line"),
			newEditor("urls", "URLs, one per line", e.urls, e.onURLs),
		),
	)
}
