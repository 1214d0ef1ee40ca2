package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/ui/parts"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// renderExplanation shows everything about the chosen URL: the verdict in
// a sentence (data-verdict the one it leads with, the delivery's when the
// delivery decides, as the rows do; data-rules the rules'), what it rests
// on (and what the delivery makes of it), the record's buttons (actions),
// the other readings, the annotated file, the group trace and the
// normalization steps.
func renderExplanation(d *view.Detail, actions app.UI) app.UI {
	if d == nil {
		return app.Elem("section").ID("explanation").Aria("label", "Explanation").Body(
			app.Elem("p").Class("hint").Text("Choose a URL to see why."),
		)
	}
	return app.Elem("section").ID("explanation").Aria("labelledby", "explanation-title").Body(
		app.Elem("h2").ID("explanation-title").Body(app.Text("Why: "), app.Elem("code").Text(view.Clipped(d.Row.URL))),
		app.Elem("p").ID("verdict").Class("verdict", d.ShownVerdict()).DataSet("verdict", d.ShownVerdict()).DataSet("rules", d.Row.Verdict).Body(
			app.Elem("span").Class("badge", d.ShownVerdict()).Text(parts.VerdictText(d.ShownVerdict())),
			app.Elem("span").Class("sentence").Body(withLineLinks(view.Clipped(d.Sentence))...),
		),
		app.If(d.Row.Result != nil, func() app.UI { return renderScope(d.Delivery) }),
		actions,
		app.If(d.Path != "", func() app.UI { return renderCompared(d) }),
		app.If(len(d.ScopeNotes) > 0, func() app.UI { return renderScopeNotes(d.ScopeNotes) }),
		app.If(d.Comparing || d.Compare != nil, func() app.UI { return renderReadings(d) }),
		renderFile(d),
		app.If(d.Trace != nil, func() app.UI { return renderTrace(d) }),
		app.If(d.Row.Result != nil, func() app.UI { return renderSteps(d) }),
	)
}

// renderScope labels the rules' verdict with what it rests on and, when the
// delivery overrides the rules, shows the effective verdict beside it.
func renderScope(v view.DeliveryView) app.UI {
	return app.Elem("div").ID("verdict-scope").Class("verdict-scope").DataSet("provided", strconv.FormatBool(v.Provided)).Body(
		app.Elem("p").ID("scope-label").Class("scope-label").Text(string(v.Scope)),
		app.If(v.Provided, func() app.UI {
			cls := "effective"
			if v.Overrides {
				cls = "effective overrides"
			}
			return app.Elem("p").ID("effective-verdict").Class(cls).DataSet("verdict", v.Effective).
				DataSet("overrides", strconv.FormatBool(v.Overrides)).Body(
				app.Elem("span").Class("label").Text("Rules: "),
				app.Elem("span").Class("badge", v.Rule).Text(parts.VerdictText(v.Rule)),
				app.Elem("span").Class("label").Text(" → with this delivery: "),
				app.Elem("span").Class("badge", effectiveClass(v.Effective)).Text(effectiveMark(v.Effective)+" "+v.EffectiveText),
				app.If(v.Overrides, func() app.UI {
					return app.Elem("span").Class("sentence").Text(" The delivery overrides the rules (" + v.Assessment.Section + ").")
				}),
			)
		}),
	)
}

func effectiveClass(v string) string {
	if v == "" {
		return "invalid"
	}
	return v
}

func effectiveMark(v string) string {
	switch v {
	case "allowed":
		return "✔"
	case "disallowed":
		return "✘"
	}
	return "?"
}

func renderCompared(d *view.Detail) app.UI {
	return app.Elem("dl").Class("facts").Body(
		app.Elem("dt").Text("Path compared"), app.Elem("dd").Body(app.Elem("code").Text(view.Clipped(d.Path))),
		app.Elem("div").Body(app.Elem("dt").Text("Governed by"), app.Elem("dd").ID("robots-url").Body(
			app.If(d.RobotsURL != "", func() app.UI { return app.Elem("code").Text(d.RobotsURL) }).
				Else(func() app.UI { return app.Text(unknownHost) }),
		)),
	)
}

