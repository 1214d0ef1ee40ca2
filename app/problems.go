package main

import (
	"slices"

	"robots-explorer/matcher"
)

// problems is the count of the file's diagnostics shown above the editor:
// the file-level errors first (an HTML page), then per severity the count
// and the lines that have one, for the buttons that go to the next.
type problems struct {
	file    matcher.DiagnosticList
	counts  [3]int   // by severityOrder
	lines   [3][]int // sorted, without repeats
	present bool     // a file was read
}

// severityOrder is the order of the buttons, and their words.
var severityOrder = [3]struct {
	sev        matcher.Severity
	one, other string
}{
	{matcher.Error, "error", "errors"},
	{matcher.Warning, "warning", "warnings"},
	{matcher.Info, "note", "notes"},
}

// fileLevel says whether a diagnostic is about the whole file rather than a
// line of it.
func fileLevel(d matcher.Diagnostic) bool { return d.Code == matcher.CodeHTMLBody }

func newProblems(f *matcher.File) problems {
	p := problems{present: f != nil}
	if f == nil {
		return p
	}
	for _, d := range f.Diagnostics {
		if fileLevel(d) {
			p.file = append(p.file, d)
			continue
		}
		for i, s := range severityOrder {
			if s.sev == d.Severity {
				p.counts[i]++
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

// next is the first line after line with a problem of severity i, or the
// first such line when none is after it.
func (p problems) next(i, line int) (int, bool) {
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

func withArticle(word string) string {
	if word != "" && (word[0] == 'e' || word[0] == 'a') {
		return "an " + word
	}
	return "a " + word
}
