package view

import (
	"fmt"
	"strings"
	"time"

	"robots-explorer/matcher"
)

// Bounds of the annotated file, so that a 500 KiB file renders as fast as
// a short one: short files are shown whole; longer ones show the lines that
// matter (matching rules, the applying groups' user-agent lines,
// diagnostics) with a little context, and fold the rest.
const (
	wholeFileLines = 150
	contextLines   = 2
	MaxShownLines  = 600
	// maxTraceRows bounds the group trace's table: a file with thousands
	// of groups lists every user-agent line that selects, and the first of
	// the others.
	maxTraceRows = 40
)

// A Detail is everything shown for the chosen URL.
type Detail struct {
	Row       ResultRow
	Sentence  string
	Path      string // the path as the reading compared it
	RobotsURL string
	Lines     []FileRow
	// Unshown counts remarkable lines left out past maxShownLines.
	Unshown int
	Trace   *matcher.GroupTrace
	// Agents are the rows of the trace's table; AgentsHidden counts the
	// user-agent lines left out.
	Agents       []matcher.UserAgentMatch
	AgentsHidden int
	URLSteps     []matcher.Step
	Patterns     []patternRow
	// Comparing is true while the other readings are still being read;
	// Compare then holds the chosen URL under every reading (nil for a URL
	// that cannot be read).
	Comparing bool
	Compare   *comparison
	// ScopeNotes are the deciding groups' lines that use robots.txt for
	// indexing or security (scopenotes.go).
	ScopeNotes []ScopeNote
	// Delivery is what the delivery facts make of this verdict.
	Delivery DeliveryView
	// SizeCut is what Google's 500 KiB cut makes of it (sizecut.go), nil
	// when no matching rule lies past the cut.
	SizeCut *sizeCut
}

// A FileRow is one line of the annotated file, or a fold standing for
// lines not shown.
type FileRow struct {
	// Folded, when above 0, makes this row a fold hiding that many lines;
	// the other fields are then empty.
	Folded int
	Number int
	Text   string
	// Mark is "winner" for the deciding rule, "match" for another matching
	// rule, "" otherwise.
	Mark string
	// Group is "applies" for a line of an applying group, "other" for a
	// line of another group, "" outside groups.
	Group string
	// GroupLabel is set on a group's first line: what the group is to the
	// token.
	GroupLabel string
	Diags      matcher.DiagnosticList
}

// A patternRow is a matching rule with its pattern's normalization.
type patternRow struct {
	Line     int
	Text     string
	Priority int
	Winner   bool
	Steps    []matcher.Step
}

// NewDetail explains row i of a.
func NewDetail(a *Analysis, i int) *Detail {
	if i < 0 || i >= len(a.Rows) {
		return nil
	}
	row := a.Rows[i]
	d := &Detail{Row: row, Sentence: row.Why}
	res := row.Result
	if res != nil {
		d.Sentence = res.Explanation
		d.Path = res.Path
		d.RobotsURL = res.Target.RobotsURL
		d.Trace = &res.Groups
		d.Agents, d.AgentsHidden = traceRows(&res.Groups)
		d.URLSteps = append(append([]matcher.Step(nil), res.Target.Steps...), res.Steps...)
		for mi, m := range res.Matches {
			d.Patterns = append(d.Patterns, patternRow{Line: int(m.Rule.Line), Text: strings.TrimSpace(a.File.RuleText(m.Rule)),
				Priority: m.Priority, Winner: mi == res.Winner, Steps: m.Steps})
		}
		d.Comparing = len(matcher.Readings()) > 1
		d.ScopeNotes = scopeNotes(a.File, res)
	}
	d.Delivery = NewDeliveryView(a.In.Delivery, res, len(a.In.Robots), time.Now(), time.Local)
	d.Lines, d.Unshown = annotate(a, res)
	if c := row.cut; c != nil {
		d.SizeCut = c
		d.Sentence += " " + c.Sentence
		d.markRule(c)
	}
	return d
}

// ShownVerdict is the verdict the explanation leads with: the delivery's
// when it overrides the rules, as the chosen URL's row does
// (ResultRow.ShownVerdict), else the rules'.
func (d *Detail) ShownVerdict() string {
	if d.Delivery.Overrides {
		return d.Delivery.Effective
	}
	return d.Row.Verdict
}

