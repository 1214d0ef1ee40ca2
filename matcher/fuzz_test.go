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
// parsing is deterministic.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, r := range Readings() {
			file := Parse(r, src, ParseOptions{})
			checkFile(t, r, src, file)
			if again := Parse(r, src, ParseOptions{}); !reflect.DeepEqual(file.Lines(), again.Lines()) || !reflect.DeepEqual(file.Diagnostics, again.Diagnostics) {
				t.Fatalf("%s: parsing twice gave different answers", r)
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
			file := Parse(r, src, ParseOptions{})
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
			// Listing one match and the stronger ones after it decides
			// alike (ParseOptions.MaxMatches, check).
			one, _ := Parse(r, src, ParseOptions{MaxMatches: 1}).Evaluate(token, url)
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
