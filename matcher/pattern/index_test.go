package pattern

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The index returns exactly the rules whose literal prefix the path
// starts with, in file order, for prefixes that nest, repeat and share
// starts.
func TestRuleIndexCandidates(t *testing.T) {
	prefixes := []string{"", "/", "/a", "/a", "/ab", "/abc", "/b", "/a/", "/ac", "/abd", "/abcdef", "/z"}
	eachKept(t, func(t *testing.T) {
		testCandidates(t, prefixes)
	})
}

func testCandidates(t *testing.T, prefixes []string) {
	x := NewIndex(0, rulesOf(prefixes, func(i int) Ref { return Ref{0, int32(i)} }))
	for _, path := range []string{"", "/", "/a", "/ab", "/abc", "/abcd", "/abcdefg", "/abd", "/ac/x", "/b", "/c", "/z", "/zz", "a", "/A"} {
		var want []Ref
		for i, p := range prefixes {
			if strings.HasPrefix(path, p) {
				want = append(want, Ref{0, int32(i)})
			}
		}
		if got := x.Candidates(path, nil); !slices.Equal(got, want) {
			t.Errorf("candidates(%q) = %v, want %v", path, got, want)
		}
	}
}

// Against brute force over random patterns and paths from a small
// alphabet, so that prefixes nest deeply, segments overlap and paths fall
// between them: every rule whose pattern matches is a candidate, once, in
// file order.
func TestRuleIndexRandom(t *testing.T) {
	eachKept(t, testRandom)
}

// eachKept runs test with the prefixes held as strings and with them read
// again from the rules' bodies (keepPrefixes), as an index of more
// prefixes than keepPrefixes does.
func eachKept(t *testing.T, test func(*testing.T)) {
	for _, keep := range []int{keepPrefixes, 0} {
		t.Run(fmt.Sprintf("keep=%d", keep), func(t *testing.T) {
			defer func(old int) { keepPrefixes = old }(keepPrefixes)
			keepPrefixes = keep
			test(t)
		})
	}
}

// rulesOf is the rules of the bodies, body i with ref(i).
func rulesOf(bodies []string, ref func(int) Ref) Rules {
	byRef := map[Ref]string{}
	for i, b := range bodies {
		byRef[ref(i)] = b
	}
	return Rules{
		Each: func(add func(string, Ref)) {
			for i, b := range bodies {
				add(b, ref(i))
			}
		},
		Bodies: func() func(Ref) string { return func(r Ref) string { return byRef[r] } },
	}
}

func testRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(n int, alphabet string) string {
		b := make([]byte, rng.IntN(n))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for round := range 500 {
		bodies := make([]string, rng.IntN(40))
		for i := range bodies {
			bodies[i] = word(8, "/ab*")
		}
		// The size NewIndex is given: a guess too small, the exact count
		// (LazyIndex's), one too large.
		size := []int{rng.IntN(len(bodies) + 1), len(bodies), 3*len(bodies) + 20}[round%3]
		x := NewIndex(size, rulesOf(bodies, func(i int) Ref { return Ref{int32(i % 3), int32(i)} }))
		for range 30 {
			path := word(12, "/ab")
			got := x.Candidates(path, nil)
			if !slices.IsSortedFunc(got, compareRefs) || len(slices.Compact(slices.Clone(got))) != len(got) {
				t.Fatalf("candidates(%q) = %v: not once each in file order", path, got)
			}
			for i, p := range bodies {
				ref := Ref{int32(i % 3), int32(i)}
				if Compile(p).Match(path) && !slices.Contains(got, ref) {
					t.Fatalf("round %d: pattern %q matches %q but is not a candidate (candidates %v)", round, p, path, got)
				}
			}
		}
	}
}

func compareRefs(a, b Ref) int {
	if a.Group != b.Group {
		return int(a.Group - b.Group)
	}
	return int(a.Rule - b.Rule)
}

// The substring index reports every segment a path contains, overlapping
// ones and ones inside others included, through its table and through its
// fail links (what a table over maxTable leaves it).
func TestSubstringIndex(t *testing.T) {
	segs := []string{"he", "she", "his", "hers", "e", "rs", "x"}
	paths := []string{"ushers", "his", "", "xx", "hehe", "sh", "hershe", "hhers\xffshe"}
	checkSegments(t, segs, paths)
	rng := rand.New(rand.NewPCG(3, 4))
	word := func(n int) string {
		b := make([]byte, 1+rng.IntN(n))
		for i := range b {
			b[i] = "abc/"[rng.IntN(4)]
		}
		return string(b)
	}
	for range 200 {
		segs, paths := make([]string, 1+rng.IntN(20)), make([]string, 20)
		for i := range segs {
			segs[i] = word(5)
		}
		for i := range paths {
			paths[i] = word(16) + "z" + word(8)
		}
		checkSegments(t, segs, paths)
	}
}

