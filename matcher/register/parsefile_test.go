package register

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseFile(t *testing.T) {
	src := `name: Family
source: RFC 9309 §5.2
token: foobot

Free text.
-- one/about --
name: First
source: seed 001
More text.
-- one/robots.txt --
User-agent: *
Disallow: /
-- one/queries --
# a comment
url=/x rfc9309=disallowed:2 python=allowed:- differ="python reads it otherwise"

url="/a b" token="" google=allowed:-
-- one/diagnostics --
2:1 some-code
-- two/robots.txt.esc --
User-agent: *\r\
-- two/queries --
url=/ rfc9309=allowed:-
`
	cases, err := ParseFile("testdata/register/fam.txtar", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("got %d cases, want 2", len(cases))
	}
	one, two := cases[0], cases[1]
	if one.ID != "fam/one" || one.Family != "Family" || one.Name != "First" || one.Source != "seed 001" || one.Token != "foobot" {
		t.Errorf("case one: %+v", one)
	}
	if one.Text != "Free text.\n\nMore text." {
		t.Errorf("case one text: %q", one.Text)
	}
	if string(one.Robots) != "User-agent: *\nDisallow: /\n" || one.Line != 10 {
		t.Errorf("case one robots: %q at line %d", one.Robots, one.Line)
	}
	wantQ := []Query{
		{URL: "/x", Token: "foobot", Differ: "python reads it otherwise", File: "testdata/register/fam.txtar", Line: 15,
			Expect: []Expectation{{"rfc9309", false, 2}, {"python", true, 0}}},
		{URL: "/a b", Token: "", File: "testdata/register/fam.txtar", Line: 17,
			Expect: []Expectation{{"google", true, 0}}},
	}
	if !reflect.DeepEqual(one.Queries, wantQ) {
		t.Errorf("case one queries:\n got %+v\nwant %+v", one.Queries, wantQ)
	}
	if !one.HasDiagnostics || len(one.Diagnostics) != 1 || one.Diagnostics[0].Position() != "2:1" || one.Diagnostics[0].Code != "some-code" {
		t.Errorf("case one diagnostics: %+v", one.Diagnostics)
	}
	if two.ID != "fam/two" || two.Name != "two" || two.Source != "RFC 9309 §5.2" || string(two.Robots) != "User-agent: *\r" || two.HasDiagnostics {
		t.Errorf("case two: %+v", two)
	}
}

// Every problem is reported with the file and line it is on.
func TestParseFileErrors(t *testing.T) {
	head := "name: n\nsource: s\ntoken: t\n"
	tests := []struct{ src, want string }{
		{"source: s\n-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed:-\n", "x.txtar:1: the header has no name"},
		{"name: n\n-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed:-\n", "x.txtar:1: the header has no source"},
		{head, "x.txtar:1: no robots.txt section"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowd:-\n", "x.txtar:6: rfc9309=\"allowd:-\": the verdict"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed\n", "x.txtar:6: rfc9309=\"allowed\": add the winning line"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed:0\n", "x.txtar:6: rfc9309=\"allowed:0\""},
		{head + "-- robots.txt --\n-- queries --\n\nrfc9309=allowed:-\n", "x.txtar:7: the query has no url="},
		{head + "-- robots.txt --\n-- queries --\nurl=/ \n", "x.txtar:6: the query expects nothing"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ url=/a rfc9309=allowed:-\n", "x.txtar:6: url= is given twice"},
		{head + "-- robots.txt --\n-- queries --\nurl=\"/a rfc9309=allowed:-\n", "x.txtar:6: url=: bad quoted value"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ Rfc=allowed:-\n", "x.txtar:6: \"Rfc\" is not a key"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ -rfc=allowed:-\n", "x.txtar:6: \"-rfc\" is not a key"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc-=allowed:-\n", "x.txtar:6: \"rfc-\" is not a key"},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc9309\n", "x.txtar:6: \"rfc9309\" is not KEY=VALUE"},
		{"name: n\nsource: s\n-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed:-\n", "x.txtar:5: the query has no token="},
		{head + "-- robots.txt --\n-- queries --\nurl=/ rfc9309=allowed:-\n-- diagnostics --\n2 code\n", "x.txtar:8: \"2 code\" is not LINE:COL code"},
		{head + "-- robots.txt --\n-- robots.txt.esc --\n-- queries --\nurl=/ rfc9309=allowed:-\n", "x.txtar:5: a case has robots.txt or robots.txt.esc"},
		{head + "-- robots.txt.esc --\nok\n\\q\n-- queries --\nurl=/ rfc9309=allowed:-\n", "x.txtar:4: robots.txt.esc: line 2: unknown escape"},
		{head + "-- robots.txt --\n", "x.txtar:4: case \"x\" has no queries section"},
		{head + "-- a/queries --\nurl=/ rfc9309=allowed:-\n", "case \"x/a\" has no robots.txt section"},
		{head + "-- robot.txt --\n", "x.txtar:4: unknown section \"robot.txt\""},
		{head + "-- robots.txt --\n-- queries --\n-- queries --\n", "x.txtar:6: section \"queries\" repeats the one on line 5"},
		{head + "-- robots.txt --\n-- a/robots.txt --\n", "x.txtar:4: a file with SUB/ sections cannot also have unprefixed ones"},
		{head + "-- robots.txt --\n-- about --\ntoken: \"x\n-- queries --\n", "x.txtar:6: token:"},
	}
	for _, tt := range tests {
		_, err := ParseFile("testdata/register/x.txtar", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseFile(%q):\n error %v\n want one containing %q", tt.src, err, tt.want)
		}
	}
}

// The register's own files parse, and every case has a source and queries.
func TestCasesAreComplete(t *testing.T) {
	cases, err := Cases()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range cases {
		if ids[c.ID] {
			t.Errorf("%s: case ID %s is used twice", c.File, c.ID)
		}
		ids[c.ID] = true
		if c.Source == "" || len(c.Queries) == 0 || len(c.Robots) == 0 {
			t.Errorf("%s:%d: case %s lacks a source, queries or a file", c.File, c.Line, c.ID)
		}
	}
}
