//go:build !wasm

package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
	"robots-explorer/matcher/useragent"
)

// Exit statuses of check: usable in CI pipelines and by conformance runners.
const (
	exitAllowed    = 0
	exitDisallowed = 1
	ExitUsage      = 2
)

const checkUsage = `usage: robots-explorer check [-reading NAME] [-compare] [-json | -csv] [-urls FILE] [-max-size SIZE] ROBOTS_FILE TOKEN [URL...]
       robots-explorer check [-crawlers LIST | -tokens LIST] [-json | -csv] [-urls FILE] [-max-size SIZE] ROBOTS_FILE [URL...]
       robots-explorer check -record [-markdown] [delivery flags] ROBOTS_FILE TOKEN URL
       robots-explorer check -capture WARC [-record [-markdown]] [-json] [-urls FILE] TOKEN [URL...]

Decides whether TOKEN may crawl each URL under the robots.txt in ROBOTS_FILE
("-" reads standard input). A URL is a path with query (/fish?id=3) or a full
URL; an empty URL means /. A URL that cannot be read gets the row error with
the reason, and the check goes on. Exit status: 0 when every URL is allowed,
1 when any is disallowed, 2 on a usage or input error (also a ROBOTS_FILE
over -max-size, output that could not be written, and, after the last URL,
any URL that could not be read or no URL at all). With -compare, every
reading's verdict is printed too, with the reason where they differ; the exit
status still follows -reading.

Every verdict is a local rule decision: it holds for these exact bytes, this
token and this exact path and query, and says nothing of how the file was
delivered. -json objects carry it in "scope"; text output ends with one note
on standard error.

-record prints one JSON document, the decision record of exactly one URL
(-markdown: as Markdown). The delivery flags (-status, -redirect,
-content-type, -fetch-error, -observed, -unreachable-since, -cached-copy) add
what you observed when fetching the file; the record then says what RFC 9309
§2.3.1 makes of it, and the exit status follows the verdict with delivery
(the rules' verdict when the facts do not settle it).

-capture reads the file and its delivery from a WARC capture of its fetch
(robots-explorer fetch writes one; wget --warc-file and other crawlers' WARCs
are read too) instead of ROBOTS_FILE and the delivery flags: the verdicts
are then the verdicts with that delivery, and -record says the facts were
captured, with the WARC records they rest on. A URL of another site than
the capture's is an error.

-json and -record list at most -max-matches matching rules of a URL (then
only a stronger one), applying groups, user-agent lines and redirect hops,
and keep at most -max-diagnostics diagnostics of each kind, and count the
rest: a URL that millions of rules match stays a row of kilobytes.

flags:
`

// now is the time of a decision; tests fix it.
var now = time.Now

// localNote ends text output on standard error: the verdicts above are
// bounded local decisions. A constant, so that no process builds it.
const localNote = "robots-explorer check: note: " + string(delivery.ScopeLocal) + "; " + delivery.CrawlOnly + ".\n"

// defaultMaxSize is the most of ROBOTS_FILE check reads unless -max-size
// says otherwise: 32 times what RFC 9309 §2.5 asks a crawler to read, so
// that any file within it parses in well under a second and in bounded
// memory, and a mistaken /dev/zero or a runaway pipe ends with a message
// instead of filling memory.
const defaultMaxSize = 16 << 20

// defaultMaxMatches is how many matching rules of a URL -json and -record
// list unless -max-matches says otherwise: more than a person reads, and
// few enough that a URL matching every one of 5 million rules is a row of
// kilobytes, where the list of them all would take gigabytes.
const defaultMaxMatches = 1000

// defaultMaxDiagnostics is how many diagnostics of each kind -json and
// -record keep unless -max-diagnostics says otherwise: a file of 5 million
// rules naming a private path has as many, and one URL's row would list
// them all.
const defaultMaxDiagnostics = 1000

type checkConfig struct {
	maxSize int64
	// maxMatches is how many matching rules -json and -record list of a
	// URL before they list only stronger ones (matcher.ParseOptions.MaxMatches).
	maxMatches int
	// maxDiagnostics is how many diagnostics of each kind -json and
	// -record keep (matcher.ParseOptions.MaxDiagnostics).
	maxDiagnostics int
	reading        matcher.Reading
	json           bool
	compare        bool
	urls           string
	file           string
	token          string
	args           []string
	record         bool
	markdown       bool
	delivery       *delivery.Facts // nil when no delivery flag was given
	// capture is the WARC of -capture, and captured what it holds once
	// read (checkcapture.go); "" and nil without it.
	capture  string
	captured *captured
	// crawl holds -crawlers, -tokens and -csv (checkcrawlers.go); nil
	// without them.
	crawl *crawlerCheck
}

