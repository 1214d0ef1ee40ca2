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
	"robots-explorer/matcher/record"
	"robots-explorer/matcher/register"
)

// A lazyQuestion is a file and one query of it, from the register, the
// conformance suite or the differential corpus.
type lazyQuestion struct {
	name       string
	body       []byte
	token, url string
}

// lazyQuestions gathers every query of the three collections; the suite
// readers fail under CI=true, or skip saying how to run them, when a
// collection is missing.
func lazyQuestions(t *testing.T) []lazyQuestion {
	t.Helper()
	cases, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var qs []lazyQuestion
	for _, c := range cases {
		for _, q := range c.Queries {
			token := q.Token
			if token == "" {
				token = c.Token
			}
			qs = append(qs, lazyQuestion{c.ID, c.Robots, token, q.URL})
		}
	}
	for _, c := range suite.Conformance(t) {
		qs = append(qs, lazyQuestion{"conformance " + c.Name(), c.Body, c.UserAgent, c.URL})
	}
	for _, c := range suite.Differential(t) {
		qs = append(qs, lazyQuestion{"differential line " + strconv.Itoa(c.Line), c.Body, c.Token, c.URL})
	}
	return qs
}

// byFile cuts qs into runs of questions that ask of the same file (they
// come one file at a time), so that a test parses each file once.
func byFile(qs []lazyQuestion) [][]lazyQuestion {
	var runs [][]lazyQuestion
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

// TestSkipDiagnosticsSameAnswers holds the parse without diagnostics
// (issue 18, the command line's text output) to the full one: for every
// reading and every query of the register, the conformance suite and the
// differential corpus, the same line model and groups, and the same
// verdict, reason, deciding line, matches, trace and explanation; only the
// diagnostics are gone.
func TestSkipDiagnosticsSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
	lazy := matcher.ParseOptions{SkipDiagnostics: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, skipped := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := matcher.ParseAs(r, run[0].body), lazy.ParseAs(r, run[0].body)
				if msg := sameModel(full, quick); msg != "" {
					fail("%s: %s", run[0].name, msg)
				}
				skipped += len(full.Diagnostics)
				for _, q := range run {
					if msg := sameAnswer(full, quick, q.token, q.url); msg != "" {
						fail("%s, token %q, URL %q: %s", q.name, q.token, q.url, msg)
					}
				}
			}
			// The comparison means something only if the full parses had
			// diagnostics to skip.
			if skipped == 0 {
				t.Errorf("no full parse of %d questions had a diagnostic", len(qs))
			}
		})
	}
}

// sameModel compares the two parses of one file.
func sameModel(full, quick *matcher.File) string {
	switch {
	case full.Diagnosed() == quick.Diagnosed():
		return "Diagnosed() is wrong"
	case len(quick.Diagnostics) != 0:
		return "the lazy parse kept " + strconv.Itoa(len(quick.Diagnostics)) + " diagnostics"
	case !reflect.DeepEqual(full.Lines(), quick.Lines()):
		return "the line models differ"
	case !reflect.DeepEqual(matcher.GroupsOf(full), matcher.GroupsOf(quick)):
		return "the groups differ"
	}
	return ""
}

// sameAnswer compares one query's results, all but Diagnostics.
func sameAnswer(full, quick *matcher.File, token, url string) string {
	a, errA := full.Evaluate(token, url)
	b, errB := quick.Evaluate(token, url)
	if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
		return "the errors differ: " + errString(errA) + " vs " + errString(errB)
	}
	if errA != nil {
		return ""
	}
	if wa, wb := record.Why(full, a), record.Why(quick, b); wa != wb {
		return "deciding lines differ: " + wa + " vs " + wb
	}
	a.Diagnostics, b.Diagnostics = nil, nil
	if !reflect.DeepEqual(a, b) {
		return "results differ: " + a.Verdict() + " " + a.Explanation + " vs " + b.Verdict() + " " + b.Explanation
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return "none"
	}
	return err.Error()
}

