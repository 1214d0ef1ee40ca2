package main

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/matcher"
)

// renderExplanation shows everything about the chosen URL: the verdict in
// a sentence, what it rests on (and what the delivery makes of it), the
// record's buttons (actions), the other readings, the annotated file, the
// group trace and the normalization steps.
func renderExplanation(d *detail, actions app.UI) app.UI {
	if d == nil {
		return app.Section().ID("explanation").Aria("label", "Explanation").Body(
			app.P().Class("hint").Text("Choose a URL to see why."),
		)
	}
	return app.Section().ID("explanation").Aria("labelledby", "explanation-title").Body(
		app.H2().ID("explanation-title").Body(app.Text("Why: "), app.Code().Text(clipped(d.Row.URL))),
		app.P().ID("verdict").Class("verdict", d.Row.Verdict).DataSet("verdict", d.Row.Verdict).Body(
			app.Span().Class("badge", d.Row.Verdict).Text(verdictText(d.Row.Verdict)),
			app.Span().Class("sentence").Text(clipped(d.Sentence)),
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
func renderScope(v deliveryView) app.UI {
	return app.Div().ID("verdict-scope").Class("verdict-scope").DataSet("provided", strconv.FormatBool(v.Provided)).Body(
		app.P().ID("scope-label").Class("scope-label").Text(string(v.Scope)),
		app.If(v.Provided, func() app.UI {
			cls := "effective"
			if v.Overrides {
				cls = "effective overrides"
			}
			return app.P().ID("effective-verdict").Class(cls).DataSet("verdict", v.Effective).
				DataSet("overrides", strconv.FormatBool(v.Overrides)).Body(
				app.Span().Class("label").Text("Rules: "),
				app.Span().Class("badge", v.Rule).Text(verdictText(v.Rule)),
				app.Span().Class("label").Text(" → with this delivery: "),
				app.Span().Class("badge", effectiveClass(v.Effective)).Text(effectiveMark(v.Effective)+" "+v.EffectiveText),
				app.If(v.Overrides, func() app.UI {
					return app.Span().Class("sentence").Text(" The delivery overrides the rules (" + v.Assessment.Section + ").")
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

func renderCompared(d *detail) app.UI {
	return app.Dl().Class("facts").Body(
		app.Dt().Text("Path compared"), app.Dd().Body(app.Code().Text(clipped(d.Path))),
		app.Div().Body(app.Dt().Text("Governed by"), app.Dd().ID("robots-url").Body(
			app.If(d.RobotsURL != "", func() app.UI { return app.Code().Text(d.RobotsURL) }).
				Else(func() app.UI { return app.Text(unknownHost) }),
		)),
	)
}

// unknownHost is said of a bare path, whose host the explorer cannot know.
const unknownHost = "unknown: this URL is a path without a scheme and host, so which host's robots.txt governs it " +
	"is not known; the file above is assumed to be that host's /robots.txt (RFC 9309 §2.3)."

// renderScopeNotes lists the lines of the deciding groups that use
// robots.txt for indexing or security, with what to use instead.
func renderScopeNotes(notes []scopeNote) app.UI {
	return app.Div().ID("scope-notes").Class("scope-notes").Body(
		app.H3().Text("Crawling is not indexing, nor security"),
		app.Ul().Body(app.Range(notes).Slice(func(i int) app.UI {
			n := notes[i]
			return app.Li().Class("callout").DataSet("kind", n.Kind).DataSet("line", n.Line).Body(
				app.Strong().Text("Line "+strconv.Itoa(n.Line)+": "), app.Code().Text(clipped(n.Text)),
				app.P().Text(clipped(n.Message)),
				app.P().Body(app.Strong().Text("Instead: "), app.Text(n.Advice), app.Span().Class("source").Text(" ("+n.Source+")")),
			)
		})),
	)
}

// renderReadings puts every reading's verdict side by side; beside each
// one that differs from the chosen reading stands the reason (the factor
// and matcher.Compare's sentence); disagreements between two other
// readings follow.
func renderReadings(d *detail) app.UI {
	if d.Comparing {
		return app.Div().ID("readings").Class("readings").DataSet("state", "comparing").Body(
			app.H3().Text("Other readings"),
			app.P().Class("hint").Aria("live", "polite").Text("Comparing readings…"),
		)
	}
	c := d.Compare
	return app.Div().ID("readings").Class("readings").DataSet("state", "done").Body(
		app.H3().Text("Other readings"),
		app.If(c.Disagree, func() app.UI {
			return app.P().Class("callout").Text("▲ The readings disagree on this URL; the reason for each difference is given.")
		}),
		app.Ul().Body(app.Range(c.Readings).Slice(func(i int) app.UI { return renderReadingVerdict(c.Readings[i]) })),
		app.If(len(c.Others) > 0, func() app.UI {
			return app.Div().Class("other-pairs").Body(
				app.H4().Text("Between the other readings"),
				app.Ul().Body(app.Range(c.Others).Slice(func(i int) app.UI {
					o := c.Others[i]
					return app.Li().Class("difference").DataSet("factor", string(o.Factor)).Body(
						app.Strong().Text(string(o.A)+" and "+string(o.B)),
						app.Text(" differ ("+string(o.Factor)+"): "+clipped(o.Sentence)),
					)
				})),
			)
		}),
	)
}

func renderReadingVerdict(r readingVerdict) app.UI {
	label := string(r.Reading)
	if r.Current {
		label += " (chosen)"
	}
	return app.Li().Class("reading").DataSet("reading", string(r.Reading)).DataSet("verdict", r.Verdict).
		DataSet("differs", strconv.FormatBool(r.Differs)).Body(
		app.Strong().Text(label), app.Text(" "),
		app.Span().Class("badge", r.Verdict).Text(verdictText(r.Verdict)),
		app.Span().Class("sentence").Text(" "+clipped(r.Why)),
		app.If(r.Differs, func() app.UI {
			return app.P().Class("difference").DataSet("factor", string(r.Factor)).Body(
				app.Span().Class("differs").Text("differs ("+string(r.Factor)+"): "),
				app.Text(clipped(r.Reason)),
			)
		}),
	)
}

// How a user-agent line's part in the choice reads, in words and as a
// class for its colour.
var (
	selectsText  = map[bool]string{true: "✔ yes", false: "– no"}
	selectsClass = map[bool]string{true: "selects", false: "skips"}
)

func renderTrace(d *detail) app.UI {
	return app.Div().ID("trace").Class("trace").Body(
		app.H3().Text("How the token chose its group"),
		app.P().Text(d.Trace.Summary),
		app.If(len(d.Agents) > 0, func() app.UI {
			return app.Div().Class("table-wrap").Body(app.Table().Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text("Line"),
					app.Th().Scope("col").Text("User-agent"),
					app.Th().Scope("col").Text("Selects?"),
					app.Th().Scope("col").Text("Because"),
				)),
				app.TBody().Body(app.Range(d.Agents).Slice(func(i int) app.UI {
					ag := d.Agents[i]
					return app.Tr().Class(selectsClass[ag.Matched]).Body(
						app.Td().Text(ag.Agent.Line),
						app.Td().Body(app.Code().Text(clipped(ag.Agent.Value))),
						app.Td().Text(selectsText[ag.Matched]),
						app.Td().Text(ag.How),
					)
				})),
			))
		}),
		app.If(d.AgentsHidden > 0, func() app.UI {
			return app.P().Class("hint").Text("⋯ " + plural(d.AgentsHidden, "more user-agent line") + " name other crawlers and are not listed.")
		}),
	)
}

// renderSteps lists the normalization of the URL and of each matching
// pattern, before → after, with the rule applied.
func renderSteps(d *detail) app.UI {
	return app.Div().ID("steps").Class("steps").Body(
		app.H3().Text("Normalization"),
		app.H4().Text("The URL"),
		renderStepList(d.URLSteps, "The URL was compared as given."),
		app.If(len(d.Patterns) > 0, func() app.UI {
			return app.Div().Body(
				app.H4().Text("The matching patterns"),
				app.Range(d.Patterns).Slice(func(i int) app.UI {
					p := d.Patterns[i]
					head := "line " + strconv.Itoa(p.Line) + ": "
					return app.Div().Class("pattern").Body(
						app.P().Body(
							app.Text(head), app.Code().Text(clipped(p.Text)),
							app.Text(" ("+plural(p.Priority, "octet")+")"),
							app.If(p.Winner, func() app.UI { return app.Strong().Text(" ▶ decides") }),
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
		return app.P().Class("hint").Text(none)
	}
	return app.Ol().Class("step-list").Body(app.Range(steps).Slice(func(i int) app.UI {
		s := steps[i]
		return app.Li().Class("step").Body(
			app.Code().Class("before").Text(clipped(s.Input)),
			app.Span().Class("arrow").Aria("label", "becomes").Text(" → "),
			app.Code().Class("after").Text(clipped(s.Output)),
			app.Span().Class("rule").Text(" "+s.Rule),
			app.If(s.Source != "", func() app.UI { return app.Span().Class("source").Text(" (" + s.Source + ")") }),
		)
	}))
}
