package view

import (
	"math"

	"robots-explorer/matcher"
)

// The editor's gutter draws only the numbers of the lines in view, beside
// the textarea that scrolls by itself: the gutter follows the textarea's
// scroll, so number N stays beside line N whatever moved the text (the
// wheel, a paste, Ctrl+End, a resize), and a 40,000-line file costs some
// thirty small elements, not one node per line.

// Geometry the gutter shares with the textarea (web/explorer.css): both
// draw 20 px lines below 6 px of padding.
const (
	EditorLineHeight = 20.0
	EditorPadTop     = 6.0
)

// A gutterWindow is the run of lines in view: First to Last (1-based,
// inclusive; Last < First when the field is empty of lines in view), and
// Top, where line First's row starts, relative to the gutter's top edge.
type gutterWindow struct {
	First, Last int
	Top         float64
}

// VisibleLines is the window of a field scrolled scrollTop pixels down,
// clientHeight tall, holding lines lines.
func VisibleLines(scrollTop, clientHeight float64, lines int) gutterWindow {
	first := 1 + int(math.Floor(max(0, scrollTop-EditorPadTop)/EditorLineHeight))
	last := 1 + int(math.Floor(max(0, scrollTop+clientHeight-EditorPadTop)/EditorLineHeight))
	last = min(last, lines)
	return gutterWindow{First: first, Last: last, Top: EditorPadTop + float64(first-1)*EditorLineHeight - scrollTop}
}

// A LineMark is what the gutter shows beside a line that matters for the
// chosen URL or has a problem: a symbol (the meaning never rests on
// colour), a class for the colour, and a label naming it.
type LineMark struct {
	Symbol string
	Class  string
	Label  string
	// Verdict is the deciding line's verdict ("allowed", "disallowed"),
	// drawn in its colour: a blocking line in red, as Search Console's
	// tester did.
	Verdict string
}

// LineMarks are the marks of the robots.txt editor for the chosen URL:
// the deciding line, the other matching rules, each line with a
// diagnostic. One symbol a line, the weightiest; the label names them all.
func LineMarks(a *Analysis, d *Detail) map[int]LineMark {
	marks := map[int]LineMark{}
	if a == nil {
		return marks
	}
	add := func(line int, rank int, symbol, class, label string) {
		m, ok := marks[line]
		if !ok || markRank(m.Class) > rank {
			m.Symbol, m.Class = symbol, class
		}
		if m.Label != "" {
			m.Label += "; "
		}
		m.Label += label
		marks[line] = m
	}
	if d != nil && d.Row.Result != nil {
		res := d.Row.Result
		for i, m := range res.Matches {
			if i == res.Winner {
				add(int(m.Rule.Line), 0, "▶", "winner", "decides the chosen URL: "+d.Row.Verdict)
				w := marks[int(m.Rule.Line)]
				w.Verdict = d.Row.Verdict
				marks[int(m.Rule.Line)] = w
			} else {
				add(int(m.Rule.Line), 2, "●", "match", "matches the chosen URL")
			}
		}
	}
	for line, list := range a.DiagLines {
		for _, dg := range list {
			sev := dg.Severity.String()
			add(line, severityRank(dg.Severity), SeverityMark(dg.Severity), sev, sev+": "+Clipped(dg.Message))
		}
	}
	return marks
}

var markRanks = map[string]int{"winner": 0, "error": 1, "match": 2, "warning": 3, "info": 4}

func markRank(class string) int { return markRanks[class] }

func severityRank(s matcher.Severity) int { return markRank(s.String()) }
