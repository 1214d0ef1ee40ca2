package compare

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// The comparison's factors for the readings whose sentences it names
// specially (crawler-commons' whole-file rule, robots-parser's undefined,
// protego's quoting): each test asks Compare about one case.

// TestCompareFactorsRobotsParser: the factor Compare names between
// robots-parser and the other readings.
func TestCompareFactorsRobotsParser(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		other                 matcher.Reading
		factor                Factor
	}{
		{"robots-parser has no /robots.txt rule", "User-agent: *\nDisallow: /\n", "bot", "/robots.txt", matcher.RFC9309, FactorRobotsTxt},
		{"robots-parser accepts no typos", "User-agent: *\nDisalow: /x\n", "bot", "/x", matcher.Google, FactorTypos},
		{"robots-parser cuts the token at '/'", "User-agent: Googlebot\nDisallow: /x\n", "Googlebot/2.1", "/x", matcher.RFC9309, FactorTokenMatching},
		{"robots-parser encodes '[' in a pattern only", "User-agent: *\nDisallow: /[x\n", "bot", "/[x", matcher.RFC9309, FactorNormalization},
		{"robots-parser reads * as a wildcard", "User-agent: *\nAllow: /fish*\nDisallow: /fish\n", "bot", "/fish", matcher.Python, FactorWildcards},
		{"robots-parser takes the longest match", "User-agent: *\nDisallow: /a\nAllow: /ab\n", "bot", "/ab", matcher.Python, FactorFirstMatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareOne(t, tt.src, tt.token, tt.url)
			d, ok := differenceBetween(c, matcher.RobotsParser, tt.other)
			if !ok {
				t.Fatalf("robots-parser and %s agree", tt.other)
			}
			if d.Factor != tt.factor || d.Sentence == "" {
				t.Errorf("factor %s (%s), want %s", d.Factor, d.Sentence, tt.factor)
			}
		})
	}
}

// TestCompareNoVerdict: where robots-parser gives no verdict, Compare's
// first factor says so.
func TestCompareNoVerdict(t *testing.T) {
	src := []byte("User-agent: *\nAllow: /\n")
	tg, err := matcher.ParseTarget("/x")
	if err != nil {
		t.Fatal(err)
	}
	fr, fp := matcher.Parse(matcher.RFC9309, src, matcher.ParseOptions{}), matcher.Parse(matcher.RobotsParser, src, matcher.ParseOptions{})
	a := fr.EvaluateTarget("bot", tg)
	rp, ok := matcher.ReaderOf(matcher.RobotsParser).(interface {
		EvaluateAt(f *matcher.File, token string, t *matcher.Target, robots, url string) *matcher.Result
	})
	if !ok {
		t.Fatal("the robots-parser reading is not registered, or has no EvaluateAt")
	}
	// The file is http://example.com's robots.txt; the URL is on https:,
	// another origin: isAllowed returns undefined.
	b := rp.EvaluateAt(fp, "bot", tg, "http://example.com/robots.txt", "https://example.com/x")
	if d := explainDifference(sides{}, fr, a, fp, b); d.Factor != FactorNoVerdict || !strings.Contains(d.Sentence, "undefined") {
		t.Errorf("factor %s (%s), want %s", d.Factor, d.Sentence, FactorNoVerdict)
	}
}

// Compare names the factor that sets crawler-commons apart.
func TestCompareFactorsCrawlerCommons(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		other                 matcher.Reading
		factor                Factor
	}{
		{"parseContent: a Crawl-delay over 300 s disallows every URL, /robots.txt too",
			"User-agent: *\nCrawl-delay: 600\n", "bot", "http://example.com/robots.txt", matcher.RFC9309, FactorWholeFile},
		{"parseContent: an HTML page without \"user-agent:\" is read as allowing all",
			"<html>\nUser-agent *\nDisallow: /x\n</html>\n", "bot", "http://example.com/x", matcher.Google, FactorWholeFile},
		{"SimpleRobotRules.isAllowedPath: the index.html rule holds for a disallow",
			"User-agent: *\nDisallow: /dir/index.html\n", "bot", "http://example.com/dir/", matcher.Google, FactorIndexHTML},
		{"SimpleRobotRules.ruleMatches: no second place for the last segment of a $ pattern",
			"User-agent: *\nDisallow: /*.php$\n", "bot", "http://example.com/a.php.php", matcher.RFC9309, FactorWildcards},
		{"handleUserAgent: a non-ASCII value is compared whole, lower-cased",
			"User-agent: Bötbot\nDisallow: /x\n", "bötbot", "http://example.com/x", matcher.RFC9309, FactorTokenMatching},
		{"tokenize: crawler-commons knows typos that Google's parser does not",
			"User-agent: *\nDesallow: /x\n", "bot", "http://example.com/x", matcher.Google, FactorTypos},
		{"SimpleRobotRules.getPath: a path without scheme and host is no java.net.URL, so / is checked",
			"User-agent: *\nDisallow: /x\n", "bot", "/x", matcher.RFC9309, FactorURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareOne(t, tt.src, tt.token, tt.url)
			d, ok := differenceBetween(c, tt.other, matcher.CrawlerCommons)
			if !ok {
				t.Fatalf("%s and crawler-commons agree", tt.other)
			}
			if d.Factor != tt.factor || !strings.Contains(d.Sentence, "crawler-commons") {
				t.Errorf("factor %s (%s), want %s", d.Factor, d.Sentence, tt.factor)
			}
		})
	}
}

// Compare names what sets protego apart from the other readings.
func TestCompareFactorsProtego(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		other                 matcher.Reading
		factor                Factor
		sentence              string // a part of the sentence, or ""
	}{
		{"protego 0.6.1 scores a user-agent value that is a substring of the token",
			"User-agent: google\nDisallow: /\n", "Googlebot", "/", matcher.RFC9309, FactorTokenMatching, `"google" applies`},
		{"protego 0.6.1 reads a lower-case directive without ':'",
			"User-agent: *\ndisallow /x\n", "x", "/x", matcher.RFC9309, FactorTypos, ""},
		{"protego 0.6.1 takes the longest pattern, CPython the first",
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "x", "/ab", matcher.Python, FactorFirstMatch, ""},
		// protego counts a pattern's characters and RFC 9309 its octets, but
		// here the count differs because protego leaves the query's ツ raw:
		// taking RFC 9309's percent-encoding alone (21 against 14) makes
		// protego agree, and normalization comes before priority.
		{"protego 0.6.1 keeps non-ASCII raw in a query, so it counts fewer characters than RFC 9309's octets",
			"User-agent: *\nAllow: /p?ツツ\nDisallow: /p?*ツ*\n", "x", "/p?ツツ", matcher.RFC9309, FactorNormalization, ""},
		{"protego 0.6.1 keeps a $ rule twice, once with a literal %24",
			"User-agent: *\nDisallow: /a$\n", "x", "/a$", matcher.RFC9309, FactorNormalization, `protego compares "/a%24" with "/a%24"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareOne(t, tt.src, tt.token, tt.url)
			d, ok := differenceBetween(c, tt.other, matcher.Protego)
			if !ok {
				t.Fatalf("%s and protego agree", tt.other)
			}
			if d.Factor != tt.factor || d.Sentence == "" || !strings.Contains(d.Sentence, tt.sentence) {
				t.Errorf("factor %s (%s), want %s with %q", d.Factor, d.Sentence, tt.factor, tt.sentence)
			}
		})
	}
}
