package matcher

import (
	"slices"
	"testing"

	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/pattern"
)

// scanMatches is the matching rules' lines found the plain way, every rule
// of every applying group tried: what the index must not change.
func scanMatches(f *File, res *Result) []int32 {
	var lines []int32
	ext := f.ext.(*rfcFile)
	path, _ := pattern.NormalizePath(res.Target.Path)
	for _, gi := range res.Groups.Selected {
		for ri, r := range f.RulesOf(f.Groups[gi]) {
			if r.Pattern.Start != r.Pattern.End && ext.flags(f, pattern.Ref{Group: int32(gi), Rule: int32(ri)}).Pattern(f.NormalizedRule(&r)).Match(path) {
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

// Over the differential corpus and Google's conformance suite, the first
// evaluation for a token (which tries every rule) and the later ones
// (through the index it then builds) find every matching rule a scan of
// every rule finds, under rfc9309 (google_test.go holds google to the
// same).
func TestRuleIndexFindsEveryMatch(t *testing.T) {
	qs := suite.Questions(t)
	for _, q := range qs {
		tg, err := ParseTarget(q.URL)
		if err != nil {
			continue
		}
		f := Parse(RFC9309, q.Body, ParseOptions{})
		for _, how := range []string{"the first evaluation", "the index"} {
			res := f.EvaluateTarget(q.Token, tg)
			if got, want := matchLines(res), scanMatches(f, res); !slices.Equal(got, want) {
				t.Fatalf("token %q, url %q: %s found lines %v, a scan finds %v\nrobots.txt: %q", q.Token, q.URL, how, got, want, q.Body)
			}
		}
	}
}
