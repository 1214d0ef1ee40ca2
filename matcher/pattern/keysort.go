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

// sortRefs sorts refs in place by key(ref), as sortedOrder does entries,
// but with no key beside each ref: the keys are read again through key
// wherever the sort looks at one, eight bytes at a time, so that a key is
// read once per eight bytes of a partition's depth, not once per byte.
// An order of entries of key and ref was 28 bytes per rule beside the
// 8 kept (issue 16).
func sortRefs(refs []Ref, key func(Ref) string) {
	radixQuicksortRefs(refs, key, 0, 2*bits.Len(uint(len(refs))))
}

// A chunk is the bytes of a key from some offset on, up to eight, as one
// big-endian number (the missing bytes zero), with how many there are:
// compared as a pair they order keys as strings.Compare does, a key that
// ends sorting before the keys it is a prefix of.
type chunk struct {
	v uint64
	n int
}

func chunkAt(s string, d int) chunk {
	if d >= len(s) {
		return chunk{}
	}
	s = s[d:]
	if len(s) >= 8 {
		_ = s[7]
		return chunk{uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
			uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7]), 8}
	}
	var v uint64
	for i := range 8 {
		v <<= 8
		if i < len(s) {
			v |= uint64(s[i])
		}
	}
	return chunk{v, len(s)}
}

func (a chunk) compare(b chunk) int {
	if a.v != b.v {
		if a.v < b.v {
			return -1
		}
		return 1
	}
	return a.n - b.n
}

// radixQuicksortRefs sorts refs, whose keys share their first d bytes, by
// key.
func radixQuicksortRefs(refs []Ref, key func(Ref) string, d, budget int) {
	for len(refs) > 12 {
		if budget == 0 {
			slices.SortFunc(refs, func(a, b Ref) int { return strings.Compare(key(a)[d:], key(b)[d:]) })
			return
		}
		pivot := medianChunk(chunkAt(key(refs[0]), d), chunkAt(key(refs[len(refs)/2]), d), chunkAt(key(refs[len(refs)-1]), d))
		// refs[:lt] < pivot, refs[lt:i] == pivot, refs[gt:] > pivot at d.
		lt, i, gt := 0, 0, len(refs)
		for i < gt {
			switch c := chunkAt(key(refs[i]), d).compare(pivot); {
			case c < 0:
				refs[lt], refs[i] = refs[i], refs[lt]
				lt++
				i++
			case c > 0:
				gt--
				refs[i], refs[gt] = refs[gt], refs[i]
			default:
				i++
			}
		}
		radixQuicksortRefs(refs[:lt], key, d, budget-1)
		radixQuicksortRefs(refs[gt:], key, d, budget-1)
		if pivot.n < 8 {
			return // the keys of the middle run all end before d+8: equal
		}
		refs, d = refs[lt:gt], d+8
	}
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && key(refs[j])[d:] < key(refs[j-1])[d:]; j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
}

func medianChunk(a, b, c chunk) chunk {
	if a.compare(b) > 0 {
		a, b = b, a
	}
	if b.compare(c) > 0 {
		b = c
	}
	if a.compare(b) > 0 {
		return a
	}
	return b
}
