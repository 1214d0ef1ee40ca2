package crawlercommons

import (
	"strings"
	"testing"
	"unicode/utf16"

	"robots-explorer/matcher"
)

// Each case cites the place in crawler-commons (8e14e27) or in the Java
// platform it runs on that decides it; the verdicts come from that
// source, not from this code.
func TestCrawlerCommonsDecisions(t *testing.T) {
	tests := []struct {
		name, src, token, url string
		allowed               bool
		line                  int // the winning rule's line, 0 for none
		reason                matcher.Reason
	}{
		{"SimpleRobotRules.isAllowedPath: the longest pattern wins",
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "bot", "/abc", true, 3, matcher.ReasonLongest},
		{"SimpleRobotRules.isAllowedPath: allow wins a tie (isAllowed |= rule.isAllow())",
			"User-agent: *\nDisallow: /ab\nAllow: /ab\n", "bot", "/ab", true, 3, matcher.ReasonTieAllow},
		{"SimpleRobotRules.isAllowedPath: /robots.txt is always allowed",
			"User-agent: *\nDisallow: /\n", "bot", "/robots.txt", true, 0, matcher.ReasonRobotsTxt},
		{"SimpleRobotRules.isAllowedPath: a disallow ending in index.html also stands for its directory",
			"User-agent: *\nDisallow: /dir/index.html\n", "bot", "/dir/", false, 2, matcher.ReasonIndexHTML},
		{"SimpleRobotRules.isAllowedPath: the directory of index.html is anchored with $",
			"User-agent: *\nDisallow: /dir/index.html\n", "bot", "/dir/x", true, 0, matcher.ReasonNoMatch},
		{"SimpleRobotRules.ruleMatches: the last segment of a $ pattern is placed leftmost, with no second try",
			"User-agent: *\nDisallow: /*.php$\n", "bot", "/a.php.php", true, 0, matcher.ReasonNoMatch},
		{"SimpleRobotRules.ruleMatches: a $ pattern matches when the leftmost place ends the path",
			"User-agent: *\nDisallow: /*.php$\n", "bot", "/a.php", false, 2, matcher.ReasonLongest},
		{"SimpleRobotRules.ruleMatches: '*' then '$' matches anything after",
			"User-agent: *\nDisallow: /a*$\n", "bot", "/abc", false, 2, matcher.ReasonLongest},
		{"SimpleRobotRules.getPath: the URL's '*' is encoded, so a pattern's '*' is a wildcard and only %2A matches it",
			"User-agent: *\nDisallow: /a%2Ab\n", "bot", "/a*b", false, 2, matcher.ReasonLongest},
		{"SimpleRobotRules.getPath: a pattern's %2A does not match a plain path",
			"User-agent: *\nDisallow: /a%2Ab\n", "bot", "/axb", true, 0, matcher.ReasonNoMatch},
		{"BasicURLNormalizer.unescapePath: %7E in the URL is decoded to ~",
			"User-agent: *\nDisallow: /~a\n", "bot", "/%7Ea", false, 2, matcher.ReasonLongest},
		{"BasicURLNormalizer.escapePath: non-ASCII in a pattern is encoded as UTF-8",
			"User-agent: *\nDisallow: /ツ\n", "bot", "/%E3%83%84", false, 2, matcher.ReasonLongest},
		{"SimpleRobotRules.getPath: java.net.URI refuses a space, and / is checked instead",
			"User-agent: *\nDisallow: /$\n", "bot", "http://example.com/a b", false, 2, matcher.ReasonLongest},
		{"SimpleRobotRules.getPath: a network-path reference is not absolute, so toURL throws and / is checked (urls.jsonl)",
			"User-agent: *\nDisallow: /x\n", "bot", "//b.example/x", true, 0, matcher.ReasonNoMatch},
		{"SimpleRobotRules.getPath: the query is compared with the path",
			"User-agent: *\nDisallow: /a?b=1\n", "bot", "/a?b=1", false, 2, matcher.ReasonLongest},
		{"handleDisallow: an empty Disallow is ignored",
			"User-agent: *\nDisallow:\nDisallow: /x\n", "bot", "/x", false, 3, matcher.ReasonLongest},
		{"tokenize (DIRECTIVE_PREFIX): the typo disalow is a disallow",
			"User-agent: *\nDisalow: /x\n", "bot", "/x", false, 2, matcher.ReasonLongest},
		{"tokenize (BLANK_DIRECTIVE_DELIMITER): white space may stand for the colon",
			"User-agent *\nDisallow /x\n", "bot", "/x", false, 2, matcher.ReasonLongest},
		{"tokenize: 'user agent' with a space is a user-agent line",
			"user agent: bot\nDisallow: /x\n", "bot", "/x", false, 2, matcher.ReasonLongest},
		{"tokenize: a key followed by more letters is not the key",
			"User-agent: *\nDisallowed: /x\n", "bot", "/x", true, 0, matcher.ReasonNoMatch},
		{"handleUserAgent: the value is lower-cased and so is the token",
			"User-agent: FooBot\nDisallow: /x\n", "FOOBOT", "/x", false, 2, matcher.ReasonLongest},
		{"handleUserAgent: foo/1.2 is not a product token and names foo by its leading token",
			"User-agent: foo/1.2\nDisallow: /x\n", "foo", "/x", false, 2, matcher.ReasonLongest},
		{"handleUserAgent: foobar is a product token and does not name foo",
			"User-agent: foobar\nDisallow: /x\n", "foo", "/x", true, 0, matcher.ReasonNoGroup},
		{"handleUserAgent: '* foo' is not the global agent",
			"User-agent: * foo\nDisallow: /x\n", "bot", "/x", true, 0, matcher.ReasonNoGroup},
		{"handleUserAgent: a group naming the token drops the '*' rules read before it",
			"User-agent: *\nDisallow: /x\nUser-agent: bot\nDisallow: /y\n", "bot", "/x", true, 0, matcher.ReasonNoMatch},
		{"handleUserAgent: every group naming the token is merged",
			"User-agent: bot\nDisallow: /x\nUser-agent: other\nDisallow: /y\nUser-agent: bot\nAllow: /x/z\n", "bot", "/x/z", true, 6, matcher.ReasonLongest},
		{"handleUserAgent: a '*' line in the block of a named one leaves the block's rules applying",
			"User-agent: bot\nUser-agent: *\nDisallow: /x\n", "bot", "/x", false, 3, matcher.ReasonLongest},
		{"handleUserAgent: lines other than rules do not end a block of user-agent lines",
			"User-agent: other\nSitemap: http://example.com/s.xml\nUser-agent: bot\nDisallow: /x\n", "bot", "/x", false, 4, matcher.ReasonLongest},
		{"parseContent: a Crawl-delay over 300 seconds disallows every URL",
			"User-agent: *\nCrawl-delay: 301\nAllow: /\n", "bot", "/robots.txt", false, 0, matcher.ReasonCrawlDelay},
		{"parseContent: 300 seconds is within the limit",
			"User-agent: *\nCrawl-delay: 300\nDisallow: /x\n", "bot", "/y", true, 0, matcher.ReasonNoMatch},
		{"handleCrawlDelay: a value with a '.' is read as seconds with Double.parseDouble",
			"User-agent: *\nCrawl-delay: 300.001\n", "bot", "/", false, 0, matcher.ReasonCrawlDelay},
		{"handleCrawlDelay: Integer.parseInt reads digits of any script",
			"User-agent: *\nCrawl-delay: ٤٠٠\n", "bot", "/", false, 0, matcher.ReasonCrawlDelay},
		{"handleCrawlDelay: a value Java cannot read is ignored",
			"User-agent: *\nCrawl-delay: 400s\n", "bot", "/", true, 0, matcher.ReasonNoMatch},
		{"ParseState.setCrawlDelay: the named group's Crawl-delay replaces the '*' group's",
			"User-agent: *\nCrawl-delay: 400\nUser-agent: bot\nCrawl-delay: 1\nDisallow: /x\n", "bot", "/y", true, 0, matcher.ReasonNoMatch},
		{"ParseState.setCrawlDelay: the '*' group's Crawl-delay applies to other crawlers",
			"User-agent: *\nCrawl-delay: 400\nUser-agent: bot\nCrawl-delay: 1\nDisallow: /x\n", "other", "/y", false, 0, matcher.ReasonCrawlDelay},
		{"handleCrawlDelay: only the first Crawl-delay after a user-agent line counts",
			"User-agent: *\nCrawl-delay: 1\nCrawl-delay: 400\n", "bot", "/", true, 0, matcher.ReasonNoMatch},
		{"parseContent: an HTML page without user-agent: allows every URL",
			"<html><body>Disallow: /</body></html>\n", "bot", "/", true, 0, matcher.ReasonNotRobots},
		{"parseContent: HTML tags are removed from the lines of a page with user-agent:",
			"<html><body>\nUser-agent: *<br>\nDisallow: /x<br>\n</body></html>\n", "bot", "/x", false, 3, matcher.ReasonLongest},
		{"parseContent: an empty file allows every URL",
			"", "bot", "/", true, 0, matcher.ReasonNotRobots},
		{"parseContent: '*' as a product token throws IllegalArgumentException",
			"User-agent: *\nDisallow: /\n", "*", "/", false, 0, matcher.ReasonRaises},
		{"parseContent: StringTokenizer breaks lines at U+2028",
			"User-agent: *\u2028Disallow: /x\n", "bot", "/x", false, 2, matcher.ReasonLongest},
		{"parseContent: a '#' starts a comment",
			"User-agent: * # all\nDisallow: /x#y\n", "bot", "/x", false, 2, matcher.ReasonLongest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := matcher.Parse(matcher.CrawlerCommons, []byte(tt.src), matcher.ParseOptions{})
			res, err := f.Evaluate(tt.token, onSite(tt.url))
			if err != nil {
				t.Fatal(err)
			}
			line := 0
			if w, ok := res.WinningRule(); ok {
				line = int(w.Rule.Line)
			}
			if res.Allowed != tt.allowed || line != tt.line || res.Reason != tt.reason {
				t.Errorf("got %v, line %d, %s; want %v, line %d, %s: %s",
					res.Allowed, line, res.Reason, tt.allowed, tt.line, tt.reason, res.Explanation)
			}
			if res.Explanation == "" || res.Groups.Summary == "" && res.Reason != matcher.ReasonNotRobots {
				t.Errorf("no explanation or no group summary: %+v", res)
			}
		})
	}
}

