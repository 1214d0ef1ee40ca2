// Package register is the fixture register: the cases the project is tested
// against, each with its source, a robots.txt file, queries and the verdict
// every reading is expected to give. The cases live as txtar files in
// testdata/register (their format is described in testdata/README.md); this
// package embeds and reads them, so the tests and the browser app see the
// same register. It depends on nothing but the standard library and the
// escape notation of its robots.txt.esc sections (matcher/escape).
package register

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"robots-explorer/matcher/escape"
	"robots-explorer/testdata"
)

// files holds the cases, under the folder "register".
var files = testdata.Register

// A Case is one robots.txt file with the queries asked of it.
type Case struct {
	// ID is "FILE" or "FILE/SUB" (FILE without .txtar): stable, for links.
	ID     string
	Family string // the file's name: line
	Name   string // the case's own name: the family's, or its about's name:
	Source string // where the expectations come from
	Token  string // the default product token of the queries, if any
	Text   string // free text explaining the case
	// Robots is the robots.txt file, byte for byte.
	Robots []byte
	// Queries are the URLs asked, with the expected verdicts.
	Queries []Query
	// HasDiagnostics says whether the case lists its diagnostics; when it
	// does, Diagnostics is the exact list expected under rfc9309.
	HasDiagnostics bool
	Diagnostics    []Diagnostic
	File           string // the txtar file, as "testdata/register/NAME.txtar"
	Line           int    // line of the case's robots.txt section marker
}

// A Query is one URL asked for one token, with an expectation per reading.
type Query struct {
	URL    string
	Token  string
	Expect []Expectation // in the order written
	// Differ explains why readings disagree, when they do.
	Differ string
	File   string
	Line   int
}

// An Expectation is the verdict one reading should give.
type Expectation struct {
	Reading string // a reading's name, as matcher.ParseReading knows it
	Allowed bool
	// Line is the winning rule's line number, or 0 when no rule decides
	// (written "-": nothing matched, no group applies, /robots.txt).
	Line int
}

func (e Expectation) String() string {
	v := "disallowed"
	if e.Allowed {
		v = "allowed"
	}
	if e.Line == 0 {
		return v + ":-"
	}
	return v + ":" + strconv.Itoa(e.Line)
}

// A Diagnostic is one diagnostic expected at a position of the robots.txt.
type Diagnostic struct {
	Line, Column int
	Code         string
	File         string
	SrcLine      int // line in File where it is listed
}

// Position returns "LINE:COL".
func (d Diagnostic) Position() string { return fmt.Sprintf("%d:%d", d.Line, d.Column) }

// Dir is where the register lives, relative to the module root: the
// prefix of each Case's File.
const Dir = "testdata/register"

// read returns the bytes of the register's file name, a base name.
func read(name string) ([]byte, error) { return files.ReadFile(path.Join("register", name)) }

// Cases reads every case of the register, in file order, then in the order
// the cases appear within a file.
func Cases() ([]Case, error) {
	entries, err := files.ReadDir("register")
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var all []Case
	for _, name := range names {
		data, err := read(name)
		if err != nil {
			return nil, err
		}
		cs, err := ParseFile(path.Join(Dir, name), data)
		if err != nil {
			return nil, err
		}
		all = append(all, cs...)
	}
	return all, nil
}

// Lookup returns the case with this ID ("FILE" or "FILE/SUB"), reading
// only its own file: for code that shows one case, such as the app's first
// example, which is the register's copy of RFC 9309 §5.1.
func Lookup(id string) (Case, error) {
	stem, _, _ := strings.Cut(id, "/")
	name := path.Join(Dir, stem+".txtar")
	data, err := read(stem + ".txtar")
	if err != nil {
		return Case{}, fmt.Errorf("register: no case %q: %w", id, err)
	}
	cs, err := ParseFile(name, data)
	if err != nil {
		return Case{}, err
	}
	for _, c := range cs {
		if c.ID == id {
			return c, nil
		}
	}
	return Case{}, fmt.Errorf("register: %s has no case %q", name, id)
}

// RFC9309Example is the ID of the case holding RFC 9309 §5.1's example
// file, the one copy of it that tests and the app share.
const RFC9309Example = "rfc9309-5.1-example"

