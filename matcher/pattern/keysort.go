package pattern

import (
	"math/bits"
	"slices"
	"strings"
)

// sortedOrder returns the order of the entries by key: indices, so that
// the sort moves four bytes and no pointer (a string moved is a write
// barrier while the collector runs). The keys of a file's rules share long
// starts ("/section-1/", "/section-2/", …), which a comparison sort reads
// again at every comparison; a three-way radix quicksort (Bentley and
// Sedgewick, 1997) reads each byte position of a run once per partition,
// which made the sort, the larger part of building an index for 20,000
// rules, several times cheaper (BenchmarkNewIndex). Its partitions can be
// made lopsided by a hostile file, so past 2·log₂ n partitions that do not
// advance to the next byte it hands the rest to the standard sort, which
// is O(n log n) comparisons whatever the input.
func sortedOrder(es []entry) []int32 {
	order := make([]int32, len(es))
	for i := range order {
		order[i] = int32(i)
	}
	radixQuicksort(es, order, 0, 2*bits.Len(uint(len(es))))
	return order
}

// byteAt is the byte of s at d, or -1 past its end: a key sorts before the
// keys it is a prefix of.
func byteAt(s string, d int) int {
	if d < len(s) {
		return int(s[d])
	}
	return -1
}

// radixQuicksort sorts o, indices of es whose keys share their first d
// bytes, by key.
func radixQuicksort(es []entry, o []int32, d, budget int) {
	at := func(i int) int { return byteAt(es[o[i]].key, d) }
	for len(o) > 12 {
		if budget == 0 {
			slices.SortFunc(o, func(a, b int32) int { return strings.Compare(es[a].key[d:], es[b].key[d:]) })
			return
		}
		pivot := medianOf3(at(0), at(len(o)/2), at(len(o)-1))
		// o[:lt] < pivot, o[lt:i] == pivot, o[gt:] > pivot at byte d.
		lt, i, gt := 0, 0, len(o)
		for i < gt {
			switch c := at(i); {
			case c < pivot:
				o[lt], o[i] = o[i], o[lt]
				lt++
				i++
			case c > pivot:
				gt--
				o[i], o[gt] = o[gt], o[i]
			default:
				i++
			}
		}
		radixQuicksort(es, o[:lt], d, budget-1)
		radixQuicksort(es, o[gt:], d, budget-1)
		if pivot < 0 {
			return // the keys of the middle run all end at d: equal
		}
		o, d = o[lt:gt], d+1
	}
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && es[o[j]].key[d:] < es[o[j-1]].key[d:]; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

func medianOf3(a, b, c int) int {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b = c
	}
	return max(a, b)
}
