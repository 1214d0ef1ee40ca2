package protego

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/py"
)

// pgCheck is one question to the protego reading and what protego 0.6.1
// answers (checked against protego itself; the differential test holds the
// reading to the corpus protego answered).
type pgCheck struct {
	name, Body, token, url string
	allowed                bool
	code                   matcher.Code // a diagnostic the file must carry, or ""
}

var pgChecks = []pgCheck{
	// Choosing the rule set (_get_matching_rule_set, _RuleSet.applies_to).
	{"substring token score: the longest name inside the token wins", "User-agent: bot\nDisallow: /a\n\nUser-agent: foobot\nDisallow: /b\n", "FooBot", "/a", true, ""},
	{"substring token score: a name shorter than the token applies", "User-agent: google\nDisallow: /\n", "Googlebot-Image", "/", false, ""},
	{"'*' scores 1 and wins a tie with a later one-letter name", "User-agent: *\nDisallow: /\n\nUser-agent: b\nAllow: /\n", "b", "/x", false, ""},
	{"'*' removed from agent names: *bot* also names bot", "User-agent: *bot*\nDisallow: /\n", "googlebot", "/", false, matcher.CodeNonStandardRecord},
	{"'*' removed from agent names: ** leaves nothing and names only **", "User-agent: **\nDisallow: /\n", "x", "/", true, matcher.CodeNonStandardRecord},
	{"the token is stripped and lower-cased", "User-agent: bot\nDisallow: /\n", " BOT ", "/", false, ""},
	{"an empty token gets the * rule set", "User-agent: *\nDisallow: /\n", "", "/", false, ""},
	// Records (_parse_robotstxt).
	{"records naming one agent share its rule set", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nAllow: /x/z\n", "a", "/x/z", true, ""},
	{"records naming one agent share its rule set, the first's rules too", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nAllow: /x/z\n", "a", "/x", false, ""},
	{"a blank line does not end a record", "User-agent: a\n\nDisallow: /\n", "a", "/", false, ""},
	{"a user-agent after an empty one joins without a reset and gets only later rules", "User-agent: *\nDisallow: /\nUser-agent:\nUser-agent: bot\nDisallow: /b\n", "bot", "/x", true, matcher.CodeEmptyUserAgent},
	{"the sets kept across an empty user-agent line get the later rules too", "User-agent: *\nDisallow: /\nUser-agent:\nUser-agent: bot\nDisallow: /b\n", "x", "/b", false, ""},
	{"a user-agent line after any other directive starts a new record", "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /\n", "a", "/", true, ""},
	{"rules before any user-agent line are ignored", "Disallow: /\nUser-agent: *\nAllow: /x\n", "x", "/", true, matcher.CodeRuleOutsideGroup},
	{"a line without ':' is read when its directive is in lower case", "User-agent: *\ndisallow /x\n", "x", "/x", false, matcher.CodeMissingColon},
	{"a line without ':' is ignored when its directive is not in lower case", "User-agent: *\nDisallow /x\n", "x", "/x", true, matcher.CodeInvalidLine},
	{"dissallow is an accepted misspelling", "User-agent: *\ndissallow: /x\n", "x", "/x", false, ""},
	{"a byte-order mark spoils the first line's directive", "\ufeffUser-agent: *\nDisallow: /\n", "x", "/", true, matcher.CodeBOM},
	{"invalid UTF-8 is dropped (decode errors=ignore), not replaced", "User-agent: *\nDisallow: /a\xffb\n", "x", "/ab", false, matcher.CodeInvalidUTF8},
	// Patterns ($ rules kept twice, _quote_pattern, _URLPattern).
	{"$ rules kept twice: a final $ ends the URL", "User-agent: *\nDisallow: /a$\n", "x", "/a", false, codeDollarTwice},
	{"$ rules kept twice: /a$ does not match /ab", "User-agent: *\nDisallow: /a$\n", "x", "/ab", true, ""},
	{"$ rules kept twice: the %24 twin matches a literal dollar", "User-agent: *\nDisallow: /a$\n", "x", "/a$", false, ""},
	{"a $ inside the path is quoted, so it never ends the URL", "User-agent: *\nDisallow: /a$b\n", "x", "/a", true, ""},
	{"a $ inside the path is a literal dollar", "User-agent: *\nDisallow: /a$b\n", "x", "/a$b", false, ""},
	{"a final $ after a query moves before it, so the rule matches nothing", "User-agent: *\nDisallow: /a?x$\n", "x", "/a?x", true, ""},
	{"a final ? is kept, and the URL's empty query is dropped", "User-agent: *\nDisallow: /a?\n", "x", "/a?", true, ""},
	{"a final ? is kept and matches a query", "User-agent: *\nDisallow: /a?\n", "x", "/a?b", false, ""},
	{"a pattern's query is not quoted: it matches the raw query", "User-agent: *\nDisallow: /a?é\n", "x", "/a?é", false, ""},
	{"a pattern's query is not quoted: it does not match the encoded query", "User-agent: *\nDisallow: /a?é\n", "x", "/a?%C3%A9", true, ""},
	{"the URL's path is quoted: %7e is ~", "User-agent: *\nDisallow: /~a\n", "x", "/%7ea", false, ""},
	{"%2F stays encoded: /a%2fb is not /a/b", "User-agent: *\nDisallow: /a/b\n", "x", "/a%2fb", true, ""},
	{"%2A in a pattern is a literal star", "User-agent: *\nDisallow: /a%2Ab\n", "x", "/axb", true, ""},
	{"%2A in a pattern matches a star in the URL", "User-agent: *\nDisallow: /a%2Ab\n", "x", "/a*b", false, ""},
	{"a pattern starting http:// gets a '/' in front", "User-agent: *\nDisallow: http://example.com/a\n", "x", "/a", true, ""},
	{"a pattern starting http:// matches that text as a path", "User-agent: *\nDisallow: http://example.com/a\n", "x", "/http://example.com/a", false, ""},
	{"the URL's fragment is kept: /a$ does not match /a#frag", "User-agent: *\nDisallow: /a$\n", "x", "/a#frag", true, ""},
	{"a URL with a query and no path is ?x, which / does not match", "User-agent: *\nDisallow: /\n", "x", "?x", true, ""},
	{"a lone $ between stars in a query ends the URL, so text after it never matches", "User-agent: *\nDisallow: /a?x*$*b\n", "x", "/a?x$b", true, ""},
	{"a lone $ between stars in a query ends the URL, and stars after it match nothing", "User-agent: *\nDisallow: /a?x*$*\n", "x", "/a?xyz", false, ""},
	{"$$ between stars in a query is literal", "User-agent: *\nDisallow: /a?x*$$*b\n", "x", "/a?x$$b", false, ""},
	// Deciding (finalize_rules, can_fetch).
	{"an allowed /index.html also allows its directory", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n", "x", "/d/", true, ""},
	{"an allowed /index.html allows only its directory itself", "User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n", "x", "/d/x", false, ""},
	{"priority counts characters, not octets", "User-agent: *\nAllow: /p?ツツ\nDisallow: /p?*ツ*\n", "x", "/p?ツツ", false, ""},
	{"an allow wins a tie of equal length", "User-agent: *\nDisallow: /a*\nAllow: /a/\n", "x", "/a/x", true, ""},
	{"urlparse raising in a pattern stops the parse", "User-agent: *\nDisallow: /a\nDisallow: x://[\nDisallow: /b\n", "x", "/b", true, matcher.CodeRaises},
}

func TestProtegoBehaviours(t *testing.T) {
	for _, c := range pgChecks {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.Protego, []byte(c.Body), matcher.ParseOptions{})
			res, err := f.Evaluate(c.token, "http://example.com"+c.url)
			if err != nil {
				t.Fatal(err)
			}
			if res.Allowed != c.allowed {
				t.Errorf("%q, token %q, %q: allowed %v, want %v (%s)", c.Body, c.token, c.url, res.Allowed, c.allowed, res.Explanation)
			}
			if c.code != "" && !f.Diagnostics.Has(c.code) {
				t.Errorf("no %s diagnostic in %v", c.code, f.Diagnostics)
			}
		})
	}
}

