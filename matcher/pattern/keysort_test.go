package pattern

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// sortRefs orders refs by their keys as strings.Compare does, for keys
// that repeat, end early, share long starts, hold bytes above 0x7F, are
// longer than a chunk and share one or more chunks, end inside one or
// hold zero bytes, and for runs large enough to leave the insertion sort
// and to spend the partition budget.
func TestSortRefsAgreesWithCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 13, 100, 5000} {
		for _, alphabet := range []string{"ab", "/ab\xff", "abcdefghij", "a\x00"} {
			for _, start := range []string{"/section-", "/s", "/0123456/01234567/"} {
				keys := make([]string, n)
				for i := range keys {
					b := make([]byte, rng.IntN(20))
					for j := range b {
						b[j] = alphabet[rng.IntN(len(alphabet))]
					}
					keys[i] = start + string(b)
				}
				checkSortedRefs(t, fmt.Sprintf("n=%d alphabet=%q start=%q", n, alphabet, start), keys)
			}
		}
	}
	var lopsided []string
	for i := range 3000 {
		lopsided = append(lopsided, strings.Repeat("a", i%97)+string(rune('b'+i%3)))
	}
	checkSortedRefs(t, "lopsided", lopsided)
	// One head throughout, then keys that spend the partition budget.
	var long []string
	for i := range 3000 {
		long = append(long, "/abcdefg"+strings.Repeat("a", i%97)+string(rune('b'+i%3)))
	}
	checkSortedRefs(t, "one head", long)
	// Heads that make every partition lopsided: the heapsort takes over.
	var heads []string
	for i := range 3000 {
		heads = append(heads, fmt.Sprintf("%07d", i*i%7919))
	}
	checkSortedRefs(t, "heads", heads)
}

func checkSortedRefs(t *testing.T, name string, keys []string) {
	t.Helper()
	refs := make([]Ref, len(keys))
	for i := range refs {
		refs[i] = Ref{0, int32(i)}
	}
	first := sortRefs(refs, func(r Ref) string { return keys[r.Rule] })
	want := slices.Clone(keys)
	slices.Sort(want)
	for i, r := range refs {
		if keys[r.Rule] != want[i] {
			t.Fatalf("%s: key %d is %q, want %q", name, i, keys[r.Rule], want[i])
		}
		if marked := first[i/64]&(1<<(i%64)) != 0; marked != (i == 0 || want[i] != want[i-1]) {
			t.Fatalf("%s: key %d (%q after %q) marked first %v", name, i, want[i], want[max(i-1, 0)], marked)
		}
	}
	slices.SortFunc(refs, fileOrder)
	for i, r := range refs {
		if r.Rule != int32(i) {
			t.Fatalf("%s: refs lost or doubled", name)
		}
	}
}
