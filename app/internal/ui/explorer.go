package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// debounce and compareDelay are the pages' shared timings (parts/timing.go).
const (
	debounce     = parts.Debounce
	compareDelay = parts.CompareDelay
)

// explorer is the page: the inputs, the results table and the explanation
// of the chosen URL. All state is unexported and rebuilt in OnNav, because
// some navigations re-create the component.
type explorer struct {
	app.Compo

	in     permalink.State
	source editorContent     // the last text loaded into the editor
	urls   editorContent     // the last text loaded into the URL field
	gen    int               // bumped by every edit; a debounced analysis runs only when still current
	files  view.ReadingFiles // the text parsed under each reading asked for so far
	result *view.Analysis
	chosen int
	detail *view.Detail
	// cmpSeq is bumped with every new detail: a comparison step started
	// for an older one drops its work.
	cmpSeq int
	cmpMs  float64 // time spent on the current comparison so far
	// parsing and comparing are the parses of a large file running off
	// the UI goroutine (background.go): the chosen reading's, for the
	// analysis, and the others', for the comparison.
	parsing, comparing work
	saving             work // the readable link of a large file, for the save (permalinks.go)
	loaded             bool
	measure            browser.Timing
	// parsedAhead is set while analyze runs on a file parsed for it in
	// the background, whose measurement began before that parse.
	parsedAhead bool
	input       view.InputCheck // the pasted file's notices and the part analysed
	// marks are the editor's marks for the chosen URL, problems the count
	// of the file's diagnostics above it (editormarks.go, view/problems.go).
	marks    editorMarks
	problems view.Problems
	// token is the product-token field's check; delivery what the
	// delivery panel's facts make of the chosen URL (view/delivery.go).
	token    view.TokenView
	delivery view.DeliveryView
	// capture is the WARC capture whose file and delivery the page shows,
	// read-only, or nil; fetchToken and fetchWhy say whether the page's
	// server fetches for it, fetching that it is (capturepanel.go).
	capture              *view.LoadedCapture
	fetchToken, fetchWhy string
	fetching             bool

	// Sharing (permalinks.go). edited says the person changed what was
	// loaded; fragment and linked are the address bar's fragment and the
	// state it holds; previous is work a link or an example replaced;
	// unread is saved work that could not be read.
	edited     bool
	fragment   string
	linked     permalink.State
	previous   *permalink.State
	unread     *view.UnreadWork
	persistSeq int
	// tooLargeToSave: the work's file is over maxSavedRobots, and the page
	// has said that it is not saved.
	tooLargeToSave bool
	linkGen        int // bumped by each new state for the address bar; see compactThen
	notice         string
	noticeKind     string
	noticeSeq      int
	shareLink      string

	// before is the last text loaded into the release check's editor of
	// the file in production; release says the check is open
	// (releaseinputs.go).
	before  editorContent
	release bool

	// pick is the choice of crawlers, pickErr what is wrong with it; grid
	// the verdicts of those chosen, gridSeq bumped with each new one,
	// gridSummary its line (crawlerpick.go).
	pick        view.CrawlerChoice
	pickErr     string
	grid        *crawlerview.Verdicts
	gridSeq     int
	gridSummary string

	// ctx is the explorer's own: the work an element starts by removing
	// itself (the size notice's button) runs in it, since go-app drops
	// the deferred and timed calls of an element no longer mounted.
	ctx app.Context
}

func (e *explorer) OnMount(ctx app.Context) { e.ctx = ctx }

func newExplorer() *explorer { return &explorer{} }

// load replaces the whole input, with row chosen chosen, and analyses it
// at once.
func (e *explorer) load(ctx app.Context, ex permalink.State, chosen int) {
	e.in = ex
	e.capture = nil
	e.source = editorContent{Seq: e.source.Seq + 1, Text: ex.Robots}
	e.urls = editorContent{Seq: e.urls.Seq + 1, Text: strings.Join(ex.URLs, "\n")}
	e.loadBefore(ex.Before)
	e.loadCrawlers(ex.Crawlers)
	e.chosen = chosen
	e.shareLink = ""
	e.gen++
	e.analyze(ctx)
	if app.IsClient {
		ctx.Defer(func(app.Context) { e.writeFields() })
	}
}

