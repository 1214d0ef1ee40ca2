package register

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"robots-explorer/matcher"
	_ "robots-explorer/matcher/readings"
)

func loadCases(t *testing.T) []Case {
	t.Helper()
	cases, err := Cases()
	if err != nil {
		t.Fatalf("reading the register: %v", err)
	}
	if len(cases) == 0 {
		t.Fatal("the register is empty")
	}
	return cases
}

// TestRegister runs every case of testdata/register through the matcher,
// under every reading it names, and checks the verdict, the winning line
// and (under rfc9309) the diagnostics. A reading name the matcher does not
// know (a typo such as rfc9039, or a reading not merged yet) fails the
// case: an expectation that is never checked must not pass as one that is.
func TestRegister(t *testing.T) {
	cases := loadCases(t)
	var queries, checked int
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			queries += len(c.Queries)
			checked += runCase(t, c)
			if c.HasDiagnostics {
				checkDiagnostics(t, c)
			}
		})
	}
	t.Logf("register: %d cases, %d queries, %d expectations checked", len(cases), queries, checked)
}

// runCase evaluates every query of c under every reading it names; it
// returns how many expectations were checked.
func runCase(t *testing.T, c Case) int {
	t.Helper()
	files := map[matcher.Reading]*matcher.File{}
	checked := 0
	for _, q := range c.Queries {
		for _, e := range q.Expect {
			r, err := knownReading(e.Reading)
			if err != nil {
				t.Errorf("%s:%d: %v", q.File, q.Line, err)
				continue
			}
			f := files[r]
			if f == nil {
				f = matcher.Parse(r, c.Robots, matcher.ParseOptions{})
				files[r] = f
			}
			checkQuery(t, c, f, q, e)
			checked++
		}
	}
	return checked
}

// knownReading returns the reading of an expectation's name, checked
// against the readings the matcher has now (matcher.Readings), so that a
// reading merged later needs no change here.
func knownReading(name string) (matcher.Reading, error) {
	for _, r := range matcher.Readings() {
		if string(r) == name {
			return r, nil
		}
	}
	return "", fmt.Errorf("the register names reading %q, which the matcher does not know (known: %v)", name, matcher.Readings())
}

func checkQuery(t *testing.T, c Case, f *matcher.File, q Query, e Expectation) {
	t.Helper()
	where := fmt.Sprintf("%s:%d: %s token=%q url=%q", q.File, q.Line, e.Reading, q.Token, q.URL)
	res, err := f.Evaluate(q.Token, q.URL)
	if err != nil {
		t.Errorf("%s: the URL cannot be read: %v", where, err)
		return
	}
	got := Expectation{Reading: e.Reading, Allowed: res.Allowed}
	if m, ok := res.WinningRule(); ok {
		got.Line = int(m.Rule.Line)
	}
	if got != e {
		t.Errorf("%s\n\tsource: %s\n\twant %s, got %s: %s", where, c.Source, e, got, res.Explanation)
	}
}

// checkDiagnostics compares, position by position, the set of diagnostic
// codes the rfc9309 reading reports with the set the case lists.
func checkDiagnostics(t *testing.T, c Case) {
	t.Helper()
	f := matcher.Parse(matcher.RFC9309, c.Robots, matcher.ParseOptions{})
	got := map[string]bool{}
	for _, d := range f.Diagnostics {
		got[fmt.Sprintf("%d:%d %s", d.Pos.Line, d.Pos.Column, d.Code)] = true
	}
	want := map[string]int{}
	for _, d := range c.Diagnostics {
		want[d.Position()+" "+d.Code] = d.SrcLine
	}
	for k, line := range want {
		if !got[k] {
			t.Errorf("%s:%d: diagnostic %s expected, not reported", c.File, line, k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s:%d: case %s: diagnostic %s reported, not listed in its diagnostics section (%s)",
				c.File, c.Line, c.ID, k, describe(f, k))
		}
	}
}

// describe finds the message of a reported diagnostic, to say what it is.
func describe(f *matcher.File, key string) string {
	for _, d := range f.Diagnostics {
		if fmt.Sprintf("%d:%d %s", d.Pos.Line, d.Pos.Column, d.Code) == key {
			return d.Message
		}
	}
	return ""
}

// TestRegisterUnknownReadingFails checks that a misspelt reading name in a
// fixture is caught: it parses (any lower-case key may name a reading), so
// only the check against the matcher's readings can stop it.
func TestRegisterUnknownReadingFails(t *testing.T) {
	fixture := "name: misspelt\nsource: this test\ntoken: Googlebot\n" +
		"-- robots.txt --\nUser-agent: *\nDisallow: /a\n" +
		"-- queries --\nurl=/b rfc9309=allowed:- rfc9039=allowed:-\n"
	cs, err := ParseFile("misspelt.txtar", []byte(fixture))
	if err != nil {
		t.Fatalf("the fixture should parse: %v", err)
	}
	var unknown []string
	for _, e := range cs[0].Queries[0].Expect {
		if _, err := knownReading(e.Reading); err != nil {
			unknown = append(unknown, e.Reading)
		}
	}
	if !slices.Equal(unknown, []string{"rfc9039"}) {
		t.Errorf("unknown readings = %q, want [rfc9039]", unknown)
	}
}

// TestRegisterCoversEveryDiagnostic checks that every diagnostic code the
// matcher declares (the Code constants of matcher/diagnostic.go) is expected
// somewhere in the register, so each has a worked example.
func TestRegisterCoversEveryDiagnostic(t *testing.T) {
	codes := declaredCodes(t)
	if len(codes) == 0 {
		t.Fatal("no Code constants found in matcher/diagnostic.go")
	}
	listed := map[string]bool{}
	for _, c := range loadCases(t) {
		for _, d := range c.Diagnostics {
			listed[d.Code] = true
		}
	}
	for _, code := range codes {
		if !listed[code] {
			t.Errorf("diagnostic %q has no case in %s", code, Dir)
		}
	}
	for code := range listed {
		if !slices.Contains(codes, code) {
			t.Errorf("the register expects diagnostic %q, which matcher/diagnostic.go does not declare", code)
		}
	}
}

// declaredCodes reads the values of the Code constants from the source, so
// a new code cannot be added without a register case.
func declaredCodes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../diagnostic.go", nil, 0)
	if err != nil {
		t.Fatalf("reading the diagnostic codes: %v", err)
	}
	var codes []string
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for _, v := range vs.Values {
				if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					codes = append(codes, s)
				}
			}
		}
	}
	return codes
}
