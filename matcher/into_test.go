package matcher_test

import (
	"reflect"
	"slices"
	"strconv"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/escape"
)

// TestEvaluateIntoSameAnswers holds the evaluation into one reused Target
// and Result (check -urls) to EvaluateTarget's: for every reading and
// every query of the register, the conformance suite and the differential corpus, asked in file order into
// the same two values, the same target or error and the same result, to
// the last field; and DecideInto's the same, its sentence of a verdict no
// rule decided written by AppendExplanation. Each file's queries are asked
// twice, the second time in reverse, so that a query meets values the
// index built and a Result that held more matches than it has.
func TestEvaluateIntoSameAnswers(t *testing.T) {
	qs := corpusQuestions(t)
	parses := map[string]matcher.ParseOptions{
		"full": {},
	}
	for _, r := range matcher.Readings() {
		for name, o := range parses {
			t.Run(string(r)+"/"+name, func(t *testing.T) {
				fail, matched := failer(t), 0
				var tg matcher.Target
				var res, brief matcher.Result
				for _, run := range byFile(qs) {
					f, g := matcher.Parse(r, run[0].body, o), matcher.Parse(r, run[0].body, o)
					for i := range 2 * len(run) {
						q := run[i%len(run)]
						if i >= len(run) {
							q = run[2*len(run)-1-i]
						}
						want, errWant := matcher.ParseTarget(q.url)
						errGot := matcher.ParseTargetInto(&tg, q.url)
						if (errWant == nil) != (errGot == nil) || errWant != nil && errWant.Error() != errGot.Error() {
							fail("%s, URL %q: errors %s vs %s", q.name, q.url, errString(errWant), errString(errGot))
							continue
						}
						if errWant != nil {
							continue
						}
						if !reflect.DeepEqual(*want, tg) {
							fail("%s, URL %q: target %+v, want %+v", q.name, q.url, tg, *want)
						}
						f.EvaluateInto(&res, q.token, &tg)
						exp := g.EvaluateTarget(q.token, want)
						matched += len(res.Matches)
						if got := matcher.WithoutSpares(res); !reflect.DeepEqual(got, *exp) {
							fail("%s, token %q, URL %q: result %s %q (%d matches), want %s %q (%d matches)", q.name, q.token, q.url,
								got.Verdict(), got.Explanation, len(got.Matches), exp.Verdict(), exp.Explanation, len(exp.Matches))
						}
						if msg := sameBrief(f, &brief, q.token, &tg, exp); msg != "" {
							fail("%s, token %q, URL %q: DecideInto: %s", q.name, q.token, q.url, msg)
						}
					}
				}
				if matched == 0 {
					t.Error("no query matched a rule")
				}
			})
		}
	}
}

// sameBrief compares DecideInto's result with EvaluateTarget's, exp: the
// same, the sentence AppendExplanation writes; a result decided from the
// strongest rules alone lists only the winner and the runner-up, which
// must be exp's, and matches exp listed.
func sameBrief(f *matcher.File, res *matcher.Result, token string, tg *matcher.Target, exp *matcher.Result) string {
	f.DecideInto(res, token, tg)
	got := matcher.WithoutSpares(*res)
	got.Explanation = string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
	if _, ok := exp.WinningRule(); !ok {
		// As check's text prints it: its words need no escape.
		if e, want := matcher.AppendExplanation(nil, f, res, escape.AppendText), escape.Text(exp.Explanation); string(e) != want {
			return "escaped sentence " + strconv.Quote(string(e)) + ", want " + strconv.Quote(want)
		}
	}
	if matcher.StrongestOnly(res) {
		// A decision alone leaves out the steps of its matches'
		// patterns, which no output of it shows.
		at := func(r *matcher.Result, i int) *matcher.Match {
			if i < 0 {
				return nil
			}
			m := r.Matches[i]
			m.Steps = nil
			return &m
		}
		if !reflect.DeepEqual(at(&got, got.Winner), at(exp, exp.Winner)) || !reflect.DeepEqual(at(&got, got.RunnerUp), at(exp, exp.RunnerUp)) {
			return "winner or runner-up not the full evaluation's"
		}
		for i := range got.Matches {
			if !slices.ContainsFunc(exp.Matches, func(e matcher.Match) bool { e.Steps = nil; return reflect.DeepEqual(&e, at(&got, i)) }) {
				return "listed a match the full evaluation did not"
			}
		}
		got = matcher.WithMatches(got, exp)
	}
	if !reflect.DeepEqual(got, *exp) {
		return "result " + got.Verdict() + " " + strconv.Quote(got.Explanation) + ", want " + exp.Verdict() + " " + strconv.Quote(exp.Explanation)
	}
	return ""
}