// An Error is a problem in a register file, with its place.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ParseFile reads the cases of one txtar file. name is used for IDs and
// error messages.
func ParseFile(name string, data []byte) ([]Case, error) {
	a := parseArchive(data)
	family, err := parseHeader(name, a.commentLine, a.comment)
	if err != nil {
		return nil, err
	}
	if family.Family == "" {
		return nil, &Error{name, 1, "the header has no name: line"}
	}
	if family.Source == "" {
		return nil, &Error{name, 1, "the header has no source: line"}
	}
	groups, err := groupSections(name, a.sections)
	if err != nil {
		return nil, err
	}
	if len(groups) == 0 {
		return nil, &Error{name, 1, "no robots.txt section"}
	}
	stem := strings.TrimSuffix(path.Base(name), ".txtar")
	out := make([]Case, 0, len(groups))
	for _, g := range groups {
		c, err := buildCase(name, stem, family, g)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// A sectionGroup holds the sections of one case: those named "PART" (the
// file's only case) or "SUB/PART".
type sectionGroup struct {
	sub   string
	parts map[string]section
}

// knownPart reports whether a case may have a part of this name (a switch:
// a map would be built when every process starts).
func knownPart(part string) bool {
	switch part {
	case "robots.txt", "robots.txt.esc", "queries", "diagnostics", "about":
		return true
	}
	return false
}

func groupSections(name string, secs []section) ([]*sectionGroup, error) {
	var groups []*sectionGroup
	bySub := map[string]*sectionGroup{}
	for _, s := range secs {
		sub, part := "", s.name
		if i := strings.LastIndexByte(s.name, '/'); i >= 0 {
			sub, part = s.name[:i], s.name[i+1:]
		}
		if !knownPart(part) {
			return nil, &Error{name, s.line, fmt.Sprintf("unknown section %q (known: robots.txt, robots.txt.esc, queries, diagnostics, about, each optionally as SUB/PART)", s.name)}
		}
		g := bySub[sub]
		if g == nil {
			g = &sectionGroup{sub: sub, parts: map[string]section{}}
			bySub[sub] = g
			groups = append(groups, g)
		}
		if prev, dup := g.parts[part]; dup {
			return nil, &Error{name, s.line, fmt.Sprintf("section %q repeats the one on line %d", s.name, prev.line)}
		}
		g.parts[part] = s
	}
	if len(groups) > 1 && bySub[""] != nil {
		return nil, &Error{name, bySub[""].firstLine(), "a file with SUB/ sections cannot also have unprefixed ones"}
	}
	return groups, nil
}

func (g *sectionGroup) firstLine() int {
	first := 0
	for _, s := range g.parts {
		if first == 0 || s.line < first {
			first = s.line
		}
	}
	return first
}

func buildCase(name, stem string, family Case, g *sectionGroup) (Case, error) {
	c := family
	c.ID, c.Name, c.File = stem, family.Family, name
	if g.sub != "" {
		c.ID, c.Name = stem+"/"+g.sub, g.sub
	}
	if about, ok := g.parts["about"]; ok {
		h, err := parseHeader(name, about.line+1, about.data)
		if err != nil {
			return c, err
		}
		c.merge(h)
	}
	if err := c.readRobots(name, g); err != nil {
		return c, err
	}
	q, ok := g.parts["queries"]
	if !ok {
		return c, &Error{name, c.Line, fmt.Sprintf("case %q has no queries section", c.ID)}
	}
	var err error
	if c.Queries, err = parseQueries(name, q, c.Token); err != nil {
		return c, err
	}
	if d, ok := g.parts["diagnostics"]; ok {
		c.HasDiagnostics = true
		if c.Diagnostics, err = parseDiagnostics(name, d); err != nil {
			return c, err
		}
	}
	return c, nil
}

// merge lays a case's about section over the family's header.
func (c *Case) merge(h Case) {
	if h.Family != "" {
		c.Name = h.Family
	}
	if h.Source != "" {
		c.Source = h.Source
	}
	if h.Token != "" {
		c.Token = h.Token
	}
	if h.Text != "" {
		c.Text = strings.TrimSpace(c.Text + "\n\n" + h.Text)
	}
}

func (c *Case) readRobots(name string, g *sectionGroup) error {
	plain, hasPlain := g.parts["robots.txt"]
	esc, hasEsc := g.parts["robots.txt.esc"]
	switch {
	case hasPlain && hasEsc:
		return &Error{name, esc.line, "a case has robots.txt or robots.txt.esc, not both"}
	case hasPlain:
		c.Robots, c.Line = plain.data, plain.line
	case hasEsc:
		b, err := escape.Unescape(esc.data)
		if err != nil {
			return &Error{name, esc.line, "robots.txt.esc: " + err.Error()}
		}
		c.Robots, c.Line = b, esc.line
	default:
		return &Error{name, g.firstLine(), fmt.Sprintf("case %q has no robots.txt section", c.ID)}
	}
	return nil
}

// parseHeader reads "name:", "source:" and "token:" lines; every other
// line is free text. first is the file line of data's first line.
func parseHeader(file string, first int, data []byte) (Case, error) {
	var c Case
	var text []string
	for i, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		switch k := strings.TrimSpace(key); {
		case !ok || strings.ContainsAny(k, " \t"):
			text = append(text, line)
		case k == "name":
			c.Family = strings.TrimSpace(value)
		case k == "source":
			c.Source = strings.TrimSpace(value)
		case k == "token":
			tok, err := unquoteMaybe(strings.TrimSpace(value))
			if err != nil {
				return c, &Error{file, first + i, "token: " + err.Error()}
			}
			c.Token = tok
		default:
			text = append(text, line)
		}
	}
	c.Text = strings.TrimSpace(strings.Join(text, "\n"))
	return c, nil
}

func unquoteMaybe(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		return strconv.Unquote(s)
	}
	return s, nil
}