// TestSkipLineModelSameAnswers holds the parse that stores its lines only
// when they are read (issue 18, check's text and CSV output) to the full
// one, for every reading and every query of the register, the conformance
// suite and the differential corpus: each rule's line read before the lines
// are stored, each answer and deciding line, and then the line model and
// groups, are those of the full parse.
func TestSkipLineModelSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
	lazy := matcher.ParseOptions{SkipDiagnostics: true, SkipLineModel: true, SkipRuleExplanations: true}
	brief := matcher.ParseOptions{SkipRuleExplanations: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, rules := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := brief.ParseAs(r, run[0].body), lazy.ParseAs(r, run[0].body)
				for _, g := range quick.Groups {
					for _, rule := range quick.RulesOf(g) {
						rules++
						if a, b := full.Text(int(rule.Line)), quick.RuleText(rule); a != b {
							fail("%s: line %d reads %q, in full %q", run[0].name, rule.Line, b, a)
						}
					}
				}
				for _, q := range run {
					if msg := sameAnswer(full, quick, q.token, q.url); msg != "" {
						fail("%s, token %q, URL %q: %s", q.name, q.token, q.url, msg)
					}
				}
				// After the evaluations, which may have read the lines.
				if msg := sameModel(full, quick); msg != "" {
					fail("%s: %s", run[0].name, msg)
				}
			}
			if rules == 0 {
				t.Error("no file had a rule")
			}
		})
	}
}

// Every reading stores no line of a file of valid UTF-8 under
// SkipLineModel and SkipDiagnostics (issue 16: the store was twice a
// 100 MiB file of short lines): a rule's line is read around its pattern
// by the reading's own line breaks, and reading any other line stores
// them all, as the full parse has them. The source breaks its lines in
// every way some reading does (CR LF, CR, LF, VT and FF for Python, NEL,
// LS and PS for Python and crawler-commons), inside rules too. The
// answers are held to the full parse by TestSkipLineModelSameAnswers.
func TestSkipLineModelStoresNoLine(t *testing.T) {
	src := "\xEF\xBB\xBFUser-agent: a\r\n  Disallow: /x # c\rAllow:/y\n\nDisallow:\nuser-agent: b\nDisallow: /z\n\n" +
		"User-agent: *\nDisallow: /v\u2028w\nAllow: /p\u0085q\nDisallow: /r\vs\fDisallow: /t\x1cu\u2029Allow: /é\nDisallow: /w"
	lazy := matcher.ParseOptions{SkipDiagnostics: true, SkipLineModel: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			f, full := lazy.ParseText(r, src), matcher.ParseText(r, src)
			if matcher.LinesStored(f) {
				t.Fatal("the parse stored its lines")
			}
			rules := 0
			for _, g := range f.Groups {
				for _, rule := range f.RulesOf(g) {
					rules++
					if got, want := f.RuleText(rule), full.Text(int(rule.Line)); got != want {
						t.Errorf("line %d reads %q, in full %q", rule.Line, got, want)
					}
				}
			}
			if rules < 6 {
				t.Errorf("%d rules read", rules)
			}
			if matcher.LinesStored(f) {
				t.Fatal("reading the rules' lines stored the lines")
			}
			if got, want := f.Text(1), full.Text(1); got != want {
				t.Errorf("line 1 reads %q, in full %q", got, want)
			}
			if !matcher.LinesStored(f) {
				t.Fatal("reading a user-agent line did not store the lines")
			}
			if !reflect.DeepEqual(f.Lines(), full.Lines()) {
				t.Errorf("lines %v, in full %v", f.Lines(), full.Lines())
			}
		})
	}
}

// A reading whose lines are not the source's bytes as they are (bytes
// that do not decode as UTF-8, which Python's decoders replace or drop)
// stores its lines under SkipLineModel, and a rule's line reads as in the
// full parse.
func TestSkipLineModelStoresLinesNotDecoded(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\xff\r\xfe\nAllow: /b\n"
	lazy := matcher.ParseOptions{SkipDiagnostics: true, SkipLineModel: true}
	for _, r := range []matcher.Reading{matcher.Python, matcher.PythonRFC, matcher.Protego, matcher.CrawlerCommons} {
		t.Run(string(r), func(t *testing.T) {
			f, full := lazy.ParseText(r, src), matcher.ParseText(r, src)
			if !matcher.LinesStored(f) {
				t.Fatal("the parse left its lines for later")
			}
			for _, g := range f.Groups {
				for _, rule := range f.RulesOf(g) {
					if got, want := f.RuleText(rule), full.Text(int(rule.Line)); got != want {
						t.Errorf("line %d reads %q, in full %q", rule.Line, got, want)
					}
				}
			}
		})
	}
}

