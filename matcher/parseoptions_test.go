package matcher_test

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/register"
)

// A corpusQuestion is a file and one query of it, from the register, the
// conformance suite or the differential corpus.
type corpusQuestion struct {
	name       string
	body       []byte
	token, url string
}

// corpusQuestions gathers every query of the three collections; the suite
// readers fail under CI=true, or skip saying how to run them, when a
// collection is missing.
func corpusQuestions(t *testing.T) []corpusQuestion {
	t.Helper()
	cases, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var qs []corpusQuestion
	for _, c := range cases {
		for _, q := range c.Queries {
			token := q.Token
			if token == "" {
				token = c.Token
			}
			qs = append(qs, corpusQuestion{c.ID, c.Robots, token, q.URL})
		}
	}
	for _, c := range suite.Conformance(t) {
		qs = append(qs, corpusQuestion{"conformance " + c.Name(), c.Body, c.UserAgent, c.URL})
	}
	for _, c := range suite.Differential(t) {
		qs = append(qs, corpusQuestion{"differential line " + strconv.Itoa(c.Line), c.Body, c.Token, c.URL})
	}
	return qs
}

// byFile cuts qs into runs of questions that ask of the same file (they
// come one file at a time), so that a test parses each file once.
func byFile(qs []corpusQuestion) [][]corpusQuestion {
	var runs [][]corpusQuestion
	for i := 0; i < len(qs); {
		j := i + 1
		for j < len(qs) && string(qs[j].body) == string(qs[i].body) {
			j++
		}
		runs = append(runs, qs[i:j])
		i = j
	}
	return runs
}

// failer reports a difference and ends the test after twenty: one fault
// in the parse would otherwise print thousands.
func failer(t *testing.T) func(format string, args ...any) {
	failures := 0
	return func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		if failures++; failures > 20 {
			t.Fatal("too many differences")
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "none"
	}
	return err.Error()
}

// TestMaxMatchesSameAnswers holds an evaluation that lists at most
// MaxMatches matches (check) to the full one: for every
// reading, cap and query of the register, the conformance suite and the
// differential corpus, the same verdict, reason, deciding rule, runner-up
// and explanation; the first matches listed are the full evaluation's
// first, in order, at most one more of each kind follows them, and what is
// listed and Omitted add up to every match.
func TestMaxMatchesSameAnswers(t *testing.T) {
	qs := corpusQuestions(t)
	rule := func(res *matcher.Result, i int) string {
		if i < 0 {
			return "none"
		}
		m := res.Matches[i]
		return fmt.Sprintf("line %d %s %q priority %d", m.Rule.Line, m.Rule.Kind(), m.Pattern, m.Priority)
	}
	for _, max := range []int{1, 2} {
		capped := matcher.ParseOptions{MaxMatches: max}
		for _, r := range matcher.Readings() {
			t.Run(fmt.Sprintf("%s/max=%d", r, max), func(t *testing.T) {
				fail, omitted := failer(t), 0
				for _, run := range byFile(qs) {
					full, quick := matcher.Parse(r, run[0].body, matcher.ParseOptions{}), matcher.Parse(r, run[0].body, capped)
					for _, q := range run {
						a, errA := full.Evaluate(q.token, q.url)
						b, errB := quick.Evaluate(q.token, q.url)
						if (errA == nil) != (errB == nil) {
							t.Fatalf("%s: errors %v and %v", q.name, errA, errB)
						}
						if errA != nil {
							continue
						}
						omitted += b.Omitted
						at := fmt.Sprintf("%s, token %q, URL %q", q.name, q.token, q.url)
						switch {
						case a.Allowed != b.Allowed || a.Reason != b.Reason:
							fail("%s: %s (%s), in full %s (%s)", at, b.Verdict(), b.Reason, a.Verdict(), a.Reason)
						case rule(a, a.Winner) != rule(b, b.Winner) || rule(a, a.RunnerUp) != rule(b, b.RunnerUp):
							fail("%s: winner %s, runner-up %s; in full %s, %s", at, rule(b, b.Winner), rule(b, b.RunnerUp), rule(a, a.Winner), rule(a, a.RunnerUp))
						case !sameExplanation(a, b):
							fail("%s: %q, in full %q", at, b.Explanation, a.Explanation)
						case len(b.Matches)+b.Omitted != len(a.Matches) || len(b.Matches) > max+2:
							fail("%s: %d listed and %d omitted of %d", at, len(b.Matches), b.Omitted, len(a.Matches))
						}
						for i := range min(max, len(a.Matches)) {
							if i >= len(b.Matches) || b.Matches[i].Rule != a.Matches[i].Rule {
								fail("%s: match %d is not the full evaluation's", at, i)
								break
							}
						}
						for i := range b.Matches {
							if !slices.ContainsFunc(a.Matches, func(m matcher.Match) bool { return m.Rule == b.Matches[i].Rule }) {
								fail("%s: listed %s, which the full evaluation did not match", at, rule(b, i))
							}
						}
					}
				}
				if omitted == 0 {
					t.Errorf("no match of %d queries was left out", len(qs))
				}
			})
		}
	}
}