func parseCheckFlags(args []string, stderr io.Writer) (*checkConfig, error) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	// The flag package writes a bad flag's name raw: it reports nothing
	// itself, and runCheck writes the error escaped.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	readingName := fs.String("reading", string(matcher.RFC9309), "the reading: "+readingList())
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	compare := fs.Bool("compare", false, "also evaluate every other reading and say why they differ")
	urls := fs.String("urls", "", "read URLs one per line from `FILE` (\"-\" is standard input)")
	record := fs.Bool("record", false, "print the decision record of exactly one URL as one JSON document")
	markdown := fs.Bool("markdown", false, "with -record: print the record as Markdown")
	maxSize := byteSizeFlag{n: defaultMaxSize}
	maxMatches := fs.Int("max-matches", defaultMaxMatches, "with -json and -record: list at most `N` matching rules of a URL, then only stronger ones, and at most N of each other list that grows with the file (groups, user-agent lines, redirect hops), and count the rest (0: list every one)")
	maxDiagnostics := fs.Int("max-diagnostics", defaultMaxDiagnostics, "with -json and -record: keep at most `N` diagnostics of each kind, and one that counts the rest (0: keep every one)")
	fs.Var(&maxSize, "max-size", "read at most `SIZE` bytes of ROBOTS_FILE and refuse a larger one (a number, or with K, M or G: KiB, MiB, GiB)")
	df := deliveryFlags(fs)
	var choice crawlerChoice
	choice.register(fs)
	asCSV := fs.Bool("csv", false, "print one CSV row per URL (and crawler)")
	capture := fs.String("capture", "", "read the file and its delivery from the WARC `FILE` of its fetch (robots-explorer fetch), in ROBOTS_FILE's place")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, checkUsage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil, err
		}
		return nil, fmt.Errorf("%w (robots-explorer check -h lists the flags)", err)
	}
	r, err := matcher.ParseReading(*readingName)
	if err != nil {
		return nil, err
	}
	rest := fs.Args()
	if *capture != "" { // the capture takes ROBOTS_FILE's place
		rest = append([]string{""}, rest...)
	}
	if choice.set() && len(rest) > 0 { // the crawlers take TOKEN's place
		rest = append([]string{rest[0], ""}, rest[1:]...)
	}
	if len(rest) < 2 && *capture != "" {
		return nil, errors.New("check -capture needs TOKEN")
	}
	if len(rest) < 2 {
		return nil, errors.New("check needs ROBOTS_FILE and TOKEN")
	}
	if *maxMatches < 0 {
		return nil, fmt.Errorf("-max-matches %d: give 0 (every match) or more", *maxMatches)
	}
	if *maxDiagnostics < 0 {
		return nil, fmt.Errorf("-max-diagnostics %d: give 0 (every diagnostic) or more", *maxDiagnostics)
	}
	c := &checkConfig{reading: r, json: *asJSON, compare: *compare, urls: *urls, file: rest[0], token: rest[1], args: rest[2:],
		record: *record, markdown: *markdown, maxSize: maxSize.n, maxMatches: *maxMatches,
		maxDiagnostics: *maxDiagnostics, capture: *capture}
	if c.delivery, err = df.delivery(fs); err != nil {
		return nil, err
	}
	if err := c.setCrawlers(choice, *asCSV); err != nil {
		return nil, err
	}
	if err := c.checkCaptureFlags(); err != nil {
		return nil, err
	}
	if c.urls == "-" && c.file == "-" {
		return nil, errors.New("standard input cannot be both ROBOTS_FILE and -urls")
	}
	if c.urls == "" && len(c.args) == 0 {
		return nil, errors.New("check needs at least one URL, or -urls FILE")
	}
	return c, c.checkRecordFlags()
}

// checkRecordFlags refuses combinations -record does not support, and
// delivery facts without -record.
func (c *checkConfig) checkRecordFlags() error {
	switch {
	case !c.record && c.delivery != nil:
		return errors.New("the delivery flags need -record")
	case !c.record && c.markdown:
		return errors.New("-markdown needs -record")
	case !c.record:
		return nil
	case c.compare || c.urls != "":
		return errors.New("-record takes exactly one URL on the command line, without -compare or -urls")
	case len(c.args) != 1:
		return fmt.Errorf("-record takes exactly one URL, got %d", len(c.args))
	}
	return nil
}

