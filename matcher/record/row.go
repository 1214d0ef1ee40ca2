package record

import (
	"robots-explorer/matcher"
	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/delivery"
)

// A Row is the short view of a verdict that check -json prints for each
// URL: the record without what a stream of URLs cannot repeat per line
// (the file's hash, the time, the tool, the token check, the delivery). Its
// rules, steps and diagnostics are built as the record's are.
type Row struct {
	Verdict     string          `json:"verdict"`
	Scope       delivery.Scope  `json:"scope"` // always delivery.ScopeLocal: a row has no delivery facts
	URL         string          `json:"url"`
	Reading     matcher.Reading `json:"reading"`
	Token       string          `json:"token"`
	Path        string          `json:"path"` // the record's matched_path
	RobotsURL   string          `json:"robots_url,omitempty"`
	Reason      matcher.Reason  `json:"reason"`
	Explanation string          `json:"explanation"`
	Winner      *RuleRef        `json:"winner"`
	Matches     []RuleRef       `json:"matches"`
	// MatchesOmitted counts the matching rules Matches leaves out
	// (check -max-matches); absent when it lists them all.
	MatchesOmitted int            `json:"matches_omitted,omitempty"`
	Steps          []matcher.Step `json:"steps"` // the record's normalization
	Groups         []int          `json:"groups"`
	// GroupsOmitted counts the applying groups Groups leaves out (check
	// -max-matches); absent when it lists them all.
	GroupsOmitted int          `json:"groups_omitted,omitempty"`
	Diagnostics   []Diagnostic `json:"diagnostics"`
	// With check -compare: every reading's verdict, and why pairs differ.
	Readings    []ReadingRow         `json:"readings,omitempty"`
	Differences []compare.Difference `json:"differences,omitempty"`
}

// A RuleRef is a Rule as a row cites it: where it is and what it says,
// without how the pattern was normalized.
type RuleRef struct {
	Line     int          `json:"line"`
	Kind     matcher.Kind `json:"kind"`
	Pattern  string       `json:"pattern"`
	Priority int          `json:"priority"`
	Text     string       `json:"text,omitempty"` // "" in a ReadingRow
}

// A ReadingRow is one reading's verdict in the table of readings, as check
// -compare prints it in text: Factor and Sentence say why it differs from
// the chosen reading (empty when it agrees).
type ReadingRow struct {
	Reading     matcher.Reading `json:"reading"`
	Title       string          `json:"title"`
	Verdict     string          `json:"verdict"`
	Winner      *RuleRef        `json:"winner"`
	Explanation string          `json:"explanation"`
	Factor      compare.Factor  `json:"factor,omitempty"`
	Sentence    string          `json:"sentence,omitempty"`
}

// Ref is the citation of r.
func (r Rule) Ref() RuleRef {
	return RuleRef{Line: r.Line, Kind: r.Kind, Pattern: r.Pattern, Priority: r.Priority, Text: r.Text}
}

// NewRow builds the row of res, a verdict on f; cmp, when not nil, is the
// comparison res belongs to. Its lists that grow with the file keep at
// most max entries each, as a record's do (Input.Max; 0 keeps every one).
func NewRow(f *matcher.File, res *matcher.Result, cmp *compare.Comparison, max int) Row {
	winner, matches, omitted := rules(f, res, max)
	groups, groupsOmitted := capped(res.Groups.Selected, max)
	out := Row{
		Verdict: res.Verdict(), Scope: delivery.ScopeLocal, URL: res.Target.Input, Reading: res.Reading, Token: res.Token,
		Path: res.Path, RobotsURL: res.Target.RobotsURL, Reason: res.Reason, Explanation: res.Explanation,
		Matches: make([]RuleRef, len(matches)), MatchesOmitted: res.Omitted + omitted, Steps: normalization(res),
		Groups: append([]int{}, groups...), GroupsOmitted: groupsOmitted, Diagnostics: diagnostics(res),
	}
	for i, m := range matches {
		out.Matches[i] = m.Ref()
	}
	if winner != nil {
		w := winner.Ref()
		out.Winner = &w
	}
	if cmp != nil {
		out.Readings, out.Differences = readingRows(cmp), cmp.Differences
	}
	return out
}

func readingRows(cmp *compare.Comparison) []ReadingRow {
	var out []ReadingRow
	for _, r := range cmp.Results {
		row := ReadingRow{Reading: r.Reading, Title: matcher.About(r.Reading).Title, Verdict: r.Verdict(), Explanation: r.Explanation}
		for _, d := range cmp.Differences {
			if d.B == r.Reading {
				row.Factor, row.Sentence = d.Factor, d.Sentence
			}
		}
		if m, ok := r.WinningRule(); ok {
			row.Winner = &RuleRef{Line: int(m.Rule.Line), Kind: m.Rule.Kind(), Pattern: m.Pattern, Priority: m.Priority}
		}
		out = append(out, row)
	}
	return out
}
