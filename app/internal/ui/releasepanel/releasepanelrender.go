package releasepanel

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/releaseview"
	"robots-explorer/app/internal/ui/crawlergrid"
	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher/escape"
)

// The release panel's markup: the inputs, the progress, the summaries and
// the filters above the rows (releaserows.go). Everything shown is text
// nodes: URLs and rules from the person's files never become markup.

// listProblemsShown is how many of a list's problems the panel lists.
const listProblemsShown = 8

func (p *releasePanel) Render() app.UI {
	browser.CountRender("releasePanel")
	return app.Elem("section").ID("release").Class("release").Aria("labelledby", "release-title").Body(
		app.Elem("h2").ID("release-title").Text("Release check: before and after, every crawler, every URL"),
		app.Elem("p").Class("scope-label").Text("Compares the robots.txt in production (before) with the candidate (after) over your URL list, "+
			"under the reading chosen above. The list stays in this browser: nothing is uploaded or fetched."),
		app.Elem("div").Class("release-inputs").Body(p.renderList(), p.renderCrawlers()),
		p.renderRun(),
		app.If(p.run != nil && !p.running, func() app.UI { return p.renderOutcome() }),
	)
}

func (p *releasePanel) renderList() app.UI {
	return app.Elem("div").Class("field").Body(
		app.Elem("div").Class("label-row").Body(
			app.Elem("label").Attr("for", "release-urls").Text("URLs to check"),
			app.Elem("label").Class("file-button").Attr("for", "release-list-file").Text("Load a list from disk"),
			app.ElemSelfClosing("input").Attr("type", "file").ID("release-list-file").Class("visually-hidden").
				Attr("accept", ".txt,.xml,.gz,.csv,text/plain,text/xml,application/xml,text/csv,application/gzip").OnChange(p.onListFile),
		),
		app.Elem("textarea").ID("release-urls").Class("source release-list").Attr("rows", 4).Attr("wrap", "off").Spellcheck(false).
			Attr("placeholder", "One URL a line, or a sitemap.xml; load a .xml.gz or a crawl's CSV from disk").OnInput(p.onListText),
		app.If(len(p.columns) > 0, func() app.UI { return p.renderColumns() }),
		app.If(p.listErr != "", func() app.UI {
			return app.Elem("p").ID("release-list-error").Class("file-problem").Text(p.listErr)
		}),
		app.If(p.list != nil, func() app.UI { return p.renderListSummary() }),
	)
}

func (p *releasePanel) renderColumns() app.UI {
	return app.Elem("div").Class("field").Body(
		app.Elem("label").Attr("for", "release-column").Text("The CSV column that holds the URLs"),
		app.Elem("select").ID("release-column").OnChange(p.onColumn).Body(
			app.Elem("option").Attr("value", noValue).Attr("selected", p.column == "").Text("(url, address or loc)"),
			app.Range(p.columns).Slice(func(i int) app.UI {
				n := strconv.Itoa(i + 1)
				return app.Elem("option").Attr("value", n).Attr("selected", p.column == n).Text(p.columns[i])
			}),
		),
	)
}

func (p *releasePanel) renderListSummary() app.UI {
	probs := p.list.Problems[:min(len(p.list.Problems), listProblemsShown)]
	return app.Elem("div").Body(
		app.Elem("p").ID("release-list-summary").Aria("live", "polite").Text(p.list.Summary()+"."),
		app.If(len(probs) > 0, func() app.UI {
			return app.Elem("ul").ID("release-list-problems").Class("release-problems").Body(
				app.Range(probs).Slice(func(i int) app.UI { return app.Elem("li").Text(escape.Text(probs[i].String())) }),
				app.If(p.list.AllProblems() > len(probs), func() app.UI {
					return app.Elem("li").Text("… and " + releaseview.Thousands(p.list.AllProblems()-len(probs)) + " more")
				}),
			)
		}),
	)
}

func (p *releasePanel) renderCrawlers() app.UI {
	return crawlergrid.Picker{ID: "release", Preset: p.preset, Own: p.own, Err: p.crawlerErr, OnPreset: p.onPreset, OnOwn: p.onOwn}.Render()
}

