package pattern

import "math/bits"

// sortRefs sorts refs in place by key(ref), with no key kept beside each
// ref, and returns a bitset that marks the first ref of each run of equal
// keys. An order of entries of key and ref would be 28 bytes per rule
// beside the 8 kept. The keys of a file's rules share long starts
// ("/section-1/", "/section-2/", …), which a comparison sort reads again
// at every comparison; this is a radix sort by seven bytes at a time: the
// refs are sorted by their heads (see headOf), 8 bytes per rule read once
// through key, and each run of one head whose keys go on past it is
// sorted again by the heads of the next seven bytes; so a key is read
// once per seven bytes of the depth that tells it apart, where reading
// it through key at every partition would make the sort of millions of
// distinct rules slow, and slow the build of 20,000 that share
// "/section-" (BenchmarkNewIndex). A hostile file cannot make it
// quadratic: quicksortHeads hands lopsided partitions to a heapsort.
func sortRefs(refs []Ref, key func(Ref) string) []uint64 {
	first := make([]uint64, (len(refs)+63)/64)
	sortRefsFrom(refs, make([]uint64, len(refs)), key, 0, first, 0)
	return first
}

// sortRefsFrom sorts refs, whose keys share their first d bytes, by key,
// with heads as room for their heads, and marks in first the first ref
// of each run of equal keys; refs[0] is ref at of the whole.
func sortRefsFrom(refs []Ref, heads []uint64, key func(Ref) string, d int, first []uint64, at int) {
	for i, r := range refs {
		heads[i] = headOf(key(r)[d:])
	}
	quicksortHeads(heads, refs, 2*bits.Len(uint(len(refs))))
	for i := 0; i < len(refs); {
		j := i + 1
		for j < len(refs) && heads[j] == heads[i] {
			j++
		}
		if j-i > 1 && heads[i]&0xff > headBytes {
			sortRefsFrom(refs[i:j], heads[i:j], key, d+headBytes, first, at+i)
		} else {
			first[(at+i)/64] |= 1 << ((at + i) % 64)
		}
		i = j
	}
}

// headBytes is how many bytes of a key its head holds.
const headBytes = 7

// headOf is the head of key s: its first seven bytes as a big-endian
// number (the missing ones zero) above a byte that says how many of them
// there are, or 8 when s goes on past them. Heads compare as the keys do,
// and keys of one head below 8 are equal.
func headOf(s string) uint64 {
	var v uint64
	for i := range headBytes {
		v <<= 8
		if i < len(s) {
			v |= uint64(s[i])
		}
	}
	return v<<8 | uint64(min(len(s), headBytes+1))
}

// quicksortHeads sorts heads, moving refs with them. Past budget
// partitions it sorts the rest as pairs by heapsort, which is O(n log n)
// comparisons whatever the input. It is not sort.Sort over the two arrays,
// whose calls through an interface BenchmarkNewIndex shows would bring
// the build of 20,000 rules close to its target; nor slices.SortFunc over
// pairs of head and ref, 8 more bytes per rule at the peak of a large
// file's build.
func quicksortHeads(heads []uint64, refs []Ref, budget int) {
	for len(heads) > 12 {
		if budget == 0 {
			sortPairs(heads, refs)
			return
		}
		budget--
		n := len(heads)
		pivot := medianHead(heads[0], heads[n/2], heads[n-1])
		lt, i, gt := 0, 0, n
		for i < gt {
			switch h := heads[i]; {
			case h < pivot:
				heads[lt], heads[i] = heads[i], heads[lt]
				refs[lt], refs[i] = refs[i], refs[lt]
				lt++
				i++
			case h > pivot:
				gt--
				heads[i], heads[gt] = heads[gt], heads[i]
				refs[i], refs[gt] = refs[gt], refs[i]
			default:
				i++
			}
		}
		// The smaller side by recursion, the larger by the loop.
		if lt < n-gt {
			quicksortHeads(heads[:lt], refs[:lt], budget)
			heads, refs = heads[gt:], refs[gt:]
		} else {
			quicksortHeads(heads[gt:], refs[gt:], budget)
			heads, refs = heads[:lt], refs[:lt]
		}
	}
	for i := 1; i < len(heads); i++ {
		for j := i; j > 0 && heads[j] < heads[j-1]; j-- {
			heads[j], heads[j-1] = heads[j-1], heads[j]
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
}

func medianHead(a, b, c uint64) uint64 {
	return max(min(a, b), min(max(a, b), c))
}

// sortPairs sorts heads, moving refs with them, by heapsort: in place,
// O(n log n) whatever the input.
func sortPairs(heads []uint64, refs []Ref) {
	down := func(i, n int) {
		for {
			c := 2*i + 1
			if c >= n {
				return
			}
			if c+1 < n && heads[c+1] > heads[c] {
				c++
			}
			if heads[i] >= heads[c] {
				return
			}
			heads[i], heads[c] = heads[c], heads[i]
			refs[i], refs[c] = refs[c], refs[i]
			i = c
		}
	}
	n := len(heads)
	for i := n/2 - 1; i >= 0; i-- {
		down(i, n)
	}
	for end := n - 1; end > 0; end-- {
		heads[0], heads[end] = heads[end], heads[0]
		refs[0], refs[end] = refs[end], refs[0]
		down(0, end)
	}
}
