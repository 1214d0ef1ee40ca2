package releasepanel

import (
	"runtime"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/matcher"
)

// releasePanel is the release check: a URL list pasted or
// loaded from disk, a choice of crawlers, and the pairs whose verdict
// changes between the file in production (Before) and the candidate
// (After). The work is releaseview's; the panel holds it, runs it in
// slices that yield to the browser, and shows it.
type releasePanel struct {
	app.Compo

	Before, After string
	Reading       matcher.Reading

	ctx app.Context // the mounted panel's, for the rows (see releaseRows.Host)

	// The URL list: pasted text or a file's bytes, read by releaseview.
	listText string
	listGen  int
	listName string
	listData []byte
	columns  []string // a CSV file's header, for the column chooser
	column   string
	list     *releaseview.List
	listErr  string

	preset, own string
	crawlerErr  string

	run       *releaseview.Run
	ranFor    releaseInput // what run checks
	runSeq    int          // bumped by each run and by Cancel: an older slice stops
	running   bool
	cancelled bool
	stats     releaseStats
	home      []releaseview.HomeVerdict
	// What a finished run found, worked out once in finish, not in Render.
	sums    []releaseview.CrawlerSummary
	changes []string
	edited  []release.DiffLine
	blanks  int // blank lines edited that decided nothing, not listed

	runsShown int // bumped by each run whose results show (releaseResults.Seq)

	y yielder // runs the slices of evaluation
}

// releaseInput is what a run checked, to say when the inputs moved on.
type releaseInput struct {
	before, after string
	reading       matcher.Reading
	list          *releaseview.List
	preset, own   string
}

// releaseStats is what the page publishes of a run, for the browser test
// and the curious (window.robotsExplorerRelease).
type releaseStats struct {
	start, busy, longest float64
	finish               float64          // the summaries and the line diff, after the last slice
	first                float64          // from the click to the first slice
	setup                float64          // parsing both files and planning the crawlers, in the click's task
	gaps, lastEnd        float64          // the time between slices, in all; the end of the last
	mem                  runtime.MemStats // at the start, to count the collections of the run
	slices               int
}

// sliceMs is how long one slice of evaluation runs before the page yields
// to the browser: short enough that input and frames come through, long
// enough that the yield costs little.
const sliceMs = 24

// searchDebounce is how long typing in the search box must pause.
const searchDebounce = 150 * time.Millisecond

// New is the release check of before (the file in production) and
// after (the candidate) under the reading r.
func New(before, after string, r matcher.Reading) app.UI {
	return &releasePanel{Before: before, After: after, Reading: r}
}

func (p *releasePanel) OnInit() {
	p.preset = "search"
}

func (p *releasePanel) OnMount(ctx app.Context) { p.ctx = ctx }

func (p *releasePanel) OnDismount() {
	p.runSeq++
	p.y.stop()
}

func (p *releasePanel) current() releaseInput {
	return releaseInput{before: p.Before, after: p.After, reading: p.Reading, list: p.list, preset: p.preset, own: p.own}
}

// onListText reads a pasted list once typing pauses.
func (p *releasePanel) onListText(ctx app.Context, _ app.Event) {
	p.listText = ctx.JSSrc().Get("value").String()
	p.listGen++
	gen := p.listGen
	ctx.After(2*parts.Debounce, func(ctx app.Context) {
		if gen == p.listGen {
			p.listName, p.listData, p.columns, p.column = "the pasted list", []byte(p.listText), nil, ""
			p.readList()
		}
	})
}

func (p *releasePanel) onListFile(ctx app.Context, _ app.Event) {
	browser.ReadChosenBytes(ctx, ctx.JSSrc(), browser.MaxListFile, func(ctx app.Context, name string, data []byte, err error) {
		if err != nil {
			p.list, p.listErr = nil, name+": "+err.Error()
			return
		}
		p.listName, p.listData, p.column = name, data, ""
		p.columns = nil
		if lower := strings.ToLower(name); strings.HasSuffix(lower, ".csv") || strings.HasSuffix(lower, ".csv.gz") {
			p.columns = releaseview.CSVColumns(data)
		}
		p.readList()
	})
}

func (p *releasePanel) onColumn(ctx app.Context, _ app.Event) {
	p.column = chosen(ctx)
	p.readList()
}

// readList reads the list held, under the column chosen.
func (p *releasePanel) readList() {
	l, err := releaseview.ReadList(p.listName, p.listData, p.column)
	if err != nil {
		p.list, p.listErr = nil, err.Error()
		return
	}
	p.list, p.listErr = l, ""
}

func (p *releasePanel) onPreset(ctx app.Context, _ app.Event) {
	p.preset = ctx.JSSrc().Get("value").String()
	p.crawlerErr = ""
}

func (p *releasePanel) onOwn(ctx app.Context, _ app.Event) {
	p.own = ctx.JSSrc().Get("value").String()
	p.crawlerErr = ""
}

// onRun starts a check of what is shown now.
func (p *releasePanel) onRun(ctx app.Context, _ app.Event) {
	cs, err := releaseview.Choose(p.preset, p.own)
	if err == nil && len(cs) == 0 {
		err = errNoCrawlers
	}
	if err != nil {
		p.crawlerErr = err.Error()
		return
	}
	var urls []string
	if p.list != nil {
		urls = p.list.URLs
	}
	p.ranFor = p.current()
	t0 := browser.PerfNow()
	p.run = releaseview.Start(releaseview.Input{Before: p.Before, After: p.After, Reading: p.Reading, Crawlers: cs, URLs: urls})
	p.home = releaseview.AIHomePage(p.Before, p.After, p.Reading)
	p.sums, p.changes, p.edited, p.cancelled, p.running = nil, nil, nil, false, true
	p.runSeq++
	p.stats = releaseStats{start: t0, setup: browser.PerfNow() - t0}
	runtime.ReadMemStats(&p.stats.mem)
	seq := p.runSeq
	ctx.Defer(func(ctx app.Context) { p.next(ctx, seq) })
}