// A file that starts with a UTF-16 byte-order mark is decoded as UTF-16
// (parseContent), little- or big-endian.
func TestCrawlerCommonsUTF16(t *testing.T) {
	text := "User-agent: *\r\nDisallow: /ツ\r\n"
	units := utf16.Encode([]rune(text))
	for _, little := range []bool{true, false} {
		src := []byte{0xFE, 0xFF}
		if little {
			src = []byte{0xFF, 0xFE}
		}
		for _, u := range units {
			if little {
				src = append(src, byte(u), byte(u>>8))
			} else {
				src = append(src, byte(u>>8), byte(u))
			}
		}
		f := matcher.Parse(matcher.CrawlerCommons, src, matcher.ParseOptions{})
		res, err := f.Evaluate("bot", onSite("/%E3%83%84/a"))
		if err != nil {
			t.Fatal(err)
		}
		if res.Allowed || len(f.Lines()) != 2 || f.Diagnostics.Has(matcher.CodeInvalidUTF8) || f.Diagnostics.Has(matcher.CodeNUL) {
			t.Errorf("little-endian %v: allowed %v, %d lines, %v", little, res.Allowed, len(f.Lines()), f.Diagnostics)
		}
		if err := f.Verify(); err != nil {
			t.Fatal(err)
		}
	}
}

