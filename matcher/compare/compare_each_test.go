package compare

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/suite"
)

// checkCompareEach asserts that CompareEach, which parses one reading at a
// time, answers as CompareWith over every reading's file at once, for each
// of the readings chosen (indexes in Readings(); all of them when none):
// with every reading parsed in full, and parsed to list one match, as
// check's -max-matches bounds them, whose differences are explained from
// full evaluations all the same, and whose results' own sentences, which
// may count the matches left out, are not compared.
func checkCompareEach(t *testing.T, where string, src []byte, token string, urls []string, chosenOnly ...int) {
	t.Helper()
	for _, o := range []matcher.ParseOptions{{}, {MaxMatches: 1}} {
		checkCompareEachWith(t, o, where, src, token, urls, chosenOnly...)
	}
}

func checkCompareEachWith(t *testing.T, o matcher.ParseOptions, where string, src []byte, token string, urls []string, chosenOnly ...int) {
	t.Helper()
	files := ParseAll(string(src))
	for ci, chosen := range files {
		if len(chosenOnly) > 0 && !slices.Contains(chosenOnly, ci) {
			continue
		}
		got, errs := CompareEach(chosen.Reading, func(r matcher.Reading) *matcher.File { return matcher.Parse(r, src, o) }, token, urls)
		for i, u := range urls {
			want, err := CompareWith(files, chosen.Reading, token, u)
			if (err == nil) != (errs[i] == nil) || err != nil && err.Error() != errs[i].Error() {
				t.Fatalf("%s: chosen %s, URL %q: CompareEach's error %v, CompareWith's %v", where, chosen.Reading, u, errs[i], err)
			}
			if err != nil {
				continue
			}
			g := got[i]
			if !reflect.DeepEqual(g.Differences, want.Differences) || !reflect.DeepEqual(g.Winning, want.Winning) {
				t.Fatalf("%s, %+v: chosen %s, URL %q:\nCompareEach %+v %q\nCompareWith %+v %q", where, o, chosen.Reading, u,
					g.Differences, g.Winning, want.Differences, want.Winning)
			}
			for r := range want.Results {
				a, b := g.Results[r], want.Results[r]
				wa, oka := a.WinningRule()
				wb, okb := b.WinningRule()
				if a.Reading != b.Reading || a.Allowed != b.Allowed || a.Reason != b.Reason || oka != okb ||
					!reflect.DeepEqual(wa, wb) || a.Path != b.Path || a.Explanation != b.Explanation && o.MaxMatches == 0 {
					t.Fatalf("%s: chosen %s, URL %q, reading %s: CompareEach %s %q, CompareWith %s %q", where,
						files[ci].Reading, u, b.Reading, a.Verdict(), a.Explanation, b.Verdict(), b.Explanation)
				}
			}
		}
	}
}

func TestCompareEachAnswersAsCompareWith(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"wildcards differ", "User-agent: *\nAllow: /fish*\nDisallow: /fish\n"},
		{"typo and blank line", "User-agent: googlebot\n\nDisalow: /a\nUser-agent: *\nDisallow: /\n"},
		{"index.html", "User-agent: *\nDisallow: /\nAllow: /d/index.html\n"},
		{"crawl-delay", "User-agent: *\nCrawl-delay: 999999\nDisallow: /x\n"},
		{"empty", ""},
	} {
		checkCompareEach(t, c.name, []byte(c.src), "Googlebot", []string{"/fish", "/a", "/d/", "/x", "/robots.txt", "mailto:x", "fish", "//", " //h/a"})
	}
}

// Over the differential corpus (what six programs answered to 12,000
// questions), with a second URL so that each file answers two at once;
// each question with one chosen reading in turn, so that every reading is
// chosen for 1,500 of them.
func TestCompareEachDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole corpus, under every chosen reading: not in -short")
	}
	for _, c := range suite.Differential(t) {
		checkCompareEach(t, fmt.Sprint("corpus line ", c.Line), c.Body, c.Token, []string{c.URL, "/"}, c.Line%len(matcher.Readings()))
	}
}

// Over urls.jsonl, whose URLs are strings as people paste them: with each
// mirrored reading chosen, the comparison gives that reading's program's
// verdict on every case the program answered, CompareEach as CompareWith,
// and no URL is refused that the program read.
func TestCompareURLsAsTheirPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("every case of urls.jsonl under each mirrored reading: not in -short")
	}
	mirrors := map[string]matcher.Reading{"google": matcher.Google, "cpython-classic": matcher.Python,
		"cpython-rfc": matcher.PythonRFC, "protego": matcher.Protego, "robots-parser": matcher.RobotsParser,
		"crawler-commons": matcher.CrawlerCommons}
	answered, agree := map[string]int{}, map[string]int{}
	for _, c := range suite.DifferentialURLs(t) {
		files := ParseAll(string(c.Body))
		for impl, r := range mirrors {
			want, ok := c.Verdicts[impl]
			if !ok {
				continue
			}
			answered[impl]++
			cmp, err := CompareWith(files, r, c.Token, c.URL)
			if err == nil && (want == "ALLOWED") == cmp.Results[slices.Index(matcher.Readings(), r)].Allowed {
				agree[impl]++
			} else if answered[impl]-agree[impl] <= 3 {
				t.Errorf("%s chosen: urls.jsonl line %d, token %q, URL %q: %s says %s (%v)", r, c.Line, c.Token, c.URL, impl, want, err)
			}
			if c.Line%50 == 0 {
				checkCompareEach(t, fmt.Sprint("urls.jsonl line ", c.Line), c.Body, c.Token, []string{c.URL}, slices.Index(matcher.Readings(), r))
			}
		}
	}
	for impl, r := range mirrors {
		t.Logf("urls.jsonl: with %s chosen, the comparison agrees with %s on %d of %d answered cases", r, impl, agree[impl], answered[impl])
		if answered[impl] == 0 || agree[impl] != answered[impl] {
			t.Errorf("%s chosen: agrees with %s on %d of %d answered cases", r, impl, agree[impl], answered[impl])
		}
	}
}
