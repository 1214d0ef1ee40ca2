package release

import "slices"

// An Op is what a line diff does with a line.
type Op byte

// The ops.
const (
	Same    Op = ' '
	Removed Op = '-' // in the old file only
	Added   Op = '+' // in the new file only
)

// An Edit is one line of a line diff: Old and New are its 1-based line
// numbers in each file, 0 on the side it is not in.
type Edit struct {
	Op       Op
	Old, New int
}

// maxEditDistance bounds the Myers search: its trace holds O(D²) ints.
// Two files further apart than this are shown as the whole middle removed
// and added, which is a correct diff, if not the shortest.
const maxEditDistance = 4096

// Lines diffs two files' lines with Myers' O(ND) algorithm ("An O(ND)
// Difference Algorithm and Its Variations", 1986), after setting aside the
// common head and tail, which is all a typical edit leaves.
func Lines(a, b []string) []Edit {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	out := make([]Edit, 0, max(len(a), len(b))+8)
	for i := 0; i < head; i++ {
		out = append(out, Edit{Same, i + 1, i + 1})
	}
	out = middle(out, a[head:len(a)-tail], b[head:len(b)-tail], head)
	for i := 0; i < tail; i++ {
		out = append(out, Edit{Same, len(a) - tail + i + 1, len(b) - tail + i + 1})
	}
	return out
}

// middle appends the shortest edit script of a and b, whose lines are
// numbered from off+1.
func middle(out []Edit, a, b []string, off int) []Edit {
	n, m := len(a), len(b)
	limit := min(n+m, maxEditDistance)
	vo := limit + 1 // v[k+vo] is the furthest x on diagonal k
	v := make([]int, 2*limit+3)
	var trace [][]int
	d := 0
	for ; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[vo-d-1:vo+d+2]...))
		if reached(v, vo, d, a, b) {
			break
		}
	}
	if d > limit {
		for i := range a {
			out = append(out, Edit{Removed, off + i + 1, 0})
		}
		for j := range b {
			out = append(out, Edit{Added, 0, off + j + 1})
		}
		return out
	}
	return append(out, backtrack(trace, d, n, m, off)...)
}

// reached advances every diagonal by one more edit (d) and reports whether
// one reached the end of both.
func reached(v []int, vo, d int, a, b []string) bool {
	n, m := len(a), len(b)
	for k := -d; k <= d; k += 2 {
		var x int
		if k == -d || k != d && v[vo+k-1] < v[vo+k+1] {
			x = v[vo+k+1] // down: an insertion
		} else {
			x = v[vo+k-1] + 1 // right: a deletion
		}
		y := x - k
		for x < n && y < m && a[x] == b[y] {
			x, y = x+1, y+1
		}
		v[vo+k] = x
		if x >= n && y >= m {
			return true
		}
	}
	return false
}

// backtrack walks the trace from the end to the start and returns the
// edits in order. trace[d] holds v before step d, for diagonals -d-1..d+1.
func backtrack(trace [][]int, d, n, m, off int) []Edit {
	var rev []Edit
	x, y := n, m
	for ; d > 0; d-- {
		prev := trace[d]
		at := func(k int) int { return prev[k+d+1] }
		k := x - y
		pk := k - 1 // came right: a deletion
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1 // came down: an insertion
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py { // the snake after the edit
			rev = append(rev, Edit{Same, off + x, off + y})
			x, y = x-1, y-1
		}
		if pk == k+1 {
			rev = append(rev, Edit{Added, 0, off + y})
		} else {
			rev = append(rev, Edit{Removed, off + x, 0})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		rev = append(rev, Edit{Same, off + x, off + y})
		x, y = x-1, y-1
	}
	slices.Reverse(rev)
	return rev
}
