//go:build !wasm

package cli

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
)

// Exit statuses of test.
const (
	exitPassed = 0
	exitFailed = 1
)

const testUsage = `usage: robots-explorer test [-reading NAME] [-junit FILE] ROBOTS_FILE EXPECTATIONS

Checks a robots.txt file against expectations: a CSV file whose rows are
crawler or token, URL, expected verdict (allowed or disallowed) and an
optional note. A crawler from the directory is evaluated with the token chain
its operator documents; any other product token, or token:NAME, as RFC 9309
reads a bare token. A first row naming the columns (crawler,url,expected,note)
is a header; lines starting with # are comments, blank lines are skipped.
Every row gets a line: ok, FAIL, or error with FILE:LINE and why the row
cannot be checked; the others are checked all the same. Exit status: 0 when
every row passes, 1 when any fails, 2 on a usage error, when a row cannot be
checked, or when none could be. -junit writes a JUnit XML report, one
testcase per row (it may not be ROBOTS_FILE or EXPECTATIONS).

flags:
`

// An expectation is one row of the expectations file.
type expectation struct {
	line     int
	who      string // as written
	plan     int    // index in the test's plans
	url      string
	target   *matcher.Target
	expected bool // allowed
	note     string
	// err says, with the row's file:line, why it cannot be checked; ""
	// for a row that can.
	err string
}

// An outcome is an expectation checked.
type outcome struct {
	expectation
	res     *matcher.Result
	crawler string
	// chain is the plan's sentence when the operator's documented
	// behaviour, not the crawler's own group, decided.
	chain string
}

func (o *outcome) passed() bool { return o.err == "" && o.res.Allowed == o.expected }

type testConfig struct {
	reading     matcher.Reading
	junit       string
	robots, exp string
}

func parseTestFlags(args []string, stderr io.Writer) (*testConfig, error) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, testUsage); fs.PrintDefaults() }
	readingName := fs.String("reading", string(matcher.RFC9309), "the reading: "+readingList())
	junit := fs.String("junit", "", "write a JUnit XML report, one testcase per row, to `FILE`")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	r, err := matcher.ParseReading(*readingName)
	if err != nil {
		return nil, err
	}
	if fs.NArg() != 2 {
		return nil, errors.New("test needs ROBOTS_FILE and EXPECTATIONS")
	}
	c := &testConfig{reading: r, junit: *junit, robots: fs.Arg(0), exp: fs.Arg(1)}
	if c.robots == "-" && c.exp == "-" {
		return nil, errors.New("standard input cannot be both ROBOTS_FILE and EXPECTATIONS")
	}
	return c, c.checkJUnit()
}

// checkJUnit refuses a -junit report that is one of the inputs, by
// another name or a link too: writing it would destroy that file.
func (c *testConfig) checkJUnit() error {
	if c.junit == "" {
		return nil
	}
	report, err := os.Stat(c.junit)
	if err != nil {
		return nil // not there yet: no input
	}
	for _, in := range []struct{ what, name string }{{"ROBOTS_FILE", c.robots}, {"EXPECTATIONS", c.exp}} {
		if st, err := os.Stat(in.name); in.name != "-" && err == nil && os.SameFile(report, st) {
			return fmt.Errorf("-junit %s is %s, which the report would overwrite: write it elsewhere", c.junit, in.what)
		}
	}
	return nil
}

func runTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int { return failAs(stderr, "test", err) }
	c, err := parseTestFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitUsage
	}
	if err != nil {
		return fail(err)
	}
	body, err := readRobotsFile(c.robots, stdin)
	if err != nil {
		return fail(err)
	}
	f := matcher.Parse(c.reading, sourceBytes(body), matcher.ParseOptions{Text: body}) // not a copy of a file of up to 256 MiB
	rows, plans, err := readExpectations(c.exp, stdin, f)
	if err != nil {
		return fail(err)
	}
	if len(rows) == 0 {
		return fail(fmt.Errorf("%s holds no expectations: nothing was checked", c.exp))
	}
	outcomes := make([]outcome, len(rows))
	for i, e := range rows {
		outcomes[i] = outcome{expectation: e}
		if e.err != "" {
			continue
		}
		p := &plans[e.plan]
		outcomes[i].res, outcomes[i].crawler = p.Evaluate(f, e.target), p.Crawler.Name
		if p.Fallback || p.NoRules {
			outcomes[i].chain = p.Sentence
		}
	}
	out := bufio.NewWriter(stdout)
	failed, errs := writeOutcomes(out, f, outcomes)
	if err := out.Flush(); err != nil {
		return fail(err)
	}
	if c.junit != "" {
		if err := writeJUnitFile(c.junit, c, f, outcomes); err != nil {
			return fail(err)
		}
	}
	switch {
	case errs == len(outcomes):
		return fail(errors.New("no row could be checked: nothing was checked"))
	case errs > 0:
		return fail(fmt.Errorf("%s could not be checked", view.Plural(errs, "row")))
	case failed > 0:
		return exitFailed
	}
	return exitPassed
}

// writeOutcomes prints one line per row and a count, and returns the
// number of failures and of rows that could not be checked.
func writeOutcomes(out io.Writer, f *matcher.File, outcomes []outcome) (failed, errs int) {
	for i := range outcomes {
		o := &outcomes[i]
		switch {
		case o.err != "":
			errs++
			fmt.Fprintf(out, "error\t%s\t%s\t\t%s\n", escape.Text(o.who), escape.Text(o.url), escape.Text(o.err))
			continue
		case !o.passed():
			failed++
		}
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", o.status(), escape.Text(o.who), escape.Text(o.url), verdictWord(o.res.Allowed), escape.Text(decidedBy(f, o)))
	}
	fmt.Fprintf(out, "%s passed, %d failed", view.Plural(len(outcomes)-failed-errs, "expectation"), failed)
	if errs > 0 {
		fmt.Fprintf(out, ", %d could not be checked", errs)
	}
	fmt.Fprintln(out)
	return failed, errs
}