// What protego 0.6.1's _quote_pattern makes of a pattern, and what its
// _RuleSet.allow and disallow add for one value.
func TestProtegoQuotePattern(t *testing.T) {
	for _, c := range []struct {
		name, value string
		allow       bool
		want        []string
	}{
		{"unreserved escapes are decoded, others upper-cased", "/%7e%2f%2a%24%25%e3%83%84", false, []string{"/~%2F%2A%24%25%E3%83%84"}},
		{"'*' and '=' are kept, other reserved characters quoted", "/a*b=c:d@e", false, []string{"/a*b=c%3Ad%40e"}},
		{"an invalid escape keeps its '%'", "/%zz%4", false, []string{"/%zz%4"}},
		{"a final $ twice: the %24 twin first", "/a$", false, []string{"/a%24", "/a$"}},
		{"a $ inside is quoted in the main rule too", "/a$b$", false, []string{"/a%24b%24", "/a%24b$"}},
		{"a final $ after a query moves before it", "/a?x$", false, []string{"/a?x%24", "/a$?x"}},
		{"a final ? after a query is set aside and comes back before it", "/a?b?", false, []string{"/a??b"}},
		{"a final ; after params is set aside and comes back before them", "/a;b;", false, []string{"/a;;b"}},
		{"a pattern starting // gets another // so that no host is read", "//a/b", false, []string{"//a/b"}},
		{"a scheme is dropped by urlparse", "a:b", false, []string{"b"}},
		{"a scheme and nothing else leaves no rule", "a:", false, nil},
		{"an allowed /index.html adds its directory with a final $, which has its %24 twin", "/d/index.html", true, []string{"/d/index.html", "/d/%24", "/d/$"}},
		{"a disallowed /index.html adds nothing more", "/d/index.html", false, []string{"/d/index.html"}},
		{"the %24 twin of an /index.html allow adds its own directory", "/$/index.html", true, []string{"/%24/index.html", "/%24/%24", "/%24/$", "/%24/index.html", "/%24/%24", "/%24/$"}},
		{"the query keeps non-ASCII as written", "/a?é", false, []string{"/a?é"}},
		{"tabs inside are removed by urlparse", "/a\tb", false, []string{"/ab"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			entries, _, err := pgBuild(c.value, c.allow, false)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.pattern)
				if int(e.prio) != utf8.RuneCountInString(e.pattern) {
					t.Errorf("%q: priority %d, want its %d characters", e.pattern, e.prio, utf8.RuneCountInString(e.pattern))
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%q: entries %q, want %q", c.value, got, c.want)
			}
		})
	}
}