// TestSkipLosingMatchesSameAnswers holds an evaluation that keeps only the
// matches a decision weighs (issue 16, the command line's text output) to
// the full one: for every reading and every query of the register, the
// conformance suite and the differential corpus, the same verdict,
// reason, deciding rule, runner-up and short reason, with the parse
// options of check's text output; the matches kept are matches of the
// full evaluation, at most one of each kind. File.WithEveryMatch of such a
// parse evaluates as the full parse does, match for match.
func TestSkipLosingMatchesSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
	lean := matcher.ParseOptions{SkipDiagnostics: true, SkipRuleExplanations: true, SkipLineModel: true, SkipLosingMatches: true, SkipAgentTrace: true}
	losing := matcher.ParseOptions{SkipLosingMatches: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, dropped := failer(t), 0
			var into matcher.Result
			for _, run := range byFile(qs) {
				full, quick := matcher.ParseAs(r, run[0].body), lean.ParseAs(r, run[0].body)
				every := losing.ParseAs(r, run[0].body).WithEveryMatch()
				for _, q := range run {
					a, errA := full.Evaluate(q.token, q.url)
					target, errB := matcher.ParseTarget(q.url)
					if (errA == nil) != (errB == nil) {
						t.Fatalf("%s: errors %v and %v", q.name, errA, errB)
					}
					if errA != nil {
						continue
					}
					if c, _ := every.Evaluate(q.token, q.url); !reflect.DeepEqual(a, c) {
						fail("%s, token %q, URL %q: WithEveryMatch: %s %q, the full parse %s %q", q.name, q.token, q.url,
							c.Verdict(), c.Explanation, a.Verdict(), a.Explanation)
					}
					quick.DecideInto(&into, q.token, target)
					if msg := sameDecision(full, a, quick, &into); msg != "" {
						fail("%s, token %q, URL %q: %s", q.name, q.token, q.url, msg)
					}
					dropped += len(a.Matches) - len(into.Matches)
				}
			}
			if dropped == 0 {
				t.Errorf("no match of %d queries was left out", len(qs))
			}
		})
	}
}

// TestSkipAgentTraceSameAnswers holds an evaluation that keeps no trace
// of the user-agent lines (issue 16: a token's selection is kept per file,
// and check -crawlers keeps one per crawler) to the full one: for every
// reading and every query of the register, the conformance suite and the
// differential corpus, the trace is empty and the rest of the Result, the
// selection's summary too, is the full evaluation's without its trace.
func TestSkipAgentTraceSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
	skip := matcher.ParseOptions{SkipAgentTrace: true}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, traced := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := matcher.ParseAs(r, run[0].body), skip.ParseAs(r, run[0].body)
				for _, q := range run {
					a, errA := full.Evaluate(q.token, q.url)
					b, errB := quick.Evaluate(q.token, q.url)
					if (errA == nil) != (errB == nil) {
						t.Fatalf("%s: errors %v and %v", q.name, errA, errB)
					}
					if errA != nil {
						continue
					}
					if len(b.Groups.Agents) > 0 {
						fail("%s, token %q: %d user-agent lines traced", q.name, q.token, len(b.Groups.Agents))
					}
					traced += len(a.Groups.Agents)
					a.Groups = a.Groups.WithoutAgents()
					if !reflect.DeepEqual(a, b) {
						fail("%s, token %q, URL %q: %s %q (%s), in full %s %q (%s)", q.name, q.token, q.url,
							b.Verdict(), b.Explanation, b.Groups.Summary, a.Verdict(), a.Explanation, a.Groups.Summary)
					}
				}
			}
			if traced == 0 {
				t.Errorf("no query of %d traced a user-agent line in full", len(qs))
			}
		})
	}
}

