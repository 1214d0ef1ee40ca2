package matcher

import (
	"slices"
	"testing"
)

// AddMatch keeps what its options ask for, match by match: the first
// MaxMatches matches in order, then only a match stronger than every kept
// match of its kind, in one more place per kind. What it leaves out it
// counts.
func TestAddMatchKeeps(t *testing.T) {
	type m struct {
		allow bool
		prio  int
	}
	for _, c := range []struct {
		name    string
		opts    ParseOptions
		matches []m
		kept    []int // indexes into matches, in Result.Matches order
		omitted int
	}{
		{"every match", ParseOptions{}, []m{{false, 3}, {true, 2}, {false, 5}}, []int{0, 1, 2}, 0},
		{"the first two, then none stronger", ParseOptions{MaxMatches: 2},
			[]m{{false, 3}, {true, 2}, {false, 3}, {true, 1}}, []int{0, 1}, 2},
		{"a stronger disallow past the cap", ParseOptions{MaxMatches: 2},
			[]m{{false, 3}, {true, 2}, {false, 4}, {false, 9}, {false, 9}}, []int{0, 1, 3}, 2},
		{"a stronger one of each kind past the cap", ParseOptions{MaxMatches: 1},
			[]m{{false, 3}, {true, 2}, {true, 7}, {false, 4}}, []int{0, 2, 3}, 1},
		{"a kind first met past the cap", ParseOptions{MaxMatches: 2},
			[]m{{false, 3}, {false, 4}, {true, 1}, {true, 1}}, []int{0, 1, 2}, 1},
		{"first-match priorities: only the first of each kind", ParseOptions{MaxMatches: 1},
			[]m{{true, -1}, {false, -1}, {true, -1}, {false, -1}}, []int{0, 1}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &File{opts: c.opts}
			var res Result
			for i, x := range c.matches {
				weighs := res.Weighs(f, x.allow, x.prio)
				if !weighs {
					res.Omitted-- // Weighs counted it; AddMatch counts it again below
				}
				at := res.AddMatch(f, Match{Rule: newRuleAt(int32(i+1), x.allow, Span{}), Priority: x.prio})
				if (at >= 0) != weighs {
					t.Errorf("match %d: Weighs says %v, AddMatch placed it at %d", i, weighs, at)
				}
			}
			var got []int
			for _, k := range res.Matches {
				got = append(got, int(k.Rule.Line)-1)
			}
			if !slices.Equal(got, c.kept) || res.Omitted != c.omitted {
				t.Errorf("kept %v, %d omitted; want %v, %d", got, res.Omitted, c.kept, c.omitted)
			}
		})
	}
}
