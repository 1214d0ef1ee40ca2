package matcher_test

import (
	"reflect"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/record"
)

// TestSkipRuleExplanationsSameAnswers holds evaluation without the
// sentence of a rule's decision (issue 18, 19: check's text output, diff)
// to the full one: for every reading and every query of the register, the
// conformance suite and the differential corpus, the same result and the
// same short reason (record.Why); the explanation is the same, or, under a
// reading that honours the option, empty where a rule decided. The RFC 9309,
// google and koster1996 readings must honour it on some query, or the test means
// nothing.
func TestSkipRuleExplanationsSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
	brief := matcher.ParseOptions{SkipRuleExplanations: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, skipped := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := matcher.ParseAs(r, run[0].body), brief.ParseAs(r, run[0].body)
				for _, q := range run {
					a, errA := full.Evaluate(q.token, q.url)
					b, errB := quick.Evaluate(q.token, q.url)
					if (errA == nil) != (errB == nil) {
						t.Fatalf("%s: errors %v and %v", q.name, errA, errB)
					}
					if errA != nil {
						continue
					}
					if wa, wb := record.Why(full, a), record.Why(quick, b); wa != wb {
						fail("%s, token %q, URL %q: short reasons %q and %q", q.name, q.token, q.url, wa, wb)
					}
					if b.Explanation == "" && a.Explanation != "" {
						if b.Winner < 0 {
							fail("%s, token %q, URL %q: no rule decided, yet the explanation is gone", q.name, q.token, q.url)
						}
						skipped++
						b.Explanation = a.Explanation
					}
					if !reflect.DeepEqual(a, b) {
						fail("%s, token %q, URL %q: results differ: %s %s vs %s %s", q.name, q.token, q.url, a.Verdict(), a.Explanation, b.Verdict(), b.Explanation)
					}
				}
			}
			if skipped == 0 {
				t.Errorf("no sentence of %d queries was skipped", len(qs))
			}
		})
	}
}
