package matcher

import (
	"cmp"
	"slices"
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

// add appends d. A line's checks may report a later column before an
// earlier one: d then moves back, within its block, past the diagnostics
// that go after it, as a stable insertion sort would move it, so that a
// block stays in order.
func (g *diagLog) add(d Diagnostic) {
	n := len(g.blocks)
	if n == 0 || len(g.blocks[n-1]) == cap(g.blocks[n-1]) {
		g.blocks = append(g.blocks, make(DiagnosticList, 0, minDiagBlock<<min(n, diagBlockDoublings)))
		n++
	}
	b := append(g.blocks[n-1], d)
	i := len(b) - 1
	for i > 0 && compareDiagnostics(&b[i-1], &d) > 0 {
		b[i] = b[i-1]
		i--
	}
	b[i] = d
	g.blocks[n-1] = b
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
// one after another. A parser reports in file order nearly always, so each
// log is one run in order, and the runs are merged rather than sorted.
func sortedDiagnostics(logs ...*diagLog) DiagnosticList {
	var runs []diagRun
	n := 0
	for _, g := range logs {
		for _, b := range g.blocks {
			runs = appendRuns(runs, b)
			n += len(b)
		}
		runs = append(runs, nil) // a log's last run ends with it
	}
	runs = slices.DeleteFunc(runs, func(r diagRun) bool { return len(r) == 0 })
	switch {
	case n == 0:
		return nil
	case len(runs) > maxMergeRuns:
		out := make(DiagnosticList, 0, n)
		for _, r := range runs {
			for _, b := range r {
				out = append(out, b...)
			}
		}
		out.Sort()
		return out
	}
	return mergeRuns(runs, n)
}

// A diagRun is a run of diagnostics in order, held in blocks (none empty).
type diagRun []DiagnosticList

// maxMergeRuns bounds the runs mergeRuns takes (it compares every run's
// head at each switch between runs); diagnostics cut into more runs, which
// only reports far out of order make, are sorted instead.
const maxMergeRuns = 64

// appendRuns adds the block l to runs, whose last run, unless it is nil,
// is still open: l continues it when l starts in order after it, and its
// own descents, if any, start new runs.
func appendRuns(runs []diagRun, l DiagnosticList) []diagRun {
	start := 0
	for i := 0; i <= len(l); i++ {
		if i < len(l) {
			var prev *Diagnostic
			switch {
			case i > 0:
				prev = &l[i-1]
			case len(runs) > 0 && len(runs[len(runs)-1]) > 0:
				last := runs[len(runs)-1][len(runs[len(runs)-1])-1]
				prev = &last[len(last)-1]
			}
			if prev == nil || compareDiagnostics(prev, &l[i]) <= 0 {
				continue
			}
		}
		if i > start {
			if start == 0 && len(runs) > 0 && runs[len(runs)-1] != nil {
				runs[len(runs)-1] = append(runs[len(runs)-1], l[:i])
			} else {
				runs = append(runs, diagRun{l[start:i]})
			}
		}
		if i < len(l) {
			runs = append(runs, nil) // l[i] starts a new run
		}
		start = i
	}
	return runs
}

// mergeRuns merges runs holding n diagnostics in all. Of equal ones, the
// earliest run's go first, so the merge is stable. Each step takes from
// the run with the least head all that comes before the next least head.
func mergeRuns(runs []diagRun, n int) DiagnosticList {
	out := make(DiagnosticList, 0, n)
	for len(runs) > 0 {
		best := 0
		for i := 1; i < len(runs); i++ {
			if compareDiagnostics(&runs[i][0][0], &runs[best][0][0]) < 0 {
				best = i
			}
		}
		var bound *Diagnostic
		boundAt := -1
		for i, r := range runs {
			if i != best && (bound == nil || compareDiagnostics(&r[0][0], bound) < 0) {
				bound, boundAt = &r[0][0], i
			}
		}
		r := runs[best]
		for len(r) > 0 {
			b := r[0]
			k := 0
			for k < len(b) && goesFirst(&b[k], bound, best < boundAt) {
				k++
			}
			out = append(out, b[:k]...)
			if k < len(b) {
				r[0] = b[k:]
				break
			}
			r = r[1:]
		}
		if runs[best] = r; len(r) == 0 {
			runs = append(runs[:best], runs[best+1:]...)
		}
	}
	return out
}

// goesFirst reports whether d goes before bound (nil: there is none); an
// equal d goes first when its run is the earlier.
func goesFirst(d, bound *Diagnostic, earlier bool) bool {
	if bound == nil {
		return true
	}
	c := compareDiagnostics(d, bound)
	return c < 0 || c == 0 && earlier
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
