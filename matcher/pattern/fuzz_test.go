package pattern

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzNormalize: normalization never panics, yields ASCII only, and is
// idempotent; its steps chain from input to output; a string plain says
// the passes leave alone is one they leave alone.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"/a%2fb", "/ツ", "/%7e", "/a b", "/100%", "/a*$", "/%zz%E3", "\x00\xff", "/a?b=1&c=2", "/a?u=https://x", "/a?b?c", "/a?@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, norm := range []func(string) (string, []Step){NormalizePath, NormalizeRule} {
			out, steps := norm(s)
			for i := 0; i < len(out); i++ {
				if out[i] >= 0x80 || mustEncode(out[i]) {
					t.Fatalf("%q normalized to %q, which has a raw %#x", s, out, out[i])
				}
			}
			if rules := [][]NormRule{RFCPathRules, RFCPatternRules}[i]; plain(s, rules) {
				if passed := applyAll(s, rules); passed != s {
					t.Fatalf("%q is plain (Normalize skips the passes), but they make it %q", s, passed)
				}
			}
			if again, _ := norm(out); again != out {
				t.Fatalf("not idempotent: %q → %q → %q", s, out, again)
			}
			cur := s
			for _, st := range steps {
				if st.Input != cur {
					t.Fatalf("steps do not chain: %+v after %q", st, cur)
				}
				cur = st.Output
			}
			if cur != out {
				t.Fatalf("steps end at %q, result %q", cur, out)
			}
		}
	})
}

// applyAll runs every pass of rules on s, as Normalize does when s is not
// plain.
func applyAll(s string, rules []NormRule) string {
	for _, r := range rules {
		s = r.Apply(s)
	}
	return s
}

// FuzzIndex: for any patterns and path, the index's candidates hold every
// rule whose pattern matches the path, once each and in file order, whatever
// size NewIndex is told (a guess too small, the exact count, one too
// large), and so do LazyIndex's on its first evaluation (every rule) and
// on the later ones (its index). The input is the patterns, one per line, then the path on
// the last line.
func FuzzIndex(f *testing.F) {
	for _, s := range []string{"/a\n/a/b\n/*.pdf$\n/x*y\n*\n/a/b/c.pdf", "/*/s-1/*.pdf\n/s-1/\n/s-2/p/\n/s-1/q.pdf", "he\nshe\n*his\n/*hers\nushers", "\n\n\n", "/\x00*\xff$\n/\x00a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		if len(lines) > 200 {
			return
		}
		path, pats := lines[len(lines)-1], lines[:len(lines)-1]
		bodies := make([]string, len(pats))
		var want []Ref
		for i, p := range pats {
			c := Compile(p)
			bodies[i] = c.Body
			if c.Match(path) {
				want = append(want, Ref{int32(i / 3), int32(i)})
			}
		}
		rules := rulesOf(bodies, func(i int) Ref { return Ref{int32(i / 3), int32(i)} })
		for _, size := range []int{0, len(bodies), 2*len(bodies) + 20} {
			got := NewIndex(size, rules).Candidates(path, nil)
			checkCandidates(t, fmt.Sprintf("size %d", size), got, want)
		}
		var lazy LazyIndex
		for round := range 3 {
			checkCandidates(t, fmt.Sprintf("lazy round %d", round), lazy.Candidates(path, nil, rules), want)
		}
	})
}

func checkCandidates(t *testing.T, name string, got, want []Ref) {
	t.Helper()
	if !slices.IsSortedFunc(got, compareRefs) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Fatalf("%s: candidates %v: not once each in file order", name, got)
	}
	for _, r := range want {
		if !slices.Contains(got, r) {
			t.Fatalf("%s: rule %v matches but is not a candidate (candidates %v)", name, r, got)
		}
	}
}
