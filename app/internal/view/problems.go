package view

import (
	"slices"

	"robots-explorer/matcher"
)

// Problems is the count of the file's diagnostics shown above the editor:
// the file-level errors first (an HTML page), then per severity the count
// and the lines that have one, for the buttons that go to the next. A
// file-level error is an error like any other, so the count of errors
// counts it too: "0 errors" below an error banner would contradict it.
type Problems struct {
	File    matcher.DiagnosticList
	Counts  [3]int   // by severityOrder
	lines   [3][]int // sorted, without repeats
	present bool     // a file was read
}

// SeverityOrder is the order of the buttons, and their words.
var SeverityOrder = [3]struct {
	Sev        matcher.Severity
	One, Other string
}{
	{matcher.Error, "error", "errors"},
	{matcher.Warning, "warning", "warnings"},
	{matcher.Info, "note", "notes"},
}

// fileLevel says whether a diagnostic is about the whole file rather than a
// line of it.
func fileLevel(d matcher.Diagnostic) bool { return d.Code == matcher.CodeHTMLBody }

func NewProblems(f *matcher.File) Problems {
	p := Problems{present: f != nil}
	if f == nil {
		return p
	}
	for _, d := range f.Diagnostics {
		if fileLevel(d) {
			p.File = append(p.File, d)
		}
		for i, s := range SeverityOrder {
			if s.Sev == d.Severity {
				p.Counts[i]++
				p.lines[i] = append(p.lines[i], d.Pos.Line)
			}
		}
	}
	for i := range p.lines {
		slices.Sort(p.lines[i])
		p.lines[i] = slices.Compact(p.lines[i])
	}
	return p
}

// Next is the first line after line with a problem of severity i, or the
// first such line when none is after it.
func (p Problems) Next(i, line int) (int, bool) {
	ls := p.lines[i]
	if len(ls) == 0 {
		return 0, false
	}
	at, _ := slices.BinarySearch(ls, line+1)
	if at == len(ls) {
		at = 0
	}
	return ls[at], true
}

func WithArticle(word string) string {
	if word != "" && (word[0] == 'e' || word[0] == 'a') {
		return "an " + word
	}
	return "a " + word
}