func (p *releasePanel) renderRun() app.UI {
	stale := p.run != nil && !p.running && p.ranFor != p.current()
	run := app.Elem("button").Attr("type", "button").ID("release-run").Class("open").OnClick(p.onRun).Text("Check the release")
	if p.running {
		run = run.Attr("disabled", true) // only when set: see editor.Render
	}
	return app.Elem("div").Class("release-run").Body(
		run,
		app.If(p.running, func() app.UI {
			done, total := p.run.Progress()
			return app.Elem("span").Class("release-progress").Body(
				app.Elem("progress").ID("release-progress-bar").Attr("max", max(total, 1)).Attr("value", done).Aria("label", "Progress"),
				app.Elem("button").Attr("type", "button").ID("release-cancel").OnClick(p.onCancel).Text("Cancel"),
			)
		}),
		app.Elem("p").ID("release-progress-text").Aria("live", "polite").Text(p.runText()),
		app.If(stale, func() app.UI {
			return app.Elem("p").ID("release-stale").Class("scope-label").Text("The files, the list or the crawlers changed since this check: check again to see their effect.")
		}),
	)
}

func (p *releasePanel) runText() string {
	if p.run == nil {
		return ""
	}
	return p.progressText()
}

// renderOutcome is what a finished (or cancelled) run found.
func (p *releasePanel) renderOutcome() app.UI {
	sums, changes := p.sums, p.changes
	return app.Elem("div").Class("release-outcome").Body(
		app.Elem("div").Class("release-summaries").Body(
			app.Elem("div").Body(
				app.Elem("h3").Text("What changed"),
				app.If(len(changes) == 0, func() app.UI { return app.Elem("p").ID("release-changes").Text("No verdict changes.") }).
					Else(func() app.UI {
						return app.Elem("ul").ID("release-changes").Body(app.Range(changes).Slice(func(i int) app.UI {
							return app.Elem("li").Text(changes[i])
						}))
					}),
				renderDiffCauses(p.edited, p.blanks),
			),
			app.Elem("div").Body(
				app.Elem("h3").Text("Per crawler, under the candidate"),
				app.Elem("ul").ID("release-crawlers").Body(app.Range(sums).Slice(func(i int) app.UI {
					return app.Elem("li").DataSet("crawler", sums[i].Crawler).Text(sums[i].Line())
				})),
			),
			renderHomePage(p.home),
		),
		&releaseResults{Run: p.run, Seq: p.runsShown, Host: &p.ctx},
	)
}

// renderDiffCauses lists the edited lines and the changes each decided,
// and says how many blank lines it leaves out.
func renderDiffCauses(edited []release.DiffLine, blanks int) app.UI {
	if len(edited) == 0 && blanks == 0 {
		return app.Elem("p").ID("release-diff").Text("The two files have the same lines.")
	}
	return app.Elem("div").Body(
		app.Elem("h3").Text("Edited lines, and the changes each decided"),
		app.Elem("ul").ID("release-diff").Class("release-diff").Body(app.Range(edited).Slice(func(i int) app.UI {
			d := edited[i]
			where := "before line " + strconv.Itoa(d.Old)
			if d.Op != release.Removed {
				where = "after line " + strconv.Itoa(d.New)
			}
			return app.Elem("li").Class("diff-"+opClass(d.Op)).Body(
				app.Elem("span").Class("diff-op").Text(string(d.Op)+" "+where+": "),
				app.Elem("code").Text(view.Clipped(d.Text)),
				app.Elem("span").Class("diff-caused").Text(" — decided "+releaseview.Plural(d.Caused, "change")),
			)
		})),
		app.If(blanks > 0, func() app.UI { return app.Elem("p").ID("release-blanks").Text(releaseview.BlanksNote(blanks)) }),
	)
}

func opClass(op release.Op) string {
	switch op {
	case release.Added:
		return "added"
	case release.Removed:
		return "removed"
	}
	return "same"
}

// renderHomePage answers at a glance which AI crawlers may fetch "/".
func renderHomePage(home []releaseview.HomeVerdict) app.UI {
	return app.Elem("div").Body(
		app.Elem("h3").Text("Which AI crawlers can fetch the home page (/)"),
		app.Elem("ul").ID("release-home").Class("release-home").Body(app.Range(home).Slice(func(i int) app.UI {
			h := home[i]
			now := h.After.Word()
			li := app.Elem("li").DataSet("crawler", h.Crawler).DataSet("verdict", now)
			body := []app.UI{app.Elem("span").Class("badge", now).Text(parts.VerdictText(now)), app.Text(" " + h.Crawler + " (" + string(h.Purpose) + ")")}
			if h.Before.Allowed != h.After.Allowed {
				body = append(body, app.Elem("span").Class("was").Text(" — was "+h.Before.Word()))
			}
			return li.Body(body...)
		})),
	)
}
