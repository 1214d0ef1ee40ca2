package matcher_test

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
	"robots-explorer/matcher/internal/suite"
)

// TestDecideSameAnswers holds DecideInto, which under rfc9309 and google
// finds the strongest rules through a pattern.Decider (and under
// robots-parser), and under python and koster1996 the first matching one,
// to the full
// evaluation, for every reading and query of the register, the conformance
// suite, the differential corpus, urls.jsonl and gen.WordSite: the same verdict, reason,
// deciding line and runner-up, and the sentence AppendExplanation writes is
// the full evaluation's.
func TestDecideSameAnswers(t *testing.T) {
	qs := corpusQuestions(t)
	for _, c := range suite.DifferentialURLs(t) {
		qs = append(qs, corpusQuestion{"urls.jsonl line " + strconv.Itoa(c.Line), c.Body, c.Token, c.URL})
	}
	// Merged groups that repeat patterns, for ties among rules of a kind.
	site, urls := gen.WordSite(300, 500)
	for i, u := range urls {
		qs = append(qs, corpusQuestion{"word site URL " + strconv.Itoa(i), site, "Googlebot", u})
	}
	line := func(res *matcher.Result, i int) int {
		if i < 0 {
			return 0
		}
		return int(res.Matches[i].Rule.Line)
	}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, indexed, asked := failer(t), 0, 0
			_, decides := matcher.ReaderOf(r).(matcher.StrongestDecider)
			for _, run := range byFile(qs) {
				f := matcher.Parse(r, run[0].body, matcher.ParseOptions{})
				for _, q := range run {
					var target matcher.Target
					if f.ReadTargetInto(&target, q.url) != nil {
						continue
					}
					full := f.EvaluateTarget(q.token, &target)
					// A selection's Decider is built once the full
					// evaluations made instead cost about what its rules
					// do: ask again until then, at most once a rule.
					var res matcher.Result
					for range 2 + matcher.RulesIn(f, full.Groups.Selected) {
						if f.DecideInto(&res, q.token, &target); matcher.StrongestOnly(&res) || !decides {
							break
						}
					}
					// A reading evaluates in full a URL its program raises
					// for or gives no verdict on; a first-match one also
					// /robots.txt (koster1996) and a URL no record
					// applies to.
					firstMatch := r == matcher.Python || r == matcher.Koster1996
					if full.Reason != matcher.ReasonRaises && full.Reason != matcher.ReasonNoVerdict &&
						(!firstMatch || len(full.Groups.Selected) > 0 && full.Reason != matcher.ReasonRobotsTxt) {
						asked++
					}
					if matcher.StrongestOnly(&res) {
						indexed++
					}
					at := fmt.Sprintf("%s, token %q, URL %q", q.name, q.token, q.url)
					switch {
					case res.Allowed != full.Allowed || res.Reason != full.Reason:
						fail("%s: %s (%s), in full %s (%s)", at, res.Verdict(), res.Reason, full.Verdict(), full.Reason)
					case line(&res, res.Winner) != line(full, full.Winner) || line(&res, res.RunnerUp) != line(full, full.RunnerUp):
						fail("%s: winner line %d, runner-up %d; in full %d, %d", at, line(&res, res.Winner), line(&res, res.RunnerUp), line(full, full.Winner), line(full, full.RunnerUp))
					}
					if got := string(matcher.AppendExplanation(nil, f, &res, appendText)); got != full.Explanation {
						fail("%s: %q, in full %q", at, got, full.Explanation)
					}
				}
			}
			switch {
			case decides && indexed != asked:
				t.Errorf("%d of %d queries decided through the index", indexed, asked)
			case !decides && indexed > 0:
				t.Errorf("%d queries decided through an index the reading does not have", indexed)
			}
			t.Logf("%d of %d queries decided through the index", indexed, asked)
		})
	}
}

func appendText(b []byte, s string) []byte { return append(b, s...) }

// TestDecidersSameAnswers holds Deciders, which once built decides a URL
// for several tokens in one walk along its path, to DecideInto for each
// token alone, under every reading, over the questions of
// TestDecideSameAnswers: each file asked for the tokens its questions
// name, Googlebot and a token no group names, and gen.WordSite with
// groups for several crawlers and the * group.
func TestDecidersSameAnswers(t *testing.T) {
	qs := corpusQuestions(t)
	site, urls := gen.WordSite(300, 500, "*", "bingbot", "GPTBot")
	for i, u := range urls {
		qs = append(qs, corpusQuestion{"word site URL " + strconv.Itoa(i), site, "bingbot", u})
	}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, walked := failer(t), 0
			for _, run := range byFile(qs) {
				f := matcher.Parse(r, run[0].body, matcher.ParseOptions{})
				tokens := []string{"Googlebot", "nobot-at-all"}
				for _, q := range run {
					if !slices.Contains(tokens, q.token) {
						tokens = append(tokens, q.token)
					}
				}
				e := f.Deciders(tokens)
				res := make([]matcher.Result, len(tokens))
				for _, q := range run {
					var target matcher.Target
					if f.ReadTargetInto(&target, q.url) != nil {
						continue
					}
					// Until each token's selection has built its Decider
					// (TestDecideSameAnswers), and only rfc9309 walks.
					asks := 1
					if r == matcher.RFC9309 {
						asks = 2 + matcher.RulesIn(f, f.EvaluateTarget(q.token, &target).Groups.Selected)
					}
					for range asks {
						if e.DecideInto(res, &target); matcher.Walked(e) {
							break
						}
					}
					lean := make([]matcher.Decision, len(tokens))
					if matcher.Walked(e) {
						walked++
						if !e.DecideLean(lean, &target) {
							t.Fatalf("%s: DecideLean decided nothing once walked", q.name)
						}
					} else if r != matcher.RFC9309 && e.DecideLean(lean, &target) {
						t.Fatalf("%s: DecideLean decided under %s", q.name, r)
					}
					for i, tok := range tokens {
						var one matcher.Result
						f.DecideInto(&one, tok, &target)
						at := fmt.Sprintf("%s, token %q, URL %q", q.name, tok, q.url)
						got, want := string(matcher.AppendExplanation(nil, f, &res[i], appendText)), string(matcher.AppendExplanation(nil, f, &one, appendText))
						if res[i].Allowed != one.Allowed || res[i].Reason != one.Reason || got != want {
							fail("%s: %s (%s) %q, alone %s (%s) %q", at, res[i].Verdict(), res[i].Reason, got, one.Verdict(), one.Reason, want)
						}
						if matcher.Walked(e) {
							var rule *matcher.Rule
							if m, ok := one.WinningRule(); ok {
								rule = &m.Rule
							}
							d := lean[i]
							if d.Allowed != one.Allowed || d.Reason != one.Reason || (d.Rule == nil) != (rule == nil) || rule != nil && *d.Rule != *rule {
								fail("%s: lean %v (%s) %v, alone %s (%s) %v", at, d.Allowed, d.Reason, d.Rule, one.Verdict(), one.Reason, rule)
							}
						}
					}
				}
			}
			if r == matcher.RFC9309 && walked == 0 {
				t.Error("no URL was decided in one walk for all tokens")
			}
			t.Logf("%d URLs decided in one walk", walked)
		})
	}
}