// How the matcher reads a quoted pattern so that it matches where
// protego 0.6.1's _URLPattern expression does.
func TestProtegoMatchForm(t *testing.T) {
	for _, c := range []struct {
		q, form string
		never   bool
	}{
		{"/a*b$", "/a*b$", false},
		{"/a$", "/a$", false},
		{"/a?x$b*", "/a?x$b*", false},
		{"/a?x*$*", "/a?x*$", false},
		{"/a?x**$**$", "/a?x**$", false},
		{"/a?x*$*b", "/a?x*$*b", true},
		{"/a?x*$$*b", "/a?x*$$*b", false},
		{"$*a", "$*a", true},
	} {
		form, never := pgMatchForm(c.q)
		if form != c.form || never != c.never {
			t.Errorf("%q: form %q never %v, want %q %v", c.q, form, never, c.form, c.never)
		}
	}
}

// What protego 0.6.1's _quote_path makes of a URL.
func TestProtegoRequestPath(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"http://example.com", "/"},
		{"http://example.com?x", "?x"},
		{"http://example.com/a?", "/a"},
		{"http://example.com/%7e%2f%25%41*$", "/~%2F%25A%2A%24"},
		{"http://example.com/ツ?ツ#ツ", "/%E3%83%84?ツ#ツ"},
		{"http://example.com/a;p?q", "/a;p?q"},
		{"http://example.com/%e3%83", "/%EF%BF%BD"},
		{"/a b", "/a%20b"},
	} {
		got, steps, err := pgRequestPath(c.url)
		if err != nil || got != c.want {
			t.Errorf("%q: path %q (%v), want %q", c.url, got, err, c.want)
		}
		checkStepChain(t, c.url, got, steps)
	}
	if _, _, err := pgRequestPath("http://[x/a"); err == nil {
		t.Errorf("an unbalanced bracket in the host: no error, want urlparse's ValueError")
	}
}