// The result carries the whole decision: the group trace, every match,
// the winner and the steps of the URL and of the patterns.
func TestCrawlerCommonsResult(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\nUser-agent: Bot/2\nDisallow: /a%7eb\nAllow: /a~\n"
	res, err := matcher.Parse(matcher.CrawlerCommons, []byte(src), matcher.ParseOptions{}).Evaluate("Bot", "https://example.com/a%7Eb#top")
	if err != nil {
		t.Fatal(err)
	}
	if got := matchedAgentLines(res); len(got) != 1 || got[0] != 3 || res.Groups.Global || len(res.Groups.Selected) != 1 {
		t.Errorf("trace %+v: want the group at line 3 only", res.Groups)
	}
	if !strings.Contains(res.Groups.Summary, `"bot"`) || !strings.Contains(res.Groups.Summary, "lower-cased") {
		t.Errorf("summary %q should name the lower-cased token", res.Groups.Summary)
	}
	if res.Path != "/a~b" || len(res.Steps) < 2 {
		t.Errorf("path %q, steps %+v", res.Path, res.Steps)
	}
	if len(res.Matches) != 2 || res.Allowed || res.Matches[res.Winner].Rule.Line != 4 {
		t.Fatalf("matches %+v, winner %d", res.Matches, res.Winner)
	}
	w := res.Matches[res.Winner]
	if w.Normalized != "/a~b" || w.Priority != 4 || len(w.Steps) != 1 || w.Steps[0].Output != "/a~b" {
		t.Errorf("winner %+v", w)
	}
	if !strings.HasPrefix(res.Explanation, "Disallowed by line 4") {
		t.Errorf("explanation %q", res.Explanation)
	}
}

