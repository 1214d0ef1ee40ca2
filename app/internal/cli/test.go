//go:build !wasm

package cli

import (
	"bufio"
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
is a header; lines starting with # are comments. Exit status: 0 when every row
passes, 1 when any fails, 2 on a usage error or a malformed row (every
malformed row is reported as FILE:LINE). -junit writes a JUnit XML report,
one testcase per row.

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

func (o *outcome) passed() bool { return o.res.Allowed == o.expected }

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
	return c, nil
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
	f := matcher.ParseShared(c.reading, sourceBytes(body), body) // not a copy of a file of up to 256 MiB
	rows, plans, problems, err := readExpectations(c.exp, stdin, f)
	if err != nil {
		return fail(err)
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintf(stderr, "%s\n", escape.Text(p))
		}
		fmt.Fprintf(stderr, "robots-explorer test: %s malformed; nothing was checked\n", view.Plural(len(problems), "row"))
		return ExitUsage
	}
	outcomes := make([]outcome, len(rows))
	for i, e := range rows {
		p := &plans[e.plan]
		outcomes[i] = outcome{expectation: e, res: p.Evaluate(f, e.target), crawler: p.Crawler.Name}
		if p.Fallback || p.NoRules {
			outcomes[i].chain = p.Sentence
		}
	}
	out := bufio.NewWriter(stdout)
	failed := writeOutcomes(out, f, outcomes)
	if err := out.Flush(); err != nil {
		return fail(err)
	}
	if c.junit != "" {
		if err := writeJUnitFile(c.junit, c, f, outcomes); err != nil {
			return fail(err)
		}
	}
	if failed > 0 {
		return exitFailed
	}
	return exitPassed
}

// writeOutcomes prints one line per row and a count, and returns the
// number of failures.
func writeOutcomes(out io.Writer, f *matcher.File, outcomes []outcome) int {
	failed := 0
	for i := range outcomes {
		o := &outcomes[i]
		status := "ok"
		if !o.passed() {
			status, failed = "FAIL", failed+1
		}
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", status, escape.Text(o.who), escape.Text(o.url), verdictWord(o.res.Allowed), escape.Text(decidedBy(f, o)))
	}
	fmt.Fprintf(out, "%s passed, %d failed\n", view.Plural(len(outcomes)-failed, "expectation"), failed)
	return failed
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

// readExpectations reads the expectations file; each malformed row is a
// problem with its file:line, so that all are reported at once. Problems
// hold the file's text raw: they are printed through escape.Text.
func readExpectations(name string, stdin io.Reader, f *matcher.File) ([]expectation, []crawler.Plan, []string, error) {
	var r io.Reader = stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, nil, nil, err
		}
		defer fh.Close()
		r = fh
	}
	cr := csv.NewReader(bufio.NewReader(io.LimitReader(r, maxExpectationsBytes+1)))
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var (
		rows     []expectation
		plans    []crawler.Plan
		index    = map[string]int{}
		problems []string
	)
	for first := true; ; first = false {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, nil, append(problems, fmt.Sprintf("%s:%d: not valid CSV: %v", name, pe.Line, pe.Err)), nil
		}
		if err != nil {
			return nil, nil, nil, err
		}
		line, _ := cr.FieldPos(0)
		if first && isExpectationsHeader(rec) {
			continue
		}
		e, c, msg := parseExpectation(rec)
		if msg != "" {
			problems = append(problems, fmt.Sprintf("%s:%d: %s", name, line, msg))
			continue
		}
		key := c.Name + "\x00" + strings.Join(c.Tokens, ",")
		i, ok := index[key]
		if !ok {
			i = len(plans)
			index[key] = i
			plans = append(plans, crawler.PlanFor(f, c))
		}
		e.line, e.plan = line, i
		rows = append(rows, e)
	}
	if len(rows) == 0 && len(problems) == 0 {
		problems = append(problems, fmt.Sprintf("%s:1: no expectations", name))
	}
	return rows, plans, problems, nil
}

// maxExpectationsBytes bounds the expectations file; past it, the CSV
// reader meets a cut row, reported as malformed.
const maxExpectationsBytes = 64 << 20

func isExpectationsHeader(rec []string) bool {
	h := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(rec[0], "\uFEFF")))
	return h == "crawler" || h == "token" || h == "crawler or token"
}

// parseExpectation reads one row: who, URL, expected verdict, note.
func parseExpectation(rec []string) (expectation, crawler.Crawler, string) {
	if len(rec) < 3 || len(rec) > 4 {
		return expectation{}, crawler.Crawler{}, fmt.Sprintf("%d columns; a row is crawler or token, URL, expected verdict, and an optional note", len(rec))
	}
	who, u, want := strings.TrimSpace(strings.TrimPrefix(rec[0], "\uFEFF")), strings.TrimSpace(rec[1]), strings.ToLower(strings.TrimSpace(rec[2]))
	e := expectation{who: who, url: u}
	if len(rec) == 4 {
		e.note = strings.TrimSpace(rec[3])
	}
	c, msg := crawlerFor(who)
	if msg != "" {
		return e, c, msg
	}
	var err error
	if e.target, err = matcher.ParseTarget(u); err != nil {
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