func checkStepChain(t *testing.T, in, out string, steps []matcher.Step) {
	t.Helper()
	cur := in
	for _, s := range steps {
		if s.Input != cur || s.Rule == "" || s.Source == "" {
			t.Errorf("%q: step %+v does not follow %q", in, s, cur)
		}
		cur = s.Output
	}
	if cur != out {
		t.Errorf("%q: steps end at %q, want %q", in, cur, out)
	}
}

// The Result says how the rule set was chosen, which rules matched as
// which quoted pattern, and why the winner won.
func TestProtegoResult(t *testing.T) {
	src := "User-agent: *\nDisallow: /\n\nUser-agent: foo*\nDisallow: /a$\nAllow: /a\n\nUser-agent: foo\nDisallow: /ab\n"
	f := matcher.Parse(matcher.Protego, []byte(src), matcher.ParseOptions{})
	res, err := f.Evaluate("FooBot", "http://example.com/a$")
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Groups
	if !reflect.DeepEqual(tr.Selected, []int{1, 2}) || !tr.Merged || tr.Global {
		t.Errorf("selected %v merged %v global %v, want groups 1 and 2 merged (the rule set foo)", tr.Selected, tr.Merged, tr.Global)
	}
	if !strings.Contains(tr.Summary, `"foo"`) || !strings.Contains(tr.Summary, "scores its length, 3") {
		t.Errorf("summary %q", tr.Summary)
	}
	matched := map[int]bool{}
	for _, a := range tr.Agents {
		matched[int(a.Agent.Line)] = a.Matched
	}
	if !reflect.DeepEqual(matched, map[int]bool{1: false, 4: true, 8: true}) {
		t.Errorf("matched user-agent lines %v, want 4 and 8", matched)
	}
	if res.Path != "/a%24" || res.Allowed || res.Reason != matcher.ReasonLongest {
		t.Fatalf("path %q allowed %v reason %s: %s", res.Path, res.Allowed, res.Reason, res.Explanation)
	}
	w, _ := res.WinningRule()
	if w.Rule.Line != 5 || w.Normalized != "/a%24" || w.Priority != 5 {
		t.Errorf("winner line %d as %q (%d), want line 5 as its %%24 twin /a%%24 (5)", w.Rule.Line, w.Normalized, w.Priority)
	}
	checkStepChain(t, w.Pattern, w.Normalized, w.Steps)
	want := "Disallowed by line 5, `Disallow: /a$` (quoted \"/a%24\", 5 characters), which is longer than line 6, `Allow: /a` (2 characters): protego tries the longest pattern first."
	if res.Explanation != want {
		t.Errorf("explanation:\n got %s\nwant %s", res.Explanation, want)
	}
	checkStepChain(t, "http://example.com/a$", res.Path, res.Steps)
}

