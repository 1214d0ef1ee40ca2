package matcher

import (
	"slices"
	"testing"
)

// TestRunsAreOneSequence: elements held in several parts (a file's
// chunks) read as one sequence, in order and out of it, and any stretch
// is the same as a slice of the whole, whether it lies in one part (then
// it shares the part's memory) or straddles several (a copy).
func TestRunsAreOneSequence(t *testing.T) {
	parts := [][]int{{0, 1, 2}, {}, {3}, {4, 5, 6, 7}, {}}
	var whole []int
	var r runs[int]
	for _, p := range parts {
		whole = append(whole, p...)
		r.add(p)
	}
	if r.len() != len(whole) {
		t.Fatalf("len = %d, want %d", r.len(), len(whole))
	}
	for _, i := range []int{0, 1, 2, 3, 4, 7, 5, 0, 6, 3} {
		if got := *r.at(i); got != whole[i] {
			t.Fatalf("at(%d) = %d, want %d", i, got, whole[i])
		}
	}
	for from := 0; from <= len(whole); from++ {
		for to := from; to <= len(whole); to++ {
			got := r.slice(from, to)
			if !slices.Equal(got, whole[from:to]) || got == nil || cap(got) != len(got) {
				t.Fatalf("slice(%d, %d) = %v (cap %d), want %v", from, to, got, cap(got), whole[from:to])
			}
			if p, k := partOf(parts, from, to); p >= 0 && &got[0] != &parts[p][k] {
				t.Errorf("slice(%d, %d), within part %d, was copied", from, to, p)
			}
		}
	}
}

// partOf returns the part that holds the non-empty stretch [from, to) of
// the sequence the parts make, and from's index in it; or -1.
func partOf(parts [][]int, from, to int) (part, k int) {
	start := 0
	for i, p := range parts {
		if from >= start && to <= start+len(p) && from < to {
			return i, from - start
		}
		start += len(p)
	}
	return -1, 0
}
