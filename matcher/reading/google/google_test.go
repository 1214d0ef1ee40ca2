package google

import (
	"slices"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/pattern"
)

// googleAllowed evaluates under the google reading and fails on a URL it
// cannot read.
func googleAllowed(t *testing.T, robots, token, url string) *matcher.Result {
	t.Helper()
	res, err := matcher.Parse(matcher.Google, []byte(robots), matcher.ParseOptions{}).Evaluate(token, url)
	if err != nil {
		t.Fatalf("Evaluate(%q, %q): %v", token, url, err)
	}
	return res
}

// Verdicts of google/robotstxt, named after the robots_test.cc case or the
// robots.cc behaviour they come from.
func TestGoogleVerdicts(t *testing.T) {
	const fooDisallowAll = "user-agent: FooBot\ndisallow: /\n"
	longRule := "/x/" + strings.Repeat("a", matcher.GoogleLineLimit-len("disallow: /x/")) // exactly at the cut
	tests := []struct {
		name, robots, token, url string
		allowed                  bool
	}{
		// GoogleOnly_SystemTest
		{"SystemTest/empty file", "", "FooBot", "", true},
		{"SystemTest/empty token", fooDisallowAll, "", "", true},
		{"SystemTest/empty url is /", fooDisallowAll, "FooBot", "", false},
		// ID_LineSyntax_Line: a missing colon is accepted between exactly two words.
		{"LineSyntax/colon", fooDisallowAll, "FooBot", "http://foo.bar/x/y", false},
		{"LineSyntax/unknown keys", "foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true},
		{"LineSyntax/missing colon accepted", "user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false},
		{"LineSyntax/missing colon with three words ignored", "user-agent FooBot\ndisallow / x\n", "FooBot", "http://foo.bar/x/y", true},
		{"LineSyntax/missing colon with a tab", "user-agent\tFooBot\ndisallow\t/\n", "FooBot", "/x", false},
		// ParsedRobotsKey with kAllowFrequentTypos, and keys read by prefix.
		{"typos/useragent disalow", "useragent: FooBot\ndisalow: /\n", "FooBot", "/x", false},
		{"typos/user agent dissallow", "user agent: FooBot\ndissallow: /\n", "FooBot", "/x", false},
		{"typos/dissalow", "user-agent: FooBot\ndissalow: /\n", "FooBot", "/x", false},
		{"typos/diasllow", "user-agent: FooBot\ndiasllow: /\n", "FooBot", "/x", false},
		{"typos/disallaw", "user-agent: FooBot\ndisallaw: /\n", "FooBot", "/x", false},
		{"typos/prefix user-agents disallowed", "User-agents: FooBot\nDisallowed: /\n", "FooBot", "/x", false},
		{"typos/prefix allowance beats disallow", "user-agent: FooBot\ndisallow: /x\nallowance: /x\n", "FooBot", "/x", true},
		{"typos/not a known prefix", "user-agent: FooBot\ndisalloww: /\nnodisallow: /\n", "FooBot", "/x", false},
		// ID_LineSyntax_Groups: blank lines do not end a group; rules outside groups are ignored.
		{"Groups/blank lines join user-agent lines", "user-agent: BazBot\n\nuser-agent: FooBot\ndisallow: /\n", "BazBot", "/z", false},
		{"Groups/rule before any group", "disallow: /\nuser-agent: FooBot\nallow: /x\n", "FooBot", "/y", true},
		// Only an allow or disallow sets seen_separator_: since
		// google/robotstxt c8ac4b1 (2021, "Fix group closure bug") a sitemap,
		// unknown or garbage line between user-agent lines leaves the group
		// open (HandleSitemap and HandleUnknownAction do nothing).
		{"c8ac4b1/sitemap leaves the group open", "user-agent: a\nsitemap: https://example.com/s.xml\nuser-agent: b\ndisallow: /\n", "a", "/x", false},
		{"c8ac4b1/sitemap group b", "user-agent: a\nsitemap: https://example.com/s.xml\nuser-agent: b\ndisallow: /\n", "b", "/x", false},
		{"c8ac4b1/host leaves the group open", "User-agent: A\nHost: example.com\nUser-agent: B\nDisallow: /\n", "A", "/p", false},
		{"c8ac4b1/crawl-delay leaves the group open", "user-agent: a\ncrawl-delay: 5\nuser-agent: b\ndisallow: /\n", "a", "/x", false},
		{"c8ac4b1/unknown key leaves the group open", "user-agent: a\nfoo: bar\nuser-agent: b\ndisallow: /\n", "a", "/x", false},
		{"c8ac4b1/two words without colon leave the group open", "user-agent: a\n<br />\nuser-agent: b\ndisallow: /\n", "a", "/x", false},
		{"c8ac4b1/garbage line leaves the group open", "user-agent: a\ngarbage line here\nuser-agent: b\ndisallow: /\n", "a", "/x", false},
		{"c8ac4b1/user_agent is an unknown key", "user-agent: a\nuser_agent: b\ndisallow: /\n", "b", "/x", true},
		{"c8ac4b1/user_agent does not close group a", "user-agent: a\nuser_agent: b\ndisallow: /\n", "a", "/x", false},
		{"separator/rules after a sitemap stay in the group", "user-agent: a\nsitemap: https://example.com/s.xml\ndisallow: /\n", "a", "/x", false},
		{"separator/a rule ends the group", "user-agent: a\ndisallow: /x\nuser-agent: b\ndisallow: /\n", "a", "/y", true},
		{"separator/an empty rule ends the group", "user-agent: a\ndisallow:\nuser-agent: b\ndisallow: /\n", "a", "/y", true},
		// ID_GlobalGroups_Secondary and ID_LongestMatch's group case.
		{"GlobalGroups/named group wins", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "FooBot", "/x/y", false},
		{"GlobalGroups/global used", "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n", "BarBot", "/x/y", true},
		{"GlobalGroups/no global", "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\n", "QuxBot", "/x/y", true},
		{"GlobalGroups/named group does not fall back", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "/x/page", true},
		{"GlobalGroups/named group without rules", "User-agent: *\nDisallow: /\nUser-agent: FooBot\n", "FooBot", "/x", true},
		// HandleUserAgent: '*' followed by white space is global.
		{"star/'* anything' is global", "User-agent: * foo\nDisallow: /\n", "BarBot", "/x", false},
		{"star/'*\\tanything' is global", "User-agent: *\tfoo\nDisallow: /\n", "BarBot", "/x", false},
		{"star/'*foo' is not global", "User-agent: *foo\nDisallow: /\n", "BarBot", "/x", true},
		{"star/'*foo' names the empty token", "User-agent: *foo\nDisallow: /\n", "", "/x", false},
		// ExtractUserAgent; the token given is compared whole.
		{"token/Googlebot/2.1 in the file", "User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot", "/x", false},
		{"token/Googlebot/2.1 given", "User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot/2.1", "/x", true},
		{"AcceptUserAgentUpToFirstSpace/Foo", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo", "http://foo.bar/x/y", true},
		{"AcceptUserAgentUpToFirstSpace/Foo Bar", "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n", "Foo Bar", "http://foo.bar/x/y", false},
		{"token/digits end the token", "User-agent: *\nAllow: /\nUser-agent: AB42bot\nDisallow: /\n", "AB42bot", "/x", true},
		{"token/ASCII case only", "User-agent: KooBot\nDisallow: /\n", "\u212AooBot", "/x", true},
		{"token/case-insensitive", "User-agent: FOOBOT\nDisallow: /\n", "foobot", "/x", false},
		{"token/not trimmed", "User-agent: FooBot\nDisallow: /\n", " FooBot", "/x", true},
		// ID_Encoding: patterns are escaped, the URL is taken as given.
		{"Encoding/raw pattern, encoded url", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true},
		{"Encoding/raw pattern, raw url", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/ツ", false},
		{"Encoding/encoded unreserved not decoded", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/baz", false},
		{"Encoding/encoded unreserved as given", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true},
		{"Encoding/lower-case hex in pattern", "User-agent: FooBot\nDisallow: /a%2fb\n", "FooBot", "/a%2Fb", false},
		{"Encoding/lower-case hex in url not normalized", "User-agent: FooBot\nDisallow: /a%2Fb\n", "FooBot", "/a%2fb", true},
		// Matches: %2A and %24 are not special; '$' only as the last character.
		{"SpecialCharacters/%2A is not a literal *", "User-agent: FooBot\nDisallow: /a%2Ab\n", "FooBot", "/a*b", true},
		{"SpecialCharacters/%2A matches %2A", "User-agent: FooBot\nDisallow: /a%2Ab\n", "FooBot", "/a%2Ab", false},
		{"SpecialCharacters/* any run", "User-agent: FooBot\nDisallow: /foo/*/qux\n", "FooBot", "/foo/bar/baz/qux", false},
		{"SpecialCharacters/$ at the end", "User-agent: FooBot\nDisallow: /foo/bar$\n", "FooBot", "/foo/bar/", true},
		{"SpecialCharacters/$ inside is literal", "User-agent: FooBot\nDisallow: /a$b\n", "FooBot", "/a$b", false},
		{"SpecialCharacters/$ inside does not anchor", "User-agent: FooBot\nDisallow: /a$b\n", "FooBot", "/a", true},
		{"SpecialCharacters/comment", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "/foo/quz", false},
		// ID_LongestMatch: priority is the pattern's length; allow wins a tie; empty patterns never decide.
		{"LongestMatch/longer disallow", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", "/x/page.html", false},
		{"LongestMatch/empty patterns", "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", "/x/page.html", true},
		{"LongestMatch/tie", "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", "/x", true},
		{"LongestMatch/wildcard counts", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "/page.html", false},
		{"LongestMatch/escaped length counts", "user-agent: FooBot\nallow: /é\ndisallow: /%C3%A9\n", "FooBot", "/%C3%A9", true},
		// GoogleOnly_IndexHTMLisDirectory
		{"IndexHTML/directory", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/", true},
		{"IndexHTML/not exactly", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/index.htm", false},
		{"IndexHTML/exact", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/allowed-slash/index.html", true},
		{"IndexHTML/other", "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "foobot", "http://foo.com/anyother-url", false},
		{"IndexHTML/not for disallow", "User-Agent: *\nDisallow: /d/index.html\n", "foobot", "/d/", true},
		{"IndexHTML/directory only", "User-Agent: *\nAllow: /d/index.htm\nDisallow: /\n", "foobot", "/d/x", false},
		// /robots.txt is not special in robots.cc.
		{"robots.txt is not special", fooDisallowAll, "FooBot", "http://foo.bar/robots.txt", false},
		// RobotsTxtParser::Parse: BOM, line endings, the line cut, NUL and ASCII white space.
		{"BOM/whole", "\xEF\xBB\xBFuser-agent: FooBot\ndisallow: /\n", "FooBot", "/x", false},
		{"BOM/partial", "\xEF\xBBuser-agent: FooBot\ndisallow: /\n", "FooBot", "/x", false},
		{"BOM/not at the start", "\nuser-agent: FooBot\n\xEF\xBB\xBFdisallow: /\n", "FooBot", "/x", true},
		{"line endings/CR", "user-agent: FooBot\rdisallow: /\r", "FooBot", "/x", false},
		{"line endings/CRLF", "user-agent: FooBot\r\ndisallow: /\r\n", "FooBot", "/x", false},
		{"LineTooLong/cut rule matches", "user-agent: FooBot\ndisallow: " + longRule + "/qux\n", "FooBot", "http://foo.bar" + longRule + "/fux", false},
		{"LineTooLong/other path", "user-agent: FooBot\ndisallow: " + longRule + "/qux\n", "FooBot", "http://foo.bar/fux", true},
		{"NUL ends the line", "user-agent: FooBot\ndisallow: /private\x00/x\n", "FooBot", "/private/y", false},
		{"NUL ends the url path", "user-agent: FooBot\ndisallow: /a$\n", "FooBot", "/a\x00b", false},
		{"vertical tab and form feed are trimmed", "user-agent: FooBot\ndisallow:\v/x\f\n", "FooBot", "/x", false},
		// GetPathParamsQuery: query and params are part of the path.
		{"DocumentationChecks/query", "user-agent: FooBot\ndisallow: /\nallow: /fish\n", "FooBot", "http://foo.bar/?id=fish", false},
		{"DocumentationChecks/fish.html?id", "user-agent: FooBot\ndisallow: /\nallow: /fish\n", "FooBot", "http://foo.bar/fish.html?id=anything", true},
		{"DocumentationChecks/allow /$", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := googleAllowed(t, tt.robots, tt.token, tt.url)
			if res.Allowed != tt.allowed {
				t.Errorf("allowed = %v, want %v (%s)", res.Allowed, tt.allowed, res.Explanation)
			}
			if res.Reading != matcher.Google {
				t.Errorf("reading = %q, want %q", res.Reading, matcher.Google)
			}
		})
	}
}

// The readings part where robots.cc departs from RFC 9309; the same file
// and URL give opposite verdicts.
func TestGoogleDepartsFromRFC9309(t *testing.T) {
	tests := []struct {
		name, robots, token, url string
		google                   bool
	}{
		{"URL taken as given", "User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ\n", "a", "/foo/bar/ツ", false},
		{"%XX of unreserved not decoded", "User-agent: *\nDisallow: /~joe\n", "a", "/%7Ejoe", true},
		{"%2A not a literal *", "User-agent: *\nDisallow: /a%2Ab\n", "a", "/a*b", true},
		{"/robots.txt not special", "User-agent: *\nDisallow: /\n", "a", "/robots.txt", false},
		{"typo accepted", "User-agent: *\nDisalow: /\n", "a", "/x", false},
		{"missing colon accepted", "User-agent: *\nDisallow /\n", "a", "/x", false},
		{"index.html allows the directory", "User-agent: *\nAllow: /d/index.html\nDisallow: /\n", "a", "/d/", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := googleAllowed(t, tt.robots, tt.token, tt.url)
			r, err := matcher.Parse(matcher.RFC9309, []byte(tt.robots), matcher.ParseOptions{}).Evaluate(tt.token, tt.url)
			if err != nil {
				t.Fatal(err)
			}
			if g.Allowed != tt.google {
				t.Errorf("google: allowed = %v, want %v (%s)", g.Allowed, tt.google, g.Explanation)
			}
			if r.Allowed == g.Allowed {
				t.Errorf("rfc9309 agrees with google (%v); this case should show where they part: %s", r.Allowed, r.Explanation)
			}
		})
	}
}

// The explanation: the matching rules with their priorities, the winner,
// the reason and the sentence.
func TestGoogleExplanation(t *testing.T) {
	tests := []struct {
		name, robots, token, url string
		reason                   matcher.Reason
		winnerLine, priority     int
		matches                  int
		path                     string
		sentence                 string
	}{
		{"longest", "User-agent: *\nDisallow: /\nAllow: /fish\n", "x", "https://example.com/fish/a?b#c",
			matcher.ReasonLongest, 3, 5, 2, "/fish/a?b", "Allowed by line 3, `Allow: /fish` (5 octets), which is longer than line 2, `Disallow: /` (1 octet)."},
		{"tie", "User-agent: *\nDisallow: /x\nAllow: /x\n", "x", "/x",
			matcher.ReasonTieAllow, 3, 2, 2, "/x", "on a tie, allow wins"},
		{"index.html", "User-agent: *\nAllow: /d/index.html\nDisallow: /\n", "x", "/d/",
			matcher.ReasonIndexHTML, 2, 4, 2, "/d/", "so /d/$ (4 octets) matches /d/"},
		{"escaped priority", "User-agent: *\nDisallow: /é\n", "x", "/%C3%A9",
			matcher.ReasonLongest, 2, 7, 1, "/%C3%A9", "(7 octets), the only rule that matches"},
		{"no match", "User-agent: *\nDisallow: /a\n", "x", "/b",
			matcher.ReasonNoMatch, 0, 0, 0, "/b", "no rule of the applying group matches /b"},
		{"no group", "User-agent: a\nDisallow: /\n", "b", "/b",
			matcher.ReasonNoGroup, 0, 0, 0, "/b", "No group names \"b\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := googleAllowed(t, tt.robots, tt.token, tt.url)
			if res.Reason != tt.reason {
				t.Errorf("reason = %q, want %q", res.Reason, tt.reason)
			}
			if len(res.Matches) != tt.matches {
				t.Errorf("%d matches, want %d: %+v", len(res.Matches), tt.matches, res.Matches)
			}
			if res.Path != tt.path {
				t.Errorf("path = %q, want %q", res.Path, tt.path)
			}
			if !strings.Contains(res.Explanation, tt.sentence) {
				t.Errorf("explanation %q does not say %q", res.Explanation, tt.sentence)
			}
			w, ok := res.WinningRule()
			if tt.winnerLine == 0 {
				if ok {
					t.Errorf("winner line %d, want none", w.Rule.Line)
				}
				return
			}
			if !ok || int(w.Rule.Line) != tt.winnerLine || w.Priority != tt.priority {
				t.Errorf("winner = %+v, want line %d with priority %d", w, tt.winnerLine, tt.priority)
			}
		})
	}
}

func TestGoogleEscapeSteps(t *testing.T) {
	res := googleAllowed(t, "User-agent: *\nDisallow: /é%2a\n", "x", "/%C3%A9%2A")
	w, ok := res.WinningRule()
	if !ok {
		t.Fatalf("no winner: %s", res.Explanation)
	}
	if w.Normalized != "/%C3%A9%2A" {
		t.Errorf("normalized = %q, want /%%C3%%A9%%2A", w.Normalized)
	}
	if len(w.Steps) != 2 || w.Steps[0].Output != "/%C3%A9%2a" || w.Steps[1].Output != "/%C3%A9%2A" {
		t.Errorf("steps = %+v, want non-ASCII encoding then hex upper-casing", w.Steps)
	}
	if len(res.Steps) != 0 {
		t.Errorf("a path is taken as given, but got steps %+v", res.Steps)
	}
}

// robots.cc MaybeEscapePattern: non-ASCII escaped, hex upper-cased, nothing
// else.
func TestEscapeGooglePattern(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www.example.com", "http://www.example.com"},
		{"/a/b/c", "/a/b/c"},
		{"á", "%C3%A1"},
		{"%aa", "%AA"},
		{"/SanJoséSellers", "/SanJos%C3%A9Sellers"},
		{"%2a%24", "%2A%24"},
		{"%zz%", "%zz%"},
		{"%%aa", "%%AA"},
		{"%a\xc3", "%a%C3"},
		{"/~joe /a", "/~joe /a"},
		{"%7e", "%7E"},
	}
	for _, tt := range tests {
		if got := EscapeGooglePattern(tt.in); got != tt.want {
			t.Errorf("EscapeGooglePattern(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// robots.cc GetPathParamsQuery.
func TestGooglePath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "/"},
		{"http://www.example.com", "/"},
		{"http://www.example.com/", "/"},
		{"http://www.example.com/a", "/a"},
		{"http://www.example.com/a/", "/a/"},
		{"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
		{"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"example.com", "/"},
		{"example.com/", "/"},
		{"example.com/a", "/a"},
		{"example.com/a/", "/a/"},
		{"example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
		{"a", "/"},
		{"a/", "/"},
		{"/a", "/a"},
		{"a/b", "/b"},
		{"example.com?a", "/?a"},
		{"example.com/a;b#c", "/a;b"},
		{"//a/b/c", "/b/c"},
		{"http://example.com#a/b", "/"},
		{"http://example.com;p", "/;p"},
		{"/a/b://c", "/a/b://c"},
		{"/a%7e b/ツ", "/a%7e b/ツ"},
		{"/a\x00b", "/a"},
	}
	for _, tt := range tests {
		if got := GooglePath(tt.in); got != tt.want {
			t.Errorf("GooglePath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The line model as robots.cc reads it: kinds, keys, values and groups.
func TestGoogleParseLines(t *testing.T) {
	src := "User-agent: a\nDisalow: /x # no\nuser-agent b\n# only a comment\n\nfoo bar baz\n: /y\nSitemap: https://example.com/s.xml\nUser-agent: c\nAllow: /\n"
	f := matcher.Parse(matcher.Google, []byte(src), matcher.ParseOptions{})
	want := []struct {
		kind       matcher.Kind
		key, value string
		group      int
	}{
		{matcher.KindUserAgent, "User-agent", "a", 0},
		{matcher.KindDisallow, "Disalow", "/x", 0},
		{matcher.KindUserAgent, "user-agent", "b", 1},
		{matcher.KindComment, "", "", 1},
		{matcher.KindBlank, "", "", 1},
		{matcher.KindInvalid, "", "", -1},
		{matcher.KindInvalid, "", "", -1},
		{matcher.KindOther, "Sitemap", "https://example.com/s.xml", 1},
		{matcher.KindUserAgent, "User-agent", "c", 1},
		{matcher.KindAllow, "Allow", "/", 1},
	}
	if len(f.Lines()) != len(want) {
		t.Fatalf("%d lines, want %d", len(f.Lines()), len(want))
	}
	for i, w := range want {
		l := f.Lines()[i]
		key, value := f.TextOf(l.Key), f.TextOf(l.Value)
		if l.Kind != w.kind || key != w.key || value != w.value || int(l.Group) != w.group {
			t.Errorf("line %d = {%v %q %q group %d}, want {%v %q %q group %d}",
				i+1, l.Kind, key, value, l.Group, w.kind, w.key, w.value, w.group)
		}
	}
	// The sitemap does not end b's group (google/robotstxt c8ac4b1): c
	// joins it.
	if len(f.Groups) != 2 || f.Groups[1].Agents.Len() != 2 || f.TokenOf(f.AgentsOf(f.Groups[1])[1]) != "c" || f.Groups[1].Rules.Len() != 1 {
		t.Errorf("groups = %+v, want a, then b and c with one rule", f.Groups)
	}
	codes := map[matcher.Code]int{}
	for _, d := range f.Diagnostics {
		codes[d.Code] = d.Pos.Line
	}
	for code, line := range map[matcher.Code]int{matcher.CodeTypoKey: 2, matcher.CodeMissingColon: 3, matcher.CodeInvalidLine: 7, matcher.CodeEmptyGroup: 0} {
		if codes[code] != line {
			t.Errorf("diagnostic %s on line %d, want line %d (all: %v)", code, codes[code], line, f.Diagnostics)
		}
	}
}

func TestGoogleLongLineCut(t *testing.T) {
	pattern := "/" + strings.Repeat("p", 20000)
	f := matcher.Parse(matcher.Google, []byte("User-agent: *\nDisallow: "+pattern+"\n"), matcher.ParseOptions{})
	r := f.TextOf(f.RulesOf(f.Groups[0])[0].Pattern)
	if want := matcher.GoogleLineLimit - len("Disallow: "); len(r) != want {
		t.Errorf("pattern is %d bytes, want %d (the line cut at %d)", len(r), want, matcher.GoogleLineLimit)
	}
	found := false
	for _, d := range f.Diagnostics {
		found = found || d.Code == matcher.CodeLongLine
	}
	if !found {
		t.Errorf("no %s diagnostic: %v", matcher.CodeLongLine, f.Diagnostics)
	}
}

// BenchmarkGoogleWorstCase: many wildcards against a long path that almost
// matches; the cost stays O(len(path) × len(pattern)) per rule.
func BenchmarkGoogleWorstCase(b *testing.B) {
	pattern := "/" + strings.Repeat("*a", 200) + "b"
	f := matcher.Parse(matcher.Google, []byte("User-agent: *\nDisallow: "+pattern+"\n"), matcher.ParseOptions{})
	t := &matcher.Target{Input: "/" + strings.Repeat("a", 4000)}
	b.ReportAllocs()
	for b.Loop() {
		if !f.EvaluateTarget("x", t).Allowed {
			b.Fatal("the path has no 'b', so the rule cannot match")
		}
	}
}

// BenchmarkGoogleParse500KiB is the google reading's parse of a realistic
// 500 KiB file, with its allocations, to set beside rfc9309's
// (BenchmarkParse500KiB in matcher).
func BenchmarkGoogleParse500KiB(b *testing.B) {
	src := gen.RealisticFile(500 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		matcher.Parse(matcher.Google, src, matcher.ParseOptions{})
	}
}

// googleScan is the matching rules' lines found the plain way, every rule
// of every applying group tried: what google's rule index must not change.
func googleScan(f *matcher.File, res *matcher.Result, t *matcher.Target) []int32 {
	ext := f.Ext().(*googleFile)
	var lines []int32
	path := GooglePath(t.Input)
	for _, gi := range res.Groups.Selected {
		for ri, r := range f.RulesOf(f.Groups[gi]) {
			if r.Pattern.Start == r.Pattern.End {
				continue
			}
			if _, _, ok := googleMatch(f, ext, pattern.Ref{Group: int32(gi), Rule: int32(ri)}, path); ok {
				lines = append(lines, r.Line)
			}
		}
	}
	return lines
}

// Over the differential corpus and Google's conformance suite, google's
// first evaluation for a token (which tries every rule) and the later ones
// (through the index it then builds) find every matching rule a scan of
// every rule finds.
func TestGoogleRuleIndexFindsEveryMatch(t *testing.T) {
	qs := suite.Questions(t)
	for _, q := range qs {
		tg, err := matcher.ParseTarget(q.URL)
		if err != nil {
			continue
		}
		f := matcher.Parse(matcher.Google, q.Body, matcher.ParseOptions{})
		for _, how := range []string{"the first evaluation", "the index"} {
			res := f.EvaluateTarget(q.Token, tg)
			var got []int32
			for _, m := range res.Matches {
				got = append(got, m.Rule.Line)
			}
			if want := googleScan(f, res, tg); !slices.Equal(got, want) {
				t.Fatalf("token %q, url %q: %s found lines %v, a scan finds %v\nrobots.txt: %q", q.Token, q.URL, how, got, want, q.Body)
			}
		}
	}
}