// writeFields writes the loaded state into the plain fields. A render
// does not: go-app skips a value equal to the one it rendered last, while
// the person may have typed another since, and an empty one it drops,
// which leaves what was typed.
func (e *explorer) writeFields() {
	d := e.in.Delivery
	for id, v := range map[string]string{
		"token": e.in.Token, "crawlers-own": e.pick.Own,
		"delivery-status": d.Status, "delivery-type": d.ContentType, "delivery-redirects": strings.Join(d.Redirects, "\n"),
		"delivery-error": d.FetchError, "delivery-observed": d.Observed,
	} {
		if el := app.Window().GetElementByID(id); el.Truthy() && el.Get("value").String() != v {
			el.Set("value", v)
		}
	}
}

// analyze evaluates the current input under the chosen reading, keeps the
// chosen row when it still exists, and measures the evaluation and the
// render that follows. The other readings are compared afterwards.
func (e *explorer) analyze(ctx app.Context) {
	in := e.input.Bound(e.in)
	if r := view.ReadingOf(in); app.IsClient && len(in.Robots) >= pacedFrom && !e.files.Has(r, in.Robots) {
		// A large file is parsed in the background first; the analysis
		// that follows finds it parsed. The comparison of the old text
		// is of no use any more.
		e.comparing.cancel()
		gen := e.gen
		// The measurement starts now, so that it covers the parse in the
		// background too: the time from the edit to its verdicts.
		e.measure.Begin()
		e.parsedAhead = false
		e.parsing.waited = true
		e.parseLater(ctx, &e.parsing, []matcher.Reading{r}, in.Robots, in.Token, firstURL(in.URLs), func(ctx app.Context) {
			if gen == e.gen {
				e.parsedAhead = true
				e.analyze(ctx)
			}
		})
		return
	}
	if !e.parsedAhead {
		e.measure.Begin()
	}
	e.parsedAhead = false
	sp := browser.StartSpan("analyse: parse and evaluate")
	e.result = view.Analyze(in, &e.files, e.result).WithSize(len(e.in.Robots))
	sp.End()
	sp = browser.StartSpan("analyse: detail, marks, problems")
	if e.chosen >= len(e.result.Rows) {
		e.chosen = 0
	}
	e.detail = view.NewDetail(e.result, e.chosen)
	e.marks, e.problems = marksOf(e.result, e.detail), view.NewProblems(e.result.File)
	e.token = view.NewTokenView(e.in.Token)
	e.assessDelivery()
	e.evaluateCrawlers()
	sp.End()
	e.measure.EvaluatedNow(len(e.in.Robots), len(e.result.Rows))
	if !app.IsClient {
		// Prerendering waits for every timer a component starts: the
		// save, which only a browser uses, held each GET / for
		// persistDelay. The page compares at once instead.
		e.compareNow()
		return
	}
	ctx.Defer(func(ctx app.Context) {
		e.measure.Publish()
		e.compareLater(ctx)
		e.persistLater(ctx)
	})
}

// show explains row i and compares it under the other readings later.
func (e *explorer) show(ctx app.Context, i int) {
	e.chosen = i
	e.detail = view.NewDetail(e.result, i)
	e.marks = marksOf(e.result, e.detail)
	if e.marks.Winner > 0 {
		// The deciding line comes into the editor's view, once the marks
		// are drawn.
		target := lineTarget{ID: "robots-src", Line: e.marks.Winner}
		ctx.Defer(func(ctx app.Context) { ctx.NewActionWithValue(showLineAction, target) })
	}
	e.assessDelivery()
	e.compareLater(ctx)
	e.persistLater(ctx)
}

// compareLater starts the chosen URL's comparison under every reading,
// after the chosen reading's verdicts are on screen. Each step parses at
// most one reading; an edit or another choice in between drops the rest.
func (e *explorer) compareLater(ctx app.Context) {
	e.cmpSeq++
	e.cmpMs = 0
	e.comparing.cancel()
	seq, gen := e.cmpSeq, e.gen
	delay := compareDelay
	if e.result != nil && len(e.result.In.Robots) >= pacedFrom {
		// Seconds of background work: started once typing has paused,
		// not between two keys.
		delay = pacedCompareDelay
	}
	ctx.After(delay, func(ctx app.Context) { e.compareStep(ctx, seq, gen) })
}

// compareNow compares the chosen URL under every reading in one go, for
// the prerendered page.
func (e *explorer) compareNow() {
	if e.detail == nil || !e.detail.Comparing {
		return
	}
	src := e.result.In.Robots
	for r, ok := e.files.Missing(src); ok; r, ok = e.files.Missing(src) {
		e.files.File(r, src)
	}
	e.detail = e.detail.WithComparison(view.CompareURL(e.files.All(src), view.ReadingOf(e.result.In), e.result.In.Token, e.detail.Row.URL))
}

