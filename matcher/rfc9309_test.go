package matcher

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher/register"
)

// rfcExample is RFC 9309 §5.1's example file, from the register.
var rfcExample = string(registerRobots(register.RFC9309Example))

// registerRobots returns a register case's robots.txt; the register is
// embedded, so a missing case is a broken build, not a test's condition.
func registerRobots(id string) []byte {
	c, err := register.Lookup(id)
	if err != nil {
		panic(err)
	}
	return c.Robots
}

func TestParseLineModel(t *testing.T) {
	src := "\xEF\xBB\xBFUser-agent: a # hi\r\nDisallow: /x\r\n\r\n# c\nSitemap: https://e.example/s.xml\nnonsense\n"
	f := Parse(RFC9309, []byte(src), ParseOptions{})
	want := []struct {
		kind       Kind
		key, value string
		group      int
	}{
		{KindUserAgent, "User-agent", "a", 0},
		{KindDisallow, "Disallow", "/x", 0},
		{KindBlank, "", "", 0},
		{KindComment, "", "", 0},
		{KindOther, "Sitemap", "https://e.example/s.xml", 0},
		{KindInvalid, "", "", -1},
	}
	if len(f.Lines()) != len(want) {
		t.Fatalf("got %d lines, want %d", len(f.Lines()), len(want))
	}
	for i, w := range want {
		l := f.Lines()[i]
		key, value := f.TextOf(l.Key), f.TextOf(l.Value)
		if int(l.Number) != i+1 || l.Kind != w.kind || key != w.key || value != w.value || int(l.Group) != w.group {
			t.Errorf("line %d = %+v (key %q, value %q), want %+v", i+1, l, key, value, w)
		}
		if !inside(l.Key, l) || !inside(l.Value, l) || !inside(l.Comment, l) {
			t.Errorf("line %d: a span lies outside the line: %+v", i+1, l)
		}
	}
	if c := f.TextOf(f.Lines()[0].Comment); f.BOM != 3 || f.Lines()[0].Start != 3 || c != " hi" {
		t.Errorf("BOM %d, first line starts at %d, comment %q", f.BOM, f.Lines()[0].Start, c)
	}
	if f.Text(2) != "Disallow: /x" {
		t.Errorf("Text(2) = %q", f.Text(2))
	}
}

// RFC 9309 §2.1: a user-agent line after a rule starts a new group; blank
// lines and other records do not end a group.
func TestGroupsRFC9309(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: a\n\nUser-agent: b\nSitemap: https://x.example/s\nDisallow: /1\n\nAllow: /2\nUser-agent: c\nDisallow: /3\n"), ParseOptions{})
	if len(f.Groups) != 2 {
		t.Fatalf("want 2 groups, got %d: %+v", len(f.Groups), f.Groups)
	}
	g := f.Groups[0]
	if g.Agents.Len() != 2 || g.Rules.Len() != 2 || g.FirstLine != 1 || g.LastLine != 7 {
		t.Errorf("group 0 = %+v", g)
	}
	if f.TokenOf(f.AgentsOf(f.Groups[1])[0]) != "c" || f.TextOf(f.RulesOf(f.Groups[1])[0].Pattern) != "/3" {
		t.Errorf("group 1 = %+v", f.Groups[1])
	}
}

func codesAt(f *File) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Diagnostics {
		out[fmt.Sprintf("%d %s", d.Pos.Line, d.Code)] = true
	}
	return out
}

