package pythonrfc

import (
	"regexp"
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// prSrc names what the python-rfc cases rest on: CPython's
// Lib/urllib/robotparser.py at main 055a953 (the RFC 9309 rewrite,
// gh-138907), which the differential corpus ran as cpython-rfc.
const prSrc = "CPython 055a953 robotparser"

// Each case is a behaviour of CPython's rewritten robotparser, named after
// the function of CPython 055a953 it comes from; the differential corpus
// checks the reading on 12,000 more.
var prChecks = []struct {
	name, Body, token, url string
	allowed                bool
	code                   matcher.Code // a diagnostic the file must carry, or ""
}{
	{prSrc + " allowance: the rule matching more of the URL wins, not the longer pattern",
		"User-agent: *\nDisallow: /a*\nAllow: /abc\n", "bot", "/abcd", false, ""},
	{prSrc + " allowance: the longer prefix wins without wildcards",
		"User-agent: *\nDisallow: /a\nAllow: /abc\n", "bot", "/abcd", true, ""},
	{prSrc + " allowance: on a tie, allow wins",
		"User-agent: *\nDisallow: /a\nAllow: /a\n", "bot", "/a", true, ""},
	{prSrc + " translate_pattern: the last piece is found at its last place",
		"User-agent: *\nAllow: /acb\nDisallow: /*c\n", "bot", "/acbc", false, ""},
	{prSrc + " translate_pattern: a middle piece is found at its first place",
		"User-agent: *\nDisallow: /*b*c$\n", "bot", "/abxbyc", false, ""},
	{prSrc + " RuleLine: a final $ anchors",
		"User-agent: *\nDisallow: /a$\n", "bot", "/ab", true, ""},
	{prSrc + " RuleLine: a final $ matches the whole path",
		"User-agent: *\nDisallow: /a$\n", "bot", "/a", false, ""},
	{prSrc + " RuleLine: $* becomes $",
		"User-agent: *\nDisallow: /a$*\n", "bot", "/ab", true, ""},
	{prSrc + " RuleLine: a $ before the end drops the rule",
		"User-agent: *\nDisallow: /a$b\n", "bot", "/a$b", true, matcher.CodeDollarInside},
	{prSrc + " RuleLine: an empty Disallow allows with 0 characters",
		"User-agent: *\nDisallow:\nDisallow: /x\n", "bot", "/x", false, matcher.CodeEmptyPattern},
	{prSrc + " RuleLine: an empty Disallow allows what nothing else matches",
		"User-agent: *\nDisallow:\n", "bot", "/x", true, matcher.CodeEmptyPattern},
	{prSrc + " _add_entry: groups filed under one value are merged",
		"User-agent: a\nDisallow: /x\n\nUser-agent: A\nDisallow: /y\n", "a", "/y", false, ""},
	{prSrc + " parse: a blank line does not end a group",
		"User-agent: a\n\nDisallow: /\n", "a", "/", false, ""},
	{prSrc + " parse: a blank line between user-agent lines does not end the group",
		"User-agent: a\n\nUser-agent: *\nDisallow: /\n", "a", "/", false, ""},
	{prSrc + " parse: Crawl-delay ends the user-agent lines",
		"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/", true, matcher.CodeRecordBreak},
	{prSrc + " parse: the group after Crawl-delay is its own",
		"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "b", "/", false, matcher.CodeRecordBreak},
	{prSrc + " parse: Request-rate ends the user-agent lines",
		"User-agent: a\nRequest-rate: x\nUser-agent: b\nDisallow: /\n", "a", "/", true, matcher.CodeRecordBreak},
	{prSrc + " parse: user-agent lines at the end still make a group",
		"User-agent: *\nDisallow: /\nUser-agent: a\n", "a", "/", true, ""},
	{prSrc + " parse: a rule before any user-agent line is ignored",
		"Disallow: /\nUser-agent: *\nAllow: /x\n", "bot", "/", true, matcher.CodeRuleOutsideGroup},
	{prSrc + " parse: keys ignore case",
		"USER-AGENT: *\nDISALLOW: /\n", "bot", "/", false, ""},
	{prSrc + " parse: a line without ':' is ignored",
		"User-agent: *\nDisallow /\n", "bot", "/", true, matcher.CodeInvalidLine},
	{prSrc + " parse: int() raises on a Crawl-delay of more than 4300 digits",
		"User-agent: *\nDisallow: /a\nUser-agent: b\nCrawl-delay: " + strings.Repeat("1", 4301) + "\n", "bot", "/a", false, matcher.CodeRaises},
	{prSrc + " read: a byte-order mark spoils the first key",
		"\ufeffUser-agent: *\nDisallow: /\n", "bot", "/", true, matcher.CodeBOM},
	{prSrc + " _find_entry: the whole token is looked up first",
		"User-agent: bot\nDisallow: /\n\nUser-agent: googlebot\nAllow: /\n", "Googlebot", "/", true, ""},
	{prSrc + " _find_entry: the whole token holds its version",
		"User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot/2.1", "/", false, ""},
	{prSrc + " Entry.applies_to: a value is a substring of the name",
		"User-agent: google\nDisallow: /\n", "Googlebot/2.1", "/", false, ""},
	{prSrc + " Entry.applies_to: the name is cut at '/'",
		"User-agent: 2.1\nDisallow: /\n", "Googlebot/2.1", "/", true, ""},
	{prSrc + " Entry.applies_to: an empty value names every crawler",
		"User-agent:\nDisallow: /\n", "anybot", "/", false, matcher.CodeEmptyUserAgent},
	{prSrc + " merge_entries: a value the merged groups write differently is not compared",
		"User-agent: Foo\nUser-agent: bar\nDisallow: /x\nUser-agent: foo\nDisallow: /y\n", "xfoo", "/y", true, ""},
	{prSrc + " merge_entries: the group kept under another key still applies",
		"User-agent: Foo\nUser-agent: bar\nDisallow: /x\nUser-agent: foo\nDisallow: /y\n", "xfoo", "/x", false, ""},
	{prSrc + " _find_entry: else the * group",
		"User-agent: a\nAllow: /\nUser-agent: *\nDisallow: /\n", "b", "/", false, ""},
	{prSrc + " str.lower: final sigma",
		"User-agent: ας\nDisallow: /\n", "ΑΣ", "/", false, ""},
	{prSrc + " str.lower (3.13, Unicode 15): U+0ECE is case-ignorable, so this sigma is not final",
		"User-agent: ασ\u0ECEα\nDisallow: /\n", "ΑΣ\u0ECEΑ", "/", false, ""},
	{prSrc + " can_fetch: /robots.txt is allowed",
		"User-agent: *\nDisallow: /\n", "bot", "/robots.txt", true, ""},
	{prSrc + " can_fetch: /robots.txt with a query is not",
		"User-agent: *\nDisallow: /\n", "bot", "/robots.txt?x", false, ""},
	// CPython allows a URL urllib cannot split ("http://[1.2.3.4]/"); no
	// reading meets one, since ParseTarget refuses a bracketed host that
	// is not an IPv6 address (RFC 3986 §3.2.2) before any reading runs.
	{prSrc + " can_fetch: a query right after the host leaves no path",
		"User-agent: *\nDisallow: /\n", "bot", "http://example.com?x", true, ""},
	{prSrc + " can_fetch: an empty query is kept",
		"User-agent: *\nDisallow: /a$\n", "bot", "/a?", true, ""},
	{prSrc + " can_fetch: the fragment is kept, as %23",
		"User-agent: *\nDisallow: /a%23b$\n", "bot", "http://example.com/a#b", false, ""},
	{prSrc + " _urlunsplit: a path starting with // gets two more slashes",
		"User-agent: *\nDisallow: //a\n", "bot", "http://example.com//a", true, ""},
	{prSrc + " normalize: %2F is /",
		"User-agent: *\nDisallow: /a%2Fb\n", "bot", "/a/b", false, ""},
	{prSrc + " normalize: %7e is ~",
		"User-agent: *\nDisallow: /~a\n", "bot", "/%7ea", false, ""},
	{prSrc + " normalize: %2A is a literal *",
		"User-agent: *\nDisallow: /a%2Ab\n", "bot", "/a*b", false, ""},
	{prSrc + " normalize: %2A is not a wildcard",
		"User-agent: *\nDisallow: /a%2Ab\n", "bot", "/axb", true, ""},
	{prSrc + " normalize_uri: %3D in the query is not =",
		"User-agent: *\nDisallow: /?a=b\n", "bot", "/?a%3Db", true, ""},
	{prSrc + " surrogateescape: invalid UTF-8 is compared as its bytes",
		"User-agent: *\nDisallow: /\xff\n", "bot", "/%FF", false, matcher.CodeInvalidUTF8},
	{prSrc + " str.splitlines: U+2028 ends a line",
		"User-agent: *\u2028Disallow: /\n", "bot", "/", false, ""},
}

func TestPythonRFCBehaviours(t *testing.T) {
	for _, c := range prChecks {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.PythonRFC, []byte(c.Body), matcher.ParseOptions{})
			res, err := f.Evaluate(c.token, c.url)
			if err != nil {
				t.Fatal(err)
			}
			if res.Allowed != c.allowed {
				t.Errorf("%q, %q, %q: allowed = %v, want %v (%s)", c.Body, c.token, c.url, res.Allowed, c.allowed, res.Explanation)
			}
			if c.code != "" && !f.Diagnostics.Has(c.code) {
				t.Errorf("%q: no %s diagnostic in %v", c.Body, c.code, f.Diagnostics)
			}
		})
	}
}

