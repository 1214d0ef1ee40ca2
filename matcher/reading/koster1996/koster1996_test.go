package koster1996

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// The table of draft-koster-robots-00 §3.2.2: whether a record path
// matches a URL path. Every row must hold.
var kosterDraftTable = []struct {
	record, url string
	matches     bool
}{
	{"/tmp", "/tmp", true},
	{"/tmp", "/tmp.html", true},
	{"/tmp", "/tmp/a.html", true},
	{"/tmp/", "/tmp", false},
	{"/tmp/", "/tmp/", true},
	{"/tmp/", "/tmp/a.html", true},

	{"/a%3cd.html", "/a%3cd.html", true},
	{"/a%3Cd.html", "/a%3cd.html", true},
	{"/a%3cd.html", "/a%3Cd.html", true},
	{"/a%3Cd.html", "/a%3Cd.html", true},

	{"/a%2fb.html", "/a%2fb.html", true},
	{"/a%2fb.html", "/a/b.html", false},
	{"/a/b.html", "/a%2fb.html", false},
	{"/a/b.html", "/a/b.html", true},

	{"/%7esubculture/index.html", "/~subculture/index.html", true},
	{"/~subculture/index.html", "/%7Esubculture/index.html", true},
}

func TestKoster1996DraftTable(t *testing.T) {
	for _, row := range kosterDraftTable {
		f := matcher.Parse(matcher.Koster1996, []byte("User-agent: *\nDisallow: "+row.record+"\n"), matcher.ParseOptions{})
		res, err := f.Evaluate("anybot", row.url)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(res.Matches) > 0; got != row.matches || res.Allowed == row.matches {
			t.Errorf("record path %s, URL path %s: matches %v (allowed %v), the draft says %v",
				row.record, row.url, got, res.Allowed, row.matches)
		}
	}
}

// The example of draft-koster-robots-00 §4 and its matrix of which robots
// may fetch which URLs.
func TestKoster1996Example(t *testing.T) {
	const body = `# /robots.txt for http://www.fict.org/
# comments to webmaster@fict.org

User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow:

User-agent: *
Disallow: /org/plans.html
Allow: /org/
Allow: /serv
Allow: /~mak
Disallow: /
`
	f := matcher.Parse(matcher.Koster1996, []byte(body), matcher.ParseOptions{})
	// URL, then unhipbot, webcrawler and excite, another robot.
	matrix := []struct {
		url                 string
		unhip, crawl, other bool
	}{
		{"http://www.fict.org/", false, true, false},
		{"http://www.fict.org/index.html", false, true, false},
		{"http://www.fict.org/robots.txt", true, true, true},
		{"http://www.fict.org/server.html", false, true, true},
		{"http://www.fict.org/services/fast.html", false, true, true},
		{"http://www.fict.org/services/slow.html", false, true, true},
		{"http://www.fict.org/orgo.gif", false, true, false},
		{"http://www.fict.org/org/about.html", false, true, true},
		{"http://www.fict.org/org/plans.html", false, true, false},
		{"http://www.fict.org/%7Ejim/jim.html", false, true, false},
		{"http://www.fict.org/%7Emak/mak.html", false, true, true},
	}
	for _, row := range matrix {
		for _, q := range []struct {
			robot string
			want  bool
		}{{"unhipbot", row.unhip}, {"WebCrawler/3.0", row.crawl}, {"excite", row.crawl}, {"OtherBot", row.other}} {
			res, err := f.Evaluate(q.robot, row.url)
			if err != nil {
				t.Fatal(err)
			}
			if res.Allowed != q.want {
				t.Errorf("%s %s: allowed %v, the draft's matrix says %v (%s)", q.robot, row.url, res.Allowed, q.want, res.Explanation)
			}
		}
	}
}

