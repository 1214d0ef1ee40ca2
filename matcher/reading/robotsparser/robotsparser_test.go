package robotsparser

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/internal/whatwg"
)

// rpChecks are behaviours of robots-parser 3.0.1 (Robots.js), each asked
// as isAllowed(url, token) on robotsParser("http://example.com/robots.txt",
// body); robotsparser_diff_test.go also asks the package every row, so a
// wrong expectation here fails there. line is the winning rule's line, 0
// for none.
var rpChecks = []struct {
	name, Body, token, url string
	verdict                string // allow, disallow or none
	line                   int
}{
	{"formatUserAgent cuts a value at '/'", "User-agent: Googlebot/2.1\nDisallow: /x\n", "Googlebot", "/x", "disallow", 2},
	{"formatUserAgent cuts the token at '/' and lower-cases it", "User-agent: googlebot\nDisallow: /x\n", "GoogleBot/2.1", "/x", "disallow", 2},
	{"_getRule wants the whole name: a longer token is another robot", "User-agent: Googlebot\nDisallow: /\n", "Googlebot-News", "/x", "allow", 0},
	{"_getRule wants the whole name: no prefix match", "User-agent: Google\nDisallow: /\n", "Googlebot", "/x", "allow", 0},
	{"an empty token is *", "User-agent: *\nDisallow: /\n", "", "/x", "disallow", 2},
	{"the token is trimmed after the cut", "User-agent: foo bar\nDisallow: /\n", " Foo Bar /1", "/x", "disallow", 2},
	{"addRule files every group naming a robot: they merge", "User-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /y\n", "a", "/y", "disallow", 5},
	{"a blank line ends nothing", "User-agent: a\n\nDisallow: /x\n", "a", "/x", "disallow", 3},
	{"any record between user-agent lines starts a new group", "User-agent: a\nSitemap: /s\nUser-agent: b\nDisallow: /\n", "a", "/x", "allow", 0},
	{"the second group of a split run gets the rules", "User-agent: a\nHost: h\nUser-agent: b\nDisallow: /\n", "b", "/x", "disallow", 4},
	{"consecutive user-agent lines share the rules", "User-agent: a\nUser-agent: b\nDisallow: /\n", "a", "/x", "disallow", 3},
	{"an unfiled name falls back to *", "User-agent: a\nFoo: bar\nUser-agent: *\nDisallow: /\n", "a", "/x", "disallow", 4},
	{"an empty Disallow files the name: no fallback to *", "User-agent: a\nDisallow:\n\nUser-agent: *\nDisallow: /\n", "a", "/x", "allow", 0},
	{"Crawl-delay files the name too", "User-agent: a\nCrawl-delay: 5\nUser-agent: *\nDisallow: /\n", "a", "/x", "allow", 0},
	{"an empty user-agent value adds no name", "User-agent:\nDisallow: /\n", "", "/x", "allow", 0},
	{"a value of '/' is the empty name, which a token of '/' reads as", "User-agent: /\nDisallow: /\n", "/", "/x", "disallow", 2},
	{"a rule before any user-agent line is filed under no name", "Disallow: /\nUser-agent: *\nAllow: /a\n", "x", "/x", "allow", 0},
	{"keys have no typos", "User-agent: *\nDisalow: /\n", "x", "/x", "allow", 0},
	{"keys need a colon", "User-agent: *\nDisallow /\n", "x", "/x", "allow", 0},
	{"keys ignore ASCII case", "USER-AGENT: *\nDISALLOW: /\n", "x", "/x", "disallow", 2},
	{"toLowerCase of İ is not i: the key is not disallow", "User-agent: *\nDİSALLOW: /\n", "x", "/x", "allow", 0},
	{"trim() removes a byte-order mark from the first key", "\ufeffUser-agent: *\nDisallow: /\n", "x", "/x", "disallow", 2},
	{"a partial byte-order mark is U+FFFD, which hides the key", "\xef\xbbUser-agent: *\nDisallow: /\n", "x", "/x", "allow", 0},
	{"trim() removes U+00A0 and U+3000 around a value", "User-agent:\u00a0*\u3000\nDisallow:\u3000/x\n", "x", "/x", "disallow", 2},
	{"a comment starts at the first '#'", "User-agent: *\nDisallow: /a#b\n", "x", "/a", "disallow", 2},
	{"lines end at a lone CR", "User-agent: *\rDisallow: /x\r", "x", "/x", "disallow", 2},
	{"toLowerCase of İ is i and a combining dot", "User-agent: İbot\nDisallow: /\n", "i\u0307bot", "/x", "disallow", 2},
	{"İ and i are different names", "User-agent: İbot\nDisallow: /\n", "ibot", "/x", "allow", 0},
	{"toLowerCase gives a final sigma at the end of a word", "User-agent: ΣΑΣ\nDisallow: /\n", "σας", "/x", "disallow", 2},
	{"and a medial sigma elsewhere", "User-agent: ΣΑΣ\nDisallow: /\n", "σασ", "/x", "allow", 0},
	{"findRule: the longest pattern wins, '*' counted", "User-agent: *\nAllow: /fish*\nDisallow: /fish\n", "x", "/fish", "allow", 2},
	{"findRule: an allow wins a tie", "User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", "allow", 3},
	{"matches: a final '$' anchors", "User-agent: *\nDisallow: /*.php$\n", "x", "/a.php?x", "allow", 0},
	{"matches: '$' before the end is a character", "User-agent: *\nDisallow: /a$b\n", "x", "/a$b", "disallow", 2},
	{"matches: a pattern is a prefix", "User-agent: *\nDisallow: /a\n", "x", "/abc", "disallow", 2},
	{"normaliseEncoding encodes non-ASCII as UTF-8", "User-agent: *\nDisallow: /é\n", "x", "/%c3%a9", "disallow", 2},
	{"urlEncodeToUpper upper-cases the pattern's escapes", "User-agent: *\nDisallow: /%c3%a9\n", "x", "/é", "disallow", 2},
	{"encodeURI encodes '[', which the URL keeps", "User-agent: *\nDisallow: /[x\n", "x", "/[x", "allow", 0},
	{"no escape is decoded: %7E is not ~", "User-agent: *\nDisallow: /~\n", "x", "/%7E", "allow", 0},
	{"a space in a pattern is %20, as in the URL", "User-agent: *\nDisallow: /a b\n", "x", "/a b", "disallow", 2},
	{"invalid UTF-8 is U+FFFD, encoded", "User-agent: *\nDisallow: /\xff\n", "x", "/%EF%BF%BD", "disallow", 2},
	{"a cut sequence is one U+FFFD", "User-agent: *\nDisallow: /\xe2\x82$\n", "x", "/\ufffd", "disallow", 2},
	{"the URL class resolves dot segments", "User-agent: *\nDisallow: /b\n", "x", "/a/../b", "disallow", 2},
	{"the URL class reads '\\' as '/'", "User-agent: *\nDisallow: /a/b\n", "x", "http://example.com/a\\b", "disallow", 2},
	{"the URL class encodes an apostrophe in a query", "User-agent: *\nDisallow: /?%27\n", "x", "/?'", "disallow", 2},
	{"the URL class drops an empty query", "User-agent: *\nDisallow: /a?\n", "x", "/a?", "allow", 0},
	{"/robots.txt is not special", "User-agent: *\nDisallow: /\n", "x", "/robots.txt", "disallow", 2},
	{"the host is compared after the URL class reads it", "User-agent: *\nDisallow: /\n", "x", "http://EXAMPLE.com:80/x", "disallow", 2},
	{"another scheme is not this robots.txt's: undefined", "User-agent: *\nDisallow: /\n", "x", "https://example.com/x", "none", 0},
	{"another port: undefined", "User-agent: *\nDisallow: /\n", "x", "http://example.com:8080/x", "none", 0},
	{"a URL the URL class refuses: undefined", "User-agent: *\nDisallow: /\n", "x", "http://exa mple.com/x", "none", 0},
	{"a path is read against robots-parser's own base host: undefined", "User-agent: *\nDisallow: /\n", "x", "rel/x", "none", 0},
	{"a scheme-relative URL takes http: from the base", "User-agent: *\nDisallow: /\n", "x", "//example.com/x", "disallow", 2},
}

