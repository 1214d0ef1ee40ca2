package matcher

import (
	"cmp"
	"strings"
)

// A diagLog collects a parser's diagnostics. A large file can have one on
// most lines, and a growing slice would copy them all several times over:
// the log keeps them in blocks that never move, and sorted() puts them in
// order with one copy at the end.
type diagLog struct {
	blocks []DiagnosticList
}

// The first block holds minDiagBlock diagnostics and each next one twice
// as many, diagBlockDoublings times (1,024), so that a small file
// allocates little.
const (
	minDiagBlock       = 16
	diagBlockDoublings = 6
)

func (g *diagLog) add(d Diagnostic) {
	n := len(g.blocks)
	if n == 0 || len(g.blocks[n-1]) == cap(g.blocks[n-1]) {
		g.blocks = append(g.blocks, make(DiagnosticList, 0, minDiagBlock<<min(n, diagBlockDoublings)))
		n++
	}
	g.blocks[n-1] = append(g.blocks[n-1], d)
}

// drop removes the diagnostics with code c.
func (g *diagLog) drop(c Code) {
	for i, b := range g.blocks {
		kept := b[:0]
		for _, d := range b {
			if d.Code != c {
				kept = append(kept, d)
			}
		}
		clear(b[len(kept):])
		g.blocks[i] = kept
	}
}

// sortedDiagnostics returns the diagnostics of the logs, in order, in
// one list of just the right size: what DiagnosticList.Sort makes of them
// one after another. A parser reports in file order nearly always, so the
// blocks are few runs already in order, which are merged rather than
// sorted.
func sortedDiagnostics(logs ...*diagLog) DiagnosticList {
	var runs []DiagnosticList
	n := 0
	for _, g := range logs {
		for _, b := range g.blocks {
			runs = appendRuns(runs, b)
			n += len(b)
		}
	}
	switch {
	case n == 0:
		return nil
	case len(runs) > maxMergeRuns:
		out := make(DiagnosticList, 0, n)
		for _, r := range runs {
			out = append(out, r...)
		}
		out.Sort()
		return out
	}
	return mergeRuns(runs, n)
}

// maxMergeRuns bounds the runs mergeRuns takes (it compares every run's
// head for each diagnostic); a list cut into more, which only a file whose
// lines report out of order makes, is sorted instead.
const maxMergeRuns = 64

// appendRuns appends the runs of l, its longest stretches in order.
func appendRuns(runs []DiagnosticList, l DiagnosticList) []DiagnosticList {
	start := 0
	for i := 1; i < len(l); i++ {
		if compareDiagnostics(&l[i-1], &l[i]) > 0 {
			runs = append(runs, l[start:i])
			start = i
		}
	}
	if start < len(l) {
		runs = append(runs, l[start:])
	}
	return runs
}

// mergeRuns merges runs holding n diagnostics in all. Of equal heads the
// earliest run's goes first, so the merge is stable.
func mergeRuns(runs []DiagnosticList, n int) DiagnosticList {
	out := make(DiagnosticList, 0, n)
	for len(runs) > 0 {
		best := 0
		for i := 1; i < len(runs); i++ {
			if compareDiagnostics(&runs[i][0], &runs[best][0]) < 0 {
				best = i
			}
		}
		// Take the best run's whole stretch that comes before every other
		// head: with few runs, most of a run goes in one copy.
		r, take := runs[best], 1
		for take < len(r) && !anyBefore(runs, best, &r[take]) {
			take++
		}
		out = append(out, r[:take]...)
		if runs[best] = r[take:]; len(runs[best]) == 0 {
			runs = append(runs[:best], runs[best+1:]...)
		}
	}
	return out
}

// anyBefore reports whether the head of a run other than skip goes before
// d: one of an earlier run when equal, since the merge is stable.
func anyBefore(runs []DiagnosticList, skip int, d *Diagnostic) bool {
	for i, r := range runs {
		if i == skip {
			continue
		}
		c := compareDiagnostics(&r[0], d)
		if c < 0 || c == 0 && i < skip {
			return true
		}
	}
	return false
}

// compareDiagnostics is the order of DiagnosticList.Sort: by position, then
// by code, then by where the span ends, and by message.
func compareDiagnostics(a, b *Diagnostic) int {
	if c := cmp.Compare(a.Pos.Offset, b.Pos.Offset); c != 0 {
		return c
	}
	if c := strings.Compare(string(a.Code), string(b.Code)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End.Offset, b.End.Offset); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}
