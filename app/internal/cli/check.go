//go:build !wasm

package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
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
URL; an empty URL means /. Exit status: 0 when every URL is allowed, 1 when
any is disallowed, 2 on a usage or input error (also a ROBOTS_FILE over
-max-size, and output that could not be written). With -compare, every
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
only a stronger one) and keep at most -max-diagnostics diagnostics of each
kind, and count the rest: a URL that millions of rules match stays a row of
kilobytes.

flags:
`

// now is the time of a decision; tests fix it.
var now = time.Now

// localNote ends text output on standard error: the verdicts above are
// bounded local decisions. A constant, so that no process builds it.
const localNote = "robots-explorer check: note: " + string(delivery.ScopeLocal) + "; " + delivery.CrawlOnly + ".\n"

// defaultMaxSize is the most of ROBOTS_FILE check reads unless -max-size
// says otherwise: 128 times what RFC 9309 §2.5 asks a crawler to read,
// and few enough bytes that a mistaken /dev/zero or a runaway pipe ends
// with a message instead of filling memory.
const defaultMaxSize = 64 << 20

// defaultMaxMatches is how many matching rules of a URL -json and -record
// list unless -max-matches says otherwise: more than a person reads, and
// few enough that a URL matching every one of 5 million rules is a row of
// kilobytes, not the 2.4 GB (and 11 GB of memory) it was (issue 16).
const defaultMaxMatches = 1000

// defaultMaxDiagnostics is how many diagnostics of each kind -json and
// -record keep unless -max-diagnostics says otherwise: a file of 5 million
// rules naming a private path had as many, and one URL's row listed them,
// 1.9 GB (issue 16).
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
	maxMatches := fs.Int("max-matches", defaultMaxMatches, "with -json and -record: list at most `N` matching rules of a URL, then only stronger ones, and count the rest in matches_omitted (0: list every one)")
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

// lazyGCLimit is the largest file for which check trades memory for
// speed (see checkGC).
const lazyGCLimit = 4 << 20

// checkGC lets a check of a file up to lazyGCLimit and of the URLs on its
// command line grow its heap to five times what it keeps (GOGC=400)
// before collecting, unless GOGC says otherwise. Such a check is a short
// process whose heap is the parsed file: at the default a 500 KiB file
// costs two collections, a quarter of the process's time. A larger file
// keeps the default: five times its parse is gigabytes, and what each URL
// leaves behind (its matches, a copy of each matching rule's steps) piled
// up to that bound, so that memory grew with the number of URLs (a
// 100 MiB file whose every rule matched took 3.5 GB for one URL, 7.0 GB
// for three), and each reading's parse garbage with -compare (3.3 GB
// instead of 2.6 GB for 100 MiB of rules). A check of -urls streams and
// keeps the default too, so that its memory stays near the file's size.
//
// A larger file gets a soft memory limit instead (memoryGoal). It once
// also collected sooner than the default (GOGC=50); beside the limit that
// no longer paid, measured as whole processes, six runs each, GOGC=50
// against the default: the 100 MiB mixed file (bench.HugeFile) under
// rfc9309, one URL 449.7 against 449.1 MiB peak at 1.02 times the CPU,
// two URLs 449.0 against 449.1 MiB at 1.10 times; 6 MiB of rules that all
// match with twelve URLs (TestCheckMemoryDoesNotGrowPerURL's file) 158.1
// against 157.0 MiB at 0.97 times. The limit alone holds memory down.
func checkGC(c *checkConfig, size int) {
	if os.Getenv("GOGC") == "" && c.urls == "" && size <= lazyGCLimit {
		debug.SetGCPercent(400)
	}
	aimHeap(size)
}

// aimHeap sets memoryGoal as the soft memory limit of a process that
// holds files of size bytes in all, when they are over lazyGCLimit and
// GOMEMLIMIT says nothing: check and diff.
func aimHeap(size int) {
	if size > lazyGCLimit && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryGoal(size))
	}
}

// memoryGoal is the heap a check of a file of size bytes aims to stay
// under. It is a soft limit (debug.SetMemoryLimit): the collector runs
// sooner as the heap nears it, so that a file whose parse keeps less than
// the goal peaks near it instead of twice as high as what it keeps (the
// default GOGC), and one that keeps more is not stopped, only collected
// more often. The process's resident memory ends a little above the
// heap's goal, so the goal is 3.5 times the file and a base for the
// program, under the 4 times that issue 16 allows. On the 100 MiB mixed
// file (bench.HugeFile), one URL, whole processes, 4 times and 32 MiB
// against this goal: rfc9309 3.89 -> 3.54 times the file at 1.22 times
// the CPU, google 4.15 -> 3.82 at 1.16, koster1996 4.19 -> 3.53 at 1.13,
// robots-parser 4.17 -> 3.63 at 1.03. A check whose parse and evaluation
// keep about the goal or more only pays more collections, which run
// without pause once the heap is on the limit: so the model's arrays are
// sized close to what they hold (File.RuleHint), since room never
// touched costs no memory but counts as heap.
func memoryGoal(size int) int64 { return 7*int64(size)/2 + 16<<20 }

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
	if OwnProcess {
		checkGC(c, len(body))
	}
	if c.record {
		return runRecord(c, body, stdout, stderr)
	}
	if code, done := runCaptured(c, body, stdin, stdout, stderr); done {
		return code
	}
	if c.crawl == nil || c.token != "" { // -crawlers take TOKEN's place
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
	disallowed, err := checkURLs(c, ev, stdin, out)
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
	if disallowed {
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
	// URL, and a Target and a Result per URL were the most of what a
	// check of a million URLs allocated (issue 18).
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
}

func newEvaluator(c *checkConfig, body string) *evaluator {
	// -json's rows list the matching rules up to -max-matches, and show
	// the applying groups but not how each user-agent line chose them.
	listed := matcher.ParseOptions{MaxMatches: c.maxMatches, MaxDiagnostics: c.maxDiagnostics, SkipAgentTrace: true}
	chosen := func() *matcher.File { return listed.ParseShared(c.reading, sourceBytes(body), body) }
	switch {
	case !c.compare && !c.json:
		// Text and CSV print the verdict, the URL and the deciding line,
		// which no diagnostic changes: the parse skips them (issue 18).
		// Measured: rfc9309's parse of the 500 KiB realistic file in 40%
		// less time (BenchmarkParseDiagnostics), and the peak of a check
		// of 100 MiB down from 1.09 to 0.83 GB under python, 516 to 447 MB
		// under rfc9309. -json, -compare and -record show them and parse
		// in full. Nor do they print the sentence of a rule's decision:
		// the deciding line is the reason (record.Why). Nor do they read
		// the line model beyond a rule's line: the lines are stored only
		// if something reads them (a check of one URL on the 500 KiB
		// realistic file, issue 18). Nor do they read the matches beyond
		// the deciding one: on 100 MiB of rules that all match a URL,
		// keeping every match took rfc9309 to 1.4 GB and python to 2.5 GB
		// (issue 16). Nor do they read how each user-agent line compared
		// with the token, which each token's selection keeps: check
		// -crawlers all on the 100 MiB mixed file peaked at 1.28 GB,
		// 12 times the file (issue 16).
		opts := matcher.ParseOptions{SkipDiagnostics: true, SkipRuleExplanations: true, SkipLineModel: true, SkipLosingMatches: true, SkipAgentTrace: true}
		return &evaluator{files: []*matcher.File{opts.ParseShared(c.reading, sourceBytes(body), body)}, brief: true}
	case !c.compare:
		return &evaluator{files: []*matcher.File{chosen()}}
	case c.urls == "" && len(c.args) <= urlBatchSize:
		// Text prints each reading's verdict, deciding line and why it
		// differs, which no diagnostic changes either: without -json the
		// readings parse without them. Measured on the 100 MiB mixed file
		// (scripts/check-memory): python's parse keeps 1.1 million
		// diagnostics, and the peak of -compare was 1.4 GB with them. Nor
		// do they read the losing matches, but to explain a difference
		// (compare.CompareEach evaluates those URLs again in full): a URL
		// that every rule of 100 MiB matched took -compare to 2.5 GB
		// (issue 16).
		// Nor do they store the lines or write the sentence of a rule's
		// decision, but to explain a difference: stored, the lines of
		// each reading in turn were twice the 100 MiB file of short
		// lines (issue 16).
		opts := matcher.ParseOptions{SkipDiagnostics: !c.json, SkipLosingMatches: !c.json, SkipAgentTrace: true, MaxMatches: c.maxMatches,
			MaxDiagnostics: c.maxDiagnostics, SkipLineModel: !c.json, SkipRuleExplanations: !c.json}
		return &evaluator{each: true, reading: c.reading, body: body, opts: opts}
	}
	ev := &evaluator{files: matcher.ParseAllText(body)}
	for i, f := range ev.files {
		if f.Reading == c.reading {
			ev.index = i
		}
	}
	return ev
}

// compareEach compares urls under every reading, parsing one other
// reading at a time; it stops at the first URL that cannot be read, and
// returns the comparisons of those before it with that error.
func (ev *evaluator) compareEach(token string, urls []string) ([]*compare.Comparison, error) {
	var targets []*matcher.Target
	var err error
	for _, u := range urls {
		t, terr := matcher.ParseTarget(u)
		if terr != nil {
			err = terr
			break
		}
		targets = append(targets, t)
	}
	cmps := compare.CompareEach(ev.reading, ev.parse, token, targets)
	// The output reads only the text of each deciding line from the
	// chosen reading's file (record.AppendWhy, record.NewRow), which no
	// diagnostic or rule sentence changes: parsed again without them,
	// now that no other reading's file is held. Kept from the start, it
	// sat beside every other reading's parse: with it, -compare of the
	// 100 MiB mixed file peaked at 6.8 times the file. Text reads each
	// deciding line around its rule's pattern (File.RuleText), as the
	// readings' parses above did: with its lines stored, this parse set
	// the peak of -compare on the 100 MiB file of short lines (issue 16).
	lean := matcher.ParseOptions{SkipDiagnostics: true, SkipRuleExplanations: true, SkipLineModel: ev.opts.SkipLineModel}
	ev.collect()
	ev.files = []*matcher.File{lean.ParseShared(ev.reading, sourceBytes(ev.body), ev.body)}
	return cmps, err
}

// parse is the file under reading r, as checkEach compares it.
func (ev *evaluator) parse(r matcher.Reading) *matcher.File {
	ev.collect()
	return ev.opts.ParseShared(r, sourceBytes(ev.body), ev.body)
}

// collect runs the collector before a parse of a large file: the reading
// before, let go by now, was still held by the collection its evaluation
// started, and the next parse's first arrays (its lines, 76 MiB of the
// 100 MiB mixed file) came on top of it, which set -compare's peak (4.4
// times the file; 3.x once collected, scripts/check-memory, issue 16).
// It also hands the freed pages back: kept, the next reading's arrays,
// of other sizes than the last one's objects, were laid beside them, and
// -compare of the 100 MiB realistic file peaked at 418 MB, 4.1 times the
// file, instead of 399 MB once returned (whole processes, two runs each).
func (ev *evaluator) collect() {
	if len(ev.body) > lazyGCLimit {
		debug.FreeOSMemory()
	}
}

func (ev *evaluator) file() *matcher.File { return ev.files[ev.index] }

// evaluate decides u for token; the result is valid until the next call.
func (ev *evaluator) evaluate(token, u string) (*matcher.Result, *compare.Comparison, error) {
	if len(ev.files) == 1 {
		if err := matcher.ParseTargetInto(&ev.target, u); err != nil {
			return nil, nil, err
		}
		if ev.governs != nil {
			if err := ev.governs(&ev.target); err != nil {
				return nil, nil, err
			}
		}
		if ev.brief {
			ev.file().DecideInto(&ev.result, token, &ev.target)
		} else {
			ev.file().EvaluateInto(&ev.result, token, &ev.target)
		}
		return &ev.result, nil, nil
	}
	cmp, err := compare.CompareWith(ev.files, ev.file().Reading, token, u)
	if err != nil {
		return nil, nil, err
	}
	return cmp.Results[ev.index], cmp, nil
}

// writeResult writes one URL's result. In text, every field from the file
// or the command line is escaped (escape.Text): a URL or a rule holding a
// line end, a tab or an ESC sequence cannot forge a result line or drive
// the terminal.
func writeResult(w io.Writer, f *matcher.File, res *matcher.Result, cmp *compare.Comparison, asJSON bool, scope delivery.Scope) error {
	if asJSON {
		row := record.NewRow(f, res, cmp)
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
	if _, err := w.Write(appendResult(lineBuffer(w), f, res)); err != nil || cmp == nil {
		return wrapWrite(err)
	}
	return wrapWrite(writeComparison(w, res, cmp))
}

// appendResult appends the text line of one URL's result: verdict, URL and
// short reason (record.Why), tab-separated, the URL and the reason escaped.
// Built in place, it makes no string per field: a million URLs of -urls are
// a million lines (issue 18).
func appendResult(b []byte, f *matcher.File, res *matcher.Result) []byte {
	b = append(b, res.Verdict()...)
	b = append(b, '\t')
	b = escape.AppendText(b, res.Target.Input)
	b = append(b, '\t')
	if _, ok := res.WinningRule(); !ok {
		// What record.AppendWhy writes, from a result that may have
		// left its sentence out (evaluator.brief).
		return append(matcher.AppendExplanation(b, f, res, escape.AppendText), '\n')
	}
	b = record.AppendWhy(b, f, res, escape.AppendText)
	return append(b, '\n')
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