func (e *explorer) compareStep(ctx app.Context, seq, gen int) {
	if seq != e.cmpSeq || gen != e.gen || e.detail == nil || !e.detail.Comparing {
		ctx.PreventUpdate()
		return
	}
	start := browser.PerfNow()
	src := e.result.In.Robots
	if rs := e.files.MissingAll(src); len(rs) > 0 && app.IsClient && len(src) >= pacedFrom {
		// A large file: every missing reading parsed in the background,
		// then this step again, with all of them parsed.
		ctx.PreventUpdate()
		e.parseLater(ctx, &e.comparing, rs, src, e.result.In.Token, e.detail.Row.URL, func(ctx app.Context) {
			e.cmpMs += browser.PerfNow() - start
			e.compareStep(ctx, seq, gen)
		})
		return
	}
	if r, ok := e.files.Missing(src); ok {
		sp := browser.StartSpan("compare: parse " + string(r))
		e.files.File(r, src)
		sp.End()
		e.cmpMs += browser.PerfNow() - start
		ctx.PreventUpdate() // nothing to show yet
		ctx.After(compareDelay, func(ctx app.Context) { e.compareStep(ctx, seq, gen) })
		return
	}
	row := e.detail.Row
	sp := browser.StartSpan("compare: evaluate")
	defer sp.End()
	e.detail = e.detail.WithComparison(view.CompareURL(e.files.All(src), view.ReadingOf(e.result.In), e.result.In.Token, row.URL))
	e.cmpMs += browser.PerfNow() - start
	browser.PublishCompareTiming(len(src), e.cmpMs)
}

// schedule analyses after a pause in typing: each edit bumps gen, and only
// the last edit's timer finds gen unchanged.
func (e *explorer) schedule(ctx app.Context) {
	e.gen++
	e.parsing.cancel()
	e.comparing.cancel()
	e.saving.cancel()
	gen := e.gen
	ctx.After(debounce, func(ctx app.Context) {
		if gen == e.gen {
			e.analyze(ctx)
		}
	})
}

func (e *explorer) onSource(ctx app.Context, text string) {
	defer browser.StartSpan("explorer: take the text").End()
	e.in.Robots, e.edited = text, true
	if len(text) > view.AnalysedLimit {
		// Too large to analyse whole: the size notice shows at once,
		// before the analysis (view.CheckInput is one pass over the bytes).
		e.input.Bound(e.in)
	}
	e.schedule(ctx)
}

// firstURL is the first URL of the URL field's lines, "/" when none.
func firstURL(lines []string) string {
	if urls := view.URLLines(lines); len(urls) > 0 {
		return urls[0]
	}
	return "/"
}

func (e *explorer) onURLs(ctx app.Context, text string) {
	e.in.URLs, e.edited = strings.Split(text, "\n"), true
	e.schedule(ctx)
}

func (e *explorer) onToken(ctx app.Context, ev app.Event) {
	e.in.Token, e.edited = ctx.JSSrc().Get("value").String(), true
	ctx.PreventUpdate()
	e.schedule(ctx)
}

func (e *explorer) onReading(ctx app.Context, ev app.Event) {
	r, err := matcher.ParseReading(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	e.in.Reading, e.edited = string(r), true
	e.gen++
	e.analyze(ctx)
}

func (e *explorer) onExample(ctx app.Context, ev app.Event) {
	e.openState(ctx, view.RFC9309Example(), 0)
}

// choose shows the explanation of row i.
func (e *explorer) choose(i int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) { e.show(ctx, i) }
}

// onRowKey moves the choice with the arrow keys (and Home, End) while a
// result's button has focus, and keeps the focus on the chosen row.
func (e *explorer) onRowKey(i int) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		next, ok := rowAfterKey(ev.Get("key").String(), i, len(e.result.Rows))
		if !ok {
			ctx.PreventUpdate()
			return
		}
		ev.PreventDefault() // the arrows would scroll the page
		e.show(ctx, next)
		id := rowButtonID(next)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("focus")
			}
		})
	}
}