// Records, blank lines and first-match order, as the draft defines them.
func TestKoster1996Records(t *testing.T) {
	for _, c := range []struct {
		name, Body, token, url string
		allowed                bool
		code                   matcher.Code
	}{
		{"a blank line ends a record (§3.3)", "User-agent: a\n\nDisallow: /\n", "a", "/", true, matcher.CodeRuleOutsideGroup},
		{"a comment line does not end a record (§3.3)", "User-agent: a\n# note\nDisallow: /\n", "a", "/", false, ""},
		{"first match in order, not the longest (§3.2.2)", "User-agent: *\nAllow: /\nDisallow: /x\n", "a", "/x", true, ""},
		{"disallow first wins (§3.2.2)", "User-agent: *\nDisallow: /x\nAllow: /x/y\n", "a", "/x/y", false, ""},
		{"value contains the name (§3.2.1)", "User-agent: Googlebot-News\nDisallow: /\n", "googlebot/2.1", "/", false, ""},
		{"the name does not contain the value (§3.2.1)", "User-agent: google\nDisallow: /\n", "googlebot", "/", true, ""},
		{"the first record naming the robot (§3.2.1)", "User-agent: bot\nDisallow: /a\n\nUser-agent: bot\nDisallow: /b\n", "bot", "/b", true, ""},
		{"named before * whatever the order (§3.2.1)", "User-agent: *\nDisallow: /\n\nUser-agent: bot\nAllow: /\n", "bot", "/", true, ""},
		{"first * record only (§3.2.1)", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "x", "/b", true, matcher.CodeIgnoredRecord},
		{"user-agent after rules starts a record (§3.3)", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n", "a", "/b", true, matcher.CodeRecordBreak},
		{"no wildcards (§3.2.2)", "User-agent: *\nDisallow: /*.php\n", "x", "/a.php", true, matcher.CodeNoWildcards},
		{"empty Disallow allows everything (§4)", "User-agent: *\nDisallow:\nDisallow: /\n", "x", "/a", true, matcher.CodeEmptyPattern},
		{"/robots.txt always allowed (§3.2.2)", "User-agent: *\nDisallow: /robots.txt\n", "x", "/robots.txt", true, codeRobotsTxtRule},
		{"a record without rules allows all (§3.3)", "User-agent: a\n\nUser-agent: *\nDisallow: /\n", "a", "/", true, matcher.CodeEmptyGroup},
		{"%2F stays distinct after decoding (§3.2.2)", "User-agent: *\nDisallow: /a%2Fb\n", "x", "/a%2fb/c", false, ""},
		{"encoded octets match raw ones", "User-agent: *\nDisallow: /caf%C3%A9\n", "x", "/café", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.Koster1996, []byte(c.Body), matcher.ParseOptions{})
			res, err := f.Evaluate(c.token, c.url)
			if err != nil {
				t.Fatal(err)
			}
			if res.Allowed != c.allowed {
				t.Errorf("%q, %q, %q: allowed %v, want %v (%s)", c.Body, c.token, c.url, res.Allowed, c.allowed, res.Explanation)
			}
			if c.code != "" && !f.Diagnostics.Has(c.code) {
				t.Errorf("no %s diagnostic in %v", c.code, f.Diagnostics)
			}
		})
	}
}

func TestKoster1996Explanation(t *testing.T) {
	f := matcher.Parse(matcher.Koster1996, []byte("User-agent: Googlebot-News\n# news\nAllow: /a\nDisallow: /x\nAllow: /x/y\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("Googlebot/2.1", "/x/y/%7Ez")
	if err != nil {
		t.Fatal(err)
	}
	want := "Disallowed by line 4, `Disallow: /x`, the first rule in file order that matches in the first record naming the robot (line 1). It comes before line 5, `Allow: /x/y`, which also matches."
	if res.Explanation != want {
		t.Errorf("explanation:\n got %s\nwant %s", res.Explanation, want)
	}
	if !strings.Contains(res.Groups.Summary, "first record naming the robot") || res.Path != "/x/y/~z" || len(res.Steps) != 1 {
		t.Errorf("summary %q, path %q, steps %v", res.Groups.Summary, res.Path, res.Steps)
	}
	if res.Reason != matcher.ReasonFirstMatch || res.Matches[0].Priority != -1 || len(res.Matches) != 2 {
		t.Errorf("reason %s, matches %+v", res.Reason, res.Matches)
	}
}

// FuzzKoster1996: any bytes, token and URL parse and evaluate without a
// panic, the same way twice.
func FuzzKoster1996(f *testing.F) {
	for _, row := range kosterDraftTable {
		f.Add([]byte("User-agent: *\nDisallow: "+row.record+"\n"), "bot", row.url)
	}
	f.Add([]byte("User-agent: a\n\nAllow: /%2f\r\nUser-agent: *\rDisallow:"), "A/1", "/%")
	f.Fuzz(func(t *testing.T, body []byte, token, url string) {
		a, b := matcher.Parse(matcher.Koster1996, body, matcher.ParseOptions{}), matcher.Parse(matcher.Koster1996, body, matcher.ParseOptions{})
		tg := &matcher.Target{Input: url, Path: url}
		ra, rb := a.EvaluateTarget(token, tg), b.EvaluateTarget(token, tg)
		if ra.Allowed != rb.Allowed || ra.Explanation != rb.Explanation || ra.Path != rb.Path {
			t.Fatalf("two runs differ: %s / %s", ra.Explanation, rb.Explanation)
		}
	})
}
