package main

import (
	"fmt"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/record"
)

// maxURLs bounds the rows of one analysis: a pasted log should not freeze
// the page. The rest are counted, not evaluated.
const maxURLs = 500

// An analysis is the input evaluated: the parsed file and one row per URL.
// It is built outside Render and never changed afterwards.
type analysis struct {
	in      example
	file    *matcher.File
	rows    []resultRow
	skipped int // URLs beyond maxURLs
	// diagLines maps a line number to the file's diagnostics on it.
	diagLines map[int]matcher.DiagnosticList
	allowed   int
	denied    int
	invalid   int
	// noToken says URLs wait for a product token to be typed.
	noToken bool
	// delivered is what the delivery facts make of every row when they
	// decide the verdict whatever the rules say (deliveryrows.go).
	delivered rowDelivery
}

// A resultRow is one URL's verdict with its short reason.
type resultRow struct {
	URL     string
	Verdict string // "allowed", "disallowed", or "invalid" for a URL that cannot be read
	Why     string // the winning line, or the reason when no rule decided, or the URL's error
	Line    int    // the winning line, 0 when none
	Rule    string // the winning line's text, trimmed; "" when none
	Result  *matcher.Result
	// Effective is the verdict once the delivery facts decide it (a 4xx,
	// a 5xx, more than five redirects: RFC 9309 §2.3.1); "" when the
	// rules decide.
	Effective string
}

// analyze parses the file under the chosen reading only and evaluates every
// URL; the other readings are parsed later, for the chosen URL's comparison
// (readings.go). files caches the parses per source text (nil parses
// afresh). When prev read the same file under the same reading, its
// diagnostics index is reused too: editing the token or the URLs of a
// 500 KiB file then costs only the evaluations.
func analyze(in example, files *readingFiles, prev *analysis) *analysis {
	a := &analysis{in: in}
	if prev != nil && prev.in.Source == in.Source && prev.in.Reading == in.Reading {
		a.file, a.diagLines = prev.file, prev.diagLines
	} else {
		a.file = files.file(in.Reading, in.Source)
		a.diagLines = make(map[int]matcher.DiagnosticList)
		for _, d := range a.file.Diagnostics {
			a.diagLines[d.Pos.Line] = append(a.diagLines[d.Pos.Line], d)
		}
	}
	urls := splitURLs(in.URLs)
	if strings.TrimSpace(in.Token) == "" {
		// No token, no verdict: groups are chosen by the token (RFC 9309
		// §2.2.1), and verdicts left from the last token would be wrong.
		a.noToken = len(urls) > 0
		return a
	}
	if len(urls) > maxURLs {
		a.skipped = len(urls) - maxURLs
		urls = urls[:maxURLs]
	}
	for _, u := range urls {
		a.rows = append(a.rows, a.evaluate(u))
	}
	return a
}

func (a *analysis) evaluate(u string) resultRow {
	res, err := a.file.Evaluate(a.in.Token, u)
	if err != nil {
		a.invalid++
		return resultRow{URL: u, Verdict: "invalid", Why: err.Error()}
	}
	row := resultRow{URL: u, Verdict: res.Verdict(), Why: record.Why(a.file, res), Result: res}
	if m, ok := res.WinningRule(); ok {
		row.Line = int(m.Rule.Line)
		row.Rule = strings.TrimSpace(a.file.Text(row.Line))
	}
	if res.Allowed {
		a.allowed++
	} else {
		a.denied++
	}
	return row
}

// splitURLs reads the URL field: one URL a line, surrounding white space
// and blank lines ignored.
func splitURLs(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// summary is the one-line count above the results table.
func (a *analysis) summary() string {
	n := len(a.rows)
	if a.noToken {
		return "Type a product token (for example Googlebot) to see the verdicts: the token chooses the group whose rules apply."
	}
	if n == 0 {
		return "Type a URL (one per line) to see its verdict."
	}
	s := fmt.Sprintf("%s: %d allowed, %d disallowed", plural(n, "URL"), a.allowed, a.denied)
	if d := a.delivered; d.decides {
		s = fmt.Sprintf("%s with this delivery: %d allowed, %d disallowed (by the rules alone: %d allowed, %d disallowed)",
			plural(n, "URL"), d.allowed, d.denied, a.allowed, a.denied)
	}
	if a.invalid > 0 {
		s += fmt.Sprintf(", %d not readable", a.invalid)
	}
	if a.skipped > 0 {
		s += fmt.Sprintf("; %d more not evaluated (at most %d at once)", a.skipped, maxURLs)
	}
	return s + "."
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// lineCount is the number of lines the editor shows for s.
func lineCount(s string) int { return strings.Count(s, "\n") + 1 }