func readingList() string {
	var names []string
	for _, r := range matcher.Readings() {
		names = append(names, string(r))
	}
	return strings.Join(names, ", ")
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, err := parseCheckFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitUsage
	}
	if err != nil {
		return fail(stderr, err)
	}
	var body string
	if c.capture != "" {
		body, err = loadCheckCapture(c, stdin)
	} else {
		body, err = readInput(c.file, stdin, c.maxSize, tooLarge)
	}
	if err != nil {
		return fail(stderr, err)
	}
	if c.record {
		return runRecord(c, body, stdout, stderr)
	}
	if code, done := runCaptured(c, body, stdin, stdout, stderr); done {
		return code
	}
	if c.crawl == nil || !c.crawl.chosen { // -crawlers take TOKEN's place
		if err := warnToken(c.token, stderr); err != nil {
			return ExitUsage
		}
	}
	ev := newEvaluator(c, body)
	if c.captured != nil {
		ev.governs, ev.scope = c.captured.governs, delivery.ScopeCaptured
	}
	out := bufio.NewWriterSize(stdout, 64*1024)
	if c.crawl != nil {
		if err := prepareCrawlers(c, ev, out, stderr); err != nil {
			return fail(stderr, err)
		}
	}
	t, err := checkURLs(c, ev, stdin, out)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = writeError{ferr}
	}
	if err != nil {
		return fail(stderr, err)
	}
	if !c.json {
		if _, err := io.WriteString(stderr, endNote(c)); err != nil {
			return ExitUsage // standard error itself failed: nowhere to say so
		}
	}
	return t.exit(c, stderr)
}

// exit says on stderr when URLs could not be checked, and returns the
// exit status: 2 when any could not be, or when there were none.
func (t tally) exit(c *checkConfig, stderr io.Writer) int {
	switch {
	case t.checked == 0 && t.unchecked == 0:
		return fail(stderr, fmt.Errorf("-urls %s holds no URL: nothing was checked", c.urls))
	case t.checked == 0:
		return fail(stderr, fmt.Errorf("no URL could be checked: %s, each with its error row", view.Plural(t.unchecked, "URL")))
	case t.unchecked > 0:
		return fail(stderr, fmt.Errorf("%d of %s could not be checked: see their error rows", t.unchecked, view.Plural(t.checked+t.unchecked, "URL")))
	case t.disallowed > 0:
		return exitDisallowed
	}
	return exitAllowed
}

// fail writes err on standard error, escaped (it may quote a URL, a file
// name or a flag's value), and returns the exit status of an error.
func fail(stderr io.Writer, err error) int { return failAs(stderr, "check", err) }

// failAs says on standard error why command cmd stopped, escaped, and
// returns the usage exit status: check, diff and test say it alike.
func failAs(stderr io.Writer, cmd string, err error) int {
	io.WriteString(stderr, "robots-explorer "+cmd+": "+escape.Text(err.Error())+"\n")
	return ExitUsage
}

// A writeError is output that could not be written: the results are then
// incomplete, which a pipeline must learn from the exit status.
type writeError struct{ err error }

func (e writeError) Error() string { return "writing the results: " + e.err.Error() }
func (e writeError) Unwrap() error { return e.err }

// warnToken says on standard error when the token is not a product token
// (RFC 9309 §2.2.1: letters, '-' and '_'), as the decision record's
// token_check does: an empty token or a whole User-Agent header matches
// no group a crawler's own name would.
func warnToken(token string, stderr io.Writer) error {
	tc := useragent.CheckToken(token)
	if tc.Valid {
		return nil
	}
	_, err := io.WriteString(stderr, "robots-explorer check: warning: the token "+QuoteField(token)+" is not a product token: "+escape.Text(tc.Message)+"\n")
	return err
}

// QuoteField is an untrusted text in double quotes, escaped, for a
// message: the quotes show where an empty or spaced text starts and ends.
func QuoteField(s string) string { return `"` + escape.Text(s) + `"` }

