package matcher

import (
	"reflect"
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	rfcExample,
	"",
	"\xEF\xBB",
	"User-agent: *\rDisallow: /a*b$\r",
	"Disallow: /x\nUser-agent: a/1\nAllow: %zz\x00\xff\n",
	"User-agent: *\nDisallow: /" + strings.Repeat("*a", 50) + "$\n",
	"user agent foo\ndisalow /x\n: nothing\n#\n",
	"\xEF\xBB\xBFUser-agent: *\nDisallow: /a\u2028b\vAllow: /c\u0085d\x1c/e\fDisallow:\u2029x\r\n",
}

// FuzzParse: any bytes parse without panic; every line is classified and
// lies inside the input, in order; diagnostics point inside the input;
// parsing is deterministic. A parse that stores no line (SkipLineModel,
// check's text output) makes the same groups, and reads each rule's line
// around its pattern by the reading's own line breaks as the full parse
// stores it (File.RuleText, issue 16).
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, r := range Readings() {
			file := ParseAs(r, src)
			checkFile(t, r, src, file)
			if again := ParseAs(r, src); !reflect.DeepEqual(file.Lines(), again.Lines()) || !reflect.DeepEqual(file.Diagnostics, again.Diagnostics) {
				t.Fatalf("%s: parsing twice gave different answers", r)
			}
			lean := ParseOptions{SkipLineModel: true, SkipDiagnostics: true}.ParseAs(r, src)
			if !reflect.DeepEqual(GroupsOf(lean), GroupsOf(file)) {
				t.Fatalf("%s: the parse without lines made other groups", r)
			}
			for _, g := range lean.Groups {
				for _, rule := range lean.RulesOf(g) {
					if got, want := lean.RuleText(rule), file.Text(int(rule.Line)); got != want {
						t.Fatalf("%s: line %d reads %q without the lines, %q with them", r, rule.Line, got, want)
					}
				}
			}
		}
	})
}

func checkFile(t *testing.T, r Reading, src []byte, f *File) {
	t.Helper()
	if len(f.Source) != len(src) {
		t.Fatalf("%s: %d bytes of source kept, of %d", r, len(f.Source), len(src))
	}
	if err := f.Verify(); err != nil {
		t.Fatalf("%s: %v", r, err)
	}
}

// FuzzEvaluate: every reading evaluates any file, token and URL without
// panic, deterministically, with a consistent explanation.
func FuzzEvaluate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), "foobot", "/example/page.html")
	}
	f.Add([]byte("User-agent: *\nDisallow: /\n"), "", "")
	f.Add([]byte("User-agent: a\nAllow: /$\n"), "A", "https://Bücher.example/?q#f")
	f.Fuzz(func(t *testing.T, src []byte, token, url string) {
		for _, r := range Readings() {
			file := ParseAs(r, src)
			res, err := file.Evaluate(token, url)
			if err != nil {
				if res != nil {
					t.Fatalf("%s: a result and an error", r)
				}
				continue
			}
			again, _ := file.Evaluate(token, url)
			if res.Allowed != again.Allowed || res.Winner != again.Winner || res.Explanation != again.Explanation {
				t.Fatalf("%s: two evaluations differ", r)
			}
			if res.Winner >= len(res.Matches) || res.RunnerUp >= len(res.Matches) || res.Explanation == "" {
				t.Fatalf("%s: inconsistent result %+v", r, res)
			}
			if m, ok := res.WinningRule(); ok && res.Reason != ReasonRobotsTxt && m.Rule.Allow() != res.Allowed {
				t.Fatalf("%s: winner %+v disagrees with verdict %v", r, m.Rule, res.Allowed)
			}
			// Keeping only the matches a decision weighs decides alike
			// (ParseOptions.SkipLosingMatches, issue 16).
			lean, _ := ParseOptions{SkipLosingMatches: true}.ParseAs(r, src).Evaluate(token, url)
			if lean.Allowed != res.Allowed || lean.Reason != res.Reason || ruleAt(lean, lean.Winner) != ruleAt(res, res.Winner) ||
				ruleAt(lean, lean.RunnerUp) != ruleAt(res, res.RunnerUp) || len(lean.Matches) > 2 {
				t.Fatalf("%s: kept only the deciding matches, %s by %v (runner-up %v), in full %s by %v (runner-up %v)", r,
					lean.Verdict(), ruleAt(lean, lean.Winner), ruleAt(lean, lean.RunnerUp), res.Verdict(), ruleAt(res, res.Winner), ruleAt(res, res.RunnerUp))
			}
			// So does listing one match and the stronger ones after it
			// (ParseOptions.MaxMatches, check -json).
			one, _ := ParseOptions{MaxMatches: 1}.ParseAs(r, src).Evaluate(token, url)
			if one.Allowed != res.Allowed || one.Reason != res.Reason || ruleAt(one, one.Winner) != ruleAt(res, res.Winner) ||
				ruleAt(one, one.RunnerUp) != ruleAt(res, res.RunnerUp) || len(one.Matches)+one.Omitted != len(res.Matches) {
				t.Fatalf("%s: listed %d of %d matches (%d omitted), %s by %v (runner-up %v), in full %s by %v (runner-up %v)", r,
					len(one.Matches), len(res.Matches), one.Omitted, one.Verdict(), ruleAt(one, one.Winner), ruleAt(one, one.RunnerUp),
					res.Verdict(), ruleAt(res, res.Winner), ruleAt(res, res.RunnerUp))
			}
		}
	})
}

// ruleAt is the rule of res's match i, or the zero Rule when i is -1.
func ruleAt(res *Result, i int) Rule {
	if i < 0 {
		return Rule{}
	}
	return res.Matches[i].Rule
}