// segmentRules are rules "*seg" for the segments, rule i of group 0 for
// segment i, as NewIndex hands them to newSubstringIndex.
func segmentRules(segs []string) ([]Ref, func(Ref) string) {
	refs := make([]Ref, len(segs))
	for i := range refs {
		refs[i] = Ref{0, int32(i)}
	}
	return refs, func(r Ref) string { return "*" + segs[r.Rule] }
}

func checkSegments(t *testing.T, segs, paths []string) {
	t.Helper()
	table := newSubstringIndex(segmentRules(segs))
	if table.next == nil {
		t.Fatalf("segments %q: no table", segs)
	}
	links := *table
	links.next, links.row = nil, nil
	for _, path := range paths {
		var want []Ref
		for i := range len(path) {
			for j, s := range segs {
				if strings.HasSuffix(path[:i+1], s) {
					want = append(want, Ref{0, int32(j)})
				}
			}
		}
		slices.SortFunc(want, compareRefs)
		for name, x := range map[string]*substringIndex{"table": table, "links": &links} {
			got := x.candidates(path, nil)
			slices.SortFunc(got, compareRefs)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: segments %q in %q: %v, want %v", name, segs, path, got, want)
			}
		}
	}
}

// A table over maxTable entries is not built: the fail links serve.
func TestSubstringIndexTableBound(t *testing.T) {
	segs := make([]string, 2000)
	for i := range segs {
		b := make([]byte, 200)
		for j := range b {
			b[j] = byte(1 + (i*7+j*13)%250)
		}
		segs[i] = string(b)
	}
	x := newSubstringIndex(segmentRules(segs))
	if x.next != nil || x.classes != 0 {
		t.Fatalf("%d nodes and %d classes made a table of %d entries, over %d", len(x.nodes), x.classes, len(x.next), maxTable)
	}
	if got := x.candidates(segs[5], nil); !slices.Contains(got, Ref{0, 5}) {
		t.Errorf("without a table, segment 5 is not found in itself: %v", got)
	}
}

// A LazyIndex gives the first evaluation every rule, in file order, and
// later ones what its index finds: the rules that match a path are among
// the candidates each time.
func TestLazyIndexFirstTriesEveryRule(t *testing.T) {
	bodies := []string{"/a", "/a/b", "/*.pdf", "/x*y", "/a", "/b/*/c", "*", "/ab"}
	rules := rulesOf(bodies, func(i int) Ref { return Ref{int32(i / 3), int32(i % 3)} })
	var lazy LazyIndex
	for round, path := range []string{"/a/b/c.pdf", "/a/b/c.pdf", "/xzy", "/b/q/c", ""} {
		got := lazy.Candidates(path, nil, rules)
		if !slices.IsSortedFunc(got, fileOrder) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("round %d: candidates(%q) = %v: not once each in file order", round, path, got)
		}
		if round == 0 && len(got) != len(bodies) {
			t.Fatalf("first candidates(%q) = %v, want all %d rules", path, got, len(bodies))
		}
		if round > 0 && lazy.x == nil {
			t.Fatalf("round %d: no index built", round)
		}
		for i, b := range bodies {
			if ref := (Ref{int32(i / 3), int32(i % 3)}); Compile(b).Match(path) && !slices.Contains(got, ref) {
				t.Fatalf("round %d: %q matches %q but is not a candidate (%v)", round, b, path, got)
			}
		}
	}
}

// The first evaluation appends every rule after what buf holds, whether
// buf has room for them (they are copied in) or not (a new array takes
// buf's contents too).
func TestEveryRuleKeepsBuf(t *testing.T) {
	bodies := []string{"/a", "/b", "/c"}
	rules := rulesOf(bodies, func(i int) Ref { return Ref{0, int32(2 - i)} }) // out of file order
	held := Ref{9, 9}
	for _, room := range []int{0, 3, 10} {
		buf := append(make([]Ref, 0, 1+room), held)
		got, n := everyRule(buf, rules.Each)
		want := []Ref{held, {0, 0}, {0, 1}, {0, 2}}
		if !slices.Equal(got, want) || n != 3 {
			t.Errorf("room %d: everyRule = %v, %d; want %v, 3", room, got, n, want)
		}
		if fits := room >= 3; fits != (&got[0] == &buf[0]) {
			t.Errorf("room %d: appended in place %v, want %v", room, !fits, fits)
		}
	}
	if got, n := everyRule(nil, Rules{Each: func(func(string, Ref)) {}}.Each); len(got) != 0 || n != 1 {
		t.Errorf("no rules: everyRule = %v, %d; want none, 1", got, n)
	}
}