// evaluator parses the file once, under the chosen reading or, with
// -compare, under every reading.
type evaluator struct {
	files []*matcher.File
	index int // of the chosen reading in files
	// each is set for -compare of the URLs on the command line: files is
	// empty until checkEach has parsed every reading one at a time from
	// body (compare.CompareEach), and then holds the chosen reading's
	// file for the output.
	each    bool
	reading matcher.Reading
	body    string
	// opts are what each reading's parse builds for checkEach.
	opts matcher.ParseOptions
	// target and result are those of the URL evaluate read last, reused
	// for the next: checkList writes each result before it reads the next
	// URL, and a Target and a Result per URL would be most of what a
	// check of a million URLs allocates.
	target matcher.Target
	result matcher.Result
	// brief is set for text output, which writes a sentence only for a
	// verdict no rule decided, from the result (appendResult): evaluate
	// leaves it out of the result (matcher.File.DecideInto).
	brief bool
	// governs, when set, refuses a URL the file does not govern (a
	// capture's, of another site); scope labels -json's rows ("":
	// delivery.ScopeLocal).
	governs func(*matcher.Target) error
	scope   delivery.Scope
	// whys are the reasons of the file's deciding rules for text output
	// (whyCache), made on first use; nil until then.
	whys *whyCache
	// lean decides for the text output's token without a Result
	// (decideLean); its token is leanToken.
	lean      *matcher.Deciders
	leanToken string
	decision  [1]matcher.Decision
}

// reasons is the whyCache of the chosen reading's file.
func (ev *evaluator) reasons() *whyCache {
	if ev.whys == nil || ev.whys.f != ev.file() {
		ev.whys = newWhyCache(ev.file())
	}
	return ev.whys
}

func newEvaluator(c *checkConfig, body string) *evaluator {
	// The rows list the matching rules and the diagnostics up to
	// -max-matches and -max-diagnostics, which bound what a file of
	// millions of rules keeps, and show the applying groups but not how
	// each user-agent line chose them.
	listed := matcher.ParseOptions{MaxMatches: c.maxMatches, MaxDiagnostics: c.maxDiagnostics, SkipAgentTrace: true}
	switch {
	case !c.compare:
		// Text and CSV print a sentence only for a verdict no rule
		// decided: the deciding line is the reason (record.Why).
		return &evaluator{files: []*matcher.File{matcher.Parse(c.reading, sourceBytes(body), withText(listed, body))}, brief: !c.json}
	case c.urls == "" && len(c.args) <= urlBatchSize:
		return &evaluator{each: true, reading: c.reading, body: body, opts: listed}
	}
	ev := &evaluator{files: compare.ParseAll(body)}
	for i, f := range ev.files {
		if f.Reading == c.reading {
			ev.index = i
		}
	}
	return ev
}

// compareEach compares urls under every reading, parsing one other
// reading at a time. It returns the comparisons of the URLs that could be
// read, in order, and for each URL why it could not be, or nil.
func (ev *evaluator) compareEach(token string, urls []string) ([]*compare.Comparison, []error) {
	cmps, errs := compare.CompareEach(ev.reading, ev.parse, token, urls)
	// The output reads the chosen reading's file, parsed again now that
	// no other reading's file is held.
	ev.files = []*matcher.File{ev.parse(ev.reading)}
	return slices.DeleteFunc(cmps, func(c *compare.Comparison) bool { return c == nil }), errs
}

// parse is the file under reading r, as checkEach compares it.
func (ev *evaluator) parse(r matcher.Reading) *matcher.File {
	return matcher.Parse(r, sourceBytes(ev.body), withText(ev.opts, ev.body))
}

func (ev *evaluator) file() *matcher.File { return ev.files[ev.index] }

// readTarget reads u into ev.target, as evaluate does with one file.
func (ev *evaluator) readTarget(u string) error {
	if err := ev.file().ReadTargetInto(&ev.target, u); err != nil {
		return err
	}
	if ev.governs != nil {
		return ev.governs(&ev.target)
	}
	return nil
}

// decideLean decides ev.target, which readTarget read, for token when a
// rule decides it and no Result is needed to say so (text output of one
// file): it returns the Decision, or nil when evaluate must decide.
func (ev *evaluator) decideLean(token string) *matcher.Decision {
	if !ev.brief || len(ev.files) != 1 {
		return nil
	}
	if ev.lean == nil || ev.leanToken != token {
		ev.lean, ev.leanToken = ev.file().Deciders([]string{token}), token
	}
	if d := &ev.decision[0]; ev.lean.DecideLean(ev.decision[:], &ev.target) && d.Rule != nil {
		return d
	}
	return nil
}

// evaluate decides u for token; the result is valid until the next call.
func (ev *evaluator) evaluate(token, u string) (*matcher.Result, *compare.Comparison, error) {
	if len(ev.files) == 1 {
		if err := ev.readTarget(u); err != nil {
			return nil, nil, err
		}
		return ev.decideRead(token), nil, nil
	}
	cmp, err := compare.CompareWith(ev.files, ev.file().Reading, token, u)
	if err != nil {
		return nil, nil, err
	}
	return cmp.Results[ev.index], cmp, nil
}

