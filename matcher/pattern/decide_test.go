package pattern

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// bruteStrongest is what a Decider must find: of the rules that match
// path, the strongest of each kind, tried one by one in file order.
func bruteStrongest(rules []DecideRule, path string) Strongest {
	var s Strongest
	for _, r := range rules {
		if r.Pattern.Match(path) {
			s.add(r)
		}
	}
	return s
}

// yield yields rules, as NewDecider takes them.
func yield(rules []DecideRule) func(func(DecideRule)) {
	return func(add func(DecideRule)) {
		for _, r := range rules {
			add(r)
		}
	}
}

// decideRules reads patterns, one a line, an allow when it starts with
// '+', with RFC 9309's priority (the pattern's length), three to a group.
func decideRules(lines []string) []DecideRule {
	out := make([]DecideRule, len(lines))
	for i, l := range lines {
		p, allow := strings.CutPrefix(l, "+")
		out[i] = DecideRule{Pattern: Compile(p), Priority: len(p), Allow: allow, Ref: Ref{int32(i / 3), int32(i % 3)}}
	}
	return out
}

func TestDecider(t *testing.T) {
	tests := []struct {
		name  string
		rules []string
		path  string
		want  [2]int // the line of the strongest disallow and allow, or -1
	}{
		{"deepest prefix of each kind", []string{"/a", "+/a/b", "/a/b/c", "+/a/b/cd"}, "/a/b/c/d", [2]int{2, 1}},
		{"a trailing star is a prefix", []string{"/a*", "+/a/b*$"}, "/a/b/x", [2]int{0, 1}},
		{"a final $ is the whole path", []string{"/a$", "+/a"}, "/a", [2]int{0, 1}},
		{"a final $ is not a prefix", []string{"/a$", "+/a"}, "/ab", [2]int{-1, 1}},
		{"repeated pattern: the first", []string{"/a", "/x", "/a", "/a"}, "/a/b", [2]int{0, -1}},
		{"repeated wild pattern: the first", []string{"/y", "/*.php$", "/z", "/*.php$"}, "/q.php", [2]int{1, -1}},
		{"suffix after a star", []string{"/*.php$", "+/*.php", "/*.pdf$"}, "/a.php?x", [2]int{-1, 1}},
		{"segment anywhere", []string{"/*?sort=", "/*&sessionid=", "+/*sort"}, "/a?b=1&sessionid=2", [2]int{1, -1}},
		{"longer wild beats prefix", []string{"/shop", "+/shop/*.html"}, "/shop/a.html", [2]int{0, 1}},
		{"star inside a prefix", []string{"/a/*/c", "+/a/b"}, "/a/b/c", [2]int{0, 1}},
		{"escapes compare as bytes", []string{"/a%2Fb", "+/a%2f"}, "/a%2Fb", [2]int{0, -1}},
		{"nothing", []string{"/b", "+/c$"}, "/a", [2]int{-1, -1}},
		{"empty path", []string{"*", "+/"}, "", [2]int{0, -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := decideRules(tc.rules)
			got, _ := NewDecider(yield(rules)).Decide(tc.path, nil)
			for k, line := range tc.want {
				want := Best{}
				if line >= 0 {
					want = Best{Ref: rules[line].Ref, Priority: int32(rules[line].Priority), Found: true}
				}
				if got[k] != want {
					t.Errorf("kind %d: got %+v, want line %d %+v", k, got[k], line, want)
				}
			}
			if want := bruteStrongest(rules, tc.path); got != want {
				t.Errorf("got %+v, rule by rule %+v", got, want)
			}
		})
	}
}

// Against the rules tried one by one, over random patterns with '*', a
// final '$' and escapes, from a small alphabet so that prefixes nest,
// segments overlap and patterns repeat.
func TestDeciderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	word := func(n int, parts ...string) string {
		var b strings.Builder
		for range rng.IntN(n) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		return b.String()
	}
	for round := range 2000 {
		lines := make([]string, rng.IntN(30))
		for i := range lines {
			lines[i] = word(2, "+") + "/" + word(7, "a", "b", "/", "*", "%2F", ".php") + word(2, "$")
		}
		rules := decideRules(lines)
		d := NewDecider(yield(rules))
		var buf []Ref
		for range 20 {
			path := "/" + word(10, "a", "b", "/", "%2F", ".php", "?")
			var got Strongest
			got, buf = d.Decide(path, buf)
			if want := bruteStrongest(rules, path); got != want {
				t.Fatalf("round %d, rules %q, path %q: got %+v, rule by rule %+v", round, lines, path, got, want)
			}
		}
	}
}

// FuzzDecider: for any patterns and path, the Decider finds what trying
// every rule finds. The input is the patterns, one a line ('+' for an
// allow), then the path on the last line.
func FuzzDecider(f *testing.F) {
	for _, s := range []string{"/a\n+/a/b\n/*.pdf$\n+/x*y\n*\n/a/b/c.pdf", "/*?sort=\n+/a*\n/a$\n/a?sort=1", "/%2F*$\n+/%2f\n/%2F", "\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		if len(lines) > 200 {
			return
		}
		path, rules := lines[len(lines)-1], decideRules(lines[:len(lines)-1])
		got, _ := NewDecider(yield(rules)).Decide(path, nil)
		if want := bruteStrongest(rules, path); got != want {
			t.Fatalf("path %q: got %+v, rule by rule %+v", path, got, want)
		}
	})
}

// A LazyDecider is nil until the full evaluations spent as much as its
// rules count, then one Decider for every caller, whatever goroutine asks
// (run under -race).
func TestLazyDecider(t *testing.T) {
	for _, tc := range []struct{ rules, matches, nils int }{
		{0, 0, 1},    // built at the second ask
		{3, 0, 1},    // one ask's cost is more than 3 rules
		{100, 0, 26}, // 26 asks of 4 pass 101
		{100, 47, 2}, // 2 asks of 4 + 47 pass 101
	} {
		var l LazyDecider
		builds := 0
		count := func() int { return tc.rules }
		each := func(add func(DecideRule)) { builds++; yield(decideRules([]string{"/a"}))(add) }
		for ask := range tc.nils {
			if l.Get(count, each) != nil {
				t.Fatalf("%+v: built at ask %d", tc, ask+1)
			}
			l.Spend(tc.matches)
		}
		var wg sync.WaitGroup
		got := make([]*Decider, 8)
		for i := range got {
			wg.Go(func() { got[i] = l.Get(count, each) })
		}
		wg.Wait()
		for _, d := range got {
			if d == nil || d != got[0] {
				t.Fatalf("%+v: deciders %v: want one, the same for all", tc, got)
			}
		}
		if builds != 1 {
			t.Errorf("%+v: built %d times", tc, builds)
		}
	}
}