// The explanation names the rule and how much of the URL it matched, the
// trace says how the group was chosen, and the steps show both sides.
func TestPythonRFCExplanation(t *testing.T) {
	f := matcher.Parse(matcher.PythonRFC, []byte("User-agent: google\nAllow: /shop\nDisallow: /sh*\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("Googlebot/2.1", "https://example.com/shop/%7ea#top")
	if err != nil {
		t.Fatal(err)
	}
	want := "Disallowed by line 3, `Disallow: /sh*`, which matches all of /shop/~a%23top, more than line 2, `Allow: /shop` (5 characters): robotparser ranks a rule by how much of the URL it matches."
	if res.Explanation != want {
		t.Errorf("explanation:\n got %s\nwant %s", res.Explanation, want)
	}
	if res.Reason != matcher.ReasonLongest || len(res.Matches) != 2 || res.Matches[res.Winner].Priority != len("/shop/~a%23top") {
		t.Errorf("reason %s, winner %d, matches %+v", res.Reason, res.Winner, res.Matches)
	}
	if !strings.Contains(res.Groups.Summary, `is "google"`) || len(res.Groups.Selected) != 1 {
		t.Errorf("group trace: %s (selected %v)", res.Groups.Summary, res.Groups.Selected)
	}
	if a := res.Groups.Agents; len(a) != 1 || !a[0].Matched || !strings.Contains(res.Groups.How(a[0]), "substring") {
		t.Errorf("agents %+v", a)
	}
	var outs []string
	for _, s := range res.Steps {
		outs = append(outs, s.Output)
	}
	if got, want := strings.Join(outs, " | "), "/shop/%7ea#top | /shop/~a%23top"; got != want {
		t.Errorf("URL steps %q, want %q", got, want)
	}
}

func TestPythonRFCMergedTrace(t *testing.T) {
	f := matcher.Parse(matcher.PythonRFC, []byte("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: A\nAllow: /x\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("A", "/x")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Allowed || res.Reason != matcher.ReasonTieAllow {
		t.Errorf("verdict %v (%s): %s", res.Allowed, res.Reason, res.Explanation)
	}
	tr := res.Groups
	if !tr.Merged || len(tr.Selected) != 2 || tr.Selected[0] != 0 || tr.Selected[1] != 2 {
		t.Errorf("selected %v, merged %v", tr.Selected, tr.Merged)
	}
	var matched []int
	for _, a := range tr.Agents {
		if a.Matched {
			matched = append(matched, int(a.Agent.Line))
		}
	}
	if len(matched) != 2 || matched[0] != 1 || matched[1] != 7 {
		t.Errorf("matched user-agent lines %v, want [1 7]", matched)
	}
}

// The key chosen by substring may be filed under another value of its
// group than the one that matched: the trace names the one that matched.
func TestPythonRFCSubstringTrace(t *testing.T) {
	f := matcher.Parse(matcher.PythonRFC, []byte("User-agent: Foo\nUser-agent: bar\nDisallow: /x\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("xbar", "/x")
	if err != nil {
		t.Fatal(err)
	}
	if res.Allowed || !strings.Contains(res.Groups.Summary, `substring of "xbar" (the token cut at '/' and lower-cased) is "bar"`) {
		t.Errorf("verdict %v, summary %s", res.Allowed, res.Groups.Summary)
	}
	for _, a := range res.Groups.Agents {
		if a.Matched != (a.Agent.Token == "bar") {
			t.Errorf("line %d (%q): matched %v, %s", a.Agent.Line, a.Agent.Token, a.Matched, res.Groups.How(a))
		}
	}
}

func TestPythonRFCPatternSteps(t *testing.T) {
	for _, tc := range []struct{ value, norm string }{
		{"/a**b$$", "/a*b$"},
		{"/%7e%2f%e3%83%84", "/~/%E3%83%84"},
		{"/a b?x=%3d&y*z", "/a%20b?x=%3D&y*z"},
		{"/100%", "/100%25"},
		{"/%2A$", "/%2A$"},
	} {
		norm, ok := prRulePath(tc.value)
		if !ok || norm != tc.norm {
			t.Errorf("prRulePath(%q) = %q, %v; want %q", tc.value, norm, ok, tc.norm)
		}
		cur := tc.value
		for _, s := range prPatternSteps(tc.value) {
			if s.Input != cur || s.Source == "" {
				t.Errorf("%q: steps do not chain at %+v", tc.value, s)
			}
			cur = s.Output
		}
		if strings.TrimSuffix(cur, "$") != strings.TrimSuffix(tc.norm, "$") {
			t.Errorf("%q: steps end at %q, want %q", tc.value, cur, tc.norm)
		}
	}
}

// prRegexp is the expression CPython 055a953's translate_pattern builds
// for a pattern with '*', written with Go's regexp, whose matches are
// those a backtracking engine would find: it is the oracle prMatch is
// held to.
func prRegexp(pattern string) *regexp.Regexp {
	full := strings.HasSuffix(pattern, "$")
	pieces := strings.Split(strings.TrimSuffix(pattern, "$"), "*")
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i, p := range pieces {
		switch {
		case i == 0:
		case i == len(pieces)-1:
			b.WriteString(".*")
		default:
			b.WriteString(".*?")
		}
		b.WriteString(regexp.QuoteMeta(p))
	}
	if full {
		b.WriteString(`\z`)
	}
	return regexp.MustCompile(b.String())
}

func checkPRMatch(t *testing.T, value, path string) {
	norm, ok := prRulePath(value)
	if !ok || !strings.Contains(norm, "*") {
		return
	}
	n, matched := prMatch(norm, path)
	loc := prRegexp(norm).FindStringIndex(path)
	if matched != (loc != nil) || matched && n != loc[1] {
		t.Fatalf("pattern %q (from %q) on %q: prMatch = %d, %v; the regexp matches %v", norm, value, path, n, matched, loc)
	}
}

func TestPythonRFCMatchIsTheRegexp(t *testing.T) {
	for _, c := range [][2]string{
		{"/*", "/"}, {"/*a", "/bab"}, {"/*a*b", "/aabab"}, {"/*a*b$", "/aabab"}, {"/*a*b$", "/aaba"},
		{"/a*a$", "/a"}, {"/a*a$", "/aa"}, {"*", ""}, {"/*ab*ab*", "/abab"}, {"/*aa*a$", "/aaa"},
	} {
		checkPRMatch(t, c[0], c[1])
	}
}

// FuzzPythonRFCMatch holds prMatch to the regular expression CPython
// compiles, on any pattern and path.
func FuzzPythonRFCMatch(f *testing.F) {
	for _, s := range []string{"/*a*b$", "/a*", "*", "/**$", "/%2A*x"} {
		f.Add(s, "/aabab")
	}
	f.Fuzz(func(t *testing.T, value, path string) {
		checkPRMatch(t, value, prNormalize(path, false))
	})
}