// sectionLines calls fn for each line of a section that is neither blank
// nor a # comment, with its line number in the file.
func sectionLines(s section, fn func(line string, n int) error) error {
	for i, line := range strings.Split(string(s.data), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if err := fn(t, s.line+1+i); err != nil {
			return err
		}
	}
	return nil
}

func parseQueries(file string, s section, token string) ([]Query, error) {
	var out []Query
	err := sectionLines(s, func(line string, n int) error {
		q, err := parseQuery(line, token)
		if err != nil {
			return &Error{file, n, err.Error()}
		}
		q.File, q.Line = file, n
		out = append(out, q)
		return nil
	})
	return out, err
}

// parseQuery reads one query line: KEY=VALUE fields separated by spaces,
// where VALUE may be Go-quoted. url=, token= and differ= are the query;
// every other key names a reading and holds its expectation.
func parseQuery(line, defaultToken string) (Query, error) {
	q := Query{Token: defaultToken}
	var hasURL, hasToken bool
	seen := map[string]bool{}
	for rest := line; rest != ""; rest = strings.TrimLeft(rest, " \t") {
		key, value, r, err := nextField(rest)
		if err != nil {
			return q, err
		}
		rest = r
		if seen[key] {
			return q, fmt.Errorf("%s= is given twice", key)
		}
		seen[key] = true
		switch key {
		case "url":
			q.URL, hasURL = value, true
		case "token":
			q.Token, hasToken = value, true
		case "differ":
			q.Differ = value
		default:
			e, err := parseExpectation(key, value)
			if err != nil {
				return q, err
			}
			q.Expect = append(q.Expect, e)
		}
	}
	switch {
	case !hasURL:
		return q, fmt.Errorf("the query has no url=")
	case !hasToken && defaultToken == "":
		return q, fmt.Errorf("the query has no token= and the case no token: line")
	case len(q.Expect) == 0:
		return q, fmt.Errorf("the query expects nothing: add a reading, as rfc9309=allowed:-")
	}
	return q, nil
}

// nextField reads KEY=VALUE from the start of s and returns the rest.
func nextField(s string) (key, value, rest string, err error) {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return "", "", "", fmt.Errorf("%q is not KEY=VALUE", firstWord(s))
	}
	key = s[:eq]
	if !validKey(key) {
		return "", "", "", fmt.Errorf("%q is not a key (lower-case letters and digits, with '-' inside)", key)
	}
	s = s[eq+1:]
	if strings.HasPrefix(s, `"`) {
		quoted, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", "", "", fmt.Errorf("%s=: bad quoted value: %v", key, err)
		}
		value, _ = strconv.Unquote(quoted)
		rest = s[len(quoted):]
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			return "", "", "", fmt.Errorf("%s=: a space must follow the quoted value", key)
		}
		return key, value, rest, nil
	}
	value = firstWord(s)
	return key, value, s[len(value):], nil
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

func validKey(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		// '-' inside a key: reading names such as python-rfc hold one.
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0 && i < len(k)-1) {
			return false
		}
	}
	return k != ""
}

// parseExpectation reads "allowed:N", "allowed:-", "disallowed:N" or
// "disallowed:-".
func parseExpectation(reading, v string) (Expectation, error) {
	e := Expectation{Reading: reading}
	verdict, line, ok := strings.Cut(v, ":")
	switch verdict {
	case "allowed":
		e.Allowed = true
	case "disallowed":
	default:
		return e, fmt.Errorf("%s=%q: the verdict is allowed or disallowed", reading, v)
	}
	if !ok {
		return e, fmt.Errorf("%s=%q: add the winning line, as %s:3, or %s:- when no rule decides", reading, v, verdict, verdict)
	}
	if line == "-" {
		return e, nil
	}
	n, err := strconv.Atoi(line)
	if err != nil || n < 1 {
		return e, fmt.Errorf("%s=%q: the winning line is a number from 1, or -", reading, v)
	}
	e.Line = n
	return e, nil
}

// parseDiagnostics reads "LINE:COL code" lines.
func parseDiagnostics(file string, s section) ([]Diagnostic, error) {
	var out []Diagnostic
	err := sectionLines(s, func(line string, n int) error {
		pos, code, ok := strings.Cut(line, " ")
		l, c, ok2 := strings.Cut(pos, ":")
		ln, err1 := strconv.Atoi(l)
		col, err2 := strconv.Atoi(c)
		code = strings.TrimSpace(code)
		if !ok || !ok2 || err1 != nil || err2 != nil || ln < 1 || col < 1 || code == "" || strings.ContainsAny(code, " \t") {
			return &Error{file, n, fmt.Sprintf("%q is not LINE:COL code", line)}
		}
		out = append(out, Diagnostic{Line: ln, Column: col, Code: code, File: file, SrcLine: n})
		return nil
	})
	return out, err
}