func TestProtegoNoRuleSet(t *testing.T) {
	f := matcher.Parse(matcher.Protego, []byte("User-agent: googlebot\nDisallow: /\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("bingbot", "http://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Allowed || res.Reason != matcher.ReasonNoGroup || !strings.Contains(res.Explanation, "no rules apply") {
		t.Errorf("allowed %v reason %s: %s", res.Allowed, res.Reason, res.Explanation)
	}
}

// A CR and an LF with only bytes that are not UTF-8 between them are one
// line break once decode(errors="ignore") has dropped those bytes.
func TestProtegoLinesAfterDroppedBytes(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /a\r\xff\nDisallow: /b\xfe\n")
	f := matcher.Parse(matcher.Protego, src, matcher.ParseOptions{})
	if len(f.Lines()) != 3 {
		t.Fatalf("%d lines, want 3", len(f.Lines()))
	}
	if got := f.TextOf(f.Lines()[2].Value); got != "/b" {
		t.Errorf("line 3 value %q, want /b", got)
	}
	if err := f.Verify(); err != nil {
		t.Fatal(err)
	}
}

// pgRegexp is the regular expression protego 0.6.1's _URLPattern builds,
// written with Go's regexp for the tests only (the matcher has none): runs
// of '*' are one '*', the pattern is split at each '*' and at a final
// '$', '*' becomes ".*?", the final '$' and any piece that is a lone '$'
// stay '$', every other piece is literal; re.match anchors the start.
// Protego matches a pattern without '*' by prefix (or, with a final '$',
// equality) instead; the expression of such a pattern answers the same.
func pgRegexp(pat string) *regexp.Regexp {
	for strings.Contains(pat, "**") {
		pat = strings.ReplaceAll(pat, "**", "*")
	}
	final := strings.HasSuffix(pat, "$")
	body := strings.TrimSuffix(pat, "$")
	var re strings.Builder
	re.WriteString(`\A(?:`)
	for i, piece := range strings.Split(body, "*") {
		if i > 0 {
			re.WriteString(".*?")
		}
		if piece == "$" {
			re.WriteString(`\z`)
		} else {
			re.WriteString(regexp.QuoteMeta(piece))
		}
	}
	if final {
		re.WriteString(`\z`)
	}
	re.WriteString(")")
	return regexp.MustCompile(re.String())
}

// FuzzProtego: any bytes, token and URL parse and evaluate without a
// panic, the same way twice; every rule protego would keep has a priority
// of its characters; and each rule matches where protego's regular
// expression does.
func FuzzProtego(f *testing.F) {
	for _, c := range pgChecks {
		f.Add([]byte(c.Body), c.token, "http://example.com"+c.url)
	}
	f.Add([]byte("\ufeffuser agent foo*\r\xff\nallow /d/index.html$?\x00\nDisallow: //[::1]/a;b;\n"), "FOO", "/%2f%zz#x")
	f.Add([]byte("User-agent: *\nDisallow: /a?x*$*b\nAllow: /a;x**$**\n"), "x", "/a;x$b")
	f.Fuzz(func(t *testing.T, src []byte, token, url string) {
		file := matcher.Parse(matcher.Protego, src, matcher.ParseOptions{})
		if err := file.Verify(); err != nil {
			t.Fatal(err)
		}
		tg := &matcher.Target{Input: url, Path: url}
		a, b := file.EvaluateTarget(token, tg), matcher.Parse(matcher.Protego, src, matcher.ParseOptions{}).EvaluateTarget(token, tg)
		if a.Allowed != b.Allowed || a.Reason != b.Reason || a.Explanation != b.Explanation || !reflect.DeepEqual(a.Matches, b.Matches) {
			t.Fatalf("two evaluations differ: %s / %s", a.Explanation, b.Explanation)
		}
		if w, ok := a.WinningRule(); ok && w.Rule.Allow() != a.Allowed {
			t.Fatalf("winner %+v but allowed = %v", w, a.Allowed)
		}
		if a.Reason == matcher.ReasonRaises {
			return
		}
		ext := file.Ext().(*pgFile)
		for gi := range file.Groups {
			built := ext.entries(file, []int{gi}).entriesOf(file, gi)
			for ri := range built.n {
				entries := built.of(ri)
				// The entries are made again from the rule's pattern as
				// written: its own entry is the pattern the parse read.
				r := file.RulesOf(file.Groups[gi])[ri]
				full, own, err := pgBuild(pgIgnore(file.TextOf(r.Pattern)), r.Allow(), false)
				if main := file.Normalized(r); err != nil || (own < 0) != (main == "") || own >= 0 && full[own].pattern != main {
					t.Fatalf("rule of line %d: made again, own entry %d of %d (%v), but the parse read %q", r.Line, own, len(full), err, main)
				}
				if len(full) != len(entries) {
					t.Fatalf("rule of line %d: %d entries kept, %d made again", r.Line, len(entries), len(full))
				}
				for k, e := range full {
					if kept := built.form(file, &entries[k]); e.pgForm != kept {
						t.Fatalf("rule of line %d: entry %d kept as %+v, made again as %+v", r.Line, k, kept, e.pgForm)
					}
					if e.pattern == "" || int(e.prio) != utf8.RuneCountInString(e.pattern) {
						t.Fatalf("entry %q has priority %d", e.pattern, e.prio)
					}
					if got, want := e.matches(a.Path), pgRegexp(e.pattern).MatchString(a.Path); got != want {
						t.Fatalf("pattern %q on %q: match = %v, the regular expression's = %v", e.pattern, a.Path, got, want)
					}
				}
			}
		}
	})
}

// A rule set may gather tens of thousands of records (protego merges every
// record naming one value): the summary names a few and counts the rest.
func TestProtegoSummaryOfManyRecords(t *testing.T) {
	f := matcher.Parse(matcher.Protego, []byte(strings.Repeat("User-agent: *\nDisallow: /a\n\n", 6)), matcher.ParseOptions{})
	res, err := f.Evaluate("bot", "/a")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Groups.Selected) != 6 || !strings.Contains(res.Groups.Summary, "records at lines 1, 4, 7, 10 and 2 more.") {
		t.Errorf("selected %v, summary %q", res.Groups.Selected, res.Groups.Summary)
	}
}

