package main

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// The cache parses a text once per reading and forgets it when the text
// changes.
func TestReadingFilesCache(t *testing.T) {
	var c readingFiles
	src := "User-agent: *\nDisallow: /a\n"
	f := c.file(matcher.RFC9309, src)
	if c.file(matcher.RFC9309, src) != f {
		t.Error("the same text and reading was parsed twice")
	}
	if r, ok := c.missing(src); !ok || r == matcher.RFC9309 {
		t.Errorf("missing = %q, %v; want another reading than the one parsed", r, ok)
	}
	all := c.all(src)
	if len(all) != len(matcher.Readings()) {
		t.Fatalf("all: %d files, want %d", len(all), len(matcher.Readings()))
	}
	for i, r := range matcher.Readings() {
		if all[i].Reading != r {
			t.Errorf("file %d is read as %s, want %s (Readings() order, as matcher.Compare expects)", i, all[i].Reading, r)
		}
	}
	if _, ok := c.missing(src); ok {
		t.Error("every reading was parsed, yet one is missing")
	}
	if c.file(matcher.RFC9309, src+"Allow: /b\n") == f {
		t.Error("an edited text reused the old parse")
	}
}

// "Allow: /fish*" then "Disallow: /fish": under RFC 9309 §2.2.2 and §2.2.3
// the longer allow wins; CPython's robotparser reads * literally, so its
// first matching rule is the disallow (the README's -compare example).
// The reason beside python's verdict is matcher.Compare's sentence.
func TestCompareURLGivesEachDisagreementItsReason(t *testing.T) {
	var c readingFiles
	src := "User-agent: *\nAllow: /fish*\nDisallow: /fish\n"
	cmp := compareURL(c.all(src), matcher.RFC9309, "Googlebot", "/fish")
	if cmp == nil || !cmp.Disagree {
		t.Fatalf("comparison %+v: the readings disagree on /fish", cmp)
	}
	byReading := map[matcher.Reading]readingVerdict{}
	for _, v := range cmp.Readings {
		byReading[v.Reading] = v
	}
	if v := byReading[matcher.RFC9309]; !v.Current || v.Differs || v.Verdict != "allowed" {
		t.Errorf("rfc9309: %+v", v)
	}
	py := byReading[matcher.Python]
	if !py.Differs || py.Verdict != "disallowed" || py.Factor != matcher.FactorWildcards || !strings.Contains(py.Reason, "any run of characters") {
		t.Errorf("python: %+v; want a difference in wildcards, with its sentence", py)
	}
	if g := byReading[matcher.Google]; g.Differs || g.Reason != "" {
		t.Errorf("google agrees with rfc9309 here: %+v", g)
	}
	for _, d := range cmp.Others {
		if d.A == matcher.RFC9309 || d.B == matcher.RFC9309 {
			t.Errorf("a pair with the chosen reading is listed among the others: %+v", d)
		}
	}
	if len(cmp.Others) == 0 {
		t.Error("google and python disagree too; that pair is missing")
	}
}

func TestCompareURLAgreementAndUnreadableURL(t *testing.T) {
	var c readingFiles
	files := c.all("User-agent: *\nDisallow: /private/\n")
	if cmp := compareURL(files, matcher.RFC9309, "Googlebot", "/private/x"); cmp == nil || cmp.Disagree || len(cmp.Readings) != len(files) {
		t.Errorf("every reading disallows /private/x: %+v", cmp)
	}
	if cmp := compareURL(files, matcher.RFC9309, "Googlebot", "example.com/a"); cmp != nil {
		t.Errorf("an unreadable URL has no comparison: %+v", cmp)
	}
}