func TestDiagnosticsRFC9309(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"RFC 9309 §2.1 rule before any user-agent", "Disallow: /\nUser-agent: *\nDisallow: /x\n", "1 rule-outside-group"},
		{"RFC 9309 §2.2.4 unknown key", "User-agent: *\nFoo: bar\nDisallow: /x\n", "2 unknown-key"},
		{"google robots.cc typo accepted by Google", "User-agent: *\nDisalow: /x\n", "2 typo-key"},
		{"google robots.cc missing colon", "User-agent: *\nDisallow /x\n", "2 missing-colon"},
		{"RFC 9309 §2.2 not a record", "User-agent: *\nhello world again\nDisallow: /x\n", "2 invalid-line"},
		{"RFC 9309 §2.2.1 product token cut", "User-agent: Googlebot/2.1\nDisallow: /x\n", "1 token-cut"},
		{"RFC 9309 §2.2.1 empty user-agent", "User-agent:\nDisallow: /x\n", "1 empty-user-agent"},
		{"RFC 9309 §2.2.2 pattern start", "User-agent: *\nDisallow: fish\n", "2 pattern-start"},
		{"RFC 9309 §2.2.3 dollar inside", "User-agent: *\nDisallow: /a$b\n", "2 dollar-inside"},
		{"RFC 9309 §2.2.2 space inside", "User-agent: *\nDisallow: /a b\n", "2 space-in-pattern"},
		{"RFC 9309 §2.2.2 empty pattern", "User-agent: *\nDisallow:\n", "2 empty-pattern"},
		{"RFC 3986 §2.1 bad percent", "User-agent: *\nDisallow: /%zz\n", "2 bad-percent"},
		{"RFC 3986 §2.1 cut escape", "User-agent: *\nDisallow: /%E3%8\n", "2 bad-percent"},
		{"RFC 9309 §2.2 invalid UTF-8", "User-agent: *\nDisallow: /\xff\n", "2 invalid-utf8"},
		{"RFC 9309 §2.2 NUL byte", "User-agent: *\nDisallow: /\x00\n", "2 nul-byte"},
		{"google robots.cc long line", "User-agent: *\nDisallow: /" + strings.Repeat("a", GoogleLineLimit) + "\n", "2 long-line"},
		{"RFC 9309 §2.2.1 duplicate agent", "User-agent: a\nDisallow: /1\nUser-agent: A\nDisallow: /2\n", "3 duplicate-agent"},
		{"RFC 9309 §2.2.4 sitemap not absolute", "Sitemap: /sitemap.xml\n", "1 sitemap-not-absolute"},
		{"RFC 9309 §2.2.4 crawl-delay", "User-agent: *\nCrawl-delay: 10\n", "2 nonstandard-record"},
		{"RFC 9309 §2.2.4 noindex", "User-agent: *\nNoindex: /x\n", "2 nonstandard-record"},
		{"RFC 9309 §2.2.4 host", "Host: example.com\n", "1 nonstandard-record"},
		{"RFC 9309 §2.2 BOM", "\xEF\xBB\xBFUser-agent: *\nDisallow: /\n", "1 bom"},
		{"RFC 9309 §2.2.1 empty group", "User-agent: a\nUser-agent: *\nDisallow: /\n", ""},
		{"RFC 9309 §2.2.1 empty group at end", "User-agent: *\nDisallow: /\nUser-agent: a\n", "3 empty-group"},
		{"RFC 9309 §2.5 size limit", "User-agent: *\n" + strings.Repeat("# padding line\n", ParseLimit/15+1), "size-limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(RFC9309, []byte(tt.src), ParseOptions{})
			got := codesAt(f)
			if tt.want == "" {
				for k := range got {
					if strings.HasSuffix(k, string(CodeEmptyGroup)) {
						t.Errorf("unexpected %s", k)
					}
				}
				return
			}
			if tt.want == "size-limit" {
				if len(f.Diagnostics) == 0 || f.Diagnostics[len(f.Diagnostics)-1].Code != CodeSizeLimit {
					t.Errorf("no size-limit diagnostic: %v", f.Diagnostics)
				}
				return
			}
			if !got[tt.want] {
				t.Errorf("want %q among %v", tt.want, f.Diagnostics)
			}
		})
	}
}

// Diagnostics carry positions inside the input, and are sorted.
func TestDiagnosticPositions(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: *\nDisallow: /a$b\n"), ParseOptions{})
	if len(f.Diagnostics) != 1 {
		t.Fatalf("want 1 diagnostic, got %v", f.Diagnostics)
	}
	d := f.Diagnostics[0]
	if d.Pos.Line != 2 || d.Pos.Column != 13 || d.Pos.Offset != 26 || d.Source == "" || d.Message == "" {
		t.Errorf("got %+v", d)
	}
}