// Rule sets that stay in protego's current_rule_sets across empty
// user-agent lines share every later group: with many of them the reading
// keeps where each joined, not a list per set, so that parsing stays
// linear.
func TestProtegoManySetsShareGroups(t *testing.T) {
	const n = 20000
	var b strings.Builder
	b.WriteString("User-agent: first\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Disallow: /x%d\nUser-agent:\nUser-agent: bot%d\n", i, i)
	}
	f := matcher.Parse(matcher.Protego, []byte(b.String()), matcher.ParseOptions{})
	first, err := f.Evaluate("first", "/x19999")
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Groups.Selected) != n+1 || first.Allowed {
		t.Errorf("first: %d groups, allowed %v; want all %d and disallowed", len(first.Groups.Selected), first.Allowed, n+1)
	}
	last, _ := f.Evaluate(fmt.Sprintf("bot%d", n-1), "/x19998")
	if !reflect.DeepEqual(last.Groups.Selected, []int{n}) || !last.Allowed {
		t.Errorf("the last bot: groups %v, allowed %v; want only the last group, allowed", last.Groups.Selected, last.Allowed)
	}
}

// pgQuoteKeeps is a shortcut: where it says a pattern stays as it is,
// _quote_pattern must return it unchanged.
func FuzzProtegoQuoteShortcut(f *testing.F) {
	for _, s := range []string{"/a*b", "//a", "/a=b.~_-", "/a:b", "/a%41", "a", "/ツ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pat string) {
		if pat == "" || !pgQuoteKeeps(pat) {
			return
		}
		got, err := pgQuotePattern(pat, &py.Stepper{S: pat})
		if err != nil || got != pat {
			t.Fatalf("%q: quoted %q (%v), but the shortcut keeps it", pat, got, err)
		}
	})
}

// After urlparse raises, Protego.parse gives nothing back; the reading
// keeps the rules before and still says what each later line is.
func TestProtegoLinesAfterRaise(t *testing.T) {
	f := matcher.Parse(matcher.Protego, []byte("User-agent: *\nDisallow: /a\nDisallow: x://[\nAllow: /b\nnonsense\n"), matcher.ParseOptions{})
	kinds := []matcher.Kind{matcher.KindUserAgent, matcher.KindDisallow, matcher.KindDisallow, matcher.KindAllow, matcher.KindInvalid}
	for i, k := range kinds {
		if f.Lines()[i].Kind != k {
			t.Errorf("line %d is %s, want %s", i+1, f.Lines()[i].Kind, k)
		}
	}
	if len(f.Groups) != 1 || f.Groups[0].Rules.Len() != 1 || !f.Diagnostics.Has(matcher.CodeRaises) {
		t.Errorf("groups %+v, diagnostics %v: want the rule of line 2 only, and the raise", f.Groups, f.Diagnostics)
	}
}

