package python

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/py"
)

// pyCheck is one question to the python reading and what CPython answers.
type pyCheck struct {
	name, Body, token, url string
	allowed                bool
	code                   matcher.Code // a diagnostic the file must carry, or ""
}

// Each case is a behaviour of CPython's urllib.robotparser (3.12 and
// earlier); the differential test checks the same against python3 itself.
var pyChecks = []pyCheck{
	{"empty line ends a record after a rule", "User-agent: a\nDisallow: /x\n\nDisallow: /\n", "a", "/y", true, matcher.CodeRuleOutsideGroup},
	{"empty line before any rule drops the user-agents", "User-agent: a\n\nDisallow: /\n", "a", "/", true, matcher.CodeDroppedAgents},
	{"white space line does not end a record", "User-agent: a\n \nDisallow: /\n", "a", "/", false, matcher.CodeNotBlank},
	{"CR CR is an empty line", "User-agent: a\r\rDisallow: /", "a", "/", true, matcher.CodeDroppedAgents},
	{"VT breaks a line (str.splitlines)", "User-agent: *\vDisallow: /\n", "x", "/", false, ""},
	{"U+2028 breaks a line", "User-agent: *\u2028Disallow: /\n", "x", "/", false, ""},
	{"U+001F does not break a line", "User-agent: *\x1fDisallow: /\n", "x", "/", true, ""},
	{"user-agent after a rule starts a record", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n", "a", "/b", true, ""},
	{"crawl-delay counts as a rule line", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/", true, matcher.CodeRecordBreak},
	{"first matching rule wins, not the longest", "User-agent: *\nAllow: /\nDisallow: /x\n", "x", "/x", true, ""},
	{"empty Disallow allows everything, first", "User-agent: *\nDisallow:\nDisallow: /\n", "x", "/x", true, matcher.CodeEmptyPattern},
	{"only the first * record counts", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "x", "/b", true, matcher.CodeIgnoredRecord},
	{"value is a substring of the name", "User-agent: google\nDisallow: /\n", "Googlebot/2.1", "/", false, ""},
	{"the name is cut at / but the value is not", "User-agent: Googlebot/2.1\nDisallow: /\n", "Googlebot/2.1", "/", true, matcher.CodeAgentSlash},
	{"empty user-agent names every crawler", "User-agent:\nDisallow: /\n", "anybot", "/", false, matcher.CodeEmptyUserAgent},
	{"named record before * even when later", "User-agent: *\nDisallow: /\n\nUser-agent: bot\nAllow: /\n", "bot", "/", true, ""},
	{"no wildcards", "User-agent: *\nDisallow: /*.php\n", "x", "/a.php", true, matcher.CodeNoWildcards},
	{"/robots.txt is not special", "User-agent: *\nDisallow: /\n", "x", "/robots.txt", false, ""},
	{"%7E and ~ are the same", "User-agent: *\nDisallow: /%7Efoo\n", "x", "/~foo/bar", false, ""},
	{"%2F and / are the same", "User-agent: *\nDisallow: /a%2Fb\n", "x", "/a/b", false, ""},
	{"the fragment is compared", "User-agent: *\nDisallow: /a%23b\n", "x", "/a#b", false, ""},
	{"scheme and host are dropped", "User-agent: *\nDisallow: /a\n", "x", "https://example.com/a/b", false, ""},
	{"unicode lower: final sigma", "User-agent: ας\nDisallow: /\n", "ΑΣ", "/", false, ""},
	{"a key lower-cases as str.lower does: İ is not i (CPython 3.11)", "User-agent: *\nD\u0130SALLOW: /x\n", "x", "/x", true, ""},
	{"int() refuses a superscript delay", "User-agent: *\nCrawl-delay: ²\nDisallow: /\n", "x", "/", true, matcher.CodeRaises},
	{"invalid UTF-8 is read as U+FFFD", "User-agent: *\nDisallow: /\xff\n", "x", "/%EF%BF%BD", false, matcher.CodeInvalidUTF8},
	{"a byte-order mark spoils the first key", "\ufeffUser-agent: *\nDisallow: /\n", "x", "/", true, matcher.CodeBOM},
	{"bracketed IPv4 host in a rule raises", "User-agent: *\nDisallow: /a\nDisallow: //[1.2.3.4]/\n", "x", "/a", true, matcher.CodeRaises},
}

func TestPythonBehaviours(t *testing.T) {
	for _, c := range pyChecks {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.Python, []byte(c.Body), matcher.ParseOptions{})
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

// The explanation names the deciding rule in python's own terms, lists
// every matching rule of the record, and says how the record was chosen.
func TestPythonExplanation(t *testing.T) {
	body := "User-agent: Googlebot\n# shop\nAllow: /a\nDisallow: /x\nAllow: /x/y\n"
	f := matcher.Parse(matcher.Python, []byte(body), matcher.ParseOptions{})
	res, err := f.Evaluate("Googlebot/2.1", "https://example.com/x/y/z")
	if err != nil {
		t.Fatal(err)
	}
	want := "Disallowed by line 4, `Disallow: /x`, the first rule in file order that matches. It comes before line 5, `Allow: /x/y`, which also matches."
	if res.Explanation != want {
		t.Errorf("explanation:\n got %s\nwant %s", res.Explanation, want)
	}
	if res.Reason != matcher.ReasonFirstMatch || res.Winner != 0 || len(res.Matches) != 2 || res.Matches[0].Priority != -1 {
		t.Errorf("reason %s, winner %d, matches %+v", res.Reason, res.Winner, res.Matches)
	}
	if !strings.Contains(res.Groups.Summary, "the first record whose token is a substring of \"googlebot\"") {
		t.Errorf("group summary: %s", res.Groups.Summary)
	}
	if len(res.Groups.Selected) != 1 || f.Groups[res.Groups.Selected[0]].FirstLine != 1 {
		t.Errorf("selected %v", res.Groups.Selected)
	}
	if res.Path != "/x/y/z" {
		t.Errorf("path %q", res.Path)
	}
}

// The steps show each transformation of the URL and of a pattern.
func TestPythonSteps(t *testing.T) {
	f := matcher.Parse(matcher.Python, []byte("User-agent: *\nDisallow: /%7efoo?\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("x", "https://example.com/~foo%20bar#top")
	if err != nil {
		t.Fatal(err)
	}
	if res.Path != "/~foo%20bar%23top" {
		t.Errorf("path %q", res.Path)
	}
	var rules []string
	for _, s := range res.Steps {
		rules = append(rules, s.Output)
	}
	if want := []string{"https://example.com/~foo bar#top", "/~foo bar#top", "/~foo%20bar%23top"}; strings.Join(rules, "|") != strings.Join(want, "|") {
		t.Errorf("URL steps %q, want %q", rules, want)
	}
	if got := f.Normalized(f.RulesOf(f.Groups[0])[0]); got != "/~foo" {
		t.Errorf("rule normalized %q, want /~foo", got)
	}
	if len(res.Matches) != 1 || len(res.Matches[0].Steps) != 2 {
		t.Errorf("pattern steps: %+v", res.Matches)
	}
}

// CPython's decoder replaces a broken sequence by one U+FFFD per maximal
// subpart, not one per byte as Go's utf8.DecodeRune does.
func TestPyDecodeMaximalSubpart(t *testing.T) {
	for in, want := range map[string]string{
		"\xe2\x82A":     "\ufffdA",
		"\xf0\x80\x80":  "\ufffd\ufffd\ufffd",
		"\xed\xa0\x80":  "\ufffd\ufffd\ufffd",
		"a\xc3":         "a\ufffd",
		"\xf4\x8f\xbf":  "\ufffd",
		"\xe2\x82\xac!": "€!",
	} {
		if got := py.Decode([]byte(in)); got != want {
			t.Errorf("pyDecode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPyLowerQuoteUnquote(t *testing.T) {
	for in, want := range map[string]string{"ΑΣ": "ας", "ΑΣ Β": "ας β", "Σ": "σ", "İ": "i\u0307", "ΑΣ'Β": "ασ'β"} {
		if got := py.Lower(in); got != want {
			t.Errorf("pyLower(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"%%41": "%A", "%e2%82": "\ufffd", "é%C3%A9": "éé", "%zz%4": "%zz%4"} {
		if got := py.Unquote(in); got != want {
			t.Errorf("pyUnquote(%q) = %q, want %q", in, got, want)
		}
	}
	if got := py.Quote("/a b*$~é"); got != "/a%20b%2A%24~%C3%A9" {
		t.Errorf("pyQuote = %q", got)
	}
}

// FuzzPython: any bytes, token and URL parse and evaluate without a panic,
// the same way twice, with line offsets inside the source.
func FuzzPython(f *testing.F) {
	for _, c := range pyChecks {
		f.Add([]byte(c.Body), c.token, c.url)
	}
	f.Fuzz(func(t *testing.T, body []byte, token, url string) {
		a, b := matcher.Parse(matcher.Python, body, matcher.ParseOptions{}), matcher.Parse(matcher.Python, body, matcher.ParseOptions{})
		for _, l := range a.Lines() {
			if l.Start < 0 || int(l.End) > len(body) || l.Start > l.End || !spanInside(l.Key, l) || !spanInside(l.Value, l) || !spanInside(l.Comment, l) {
				t.Fatalf("line %d out of the source: %+v", l.Number, l)
			}
		}
		tg := &matcher.Target{Input: url}
		ra, rb := a.EvaluateTarget(token, tg), b.EvaluateTarget(token, tg)
		if ra.Allowed != rb.Allowed || ra.Explanation != rb.Explanation || ra.Path != rb.Path {
			t.Fatalf("two runs differ: %s / %s", ra.Explanation, rb.Explanation)
		}
	})
}

// inside reports whether a span of a line lies within the line.

// spanInside reports whether the span s lies within the line l.
func spanInside(s matcher.Span, l matcher.Line) bool {
	return l.Start <= s.Start && s.Start <= s.End && s.End <= l.End
}