func eval(t *testing.T, f *File, token, url string) *Result {
	t.Helper()
	r, err := f.Evaluate(token, url)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// RFC 9309 §5.1: each group and each token of the example file.
func TestEvaluateRFC9309Example(t *testing.T) {
	f := Parse(RFC9309, []byte(rfcExample), ParseOptions{})
	tests := []struct {
		token, url string
		allowed    bool
		winner     int // line, 0 for none
		reason     Reason
	}{
		{"foobot", "/", false, 7, ReasonLongest},
		{"foobot", "/example/page.html", true, 8, ReasonLongest},
		{"foobot", "/example/allowed.gif", true, 9, ReasonLongest},
		{"FooBot", "/x", false, 7, ReasonLongest},
		{"barbot", "/example/page.html", false, 13, ReasonLongest},
		{"bazbot", "/example/page.html", false, 13, ReasonLongest},
		{"barbot", "/example/other.html", true, 0, ReasonNoMatch},
		{"quxbot", "/example/page.html", true, 0, ReasonNoMatch},
		{"otherbot", "/example/page.html", false, 3, ReasonLongest},
		{"otherbot", "/publications/x.gif", true, 4, ReasonLongest},
		{"otherbot", "/images/x.gif", false, 2, ReasonLongest},
		{"otherbot", "/publications/x.html", true, 4, ReasonLongest},
		{"foobot", "/robots.txt", true, 0, ReasonRobotsTxt},
	}
	for _, tt := range tests {
		t.Run(tt.token+tt.url, func(t *testing.T) {
			r := eval(t, f, tt.token, tt.url)
			line := 0
			if m, ok := r.WinningRule(); ok {
				line = int(m.Rule.Line)
			}
			if r.Allowed != tt.allowed || line != tt.winner || r.Reason != tt.reason {
				t.Errorf("got allowed=%v winner=%d reason=%s (%s); want %v %d %s", r.Allowed, line, r.Reason, r.Explanation, tt.allowed, tt.winner, tt.reason)
			}
		})
	}
}

// RFC 9309 §2.2.1: groups naming the token are merged; else '*' groups
// are merged; a named group without rules does not fall back.
func TestGroupSelectionRFC9309(t *testing.T) {
	src := "User-agent: a\nDisallow: /1\n\nUser-agent: *\nDisallow: /2\n\nUser-agent: A\nDisallow: /3\n\nUser-agent: *\nDisallow: /4\n\nUser-agent: e\n"
	f := Parse(RFC9309, []byte(src), ParseOptions{})
	tests := []struct {
		token    string
		selected []int
		global   bool
	}{
		{"a", []int{0, 2}, false},
		{"zzz", []int{1, 3}, true},
		{"", []int{1, 3}, true},
		{"e", []int{4}, false},
	}
	for _, tt := range tests {
		tr := selectGroups(f, tt.token)
		if fmt.Sprint(tr.Selected) != fmt.Sprint(tt.selected) || tr.Global != tt.global || tr.Summary == "" {
			t.Errorf("token %q: got %v global=%v, want %v %v", tt.token, tr.Selected, tr.Global, tt.selected, tt.global)
		}
	}
	r := eval(t, f, "a", "/3")
	if r.Allowed || len(r.Matches) != 1 || r.Matches[0].Rule.Line != 8 || !r.Groups.Merged {
		t.Errorf("merged group did not decide: %+v", r)
	}
	if r := eval(t, f, "e", "/1"); !r.Allowed || r.Reason != ReasonNoMatch {
		t.Errorf("an empty named group should allow and not fall back: %+v", r)
	}
	if r := eval(t, Parse(RFC9309, []byte("User-agent: a\nDisallow: /\n"), ParseOptions{}), "b", "/x"); !r.Allowed || r.Reason != ReasonNoGroup {
		t.Errorf("no applying group should allow: %s", r.Explanation)
	}
}

// RFC 9309 §2.2.1: product-token = identifier / "*", so only '*' itself
// names the global group ("* anything", parted by white space, too, as in
// google/robotstxt 22b355f); "*bot" is not it, as Google's library and
// crawler-commons 8e14e27 read it, and says so in a diagnostic.
func TestGlobalGroupRFC9309(t *testing.T) {
	tests := []struct {
		name, agent string
		global      bool
		diag        Code
	}{
		{"RFC 9309 §2.2.1 star", "*", true, ""},
		{"google/robotstxt 22b355f star space anything", "* anything", true, CodeTokenCut},
		{"google/robotstxt 22b355f star tab anything", "*\tbot", true, CodeTokenCut},
		{"RFC 9309 §2.2.1 star bot is not global", "*bot", false, CodeEmptyUserAgent},
		{"RFC 9309 §2.2.1 star slash is not global", "*/1.0", false, CodeEmptyUserAgent},
		{"RFC 9309 §2.2.1 star star is not global", "**", false, CodeEmptyUserAgent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(RFC9309, []byte("User-agent: "+tt.agent+"\nDisallow: /\n"), ParseOptions{})
			a := f.AgentsOf(f.Groups[0])[0]
			if a.Global != tt.global {
				t.Fatalf("User-agent: %q: global = %v, want %v", tt.agent, a.Global, tt.global)
			}
			if r := eval(t, f, "OtherBot", "/x"); r.Allowed == tt.global {
				t.Errorf("OtherBot on /x: allowed = %v, want %v (%s)", r.Allowed, !tt.global, r.Explanation)
			}
			var got []Diagnostic
			for _, d := range f.Diagnostics {
				if d.Pos.Line == 1 {
					got = append(got, d)
				}
			}
			if tt.diag == "" {
				if len(got) != 0 {
					t.Errorf("want no diagnostic on line 1, got %v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.diag {
				t.Fatalf("want one %s on line 1, got %v", tt.diag, got)
			}
			if !tt.global && !strings.Contains(got[0].Message, "not the global group") {
				t.Errorf("diagnostic %q does not say the line is not the global group", got[0].Message)
			}
		})
	}
}

// RFC 9309 §2.2.2: the longest match wins; on a tie, allow; seed 001's
// which-rule-wins table.
func TestWinnerRFC9309(t *testing.T) {
	tests := []struct {
		rules, path string
		allowed     bool
		reason      Reason
	}{
		{"Allow: /p\nDisallow: /", "/page", true, ReasonLongest},
		{"Allow: /folder\nDisallow: /folder", "/folder/page", true, ReasonTieAllow},
		{"Disallow: /folder\nAllow: /folder", "/folder/page", true, ReasonTieAllow},
		{"Allow: /$\nDisallow: /", "/", true, ReasonLongest},
		{"Allow: /$\nDisallow: /", "/page.htm", false, ReasonLongest},
		{"Allow: /page\nDisallow: /*.htm", "/page.htm", false, ReasonLongest},
		{"Allow: /fish*\nDisallow: /fish", "/fish", true, ReasonLongest},
		{"Disallow: /", "/robots.txt", true, ReasonRobotsTxt},
		{"Disallow:", "/x", true, ReasonNoMatch},
	}
	for _, tt := range tests {
		f := Parse(RFC9309, []byte("User-agent: *\n"+tt.rules+"\n"), ParseOptions{})
		r := eval(t, f, "bot", tt.path)
		if r.Allowed != tt.allowed || r.Reason != tt.reason {
			t.Errorf("%q on %s: got %v %s (%s), want %v %s", tt.rules, tt.path, r.Allowed, r.Reason, r.Explanation, tt.allowed, tt.reason)
		}
	}
}

func TestExplanationSentences(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: *\nAllow: /fish\nDisallow: /*.php\n"), ParseOptions{})
	r := eval(t, f, "Googlebot", "/fish.php")
	want := "Disallowed by line 3, `Disallow: /*.php` (6 octets), which is longer than line 2, `Allow: /fish` (5 octets)."
	if r.Explanation != want {
		t.Errorf("got  %s\nwant %s", r.Explanation, want)
	}
	r = eval(t, f, "Googlebot", "/fish")
	if !strings.Contains(r.Explanation, "the only rule that matches") {
		t.Errorf("got %s", r.Explanation)
	}
	f = Parse(RFC9309, []byte("User-agent: *\nAllow: /a\nDisallow: /a\n"), ParseOptions{})
	if r := eval(t, f, "x", "/a"); !strings.Contains(r.Explanation, "on a tie, allow wins") {
		t.Errorf("got %s", r.Explanation)
	}
}

// The explanation carries the normalization steps of the URL and of each
// matching pattern, and the diagnostics of the applying groups only.
func TestResultCarriesStepsAndDiagnostics(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: a\nDisallow: /ツ\nCrawl-delay: 5\n\nUser-agent: b\nDisallow: /a$b\n"), ParseOptions{})
	r := eval(t, f, "a", "https://Example.com/%E3%83%84#x")
	if r.Allowed || len(r.Matches) != 1 || len(r.Matches[0].Steps) == 0 || len(r.Target.Steps) == 0 {
		t.Fatalf("got %+v", r)
	}
	if len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != CodeNonStandardRecord {
		t.Errorf("diagnostics bearing on the decision: %v", r.Diagnostics)
	}
	if r.Target.RobotsURL != "https://example.com/robots.txt" {
		t.Errorf("robots URL %q", r.Target.RobotsURL)
	}
}

func TestEvaluateBadURL(t *testing.T) {
	if _, err := Parse(RFC9309, nil, ParseOptions{}).Evaluate("x", "mailto:x@example.com"); err == nil {
		t.Error("want an error for a URL that cannot be read")
	}
}

func TestParseReading(t *testing.T) {
	if r, err := ParseReading("RFC9309"); err != nil || r != RFC9309 {
		t.Errorf("got %v %v", r, err)
	}
	if _, err := ParseReading("nope"); err == nil || !strings.Contains(err.Error(), "rfc9309") {
		t.Errorf("unknown reading error should list the known ones: %v", err)
	}
}

// TestRFCKeyCaseInsensitiveASCII: RFC 9309 §2.2's keys are ABNF strings,
// matched without case in US-ASCII only (RFC 5234 §2.3). The word-at-a-time
// comparison must agree with strings.EqualFold restricted to ASCII for
// every case mix, and reject near misses: one byte off, the bytes just
// outside the letters ('@' and '`'), and non-ASCII look-alikes that
// strings.EqualFold accepts (the long s folds to s, the Kelvin sign to k,
// only in Unicode).
func TestRFCKeyCaseInsensitiveASCII(t *testing.T) {
	keys := map[string]Kind{"allow": KindAllow, "disallow": KindDisallow, "user-agent": KindUserAgent}
	for k, want := range keys {
		for mask := 0; mask < 1<<len(k); mask++ {
			b := []byte(k)
			for i := range b {
				if mask&(1<<i) != 0 {
					b[i] = strings.ToUpper(string(b[i]))[0]
				}
			}
			if got := rfcKey(string(b)); got != want {
				t.Fatalf("rfcKey(%q) = %v, want %v", b, got, want)
			}
		}
		for i := range k {
			for _, c := range []byte{k[i] ^ 0x01, k[i] &^ 0x40, '@', '`', 0, 0x80} {
				b := []byte(k)
				b[i] = c
				if strings.EqualFold(string(b), k) {
					continue
				}
				if got := rfcKey(string(b)); got != KindOther {
					t.Fatalf("rfcKey(%q) = %v, want other", b, got)
				}
			}
		}
	}
	// The long s makes keys strings.EqualFold takes; no key holds a k, so
	// the Kelvin sign's case only has a wrong length.
	for _, s := range []string{"", "allo", "alloww", "dis allow", "user_agent", "useragent", "\u212Allow",
		"di\u017Fallow", "u\u017Fer-agent"} {
		if got := rfcKey(s); got != KindOther {
			t.Errorf("rfcKey(%q) = %v, want other", s, got)
		}
	}
}

// inside reports whether the span s lies within the line l.
func inside(s Span, l Line) bool { return l.Start <= s.Start && s.Start <= s.End && s.End <= l.End }
