// Package view holds the explorer's view models: what the page shows,
// computed from an input (permalink.State) with the matcher and nothing of
// go-app, so that it runs and is tested natively. The analysis of an input,
// the chosen URL's detail, the other readings, the delivery assessment,
// links and saved files, the register's and the lessons' views.
package view

import (
	"fmt"
	"strings"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/record"
)

// maxURLs bounds the rows of one analysis: a pasted log should not freeze
// the page. The rest are counted, not evaluated.
const maxURLs = 500

// An Analysis is the input evaluated: the parsed file and one row per URL.
// It is built outside Render and never changed afterwards.
type Analysis struct {
	In      permalink.State
	File    *matcher.File
	Rows    []ResultRow
	skipped int // URLs beyond maxURLs
	// DiagLines maps a line number to the file's diagnostics on it.
	DiagLines map[int]matcher.DiagnosticList
	allowed   int
	denied    int
	invalid   int
	// noToken says URLs wait for a product token to be typed.
	noToken bool
	// delivered is what the delivery facts make of every row when they
	// decide the verdict whatever the rules say (deliveryrows.go).
	delivered rowDelivery
	// firstPart is File's first 500 KiB, parsed once for the rows that a
	// rule past it decides (sizecut.go); pastCut counts those rows.
	firstPart func() *matcher.File
	pastCut   int
}

// A ResultRow is one URL's verdict with its short reason.
type ResultRow struct {
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
	// cut is what Google's 500 KiB cut makes of the verdict, nil when no
	// matching rule lies past it (CutNote).
	cut *sizeCut
}

// Analyze parses the file under the chosen reading only and evaluates every
// URL; the other readings are parsed later, for the chosen URL's comparison
// (readings.go). files caches the parses per source text (nil parses
// afresh). When prev read the same file under the same reading, its
// diagnostics index is reused too: editing the token or the URLs of a
// 500 KiB file then costs only the evaluations.
func Analyze(in permalink.State, files *ReadingFiles, prev *Analysis) *Analysis {
	a := &Analysis{In: in}
	if prev != nil && prev.In.Robots == in.Robots && ReadingOf(prev.In) == ReadingOf(in) {
		a.File, a.DiagLines, a.firstPart = prev.File, prev.DiagLines, prev.firstPart
	} else {
		a.File = files.File(ReadingOf(in), in.Robots)
		a.DiagLines = make(map[int]matcher.DiagnosticList)
		for _, d := range a.File.Diagnostics {
			a.DiagLines[d.Pos.Line] = append(a.DiagLines[d.Pos.Line], d)
		}
		a.firstPart = firstPart(a.File)
	}
	urls := URLLines(in.URLs)
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
		a.Rows = append(a.Rows, a.evaluate(u))
	}
	return a
}

func (a *Analysis) evaluate(u string) ResultRow {
	res, err := a.File.Evaluate(a.In.Token, u)
	if err != nil {
		a.invalid++
		return ResultRow{URL: u, Verdict: "invalid", Why: err.Error()}
	}
	row := ResultRow{URL: u, Verdict: res.Verdict(), Why: record.Why(a.File, res), Result: res}
	if m, ok := res.WinningRule(); ok {
		row.Line = int(m.Rule.Line)
		row.Rule = strings.TrimSpace(a.File.Text(row.Line))
	}
	if res.Allowed {
		a.allowed++
	} else {
		a.denied++
	}
	if row.cut = newSizeCut(a.File, res, a.firstPart); row.cut != nil {
		a.pastCut++
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

// Summary is the one-line count above the results table.
func (a *Analysis) Summary() string {
	n := len(a.Rows)
	if a.noToken {
		return "Type a product token (for example Googlebot) to see the verdicts: the token chooses the group whose rules apply."
	}
	if n == 0 {
		return "Type a URL (one per line) to see its verdict."
	}
	s := fmt.Sprintf("%s: %d allowed, %d disallowed", Plural(n, "URL"), a.allowed, a.denied)
	if d := a.delivered; d.decides {
		s = fmt.Sprintf("%s with this delivery: %d allowed, %d disallowed (by the rules alone: %d allowed, %d disallowed)",
			Plural(n, "URL"), d.allowed, d.denied, a.allowed, a.denied)
	}
	if a.invalid > 0 {
		s += fmt.Sprintf(", %d not readable", a.invalid)
	}
	if a.pastCut > 0 {
		s += fmt.Sprintf("; %d decided past 500 KiB, where Google's crawler stops reading", a.pastCut)
	}
	if a.skipped > 0 {
		s += fmt.Sprintf("; %d more not evaluated (at most %d at once)", a.skipped, maxURLs)
	}
	return s + "."
}

func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// LineCount is the number of lines the editor shows for s.
func LineCount(s string) int { return strings.Count(s, "\n") + 1 }