func (o *outcome) status() string {
	if o.passed() {
		return "ok"
	}
	return "FAIL"
}

// decidedBy says what decided a row, and what was expected when it failed.
func decidedBy(f *matcher.File, o *outcome) string {
	s := record.Why(f, o.res)
	if o.chain != "" {
		s += " " + o.chain
	}
	if !o.passed() {
		s = fmt.Sprintf("expected %s, got %s by %s", verdictWord(o.expected), verdictWord(o.res.Allowed), s)
	}
	if o.note != "" {
		s += " (" + o.note + ")"
	}
	return s
}

func verdictWord(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

// readExpectations reads the expectations file, a row for each line that
// is not blank or a comment: a row that cannot be checked says why, with
// its file:line, so that all are reported and the others checked. The
// rows hold the file's text raw: it is printed through escape.Text.
func readExpectations(name string, stdin io.Reader, f *matcher.File) ([]expectation, []crawler.Plan, error) {
	var r io.Reader = stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		defer fh.Close()
		r = fh
	}
	cr := csv.NewReader(crLines{bufio.NewReader(io.LimitReader(r, maxExpectationsBytes+1))})
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var (
		rows  []expectation
		plans []crawler.Plan
		index = map[string]int{}
	)
	for first := true; ; {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, plans, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			// The reader goes on at the next line.
			rows = append(rows, expectation{line: pe.StartLine, err: fmt.Sprintf("%s:%d: not valid CSV: %v", name, pe.Line, pe.Err)})
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a line of white space
		}
		line, _ := cr.FieldPos(0)
		header := first && isExpectationsHeader(rec)
		if first = false; header {
			continue
		}
		e, c, msg := parseExpectation(rec, f)
		e.line = line
		if msg != "" {
			e.err = fmt.Sprintf("%s:%d: %s", name, line, msg)
			rows = append(rows, e)
			continue
		}
		key := c.Name + "\x00" + strings.Join(c.Tokens, ",")
		i, ok := index[key]
		if !ok {
			i = len(plans)
			index[key] = i
			plans = append(plans, crawler.PlanFor(f, c))
		}
		e.plan = i
		rows = append(rows, e)
	}
}

// crLines reads r with each carriage return that no line feed follows
// read as a line feed: a file saved with CR-only line ends reads as lines,
// not as one row (encoding/csv ends lines at LF and CRLF only).
type crLines struct{ r *bufio.Reader }

func (c crLines) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i := bytes.IndexByte(p[:n], '\r'); i >= 0; i = nextCR(p[:n], i) {
		if i+1 < n {
			if p[i+1] != '\n' {
				p[i] = '\n'
			}
		} else if next, perr := c.r.Peek(1); perr != nil || next[0] != '\n' {
			p[i] = '\n'
		}
	}
	return n, err
}

// nextCR is the index of the next '\r' in b after i, or -1.
func nextCR(b []byte, i int) int {
	if j := bytes.IndexByte(b[i+1:], '\r'); j >= 0 {
		return i + 1 + j
	}
	return -1
}

// maxExpectationsBytes bounds the expectations file; past it, the CSV
// reader meets a cut row, reported as malformed.
const maxExpectationsBytes = 64 << 20

func isExpectationsHeader(rec []string) bool {
	h := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(rec[0], "\uFEFF")))
	return h == "crawler" || h == "token" || h == "crawler or token"
}

// parseExpectation reads one row: who, URL, expected verdict, note; the
// URL as f's reading reads it.
func parseExpectation(rec []string, f *matcher.File) (expectation, crawler.Crawler, string) {
	var e expectation
	e.who = strings.TrimSpace(strings.TrimPrefix(rec[0], "\uFEFF"))
	if len(rec) > 1 {
		e.url = strings.TrimSpace(rec[1])
	}
	if len(rec) < 3 || len(rec) > 4 {
		return e, crawler.Crawler{}, fmt.Sprintf("%d columns; a row is crawler or token, URL, expected verdict, and an optional note", len(rec))
	}
	want := strings.ToLower(strings.TrimSpace(rec[2]))
	if len(rec) == 4 {
		e.note = strings.TrimSpace(rec[3])
	}
	c, msg := crawlerFor(e.who)
	if msg != "" {
		return e, c, msg
	}
	e.target = new(matcher.Target)
	if err := f.ReadTargetInto(e.target, e.url); err != nil {
		return e, c, err.Error()
	}
	switch want {
	case "allowed", "allow":
		e.expected = true
	case "disallowed", "disallow":
	default:
		return e, c, fmt.Sprintf(`expected verdict "%s": allowed or disallowed`, want)
	}
	return e, c, ""
}

// crawlerFor reads the first column: a crawler of the directory, a bare
// product token, or token:NAME for a bare token that a crawler of the
// directory is also named.
func crawlerFor(who string) (crawler.Crawler, string) {
	if tok, ok := strings.CutPrefix(who, "token:"); ok {
		if !matcher.ValidToken(tok) {
			return crawler.Crawler{}, fmt.Sprintf(`"%s" is not a product token (RFC 9309 §2.2.1)`, tok)
		}
		return crawler.Bare(tok), ""
	}
	if c, ok := crawler.Lookup(who); ok {
		return c, ""
	}
	if !matcher.ValidToken(who) {
		return crawler.Crawler{}, fmt.Sprintf(`"%s" is neither a crawler of the directory nor a product token (RFC 9309 §2.2.1)`, who)
	}
	return crawler.Bare(who), ""
}
