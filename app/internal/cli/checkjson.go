//go:build !wasm

package cli

import "robots-explorer/matcher"

// checkJSON is what check -json prints for one URL.
type checkJSON struct {
	Verdict     string           `json:"verdict"`
	Scope       string           `json:"scope"` // always "local rule decision — delivery not verified"
	URL         string           `json:"url"`
	Reading     matcher.Reading  `json:"reading"`
	Token       string           `json:"token"`
	Path        string           `json:"path"`
	RobotsURL   string           `json:"robots_url,omitempty"`
	Reason      matcher.Reason   `json:"reason"`
	Explanation string           `json:"explanation"`
	Winner      *ruleJSON        `json:"winner"`
	Matches     []ruleJSON       `json:"matches"`
	Steps       []matcher.Step   `json:"steps"`
	Groups      []int            `json:"groups"`
	Diagnostics []diagnosticJSON `json:"diagnostics"`
	// With -compare: every reading's verdict, and why pairs differ.
	Readings    []readingJSON        `json:"readings,omitempty"`
	Differences []matcher.Difference `json:"differences,omitempty"`
}

// readingJSON is one row of the table of readings, as check -compare
// prints it in text: factor and sentence say why it differs from the
// chosen reading (empty when it agrees).
type readingJSON struct {
	Reading     matcher.Reading `json:"reading"`
	Title       string          `json:"title"`
	Verdict     string          `json:"verdict"`
	Winner      *ruleJSON       `json:"winner"`
	Explanation string          `json:"explanation"`
	Factor      matcher.Factor  `json:"factor,omitempty"`
	Sentence    string          `json:"sentence,omitempty"`
}

type ruleJSON struct {
	Line     int          `json:"line"`
	Kind     matcher.Kind `json:"kind"`
	Pattern  string       `json:"pattern"`
	Priority int          `json:"priority"`
	Text     string       `json:"text,omitempty"`
}

type diagnosticJSON struct {
	Line     int              `json:"line"`
	Column   int              `json:"column"`
	Code     matcher.Code     `json:"code"`
	Severity matcher.Severity `json:"severity"`
	Message  string           `json:"message"`
	Source   string           `json:"source"`
}

func newCheckJSON(f *matcher.File, res *matcher.Result, cmp *matcher.Comparison) checkJSON {
	out := checkJSON{
		Verdict: res.Verdict(), Scope: string(matcher.ScopeLocal), URL: res.Target.Input, Reading: res.Reading, Token: res.Token,
		Path: res.Path, RobotsURL: res.Target.RobotsURL, Reason: res.Reason, Explanation: res.Explanation,
		Matches: []ruleJSON{}, Steps: append(res.Target.Steps, res.Steps...), Groups: res.Groups.Selected,
		Diagnostics: []diagnosticJSON{},
	}
	if out.Steps == nil {
		out.Steps = []matcher.Step{}
	}
	if out.Groups == nil {
		out.Groups = []int{}
	}
	for i, m := range res.Matches {
		r := ruleJSON{Line: int(m.Rule.Line), Kind: m.Rule.Kind(), Pattern: m.Pattern, Priority: m.Priority, Text: f.Text(int(m.Rule.Line))}
		out.Matches = append(out.Matches, r)
		if i == res.Winner {
			out.Winner = &r
		}
	}
	if cmp != nil {
		out.Differences = cmp.Differences
		for _, r := range cmp.Results {
			rj := readingJSON{Reading: r.Reading, Title: matcher.About(r.Reading).Title, Verdict: r.Verdict(), Explanation: r.Explanation}
			for _, d := range cmp.Differences {
				if d.B == r.Reading {
					rj.Factor, rj.Sentence = d.Factor, d.Sentence
				}
			}
			if m, ok := r.WinningRule(); ok {
				rj.Winner = &ruleJSON{Line: int(m.Rule.Line), Kind: m.Rule.Kind(), Pattern: m.Pattern, Priority: m.Priority}
			}
			out.Readings = append(out.Readings, rj)
		}
	}
	for _, d := range res.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, diagnosticJSON{d.Pos.Line, d.Pos.Column, d.Code, d.Severity, d.Message, d.Source})
	}
	return out
}