// sameExplanation says whether b, an evaluation that lists fewer matches,
// says what a, the full one, says: the same sentence, but that a
// first-match reading's list of the later matching rules counts those b
// leaves out (firstmatch.Later).
func sameExplanation(a, b *matcher.Result) bool {
	const later = " It comes before "
	i := strings.Index(a.Explanation, later)
	if b.Omitted == 0 || i < 0 {
		return a.Explanation == b.Explanation
	}
	return strings.HasPrefix(b.Explanation, a.Explanation[:i+len(later)]) && strings.Contains(b.Explanation[i:], fmt.Sprint(b.Omitted))
}

// TestMaxDiagnosticsCountsTheRest holds a parse that keeps at most
// MaxDiagnostics diagnostics of each code (check) to the
// full one, for every reading and every file of the register, the
// conformance suite and the differential corpus: of each code the first
// ones are the full parse's, and where more there were, one diagnostic at
// the place of the first left out counts them; nothing else of the parse
// changes.
func TestMaxDiagnosticsCountsTheRest(t *testing.T) {
	qs := corpusQuestions(t)
	const max = 1
	capped := matcher.ParseOptions{MaxDiagnostics: max}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, counted := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := matcher.Parse(r, run[0].body, matcher.ParseOptions{}), matcher.Parse(r, run[0].body, capped)
				byCode := map[matcher.Code][]matcher.Diagnostic{}
				for _, d := range full.Diagnostics {
					byCode[d.Code] = append(byCode[d.Code], d)
				}
				var want matcher.DiagnosticList
				for code, ds := range byCode {
					want = append(want, ds[:min(max, len(ds))]...)
					if len(ds) > max {
						counted++
						d := ds[max]
						d.Message = fmt.Sprintf("%d more diagnostics of this kind (%s), from here on, are not listed: the first %d are (check -max-diagnostics)", len(ds)-max, code, max)
						want = append(want, d)
					}
				}
				want.Sort()
				if !reflect.DeepEqual(slices.Clip(want), slices.Clip(quick.Diagnostics)) {
					fail("%s: %d diagnostics kept, want %d: %v vs %v", run[0].name, len(quick.Diagnostics), len(want), quick.Diagnostics, want)
				}
				if !reflect.DeepEqual(matcher.GroupsOf(full), matcher.GroupsOf(quick)) || !reflect.DeepEqual(full.Lines(), quick.Lines()) {
					fail("%s: the groups or lines differ from the full parse's", run[0].name)
				}
			}
			if counted == 0 {
				t.Errorf("no file of %d queries had more than %d diagnostics of a code", len(qs), max)
			}
		})
	}
}