type releaseError string

func (e releaseError) Error() string { return string(e) }

const errNoCrawlers = releaseError("no crawler chosen: name at least one")

// next yields to the browser, then runs the next slice in a task of its
// own (browser.NextTask), so that input and frames come between two
// slices.
func (p *releasePanel) next(ctx app.Context, seq int) {
	if !app.IsClient {
		for !p.run.Step(1 << 10) {
		}
		p.finish()
		return
	}
	p.y.post(func() { p.slice(seq) })
}

// slice evaluates for about sliceMs, shows the progress in place (no
// render: the page around it stays as it is) and yields again; once the
// run is done, the results render.
func (p *releasePanel) slice(seq int) {
	if seq != p.runSeq || !p.running {
		return
	}
	start := browser.PerfNow()
	if p.stats.slices == 0 {
		p.stats.first = start - p.stats.start
	} else {
		p.stats.gaps += start - p.stats.lastEnd
	}
	for !p.run.Done() && browser.PerfNow()-start < sliceMs {
		p.run.Step(4)
	}
	p.stats.lastEnd = browser.PerfNow()
	took := p.stats.lastEnd - start
	p.stats.busy += took
	p.stats.longest = max(p.stats.longest, took)
	p.stats.slices++
	if !p.run.Done() {
		p.showProgress()
		p.next(p.ctx, seq)
		return
	}
	p.ctx.Dispatch(func(ctx app.Context) {
		if seq == p.runSeq && p.running {
			p.finish()
			p.measureRender(ctx)
		}
	})
}

// finish shows the results of a run done or cancelled.
func (p *releasePanel) finish() {
	p.running = false
	start := browser.PerfNow()
	p.sums = p.run.Summaries()
	p.changes = releaseview.AllChanges(p.sums)
	p.edited, p.blanks = releaseview.Edited(p.run.LineDiff())
	p.runsShown++
	p.stats.finish = browser.PerfNow() - start
	p.publish()
}

// measureRender publishes how long the render of the results took, from
// the end of finish to the deferred call after the render.
func (p *releasePanel) measureRender(ctx app.Context) {
	start := browser.PerfNow()
	ctx.Defer(func(app.Context) {
		app.Window().Get("robotsExplorerRelease").Set("renderMs", browser.PerfNow()-start)
	})
}

func (p *releasePanel) onCancel(ctx app.Context, _ app.Event) {
	if !p.running {
		return
	}
	p.runSeq++
	p.cancelled = true
	p.finish()
}

// showProgress writes the progress into the page directly: a render of
// the panel at every slice would cost more than the slice.
func (p *releasePanel) showProgress() {
	showText("release-progress-text", p.progressText())
	if el := app.Window().GetElementByID("release-progress-bar"); el.Truthy() {
		done, _ := p.run.Progress()
		el.Set("value", done)
	}
}

func (p *releasePanel) progressText() string {
	done, total := p.run.Progress()
	crawlers := len(p.run.Crawlers())
	switch {
	case p.running:
		return "Checking " + releaseview.Thousands(done) + " of " + releaseview.Thousands(total) + " URLs for " + releaseview.Plural(crawlers, "crawler") + "…"
	case p.cancelled:
		return "Cancelled after " + releaseview.Thousands(done) + " of " + releaseview.Thousands(total) + " URLs: the results below are for those."
	}
	return "Checked " + releaseview.Thousands(total) + " URLs for " + releaseview.Plural(crawlers, "crawler") + ": " +
		releaseview.Thousands(p.run.Rows()) + " pairs, " + releaseview.Thousands(p.run.Changed()) + " changed."
}

// publish leaves the run's figures where a test can read them, with the
// garbage collections the run caused: js/wasm collects on the main thread,
// so each pause is part of a task.
func (p *releasePanel) publish() {
	done, _ := p.run.Progress()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	gcs, longestGC := int(m.NumGC-p.stats.mem.NumGC), uint64(0)
	for i := 0; i < min(gcs, len(m.PauseNs)); i++ {
		longestGC = max(longestGC, m.PauseNs[(int(m.NumGC)-1-i+len(m.PauseNs))%len(m.PauseNs)])
	}
	app.Window().Set("robotsExplorerRelease", map[string]any{
		"urls": done, "crawlers": len(p.run.Crawlers()), "pairs": p.run.Rows(), "changed": p.run.Changed(),
		"ms": browser.PerfNow() - p.stats.start, "busyMs": p.stats.busy, "slices": p.stats.slices, "longestSliceMs": p.stats.longest, "finishMs": p.stats.finish, "firstSliceMs": p.stats.first, "setupMs": p.stats.setup, "gapsMs": p.stats.gaps,
		"cancelled": p.cancelled, "gcs": gcs, "gcMs": float64(m.PauseTotalNs-p.stats.mem.PauseTotalNs) / 1e6,
		"longestGCMs": float64(longestGC) / 1e6, "heapMiB": float64(m.HeapAlloc) / (1 << 20),
	})
}