// unknownHost is said of a bare path, whose host the explorer cannot know.
const unknownHost = "unknown: this URL is a path without a scheme and host, so which host's robots.txt governs it " +
	"is not known; the file above is assumed to be that host's /robots.txt (RFC 9309 §2.3)."

// renderScopeNotes lists the lines of the deciding groups that use
// robots.txt for indexing or security, with what to use instead.
func renderScopeNotes(notes []view.ScopeNote) app.UI {
	return app.Elem("div").ID("scope-notes").Class("scope-notes").Body(
		app.Elem("h3").Text("Crawling is not indexing, nor security"),
		app.Elem("ul").Body(app.Range(notes).Slice(func(i int) app.UI {
			n := notes[i]
			return app.Elem("li").Class("callout").DataSet("kind", n.Kind).DataSet("line", n.Line).Body(
				app.Elem("strong").Body(lineLink("Line", n.Line), app.Text(": ")), app.Elem("code").Text(view.Clipped(n.Text)),
				app.Elem("p").Text(view.Clipped(n.Message)),
				app.Elem("p").Body(app.Elem("strong").Text("Instead: "), app.Text(n.Advice), app.Elem("span").Class("source").Text(" ("+n.Source+")")),
			)
		})),
	)
}

// renderReadings is the compact table of every reading: its verdict, its
// deciding line, and why it differs from the chosen reading (the factor
// compare.CompareWith names and its sentence).
func renderReadings(d *view.Detail) app.UI {
	if d.Comparing {
		return app.Elem("div").ID("readings").Class("readings").DataSet("state", "comparing").Body(
			app.Elem("h3").Text("Other readings"),
			app.Elem("p").Class("hint").Aria("live", "polite").Text("Comparing readings…"),
		)
	}
	c := d.Compare
	return app.Elem("div").ID("readings").Class("readings").DataSet("state", "done").Body(
		app.Elem("h3").ID("readings-title").Text("Other readings"),
		app.If(c.Disagree, func() app.UI {
			return app.Elem("p").Class("callout").Text("▲ The readings disagree on this URL; the last column says why each one differs from the chosen reading.")
		}),
		// A phone scrolls the table sideways: the region takes the focus
		// so that the keyboard scrolls it too.
		app.Elem("div").Class("table-scroll").Attr("tabindex", "0").Attr("role", "region").Aria("labelledby", "readings-title").Body(
			app.Elem("table").Class("readings-table").Aria("labelledby", "readings-title").Body(
				app.Elem("thead").Body(app.Elem("tr").Body(
					app.Elem("th").Attr("scope", "col").Text("Reading"),
					app.Elem("th").Attr("scope", "col").Text("Verdict"),
					app.Elem("th").Attr("scope", "col").Text("Deciding line"),
					app.Elem("th").Attr("scope", "col").Text("Why it differs"),
				)),
				app.Elem("tbody").Body(app.Range(c.Readings).Slice(func(i int) app.UI { return renderReadingRow(c.Readings[i]) })),
			),
		),
	)
}

func renderReadingRow(r view.ReadingVerdict) app.UI {
	return app.Elem("tr").Class("reading").DataSet("reading", string(r.Reading)).DataSet("verdict", r.Verdict).
		DataSet("differs", strconv.FormatBool(r.Differs)).DataSet("current", strconv.FormatBool(r.Current)).Body(
		app.Elem("th").Attr("scope", "row").Title(r.Mirrors).Body(
			app.Text(r.Title+" "), app.Elem("code").Text(string(r.Reading)),
			app.If(r.Current, func() app.UI { return app.Elem("span").Class("chosen").Text(" (chosen)") }),
		),
		app.Elem("td").Body(app.Elem("span").Class("badge", r.Verdict).Text(parts.VerdictText(r.Verdict))),
		app.Elem("td").Class("deciding").Title(view.Clipped(r.Why)).Body(renderDeciding(r)),
		app.Elem("td").Class("difference").DataSet("factor", string(r.Factor)).Body(renderWhyDiffers(r)),
	)
}