// annotate builds the rows of the annotated file for res (nil for a URL
// that could not be read: the file is shown without a decision).
func annotate(a *Analysis, res *matcher.Result) ([]FileRow, int) {
	marks := map[int]string{}
	applies := map[int]bool{}
	if res != nil {
		for mi, m := range res.Matches {
			marks[int(m.Rule.Line)] = "match"
			if mi == res.Winner {
				marks[int(m.Rule.Line)] = "winner"
			}
		}
		for _, g := range res.Groups.Selected {
			applies[g] = true
		}
	}
	shown := linesToShow(a, marks, applies)
	unshown := 0
	if len(shown) > MaxShownLines {
		unshown = len(shown) - MaxShownLines
		shown = shown[:MaxShownLines]
	}
	rows := make([]FileRow, 0, len(shown)+8)
	last := 0
	for _, n := range shown {
		if n > last+1 {
			rows = append(rows, FileRow{Folded: n - last - 1})
		}
		rows = append(rows, a.fileRow(n, marks, applies, res != nil))
		last = n
	}
	if rest := a.File.NumLines() - last; rest > 0 && unshown == 0 {
		rows = append(rows, FileRow{Folded: rest})
	}
	return rows, unshown
}

// traceRows picks the trace table's rows: every user-agent line that
// selects its group, and the others up to maxTraceRows in all.
func traceRows(tr *matcher.GroupTrace) ([]matcher.UserAgentMatch, int) {
	var out []matcher.UserAgentMatch
	for _, ag := range tr.Agents {
		if ag.Matched || len(out) < maxTraceRows {
			ag.How = tr.How(ag) // the rows shown, written when the reading left it to the trace
			out = append(out, ag)
		}
	}
	return out, len(tr.Agents) - len(out)
}

// linesToShow returns the line numbers to show, in order: all of them for
// a short file, else the remarkable ones with their context.
func linesToShow(a *Analysis, marks map[int]string, applies map[int]bool) []int {
	f := a.File
	total := f.NumLines()
	out := make([]int, 0, min(total, MaxShownLines+1))
	if total <= wholeFileLines {
		for n := 1; n <= total; n++ {
			out = append(out, n)
		}
		return out
	}
	want := make([]bool, total+1)
	mark := func(n int) {
		for k := max(1, n-contextLines); k <= min(total, n+contextLines); k++ {
			want[k] = true
		}
	}
	for n := range marks {
		mark(n)
	}
	for gi := range applies {
		for _, ag := range f.AgentsOf(f.Groups[gi]) {
			mark(int(ag.Line))
		}
	}
	for n := range a.DiagLines {
		mark(n)
	}
	for n := 1; n <= total; n++ {
		if want[n] {
			out = append(out, n)
		}
	}
	return out
}

func (a *Analysis) fileRow(n int, marks map[int]string, applies map[int]bool, decided bool) FileRow {
	f := a.File
	group := int(f.LineGroup(n - 1))
	r := FileRow{Number: n, Text: f.Text(n), Mark: marks[n], Diags: a.DiagLines[n]}
	if group >= 0 && decided {
		r.Group = "other"
		if applies[group] {
			r.Group = "applies"
		}
		if g := f.Groups[group]; int(g.FirstLine) == n {
			r.GroupLabel = groupLabel(r.Group == "applies", len(applies))
		}
	}
	return r
}

func groupLabel(applies bool, applying int) string {
	switch {
	case applies && applying > 1:
		return "applies (merged)"
	case applies:
		return "applies"
	}
	return "not for this token"
}

// markRule puts the cut's note on the deciding rule's row; the rows share
// their diagnostics with the analysis, so the row gets its own copy.
func (d *Detail) markRule(c *sizeCut) {
	for i := range d.Lines {
		if r := &d.Lines[i]; c.Line > 0 && r.Number == c.Line {
			r.Diags = append(append(matcher.DiagnosticList(nil), r.Diags...), c.ruleNote())
		}
	}
}

// WithDelivery is d with the delivery view v.
func (d *Detail) WithDelivery(v DeliveryView) *Detail {
	out := *d
	out.Delivery = v
	return &out
}

// WithComparison is d once the other readings have been compared.
func (d *Detail) WithComparison(c *comparison) *Detail {
	out := *d
	out.Comparing, out.Compare = false, c
	return &out
}

// SeverityMark is a diagnostic's shape, so severity reads without colour.
func SeverityMark(s matcher.Severity) string {
	switch s {
	case matcher.Error:
		return "✖"
	case matcher.Warning:
		return "▲"
	}
	return "ℹ"
}

// FoldText says how many lines a fold hides.
func FoldText(n int) string { return fmt.Sprintf("⋯ %s not shown", Plural(n, "line")) }
