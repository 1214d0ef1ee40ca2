package matcher

import (
	"math/rand/v2"
	"robots-explorer/matcher/internal/suite"
	"slices"
	"strings"
	"testing"
)

// The index returns exactly the rules whose literal prefix the path
// starts with, in file order, for prefixes that nest, repeat and share
// starts.
func TestRuleIndexCandidates(t *testing.T) {
	prefixes := []string{"", "/", "/a", "/a", "/ab", "/abc", "/b", "/a/", "/ac", "/abd", "/abcdef", "/z"}
	x := NewRuleIndex(func(add func(string, RuleRef)) {
		for i, p := range prefixes {
			add(p, RuleRef{0, int32(i)})
		}
	})
	for _, path := range []string{"", "/", "/a", "/ab", "/abc", "/abcd", "/abcdefg", "/abd", "/ac/x", "/b", "/c", "/z", "/zz", "a", "/A"} {
		var want []RuleRef
		for i, p := range prefixes {
			if strings.HasPrefix(path, p) {
				want = append(want, RuleRef{0, int32(i)})
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
		x := NewRuleIndex(func(add func(string, RuleRef)) {
			for i, p := range bodies {
				add(p, RuleRef{int32(i % 3), int32(i)})
			}
		})
		for range 30 {
			path := word(12, "/ab")
			got := x.Candidates(path, nil)
			if !slices.IsSortedFunc(got, compareRefs) || len(slices.Compact(slices.Clone(got))) != len(got) {
				t.Fatalf("candidates(%q) = %v: not once each in file order", path, got)
			}
			for i, p := range bodies {
				ref := RuleRef{int32(i % 3), int32(i)}
				if CompilePattern(p).Match(path) && !slices.Contains(got, ref) {
					t.Fatalf("round %d: pattern %q matches %q but is not a candidate (candidates %v)", round, p, path, got)
				}
			}
		}
	}
}

func compareRefs(a, b RuleRef) int {
	if a.Group != b.Group {
		return int(a.Group - b.Group)
	}
	return int(a.Rule - b.Rule)
}

// The substring index reports every segment a path contains, overlapping
// ones and ones inside others included.
func TestSubstringIndex(t *testing.T) {
	segs := []string{"he", "she", "his", "hers", "e", "rs", "x"}
	x := newSubstringIndex(func(add func(string, RuleRef)) {
		for i, s := range segs {
			add(s, RuleRef{0, int32(i)})
		}
	})
	for _, path := range []string{"ushers", "his", "", "xx", "hehe", "sh", "hershe"} {
		var want []RuleRef
		for i := range len(path) {
			for j, s := range segs {
				if strings.HasSuffix(path[:i+1], s) {
					want = append(want, RuleRef{0, int32(j)})
				}
			}
		}
		got := x.candidates(path, nil)
		slices.SortFunc(got, compareRefs)
		slices.SortFunc(want, compareRefs)
		if !slices.Equal(got, want) {
			t.Errorf("segments in %q: %v, want %v", path, got, want)
		}
	}
}

// scanMatches is the matching rules' lines found the plain way, every rule
// of every applying group tried: what the index must not change.
func scanMatches(f *File, token string, t *Target) []int32 {
	res := f.EvaluateTarget(token, t)
	var lines []int32
	ext := f.ext.(*rfcFile)
	path, _ := NormalizePath(t.Path)
	for _, gi := range res.Groups.Selected {
		for ri, r := range f.Groups[gi].Rules {
			if r.Pattern.Start != r.Pattern.End && ext.patterns[gi][ri].Pattern(f.NormalizedRule(&r)).Match(path) {
				lines = append(lines, r.Line)
			}
		}
	}
	return lines
}

func matchLines(res *Result) []int32 {
	var lines []int32
	for _, m := range res.Matches {
		lines = append(lines, m.Rule.Line)
	}
	return lines
}

// Over the differential corpus and Google's conformance suite, the
// indexed evaluation finds every matching rule a scan of every rule
// finds, under rfc9309 (google_test.go holds google to the same).
func TestRuleIndexFindsEveryMatch(t *testing.T) {
	qs := suite.Questions(t)
	for _, q := range qs {
		tg, err := ParseTarget(q.URL)
		if err != nil {
			continue
		}
		f := ParseAs(RFC9309, q.Body)
		if got, want := matchLines(f.EvaluateTarget(q.Token, tg)), scanMatches(f, q.Token, tg); !slices.Equal(got, want) {
			t.Fatalf("token %q, url %q: the index found lines %v, a scan finds %v\nrobots.txt: %q", q.Token, q.URL, got, want, q.Body)
		}
	}
}