func renderDeciding(r view.ReadingVerdict) app.UI {
	if r.Line == 0 {
		return app.Text(r.Decided)
	}
	return app.Elem("span").Body(lineLink("line", r.Line), app.Text(" "), app.Elem("code").Text(view.Clipped(r.LineText)))
}

func renderWhyDiffers(r view.ReadingVerdict) app.UI {
	if !r.Differs {
		return app.Elem("span").Class("hint").Text(r.Difference())
	}
	return app.Elem("span").Body(append([]app.UI{app.Elem("strong").Class("factor").Text(string(r.Factor)), app.Text(": ")},
		withLineLinks(view.Clipped(r.Reason))...)...)
}

// selectsText and selectsClass say how a user-agent line's part in the
// choice reads, in words and as a class for its colour.
func selectsText(matched bool) string {
	if matched {
		return "✔ yes"
	}
	return "– no"
}

func selectsClass(matched bool) string {
	if matched {
		return "selects"
	}
	return "skips"
}

func renderTrace(d *view.Detail) app.UI {
	return app.Elem("div").ID("trace").Class("trace").Body(
		app.Elem("h3").Text("How the token chose its group"),
		app.Elem("p").Text(d.Trace.Summary),
		app.If(len(d.Agents) > 0, func() app.UI {
			return app.Elem("div").Class("table-wrap").Body(app.Elem("table").Body(
				parts.TableHead("Line", "User-agent", "Selects?", "Because"),
				app.Elem("tbody").Body(app.Range(d.Agents).Slice(func(i int) app.UI {
					ag := d.Agents[i]
					return app.Elem("tr").Class(selectsClass(ag.Matched)).Body(
						app.Elem("td").Body(lineLink("line", int(ag.Agent.Line))),
						app.Elem("td").Body(app.Elem("code").Text(view.Clipped(ag.Agent.Value))),
						app.Elem("td").Text(selectsText(ag.Matched)),
						app.Elem("td").Text(ag.How),
					)
				})),
			))
		}),
		app.If(d.AgentsHidden > 0, func() app.UI {
			return app.Elem("p").Class("hint").Text("⋯ " + view.Plural(d.AgentsHidden, "more user-agent line") + " name other crawlers and are not listed.")
		}),
	)
}

// renderSteps lists the normalization of the URL and of each matching
// pattern, before → after, with the rule applied.
func renderSteps(d *view.Detail) app.UI {
	return app.Elem("div").ID("steps").Class("steps").Body(
		app.Elem("h3").Text("Normalization"),
		app.Elem("h4").Text("The URL"),
		renderStepList(d.URLSteps, "The URL was compared as given."),
		app.If(len(d.Patterns) > 0, func() app.UI {
			return app.Elem("div").Body(
				app.Elem("h4").Text("The matching patterns"),
				app.Range(d.Patterns).Slice(func(i int) app.UI {
					p := d.Patterns[i]
					return app.Elem("div").Class("pattern").Body(
						app.Elem("p").Body(
							lineLink("line", p.Line), app.Text(": "), app.Elem("code").Text(view.Clipped(p.Text)),
							app.Text(" ("+view.Plural(p.Priority, "octet")+")"),
							app.If(p.Winner, func() app.UI { return app.Elem("strong").Text(" ▶ decides") }),
						),
						renderStepList(p.Steps, "Already in normal form."),
					)
				}),
			)
		}),
	)
}

func renderStepList(steps []matcher.Step, none string) app.UI {
	if len(steps) == 0 {
		return app.Elem("p").Class("hint").Text(none)
	}
	return app.Elem("ol").Class("step-list").Body(app.Range(steps).Slice(func(i int) app.UI {
		s := steps[i]
		return app.Elem("li").Class("step").Body(
			app.Elem("code").Class("before").Text(view.Clipped(s.Input)),
			app.Elem("span").Class("arrow").Aria("label", "becomes").Text(" → "),
			app.Elem("code").Class("after").Text(view.Clipped(s.Output)),
			app.Elem("span").Class("rule").Text(" "+s.Rule),
			app.If(s.Source != "", func() app.UI { return app.Elem("span").Class("source").Text(" (" + s.Source + ")") }),
		)
	}))
}