// The diagnostics say where crawler-commons reads a line unlike RFC 9309.
func TestCrawlerCommonsDiagnostics(t *testing.T) {
	tests := []struct {
		name, src string
		code      matcher.Code
	}{
		{"DIRECTIVE_PREFIX typo", "User-agent: *\nDissalow: /x\n", matcher.CodeTypoKey},
		{"BLANK_DIRECTIVE_DELIMITER", "User-agent *\nDisallow: /x\n", matcher.CodeMissingColon},
		{"handleAllow: empty value ignored", "User-agent: *\nAllow:\n", matcher.CodeEmptyPattern},
		{"handleUserAgent: '* x' is no global agent", "User-agent: * x\nDisallow: /\n", matcher.CodeTokenCut},
		{"handleCrawlDelay: unreadable value", "User-agent: *\nCrawl-delay: soon\n", codeCrawlDelay},
		{"parseContent: Crawl-delay over the limit", "User-agent: *\nCrawl-delay: 3600\n", codeCrawlDelay},
		{"parseContent: an HTML page", "<html>\n</html>\n", codeNotRobots},
		{"a rule before any user-agent line", "Disallow: /x\n", matcher.CodeRuleOutsideGroup},
		{"ruleMatches: '$' before the end", "User-agent: *\nDisallow: /a$b\n", matcher.CodeDollarInside},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := matcher.Parse(matcher.CrawlerCommons, []byte(tt.src), matcher.ParseOptions{})
			if !f.Diagnostics.Has(tt.code) {
				t.Errorf("no %s in %v", tt.code, f.Diagnostics)
			}
		})
	}
}

// Integer.parseInt, Double.parseDouble and Math.round as handleCrawlDelay
// uses them (milliseconds).
func TestCrawlerCommonsParseDelay(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"5", 5000, true}, {"+5", 5000, true}, {"-5", -5000, true}, {"0.5", 500, true},
		{"1.0005", 1001, true}, {"2.5e2", 250000, true}, {"1.5f", 1500, true}, {"0x1.8p1", 3000, true},
		{"５", 5000, true}, {"2147483647", 2147483647000, true}, {"2147483648", 0, false},
		{"5s", 0, false}, {"", 0, false}, {"1.2.3", 0, false}, {"NaN", 0, false}, {".", 0, false},
	}
	for _, tt := range tests {
		got, ok := ccParseDelay(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%q: got %d %v, want %d %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// SimpleRobotRules.getPath: the path java.net.URL gives, "/" when it is
// empty, and "?" and the query when there is one ("?" alone kept); "/"
// stands in where Java throws. What java.net.URI refuses is tested in
// matcher/internal/java.
func TestCrawlerCommonsGetPath(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"http://example.com", "/", true},
		{"http://example.com?a", "/?a", true},
		{"http://example.com/a?", "/a?", true},
		{"http://example.com/a?b#c", "/a?b", true},
		{"http://example.com/a/../b#f", "/a/../b", true},
		{"http://example.com/[b]", "", false},
		{"mailto:a@example.com", "a@example.com", true}, // the mailto handler keeps the address as the path (urls.jsonl)
	}
	for _, tt := range tests {
		got, _, ok := ccGetPath(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%q: got %q %v, want %q %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzCrawlerCommons: the reading never panics on any bytes, its file
// verifies (lines in order and inside the input), and the URL's compared
// form holds only ASCII with no raw '*' or '$'. The decoders' own fuzz test
// is in matcher/internal/java.
func FuzzCrawlerCommons(f *testing.F) {
	for _, s := range []string{
		"\xff\xfeU\x00s\x00\x00\xd8", "\xfe\xff\xd8\x00\xdc\x00x", "<HTML >\nuser-agent: *\n<b>Disallow</b>: /x\n",
		"User-agent: *\nCrawl-delay: 0x1.8p9\nDisallow: /*a$\n", "\xe2\x82\xed\xa0\x80\xf0\x9f\x98", "Useragent bot\u2028disalow /a/index.html\r\n",
	} {
		f.Add([]byte(s), "bot", "http://example.com/a%2a$?b#c")
	}
	f.Fuzz(func(t *testing.T, src []byte, token, url string) {
		file := matcher.Parse(matcher.CrawlerCommons, src, matcher.ParseOptions{})
		if err := file.Verify(); err != nil {
			t.Fatal(err)
		}
		res, err := file.Evaluate(token, url)
		if err != nil {
			return
		}
		for i := 0; i < len(res.Path); i++ {
			if c := res.Path[i]; ccMustEscape(c, true) {
				t.Fatalf("compared path %q holds a raw %q", res.Path, c)
			}
		}
		if res.Explanation == "" {
			t.Fatalf("no explanation: %+v", res)
		}
	})
}

// matchedAgentLines are the user-agent lines that chose the applying groups.
func matchedAgentLines(r *matcher.Result) []int {
	var out []int
	for _, a := range r.Groups.Agents {
		if a.Matched {
			out = append(out, int(a.Agent.Line))
		}
	}
	return out
}

// onSite is a path as a URL on the robots.txt's site: isAllowed takes a
// full URL, and checks / for a path alone (java.net.URI's toURL throws).
func onSite(u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return "http://example.com" + u
	}
	return u
}