func (e *explorer) Render() app.UI {
	e.measure.MarkRender()
	return app.Elem("div").Class("explorer").Body(
		app.Elem("button").Attr("type", "button").ID("skip-to-verdicts").Class("skip-link").OnClick(skipToVerdicts).
			Text("Skip to the verdicts"),
		parts.SiteHeader("/", "Why a robots.txt file allows or disallows a URL: every matching rule, "+
			"the group chosen, each normalization step. What you paste stays in your browser."),
		renderNotice(e.notice, e.noticeKind, e.noticeSeq),
		renderRestore(e.previous != nil, e.onRestore, e.onDiscardPrevious),
		renderUnread(e.unread, e.onDownloadUnread, e.onDiscardUnread),
		renderShare(e.shareLink, shareHandlers{copyLink: e.onCopyLink, saveFile: e.onSaveFile, loadFile: e.onLoadFile, saveRobots: e.onSaveRobots}),
		app.Elem("main").Class("layout").Body(
			e.renderInputs(),
			app.Elem("div").Class("output").Body(
				renderInputNotices(e.input, e.onDropUnanalysed),
				e.renderVerdicts(),
				renderExplanation(e.detail, e.renderRecordBar()),
			),
		),
		e.renderRelease(),
	)
}

// renderInputs is the form: the file, the token, the URLs, the reading.
func (e *explorer) renderInputs() app.UI {
	readings := matcher.Readings()
	return app.Elem("section").Class("inputs").Aria("label", "Input").Body(
		app.Elem("div").Class("field file").Body(
			app.Elem("div").Class("label-row").Body(
				app.Elem("label").ID("robots-src-label").Text("robots.txt"),
				app.Elem("button").Attr("type", "button").Class("link").OnClick(e.onExample).Text("Load RFC 9309’s example"),
				e.renderReleaseToggle(),
			),
			e.renderBefore(),
			renderProblems(e.problems, e.onNextProblem),
			newCodeEditor("robots-src", "robots.txt file", e.source, e.onSource).withMarks(&e.marks).readOnlyIf(e.capture != nil),
		),
		app.Elem("div").Class("field-row").Body(
			app.Elem("div").Class("field").Body(
				app.Elem("label").Attr("for", "token").Text("Product token"),
				app.ElemSelfClosing("input").ID("token").Attr("type", "text").Attr("list", "tokens").Attr("value", e.in.Token).
					Spellcheck(false).Attr("placeholder", "Googlebot").Aria("describedby", "token-check").OnInput(e.onToken),
				app.Elem("datalist").ID("tokens").Body(
					app.Range(view.CommonTokens).Slice(func(i int) app.UI {
						return app.Elem("option").Attr("value", view.CommonTokens[i])
					}),
				),
				renderTokenCheck(e.token, e.onUseToken),
			),
			app.Elem("div").Class("field").Body(
				app.Elem("label").Attr("for", "reading").Text("Reading"),
				app.Elem("select").ID("reading").OnChange(e.onReading).Body(
					app.Range(readings).Slice(func(i int) app.UI {
						return app.Elem("option").Attr("value", string(readings[i])).Attr("selected", readings[i] == view.ReadingOf(e.in)).Text(string(readings[i]))
					}),
				),
			),
			e.renderCrawlerPick(),
		),
		app.Elem("div").Class("field").Body(
			app.Elem("label").ID("urls-label").Text("URLs, one per line"),
			newCodeEditor("urls", "URLs, one per line", e.urls, e.onURLs),
		),
		renderDeliveryPanel(e.in.Delivery, e.delivery, e.onDelivery, e.capturePanel()),
	)
}

// skipToVerdicts brings the verdicts into view and moves the focus there,
// past the editors (on a phone they are a screen or more).
func skipToVerdicts(ctx app.Context, _ app.Event) {
	if el := app.Window().GetElementByID("results"); el.Truthy() {
		el.Call("setAttribute", "tabindex", "-1")
		el.Call("scrollIntoView", map[string]any{"block": "start"})
		el.Call("focus", map[string]any{"preventScroll": true})
	}
}

// OnNav loads the state a link carries; on a first visit without one it
// restores the work saved locally, else shows the default example.
func (e *explorer) OnNav(ctx app.Context) {
	first := !e.loaded
	e.loaded = true
	if first {
		e.offerUnread(ctx)
		e.checkFetch()
	}
	frag := ctx.Page().URL().EscapedFragment()
	if frag == "" || frag == e.fragment {
		if first {
			e.restoreSaved(ctx)
		}
		return
	}
	e.decodeThen(ctx, frag, func(ctx app.Context, ex permalink.State, chosen int, err error) {
		e.openLink(ctx, frag, first, ex, chosen, err)
	})
}
