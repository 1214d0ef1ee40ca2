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
		}
	}
	if s := r.slice(4, 6); &s[0] != &parts[3][0] {
		t.Errorf("a stretch within one part was copied")
	}
}