// why is the short reason of a result DecideInto made, as check's text
// output writes it: the sentence of a verdict no rule decided is left out
// of the result.
func why(f *matcher.File, res *matcher.Result) string {
	if res.Winner >= 0 {
		return record.Why(f, res)
	}
	return string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
}

// sameDecision says how b, an evaluation that kept only the matches its
// decision weighs, decided otherwise than a, the full one, or "".
func sameDecision(fa *matcher.File, a *matcher.Result, fb *matcher.File, b *matcher.Result) string {
	rule := func(res *matcher.Result, i int) string {
		if i < 0 {
			return "none"
		}
		m := res.Matches[i]
		return fmt.Sprintf("line %d %s %q priority %d", m.Rule.Line, m.Rule.Kind(), m.Pattern, m.Priority)
	}
	switch {
	case a.Allowed != b.Allowed || a.Reason != b.Reason:
		return fmt.Sprintf("verdicts %s (%s) and %s (%s)", a.Verdict(), a.Reason, b.Verdict(), b.Reason)
	case rule(a, a.Winner) != rule(b, b.Winner):
		return fmt.Sprintf("deciding rules %s and %s", rule(a, a.Winner), rule(b, b.Winner))
	case rule(a, a.RunnerUp) != rule(b, b.RunnerUp):
		return fmt.Sprintf("runners-up %s and %s", rule(a, a.RunnerUp), rule(b, b.RunnerUp))
	case record.Why(fa, a) != why(fb, b):
		return fmt.Sprintf("short reasons %q and %q", record.Why(fa, a), why(fb, b))
	case len(b.Matches) > 2:
		return fmt.Sprintf("%d matches kept", len(b.Matches))
	}
	for i := range b.Matches {
		if !slices.ContainsFunc(a.Matches, func(m matcher.Match) bool { return m.Rule == b.Matches[i].Rule }) {
			return fmt.Sprintf("kept %s, which the full evaluation did not match", rule(b, i))
		}
	}
	return ""
}

// TestMaxMatchesSameAnswers holds an evaluation that lists at most
// MaxMatches matches (issue 16, check -json) to the full one: for every
// reading, cap and query of the register, the conformance suite and the
// differential corpus, the same verdict, reason, deciding rule, runner-up
// and explanation; the first matches listed are the full evaluation's
// first, in order, at most one more of each kind follows them, and what is
// listed and Omitted add up to every match.
func TestMaxMatchesSameAnswers(t *testing.T) {
	qs := lazyQuestions(t)
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
					full, quick := matcher.ParseAs(r, run[0].body), capped.ParseAs(r, run[0].body)
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
// leaves out (matcher.LaterMatches).
func sameExplanation(a, b *matcher.Result) bool {
	const later = " It comes before "
	i := strings.Index(a.Explanation, later)
	if b.Omitted == 0 || i < 0 {
		return a.Explanation == b.Explanation
	}
	return strings.HasPrefix(b.Explanation, a.Explanation[:i+len(later)]) && strings.Contains(b.Explanation[i:], fmt.Sprint(b.Omitted))
}

// TestMaxDiagnosticsCountsTheRest holds a parse that keeps at most
// MaxDiagnostics diagnostics of each code (issue 16, check -json) to the
// full one, for every reading and every file of the register, the
// conformance suite and the differential corpus: of each code the first
// ones are the full parse's, and where more there were, one diagnostic at
// the place of the first left out counts them; nothing else of the parse
// changes.
func TestMaxDiagnosticsCountsTheRest(t *testing.T) {
	qs := lazyQuestions(t)
	const max = 1
	capped := matcher.ParseOptions{MaxDiagnostics: max}
	for _, r := range matcher.Readings() {
		t.Run(string(r), func(t *testing.T) {
			fail, counted := failer(t), 0
			for _, run := range byFile(qs) {
				full, quick := matcher.ParseAs(r, run[0].body), capped.ParseAs(r, run[0].body)
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
