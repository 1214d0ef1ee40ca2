package compare

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// Compare is CompareWith for every pair of readings: each difference
// between two readings once, the earlier in Readings() order as A.
func Compare(files []*matcher.File, token, rawURL string) (*Comparison, error) {
	var all *Comparison
	for i, f := range files {
		c, err := CompareWith(files, f.Reading, token, rawURL)
		if err != nil {
			return nil, err
		}
		if all == nil {
			all = &Comparison{Files: c.Files, Results: c.Results, Winning: c.Winning}
		}
		for _, d := range c.Differences {
			if slices.IndexFunc(files, func(g *matcher.File) bool { return g.Reading == d.B }) > i {
				all.Differences = append(all.Differences, d)
			}
		}
	}
	return all, nil
}

func compareOne(t *testing.T, src, token, url string) *Comparison {
	t.Helper()
	c, err := Compare(ParseAll(src), token, url)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// differenceBetween returns the difference between readings a and b.
func differenceBetween(c *Comparison, a, b matcher.Reading) (Difference, bool) {
	for _, d := range c.Differences {
		if d.A == a && d.B == b || d.A == b && d.B == a {
			return d, true
		}
	}
	return Difference{}, false
}

func TestCompareFactorsRFC9309VersusGoogle(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		factor                Factor
	}{
		{"RFC 9309 §2.2.2 /robots.txt is always allowed; robots.cc has no such rule",
			"User-agent: *\nDisallow: /\n", "bot", "/robots.txt", FactorRobotsTxt},
		{"robots.cc accepts the typo disalow",
			"User-agent: *\nDisalow: /x\n", "bot", "/x", FactorTypos},
		{"robots.cc accepts a missing colon",
			"User-agent: *\nDisallow /x\n", "bot", "/x", FactorTypos},
		{"RFC 9309 §2.2.2 decodes %62%61%7A; robots.cc compares the URL as given",
			"User-agent: *\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "bot", "/foo/bar/baz", FactorNormalization},
		{"a typo line in a file with no blank lines: the pattern's %7E, decoded by RFC 9309 §2.2.2 only, decides, not group boundaries",
			"User-agent: a\nDisalow: /x/\nDisallow: /%7Euser/\n", "a", "/~user/p", FactorNormalization},
		{"robots.cc accepts the typo disalow, which alone decides here",
			"User-agent: a\nDisalow: /x/\nDisallow: /%7Euser/\n", "a", "/x/y", FactorTypos},
		{"robots.cc: an allow of /index.html also allows the directory",
			"User-agent: *\nDisallow: /\nAllow: /dir/index.html\n", "bot", "/dir/", FactorIndexHTML},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareOne(t, tt.src, tt.token, tt.url)
			d, ok := differenceBetween(c, matcher.RFC9309, matcher.Google)
			if !ok {
				t.Fatalf("rfc9309 and google agree: %s / %s", c.Results[0].Explanation, c.Results[1].Explanation)
			}
			if d.Factor != tt.factor || d.Sentence == "" {
				t.Errorf("factor %s (%s), want %s", d.Factor, d.Sentence, tt.factor)
			}
		})
	}
}

