package main

import (
	"fmt"
	"strings"

	"robots-explorer/matcher"
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
	// others holds the file parsed under each other reading, for the
	// side-by-side verdicts; nil when only one reading exists.
	others []*matcher.File
	// diagLines maps a line number to the file's diagnostics on it.
	diagLines map[int]matcher.DiagnosticList
	allowed   int
	denied    int
	invalid   int
}

// A resultRow is one URL's verdict with its short reason.
type resultRow struct {
	URL     string
	Verdict string // "allowed", "disallowed", or "invalid" for a URL that cannot be read
	Why     string // the winning line, or the reason when no rule decided, or the URL's error
	Line    int    // the winning line, 0 when none
	Result  *matcher.Result
}

// analyze parses the file under the chosen reading and evaluates every URL.
// When prev parsed the same file under the same reading, its parse is
// reused: editing the token or the URLs of a 500 KiB file then costs only
// the evaluations.
func analyze(in example, readings []matcher.Reading, prev *analysis) *analysis {
	a := &analysis{in: in}
	if prev != nil && prev.in.Source == in.Source && prev.in.Reading == in.Reading {
		a.file, a.others, a.diagLines = prev.file, prev.others, prev.diagLines
	} else {
		a.parse(readings)
	}
	urls := splitURLs(in.URLs)
	if len(urls) > maxURLs {
		a.skipped = len(urls) - maxURLs
		urls = urls[:maxURLs]
	}
	for _, u := range urls {
		a.rows = append(a.rows, a.evaluate(u))
	}
	return a
}

// parse reads the file under the chosen reading, and under the others when
// there are others to compare with.
func (a *analysis) parse(readings []matcher.Reading) {
	src := []byte(a.in.Source)
	a.file = matcher.ParseAs(a.in.Reading, src)
	a.diagLines = make(map[int]matcher.DiagnosticList)
	for _, d := range a.file.Diagnostics {
		a.diagLines[d.Pos.Line] = append(a.diagLines[d.Pos.Line], d)
	}
	if len(readings) > 1 {
		for _, r := range readings {
			if r != a.file.Reading {
				a.others = append(a.others, matcher.ParseAs(r, src))
			}
		}
	}
}

func (a *analysis) evaluate(u string) resultRow {
	res, err := a.file.Evaluate(a.in.Token, u)
	if err != nil {
		a.invalid++
		return resultRow{URL: u, Verdict: "invalid", Why: err.Error()}
	}
	row := resultRow{URL: u, Verdict: res.Verdict(), Why: res.Explanation, Result: res}
	if m, ok := res.WinningRule(); ok {
		row.Line = m.Rule.Line
		row.Why = fmt.Sprintf("line %d: %s", m.Rule.Line, strings.TrimSpace(a.file.Text(m.Rule.Line)))
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
	if n == 0 {
		return "Type a URL (one per line) to see its verdict."
	}
	s := fmt.Sprintf("%s: %d allowed, %d disallowed", plural(n, "URL"), a.allowed, a.denied)
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

// gutterText is the editor's line numbers, one a line, as a single text so
// that a long file costs one DOM node.
func gutterText(lines int) string {
	var b strings.Builder
	b.Grow(lines * 6)
	for i := 1; i <= lines; i++ {
		if i > 1 {
			b.WriteByte('\n')
		}
		fmt.Fprint(&b, i)
	}
	return b.String()
}
