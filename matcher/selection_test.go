package matcher

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// A File keeps each token's group trace; a result from the cache must be
// the one worked out afresh, for every reading, for more tokens than the
// cache holds.
func TestSelectionCacheGivesFreshResults(t *testing.T) {
	src := []byte("User-agent: a\nUser-agent: b/1\nDisallow: /x\n\nUser-agent: *\nAllow: /x$\nDisallow: /\nCrawl-delay: 1\nUser-agent: a\nDisalow: /z\n")
	tokens := []string{"a", "A", "b", "", " a ", "zz"}
	for i := 0; i < MaxSelections; i++ {
		tokens = append(tokens, fmt.Sprintf("bot%d", i))
	}
	for _, r := range Readings() {
		cached := Parse(r, src, ParseOptions{})
		for _, tok := range tokens {
			for _, u := range []string{"/x", "/y", "/robots.txt"} {
				fresh := Parse(r, src, ParseOptions{})
				fresh.selections = nil
				want, _ := fresh.Evaluate(tok, u)
				got, _ := cached.Evaluate(tok, u)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s %q %s: cached %+v, fresh %+v", r, tok, u, got, want)
				}
			}
		}
		n := len(cached.selections)
		if n > MaxSelections {
			t.Errorf("%s: the cache holds %d tokens, more than %d", r, n, MaxSelections)
		}
		// The readings that cache were asked for more tokens than the
		// cache holds: it is full.
		if (r == RFC9309 || r == Google) && n != MaxSelections {
			t.Errorf("%s: the cache holds %d tokens, want %d", r, n, MaxSelections)
		}
	}
}

// RFC 9309 §2.2.1 compares product tokens without case, Unicode's simple
// folding included: the Kelvin sign names the group of "Kbot".
func TestKelvinSignNamesItsGroup(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: Kbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"), ParseOptions{})
	if tr := selectGroups(f, "\u212abot"); len(tr.Selected) != 1 || tr.Selected[0] != 0 || tr.Global {
		t.Errorf("the Kelvin sign: selected %v, global %v; want group 0", tr.Selected, tr.Global)
	}
}

// A trace's sentences, written when read, quote as fmt's %q does, whether
// the token is plain or needs escapes.
func TestTraceSentenceIsFmtQ(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: a\nUser-agent: bb\nDisallow: /\n"), ParseOptions{})
	w := NewTraceWriter(f, "Googlebot", " equals %s", " is not %s")
	tokens := []string{"a", "bb", `q"uote`, `back\slash`, "ツ", "\x00", "\xff", strings.Repeat("z", 100), "last"}
	var got []string
	for _, tok := range tokens {
		w.NotNamed(AgentText{Token: tok}, 0)
		got = append(got, w.tr.How(w.tr.Agents[len(w.tr.Agents)-1]))
	}
	for i, tok := range tokens {
		if want := fmt.Sprintf("%q is not %q", tok, "Googlebot"); got[i] != want {
			t.Errorf("sentence %d: got %q, want %q", i, got[i], want)
		}
	}
}

// The diagnostics that bear on a decision are those of the applying
// groups' lines and those about the whole file, in file order; with more
// than 64 groups, so that the applying ones lie beyond the first word of
// the set that marks them.
func TestBearingManyGroups(t *testing.T) {
	var b strings.Builder
	b.WriteString("\xef\xbb\xbf") // a BOM: a diagnostic about the whole file
	for g := 0; g < 150; g++ {
		name := gen.Letters(g)
		if g == 70 || g == 129 {
			name = "target"
		}
		fmt.Fprintf(&b, "User-agent: %s\nDisallow: /x\nCrawl-delay: %d\n\n", name, g)
	}
	for _, r := range []Reading{RFC9309, Google} {
		f := Parse(r, []byte(b.String()), ParseOptions{})
		res := eval(t, f, "target", "/x")
		var want DiagnosticList
		for _, d := range f.Diagnostics {
			if d.Code == CodeBOM || d.Pos.Line >= 1 && d.Pos.Line <= len(f.Lines()) && slices.Contains(res.Groups.Selected, int(f.Lines()[d.Pos.Line-1].Group)) {
				want = append(want, d)
			}
		}
		if fmt.Sprint(res.Groups.Selected) != "[70 129]" {
			t.Fatalf("%s: selected %v, want [70 129]", r, res.Groups.Selected)
		}
		if len(want) < 3 || !reflect.DeepEqual(res.Diagnostics, want) {
			t.Errorf("%s: bearing diagnostics\n got %v\nwant %v", r, res.Diagnostics, want)
		}
	}
}

// The trace's quoting takes a short cut for plain tokens; every text must
// still read as strconv.Quote writes it.
func TestQuotedThenIsQuote(t *testing.T) {
	for _, s := range []string{"", "Googlebot", "bot-a_b", "a b", `a"b`, `a\b`, "tab\there", "é", "\x7f", "~!", "\xff"} {
		if got, want := quotedThen(s, " is not x"), strconv.Quote(s)+" is not x"; got != want {
			t.Errorf("quotedThen(%q) = %s, want %s", s, got, want)
		}
	}
}

// Tokens that select the same groups share one rule index, so that the
// crawlers that fall back to '*' do not each build one over the same
// rules. A token that selects other groups has its own, and each index
// still finds its own groups' rules.
func TestSelectionsOfTheSameGroupsShareTheirIndex(t *testing.T) {
	f := Parse(RFC9309, []byte("User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /star\n"), ParseOptions{})
	b, c, a := f.SelectionFor("b", selectGroups), f.SelectionFor("c", selectGroups), f.SelectionFor("a", selectGroups)
	if b.Rules != c.Rules {
		t.Error(`"b" and "c" both select the '*' group, but have an index each`)
	}
	if a.Rules == b.Rules {
		t.Error(`"a" selects its own group, but shares the '*' group's index`)
	}
	for range 2 { // the second evaluation of each builds its index
		for _, q := range []struct {
			token, url string
			allowed    bool
		}{{"b", "/star", false}, {"c", "/a", true}, {"a", "/a", false}, {"a", "/star", true}} {
			if res, _ := f.Evaluate(q.token, q.url); res.Allowed != q.allowed {
				t.Errorf("%s %s: %s, want allowed %v", q.token, q.url, res.Verdict(), q.allowed)
			}
		}
	}
}

// GroupWords names every group up to maxListedGroups, then how many more
// and the last one's line.
func TestGroupWords(t *testing.T) {
	f := Parse(RFC9309, []byte(strings.Repeat("User-agent: a\nDisallow: /\n", 25)), ParseOptions{})
	upTo := func(n int) []int {
		groups := make([]int, n)
		for i := range groups {
			groups[i] = i
		}
		return groups
	}
	for _, tt := range []struct {
		groups int
		want   string
	}{
		{1, "group at line 1"},
		{2, "groups at lines 1 and 3"},
		{3, "groups at lines 1, 3 and 5"},
		{20, "groups at lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37 and 39"},
		{21, "groups at lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39 and 1 more, the last at line 41"},
		{25, "groups at lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39 and 5 more, the last at line 49"},
	} {
		if got := GroupWords(f, upTo(tt.groups)); got != tt.want {
			t.Errorf("%d groups: %q, want %q", tt.groups, got, tt.want)
		}
	}
}
