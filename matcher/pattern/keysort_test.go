package pattern

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// sortedOrder orders keys as strings.Compare does, for keys that repeat,
// end early, share long starts, hold bytes above 0x7F, and for runs large
// enough to leave the insertion sort and to spend the partition budget.
func TestSortEntriesAgreesWithCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 13, 100, 5000} {
		for _, alphabet := range []string{"ab", "/ab\xff", "abcdefghij"} {
			es := make([]entry, n)
			for i := range es {
				b := make([]byte, rng.IntN(12))
				for j := range b {
					b[j] = alphabet[rng.IntN(len(alphabet))]
				}
				es[i] = entry{"/section-" + string(b), Ref{0, int32(i)}}
			}
			checkSorted(t, fmt.Sprintf("n=%d alphabet=%q", n, alphabet), es)
		}
	}
	// Keys that make every partition lopsided: the budget hands them on.
	var es []entry
	for i := range 3000 {
		es = append(es, entry{strings.Repeat("a", i%97) + string(rune('b'+i%3)), Ref{0, int32(i)}})
	}
	checkSorted(t, "lopsided", es)
}

func checkSorted(t *testing.T, name string, es []entry) {
	t.Helper()
	want := slices.Clone(es)
	slices.SortStableFunc(want, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	order := sortedOrder(es)
	for i, k := range order {
		if es[k].key != want[i].key {
			t.Fatalf("%s: key %d is %q, want %q", name, i, es[k].key, want[i].key)
		}
	}
	slices.Sort(order)
	for i, k := range order {
		if k != int32(i) {
			t.Fatalf("%s: entries lost or doubled", name)
		}
	}
}