func TestCompareAgreement(t *testing.T) {
	c := compareOne(t, "User-agent: *\nDisallow: /private/\n", "bot", "/public")
	if !c.Agree() || len(c.Results) != len(matcher.Readings()) {
		t.Errorf("readings should agree: %+v", c.Differences)
	}
	for i, r := range c.Results {
		if r.Reading != matcher.Readings()[i] || !r.Allowed || r.Explanation == "" {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	if _, err := Compare(ParseAll(""), "bot", "mailto:not-a-page"); err == nil || !strings.Contains(err.Error(), "mailto:not-a-page") {
		t.Errorf("bad URL: %v", err)
	}
}

// A URL that RFC 9309 refuses (a scheme with no authority, §2.3) is still
// read by the programs that take any string, such as Google's robots_main:
// the comparison shows their verdicts and the refusal as no verdict.
func TestCompareRefusedByOneReading(t *testing.T) {
	files := ParseAll("User-agent: *\nDisallow: /\n")
	if _, err := CompareWith(files, matcher.RFC9309, "bot", "mailto:x"); err == nil {
		t.Fatal("rfc9309 chosen: mailto:x is read")
	}
	c, err := CompareWith(files, matcher.Google, "bot", "mailto:x")
	if err != nil {
		t.Fatalf("google chosen: %v", err)
	}
	rfc := c.Results[slices.Index(matcher.Readings(), matcher.RFC9309)]
	if rfc.Reason != matcher.ReasonNoVerdict || !strings.Contains(rfc.Explanation, "mailto:") {
		t.Errorf("rfc9309 in the comparison: %s %q, want no verdict with the refusal", rfc.Reason, rfc.Explanation)
	}
	for _, d := range c.Differences {
		if d.B == matcher.RFC9309 && d.Factor != FactorNoVerdict {
			t.Errorf("rfc9309 differs by %s, want %s", d.Factor, FactorNoVerdict)
		}
	}
}

func TestCompareFactorsFirstMatchReadings(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		a, b                  matcher.Reading
		factor                Factor
	}{
		{"CPython robotparser takes the first match in file order",
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "bot", "/ab", matcher.RFC9309, matcher.Python, FactorFirstMatch},
		{"CPython robotparser reads * literally",
			"User-agent: *\nAllow: /fish*\nDisallow: /fish\n", "bot", "/fish", matcher.RFC9309, matcher.Python, FactorWildcards},
		{"the 1996 draft has no wildcards",
			"User-agent: *\nDisallow: /*.php\n", "bot", "/index.php", matcher.Google, matcher.Koster1996, FactorWildcards},
		{"CPython robotparser obeys only the first * record",
			"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "bot", "/b", matcher.RFC9309, matcher.Python, FactorMerging},
		{"a blank line ends a record in the 1996 draft",
			"User-agent: *\nDisallow: /a\n\nDisallow: /b\n", "bot", "/b", matcher.RFC9309, matcher.Koster1996, FactorGroupBoundary},
		{"CPython robotparser compares the whole user-agent value",
			"User-agent: Googlebot/2.1\nDisallow: /x\n", "Googlebot", "/x", matcher.RFC9309, matcher.Python, FactorTokenMatching},
		{"CPython 055a953 robotparser ranks a rule by the characters of the URL it matches",
			"User-agent: *\nDisallow: /a*\nAllow: /abc\n", "bot", "/abcd", matcher.RFC9309, matcher.PythonRFC, FactorPriority},
		{"CPython 055a953 robotparser ends the user-agent lines at Crawl-delay",
			"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/", matcher.RFC9309, matcher.PythonRFC, FactorGroupBoundary},
		{"CPython 055a953 robotparser matches a value that is a substring of the name",
			"User-agent: google\nDisallow: /\n", "Googlebot", "/x", matcher.RFC9309, matcher.PythonRFC, FactorTokenMatching},
		{"CPython 055a953 robotparser decodes %2F",
			"User-agent: *\nDisallow: /a%2Fb\n", "bot", "/a/b", matcher.RFC9309, matcher.PythonRFC, FactorNormalization},
		{"CPython's rewrite takes the most specific rule, the classic module the first",
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "bot", "/ab", matcher.Python, matcher.PythonRFC, FactorFirstMatch},
		{"CPython's rewrite reads * as a wildcard, the classic module literally",
			"User-agent: *\nDisallow: /*.php\n", "bot", "/index.php", matcher.Python, matcher.PythonRFC, FactorWildcards},
		{"CPython's rewrite merges the * groups, the classic module obeys the first",
			"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "bot", "/b", matcher.Python, matcher.PythonRFC, FactorMerging},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareOne(t, tt.src, tt.token, tt.url)
			d, ok := differenceBetween(c, tt.a, tt.b)
			if !ok {
				t.Fatalf("%s and %s agree", tt.a, tt.b)
			}
			if d.Factor != tt.factor || d.Sentence == "" {
				t.Errorf("factor %s (%s), want %s", d.Factor, d.Sentence, tt.factor)
			}
		})
	}
}

// Whether a user-agent line names the token is asked a bounded number of
// times per line, whatever the shape of the groups, under every mix of one
// reading's lines and groups, another's matching and a third's merging:
// asked once per value for each key filed, one group of n lines would
// cost n² questions. The bound is counted, n log n, not timed.
func TestSelectModelAsksEachLineBoundedTimes(t *testing.T) {
	const n = 2048
	shapes := []struct {
		name string
		line func(i int) string
	}{
		{"one group of n names", func(i int) string { return fmt.Sprintf("User-agent: bot%d\n", i) }},
		{"a group per name", func(i int) string { return fmt.Sprintf("User-agent: bot%d\nDisallow: /x\n", i) }},
		{"the same names in every group", func(i int) string {
			if i%32 == 31 {
				return fmt.Sprintf("User-agent: bot%d\nDisallow: /x\n", i%32)
			}
			return fmt.Sprintf("User-agent: bot%d\n", i%32)
		}},
		{"a name of the token after many others", func(i int) string {
			if i == n-1 {
				return "User-agent: b\nDisallow: /x\n"
			}
			return fmt.Sprintf("User-agent: bot%d\n", i)
		}},
	}
	var choices []*Choices
	for _, r := range matcher.Readings() {
		if c := choicesOf(r); c != nil {
			choices = append(choices, c.withDefaults())
		}
	}
	bound := n * bits.Len(n)
	for _, s := range shapes {
		var b strings.Builder
		for i := range n {
			b.WriteString(s.line(i))
		}
		for _, f := range ParseAll(b.String() + "Disallow: /x\n") {
			c := choicesOf(f.Reading)
			if c == nil {
				continue
			}
			c = c.withDefaults()
			groups := c.Bounds(c.Lines(f))
			for _, token := range []string{"bot", "bot/1.0"} {
				for _, ca := range choices {
					for _, cm := range choices {
						calls := 0
						agent := func(v, tok string) (bool, bool) { calls++; return ca.Agent(v, tok) }
						selectModel(groups, agent, cm, token)
						if calls > bound {
							t.Fatalf("%s, %s's groups, token %q, merged as %d: %d questions for %d lines, more than %d",
								s.name, f.Reading, token, cm.Merge, calls, n, bound)
						}
					}
				}
			}
		}
	}
}