// rpCheckURL is the URL of a check as robots-parser is given it.
func rpCheckURL(u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return rpStandIn + u
	}
	return u
}

// rpVerdict is a Result as the package's isAllowed answers.
func rpVerdict(res *matcher.Result) string {
	switch {
	case res.Reason == matcher.ReasonNoVerdict:
		return "none"
	case res.Reason == matcher.ReasonRaises:
		return "throws"
	case res.Allowed:
		return "allow"
	}
	return "disallow"
}

func TestRobotsParserChecks(t *testing.T) {
	for _, c := range rpChecks {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.RobotsParser, []byte(c.Body), matcher.ParseOptions{})
			res := Reader{}.EvaluateAt(f, c.token, nil, rpStandIn+"/robots.txt", rpCheckURL(c.url))
			line := 0
			if m, ok := res.WinningRule(); ok {
				line = int(m.Rule.Line)
			}
			if v := rpVerdict(res); v != c.verdict || line != c.line {
				t.Errorf("%s at line %d, want %s at line %d: %s", v, line, c.verdict, c.line, res.Explanation)
			}
			if res.Explanation == "" || res.Groups.Summary == "" {
				t.Errorf("no explanation: %+v", res)
			}
		})
	}
}

// TestRobotsParserEvaluate checks the Result through the public API: a
// path is asked on the stand-in site, a full URL with its own robots.txt.
func TestRobotsParserEvaluate(t *testing.T) {
	f := matcher.Parse(matcher.RobotsParser, []byte("User-agent: a\nDisallow: /p\n\nUser-agent: A/2\nAllow: /p*\nSitemap: /s\nUser-agent: *\nDisallow: /\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("A", "/p%7ex")
	if err != nil {
		t.Fatal(err)
	}
	// /p* (3 octets) beats /p (2), and the two groups naming a merge.
	if !res.Allowed || res.Reason != matcher.ReasonLongest || len(res.Matches) != 2 || res.Matches[res.Winner].Rule.Line != 5 {
		t.Fatalf("got %+v", res)
	}
	if res.Path != "/p%7Ex" || len(res.Steps) != 1 || res.Steps[0].Input != "/p%7ex" || res.Steps[0].Output != "/p%7Ex" {
		t.Errorf("path %q, steps %+v", res.Path, res.Steps)
	}
	if !res.Groups.Merged || len(res.Groups.Selected) != 2 || res.Groups.Global {
		t.Errorf("groups %+v", res.Groups)
	}
	if res.Matches[0].Priority != 2 || res.Matches[1].Priority != 3 {
		t.Errorf("priorities %d, %d", res.Matches[0].Priority, res.Matches[1].Priority)
	}
	if !strings.Contains(res.Explanation, "line 5") {
		t.Errorf("explanation %q", res.Explanation)
	}
	other, err := f.Evaluate("b", "https://Example.com:443/x")
	if err != nil {
		t.Fatal(err)
	}
	if other.Allowed || !other.Groups.Global || other.Matches[other.Winner].Rule.Line != 8 {
		t.Errorf("token b: %+v", other)
	}
	// isAllowed gives no verdict off the robots.txt's site, and throws
	// when neither URL can be read (asked directly: ParseTarget refuses
	// such a URL in the browser, whose URL parser is the judge there).
	off := Reader{}.EvaluateAt(f, "b", nil, rpStandIn+"/robots.txt", "https://example.com/x")
	if off.Reason != matcher.ReasonNoVerdict || off.Allowed || !strings.Contains(off.Explanation, "undefined") {
		t.Errorf("another scheme: %+v", off)
	}
	bad := Reader{}.EvaluateAt(f, "b", nil, "http://256.1.1.1/robots.txt", "http://256.1.1.1/x")
	if bad.Reason != matcher.ReasonRaises || bad.Allowed || !strings.Contains(bad.Explanation, "TypeError") {
		t.Errorf("bad host: %+v", bad)
	}
}

// TestRobotsParserPattern: normaliseEncoding as robots-parser 3.0.1 does
// it (encodeURI, then '%25' back to '%', then escapes upper-cased).
func TestRobotsParserPattern(t *testing.T) {
	for in, want := range map[string]string{
		"/a b":                  "/a%20b",
		"/é":                    "/%C3%A9",
		"/%c3%a9":               "/%C3%A9",
		"/%":                    "/%",
		"/%zz%4":                "/%zz%4",
		"/%%41":                 "/%%41",
		"/%a%20":                "/%a%20",
		"/[]{}|^`\\":            "/%5B%5D%7B%7D%7C%5E%60%5C",
		"/;,/?:@&=+$-_.!~*'()#": "/;,/?:@&=+$-_.!~*'()#",
		"/\x7f\x00\"<>":         "/%7F%00%22%3C%3E",
	} {
		if got := rpPattern(in); got != want {
			t.Errorf("rpPattern(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzRobotsParser: any bytes, token, robots.txt URL and URL parse and
// evaluate without a panic, the same way twice; a verdict's path is ASCII
// and, for a URL with a host, starts with '/'.
func FuzzRobotsParser(f *testing.F) {
	for _, c := range rpChecks {
		f.Add([]byte(c.Body), c.token, rpStandIn+"/robots.txt", rpCheckURL(c.url))
	}
	f.Add([]byte("\xef\xbb\xbfuser-agent:\u3000ΣΑΣ/1\r\nallow:/%\xe2\x82*$\n"), "σας", "foo://h:80/robots.txt", "foo://h/%2e%2E/?'#")
	f.Fuzz(func(t *testing.T, body []byte, token, robots, url string) {
		a, b := matcher.Parse(matcher.RobotsParser, body, matcher.ParseOptions{}), matcher.Parse(matcher.RobotsParser, body, matcher.ParseOptions{})
		if err := a.Verify(); err != nil {
			t.Fatal(err)
		}
		ra, rb := Reader{}.EvaluateAt(a, token, nil, robots, url), Reader{}.EvaluateAt(b, token, nil, robots, url)
		if ra.Allowed != rb.Allowed || ra.Explanation != rb.Explanation || ra.Path != rb.Path || ra.Reason != rb.Reason {
			t.Fatalf("two runs differ: %s / %s", ra.Explanation, rb.Explanation)
		}
		if ra.Reason == matcher.ReasonNoVerdict || ra.Reason == matcher.ReasonRaises {
			if ra.Allowed || ra.Path != "" {
				t.Fatalf("no verdict, yet allowed %v with path %q", ra.Allowed, ra.Path)
			}
			return
		}
		// Only a URL of a special scheme with a host has a path that starts
		// with '/': the URL class gives "httb://h" (a scheme of no default
		// port) the empty path, and foo:bar the path "bar".
		u, _ := whatwg.Parse(url)
		_, special := whatwg.Special[strings.TrimSuffix(u.Protocol, ":")]
		if !py.IsASCII(ra.Path) || special && u.Hostname != "" && !strings.HasPrefix(ra.Path, "/") {
			t.Fatalf("path %q is not what the URL class gives", ra.Path)
		}
		if m, ok := ra.WinningRule(); ok && m.Rule.Allow() != ra.Allowed {
			t.Fatalf("winner %+v disagrees with verdict %v", m.Rule, ra.Allowed)
		}
	})
}

// TestRobotsParserNetworkPath: "//host/path" is read with http:, as the
// URL class reads it against robots-parser's base URL.
func TestRobotsParserNetworkPath(t *testing.T) {
	f := matcher.Parse(matcher.RobotsParser, []byte("User-agent: *\nDisallow: /x\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("bot", "//Example.com/x")
	if err != nil {
		t.Fatal(err)
	}
	if res.Allowed || res.Reason != matcher.ReasonLongest {
		t.Errorf("got %s (%s)", res.Verdict(), res.Explanation)
	}
	if robots, url := rpURLs(res.Target); robots != "http://example.com/robots.txt" || url != "//Example.com/x" {
		t.Errorf("asked %q about %q", robots, url)
	}
}
