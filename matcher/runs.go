package matcher

// runs is one sequence of T held in several slices, one per chunk of a file
// read on several processors, so that the chunks' agents and rules need
// not be copied into one array: the group pass reads them in order by
// index, and a group takes its own as a slice of the chunk that holds them.
type runs[T any] struct {
	parts [][]T
	// starts[i] is the index of parts[i][0] in the sequence; one more
	// entry holds the sequence's length.
	starts []int
	cur    int // the part the last at fell in
}

// add appends part to the sequence.
func (r *runs[T]) add(part []T) {
	if r.starts == nil {
		r.starts = []int{0}
	}
	r.parts = append(r.parts, part)
	r.starts = append(r.starts, r.starts[len(r.starts)-1]+len(part))
}

func (r *runs[T]) len() int {
	if r.starts == nil {
		return 0
	}
	return r.starts[len(r.parts)]
}

// at returns the element i of the sequence. Reading in order, it finds
// the part at once.
func (r *runs[T]) at(i int) *T {
	for i < r.starts[r.cur] {
		r.cur--
	}
	for i >= r.starts[r.cur+1] {
		r.cur++
	}
	return &r.parts[r.cur][i-r.starts[r.cur]]
}

// slice returns the elements [from, to): a slice of the part that holds
// them all, or, for the few that straddle two chunks, a copy.
func (r *runs[T]) slice(from, to int) []T {
	if from == to {
		return []T{}
	}
	first := r.at(from)
	if to <= r.starts[r.cur+1] {
		k := from - r.starts[r.cur]
		return r.parts[r.cur][k : k+to-from : k+to-from]
	}
	out := make([]T, 0, to-from)
	out = append(out, *first)
	for i := from + 1; i < to; i++ {
		out = append(out, *r.at(i))
	}
	return out
}
