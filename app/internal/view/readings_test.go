package view

import (
	"strings"
	"testing"

	"robots-explorer/matcher/compare"

	"robots-explorer/matcher"
)

// The cache parses a text once per reading and forgets it when the text
// changes.
func TestReadingFilesCache(t *testing.T) {
	var c ReadingFiles
	src := "User-agent: *\nDisallow: /a\n"
	f := c.File(matcher.RFC9309, src)
	if c.File(matcher.RFC9309, src) != f {
		t.Error("the same text and reading was parsed twice")
	}
	if r, ok := c.Missing(src); !ok || r == matcher.RFC9309 {
		t.Errorf("missing = %q, %v; want another reading than the one parsed", r, ok)
	}
	all := c.All(src)
	if len(all) != len(matcher.Readings()) {
		t.Fatalf("all: %d files, want %d", len(all), len(matcher.Readings()))
	}
	for i, r := range matcher.Readings() {
		if all[i].Reading != r {
			t.Errorf("file %d is read as %s, want %s (Readings() order, as compare.Compare expects)", i, all[i].Reading, r)
		}
	}
	if _, ok := c.Missing(src); ok {
		t.Error("every reading was parsed, yet one is missing")
	}
	if c.File(matcher.RFC9309, src+"Allow: /b\n") == f {
		t.Error("an edited text reused the old parse")
	}
}

// "Allow: /fish*" then "Disallow: /fish": under RFC 9309 §2.2.2 and §2.2.3
// the longer allow wins; CPython's robotparser reads * literally, so its
// first matching rule is the disallow (the README's -compare example).
// Each reading is one row of the table: its title, verdict, deciding line
// and, where it differs from the chosen reading, compare.Compare's factor
// and sentence.
func TestCompareURLGivesEachDisagreementItsReason(t *testing.T) {
	var c ReadingFiles
	src := "User-agent: *\nAllow: /fish*\nDisallow: /fish\n"
	cmp := CompareURL(c.All(src), matcher.RFC9309, "Googlebot", "/fish")
	if cmp == nil || !cmp.Disagree || len(cmp.Readings) != len(matcher.Readings()) {
		t.Fatalf("comparison %+v: one row per reading, and they disagree on /fish", cmp)
	}
	byReading := map[matcher.Reading]ReadingVerdict{}
	for i, v := range cmp.Readings {
		if v.Reading != matcher.Readings()[i] || v.Title != matcher.About(v.Reading).Title || v.Title == "" {
			t.Errorf("row %d: %s titled %q; want Readings() order and About's title", i, v.Reading, v.Title)
		}
		byReading[v.Reading] = v
	}
	if v := byReading[matcher.RFC9309]; !v.Current || v.Differs || v.Verdict != "allowed" || v.Deciding() != "line 2: Allow: /fish*" || v.Difference() != "the chosen reading" {
		t.Errorf("rfc9309: %+v", v)
	}
	py := byReading[matcher.Python]
	if !py.Differs || py.Verdict != "disallowed" || py.Factor != compare.FactorWildcards || !strings.Contains(py.Reason, "any run of characters") ||
		py.Deciding() != "line 3: Disallow: /fish" || !strings.HasPrefix(py.Difference(), "wildcards: line 2") {
		t.Errorf("python: %+v; want a difference in wildcards, with its sentence, decided by line 3", py)
	}
	if g := byReading[matcher.Google]; g.Differs || g.Reason != "" || g.Difference() != "agrees" {
		t.Errorf("google agrees with rfc9309 here: %+v", g)
	}
}

// The rows name the factor that changes the verdict, seen from the chosen
// reading: with a typo line in the group, the difference on /~user/p is
// how %7E is read, not group boundaries.
func TestComparisonRowsNameTheDecidingFactor(t *testing.T) {
	src := "User-agent: a\nDisalow: /x/\nDisallow: /%7Euser/\n"
	tests := []struct {
		chosen, other matcher.Reading
		url           string
		factor        compare.Factor
		deciding      string
	}{
		{matcher.RFC9309, matcher.Google, "/~user/p", compare.FactorNormalization, "no rule matches"},
		{matcher.Google, matcher.RFC9309, "/~user/p", compare.FactorNormalization, "line 3: Disallow: /%7Euser/"},
		{matcher.RFC9309, matcher.Google, "/x/y", compare.FactorTypos, "line 2: Disalow: /x/"},
		{matcher.RFC9309, matcher.Python, "/robots.txt", "", "no rule matches"},
	}
	for _, tt := range tests {
		var c ReadingFiles
		cmp := CompareURL(c.All(src), tt.chosen, "a", tt.url)
		if cmp == nil {
			t.Fatalf("%s: no comparison", tt.url)
		}
		for _, v := range cmp.Readings {
			if v.Reading != tt.other {
				continue
			}
			if v.Factor != tt.factor || v.Differs != (tt.factor != "") || v.Deciding() != tt.deciding {
				t.Errorf("chosen %s, %s on %s: factor %q (%s), deciding %q; want %q, %q", tt.chosen, v.Reading, tt.url, v.Factor, v.Reason, v.Deciding(), tt.factor, tt.deciding)
			}
		}
	}
}

func TestCompareURLAgreementAndUnreadableURL(t *testing.T) {
	var c ReadingFiles
	files := c.All("User-agent: *\nDisallow: /private/\n")
	if cmp := CompareURL(files, matcher.RFC9309, "Googlebot", "https://example.com/private/x"); cmp == nil || cmp.Disagree || len(cmp.Readings) != len(files) {
		t.Errorf("every reading disallows /private/x: %+v", cmp)
	}
	if cmp := CompareURL(files, matcher.RFC9309, "Googlebot", "mailto:a@example.com"); cmp != nil {
		t.Errorf("an unreadable URL has no comparison: %+v", cmp)
	}
}

// Files parsed elsewhere (the page's background parse) join the cache of
// their text: Has and MissingAll see them, File returns them without a
// parse, and a new text empties the cache.
func TestReadingFilesPut(t *testing.T) {
	var c ReadingFiles
	src := "User-agent: *\nDisallow: /a\n"
	all := matcher.Readings()
	if got := c.MissingAll(src); len(got) != len(all) {
		t.Fatalf("an empty cache misses %v, want every reading", got)
	}
	files := ParseReadings(all[1:], src, "bot", "/a", func() {})
	for r, f := range files {
		c.Put(r, src, f)
	}
	if got := c.MissingAll(src); len(got) != 1 || got[0] != all[0] {
		t.Errorf("after Put of all but %s, MissingAll is %v", all[0], got)
	}
	if !c.Has(all[1], src) || c.Has(all[0], src) || c.Has(all[1], src+"x") {
		t.Error("Has does not say which readings of which text are cached")
	}
	if c.File(all[1], src) != files[all[1]] {
		t.Error("File parsed again a reading that was put")
	}
	if c.MissingAll(src + "x"); c.Has(all[1], src) {
		t.Error("a new text kept the old text's files")
	}
}