// decideRead decides ev.target, which readTarget read, for token; the
// result is valid until the next call.
func (ev *evaluator) decideRead(token string) *matcher.Result {
	if ev.brief {
		ev.file().DecideInto(&ev.result, token, &ev.target)
	} else {
		ev.file().EvaluateInto(&ev.result, token, &ev.target)
	}
	return &ev.result
}

// writeResult writes one URL's result. In text, every field from the file
// or the command line is escaped (escape.Text): a URL or a rule holding a
// line end, a tab or an ESC sequence cannot forge a result line or drive
// the terminal.
func writeResult(w io.Writer, f *matcher.File, res *matcher.Result, cmp *compare.Comparison, c *checkConfig, scope delivery.Scope) error {
	return writeResultWhy(w, f, res, cmp, c, scope, nil)
}

// writeResultWhy is writeResult taking the reasons of deciding rules from
// whys, when not nil.
func writeResultWhy(w io.Writer, f *matcher.File, res *matcher.Result, cmp *compare.Comparison, c *checkConfig, scope delivery.Scope, whys *whyCache) error {
	if c.json {
		row := record.NewRow(f, res, cmp, c.maxMatches)
		if scope != "" {
			row.Scope = scope
		}
		b, err := json.Marshal(row)
		if err != nil {
			return err
		}
		if _, err = w.Write(jsonSafe(b)); err == nil {
			_, err = io.WriteString(w, "\n") // not appended: b may be the size of the file
		}
		return wrapWrite(err)
	}
	if _, err := w.Write(appendResult(lineBuffer(w), f, res, whys)); err != nil || cmp == nil {
		return wrapWrite(err)
	}
	return wrapWrite(writeComparison(w, res, cmp))
}

// appendResult appends the text line of one URL's result: verdict, URL and
// short reason (record.Why), tab-separated, the URL and the reason escaped.
// Built in place, it makes no string per field: a million URLs of -urls are
// a million lines. whys, when not nil, holds the reasons of deciding rules.
func appendResult(b []byte, f *matcher.File, res *matcher.Result, whys *whyCache) []byte {
	b = append(b, res.Verdict()...)
	b = append(b, '\t')
	b = escape.AppendText(b, res.Target.Input)
	b = append(b, '\t')
	if _, ok := res.WinningRule(); !ok {
		// What record.AppendWhy writes, from a result that may have
		// left its sentence out (evaluator.brief).
		return append(matcher.AppendExplanation(b, f, res, escape.AppendText), '\n')
	}
	if whys != nil {
		return append(whys.append(b, res), '\n')
	}
	b = record.AppendWhy(b, f, res, escape.AppendText)
	return append(b, '\n')
}

// appendRuleResult is appendResult's line for t where the rule of d
// decided.
func appendRuleResult(b []byte, t *matcher.Target, d *matcher.Decision, whys *whyCache) []byte {
	if d.Allowed {
		b = append(b, "allowed\t"...)
	} else {
		b = append(b, "disallowed\t"...)
	}
	b = escape.AppendText(b, t.Input)
	b = append(b, '\t')
	return append(whys.appendRule(b, d.Rule), '\n')
}

// lineBuffer is where to build a line for w: the free end of w's buffer
// when w is buffered, so that Write copies it onto itself, or a new slice.
func lineBuffer(w io.Writer) []byte {
	if bw, ok := w.(*bufio.Writer); ok {
		return bw.AvailableBuffer()
	}
	return nil
}

func wrapWrite(err error) error {
	if err == nil {
		return nil
	}
	return writeError{err}
}

// writeComparison prints, under the URL's line, the rows of the page's
// table of readings, one per other reading: its name and title, verdict,
// deciding line, and why it differs from the chosen reading ("agrees"
// when it does not), tab-separated.
func writeComparison(w io.Writer, chosen *matcher.Result, cmp *compare.Comparison) error {
	for _, r := range view.ComparisonRows(cmp, chosen.Reading).Readings {
		if r.Current {
			continue
		}
		row := "\t" + string(r.Reading) + "\t" + r.Title + "\t" + r.Verdict + "\t" + escape.Text(r.Deciding()) + "\t" + escape.Text(r.Difference()) + "\n"
		if _, err := io.WriteString(w, row); err != nil {
			return err
		}
	}
	return nil
}
