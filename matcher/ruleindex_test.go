package matcher

import (
	"slices"
	"testing"

	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/pattern"
)

// scanMatches is the matching rules' lines found the plain way, every rule
// of every applying group tried: what the index must not change.
func scanMatches(f *File, token string, t *Target) []int32 {
	res := f.EvaluateTarget(token, t)
	var lines []int32
	ext := f.ext.(*rfcFile)
	path, _ := pattern.NormalizePath(t.Path)
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