// A group whose rules have one entry each keeps no table of where each
// rule's entries start; the first rule with none or two (a twin with %24)
// makes it, and every rule still finds its own entries.
func TestProtegoEntriesWithoutStarts(t *testing.T) {
	for _, c := range []struct {
		name   string
		rules  string
		counts []int
		starts bool
	}{
		{"one entry each", "Disallow: /a\nAllow: /b*\nDisallow: /c\n", []int{1, 1, 1}, false},
		{"a twin in the middle", "Disallow: /a\nDisallow: /b$\nAllow: /c\n", []int{1, 2, 1}, true},
		{"a twin last", "Disallow: /a\nAllow: /b\nDisallow: /c$\n", []int{1, 1, 2}, true},
		{"a twin first", "Disallow: /a$\nAllow: /b\n", []int{2, 1}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := matcher.Parse(matcher.Protego, []byte("User-agent: *\n"+c.rules), matcher.ParseOptions{})
			built := f.Ext().(*pgFile).entries(f, []int{0}).entriesOf(f, 0)
			if got := built.starts != nil; got != c.starts {
				t.Errorf("a table of starts: %v, want %v", got, c.starts)
			}
			if built.n != len(c.counts) {
				t.Fatalf("%d rules, want %d", built.n, len(c.counts))
			}
			for ri, want := range c.counts {
				r := f.RulesOf(f.Groups[0])[ri]
				got := built.of(ri)
				if len(got) != want {
					t.Errorf("rule of line %d: %d entries, want %d", r.Line, len(got), want)
				}
				full, _, err := pgBuild(pgIgnore(f.TextOf(r.Pattern)), r.Allow(), false)
				if err != nil || len(full) != len(got) {
					t.Fatalf("rule of line %d: made again, %d entries (%v)", r.Line, len(full), err)
				}
				for k := range full {
					if kept := built.form(f, &got[k]); kept != full[k].pgForm {
						t.Errorf("rule of line %d: entry %d kept as %+v, made again as %+v", r.Line, k, kept, full[k].pgForm)
					}
				}
			}
		})
	}
}

// diff evaluates one File from several goroutines, once each token's
// groups are chosen (crawler.NewMatrix): the entries of a group are built
// by the first evaluation that reads it, under the file's lock, and every
// goroutine decides as an evaluation of a File of its own does. Run with
// -race, a build that wrote without the lock is reported.
func TestEntriesBuiltFromGoroutines(t *testing.T) {
	var b strings.Builder
	for g := range 40 {
		fmt.Fprintf(&b, "User-agent: bot%d\nUser-agent: *\nDisallow: /p%d/\nAllow: /p%d/open$\nDisallow: /*.pdf$\nAllow: /q%%24%d\n\n", g%7, g, g, g)
	}
	src := []byte(b.String())
	tokens := []string{"bot0", "bot3", "bot6", "other"}
	urls := []string{"/p1/x", "/p1/open", "/a.pdf", "/q$3", "/p39/open", "/z"}
	fresh := matcher.Parse(matcher.Protego, src, matcher.ParseOptions{})
	want := map[string]string{}
	for _, tok := range tokens {
		for _, u := range urls {
			r := fresh.EvaluateTarget(tok, &matcher.Target{Input: u, Path: u})
			want[tok+" "+u] = fmt.Sprint(r.Allowed, r.Reason, r.Winner, len(r.Matches))
		}
	}
	shared := matcher.Parse(matcher.Protego, src, matcher.ParseOptions{})
	for _, tok := range tokens {
		shared.SelectionFor(tok, pgSelect)
	}
	errs := make(chan string, 8*len(tokens)*len(urls))
	done := make(chan struct{})
	for w := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range tokens {
				tok := tokens[(i+w)%len(tokens)]
				for _, u := range urls {
					r := shared.EvaluateTarget(tok, &matcher.Target{Input: u, Path: u})
					if got := fmt.Sprint(r.Allowed, r.Reason, r.Winner, len(r.Matches)); got != want[tok+" "+u] {
						errs <- fmt.Sprintf("%s %s: %s, want %s", tok, u, got, want[tok+" "+u])
					}
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// form is m, one of e's entries, with its match form as text: what the
// tests hold a built entry to.
func (e *pgEntries) form(f *matcher.File, m *pgMatcher) pgForm {
	return pgForm{match: e.text(f, m), prio: m.prio, flags: m.flags, never: m.never}
}

// matches reports whether the entry matches the quoted URL path.
func (e *pgForm) matches(path string) bool {
	return !e.never && e.flags.Pattern(e.match).Match(path)
}
