//go:build !wasm

package main

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
	"unsafe"

	"robots-explorer/matcher"
)

// Exit statuses of check: usable in CI pipelines and by conformance runners.
const (
	exitAllowed    = 0
	exitDisallowed = 1
	exitUsage      = 2
)

const checkUsage = `usage: robots-explorer check [-reading NAME] [-compare] [-json] [-urls FILE] ROBOTS_FILE TOKEN [URL...]
       robots-explorer check -record [-markdown] [delivery flags] ROBOTS_FILE TOKEN URL

Decides whether TOKEN may crawl each URL under the robots.txt in ROBOTS_FILE
("-" reads standard input). A URL is a path with query (/fish?id=3) or a full
URL; an empty URL means /. Exit status: 0 when every URL is allowed, 1 when
any is disallowed, 2 on a usage or input error. With -compare, every
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

flags:
`

// now is the time of a decision; tests fix it.
var now = time.Now

// localNote ends text output on standard error: the verdicts above are
// bounded local decisions. A constant, so that no process builds it.
const localNote = "robots-explorer check: note: " + string(matcher.ScopeLocal) + "; " + matcher.CrawlOnly + ".\n"

type checkConfig struct {
	reading  matcher.Reading
	json     bool
	compare  bool
	urls     string
	file     string
	token    string
	args     []string
	record   bool
	markdown bool
	delivery *matcher.Delivery // nil when no delivery flag was given
}

func parseCheckFlags(args []string, stderr io.Writer) (*checkConfig, error) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage); fs.PrintDefaults() }
	readingName := fs.String("reading", string(matcher.RFC9309), "the reading: "+readingList())
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	compare := fs.Bool("compare", false, "also evaluate every other reading and say why they differ")
	urls := fs.String("urls", "", "read URLs one per line from `FILE` (\"-\" is standard input)")
	record := fs.Bool("record", false, "print the decision record of exactly one URL as one JSON document")
	markdown := fs.Bool("markdown", false, "with -record: print the record as Markdown")
	df := deliveryFlags(fs)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	r, err := matcher.ParseReading(*readingName)
	if err != nil {
		return nil, err
	}
	rest := fs.Args()
	if len(rest) < 2 {
		return nil, errors.New("check needs ROBOTS_FILE and TOKEN")
	}
	c := &checkConfig{reading: r, json: *asJSON, compare: *compare, urls: *urls, file: rest[0], token: rest[1], args: rest[2:],
		record: *record, markdown: *markdown}
	if c.delivery, err = df.delivery(fs); err != nil {
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

// checkGC lets a check of the URLs on its command line grow its heap to
// five times what it keeps (GOGC=400) before collecting, unless GOGC says
// otherwise. Such a check is a short process whose heap is the parsed file:
// at the default a 500 KiB file costs two collections, a quarter of the
// process's time. A check of -urls streams and keeps the default, so that
// its memory stays near the file's size.
func checkGC(c *checkConfig) {
	if c.urls == "" && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, err := parseCheckFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	if ownProcess {
		checkGC(c)
	}
	body, err := readInput(c.file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	if c.record {
		return runRecord(c, body, stdout, stderr)
	}
	ev := newEvaluator(c, body)
	out := bufio.NewWriterSize(stdout, 64*1024)
	defer out.Flush()
	disallowed, err := checkURLs(c, ev, stdin, out)
	if err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	if !c.json {
		out.Flush()
		io.WriteString(stderr, localNote)
	}
	if disallowed {
		return exitDisallowed
	}
	return exitAllowed
}

// readInput reads the robots.txt file (name "-" is stdin) into a string,
// which the matcher reads without a copy (matcher.ParseText): a large
// file's bytes are then in memory once, and copied once. A regular file is
// read straight into one buffer of its size (os.ReadFile); a pipe, a device
// or stdin is read to its end into a buffer that grows as it fills. (io.Copy
// into a strings.Builder went through a 32 KiB buffer: every byte copied
// twice.)
func readInput(name string, stdin io.Reader) (string, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return "", err
	}
	// Nothing keeps data but this string, and nothing writes to it again,
	// so the string may share its bytes (as strings.Builder does).
	return unsafe.String(unsafe.SliceData(data), len(data)), nil
}

// evaluator parses the file once, under the chosen reading or, with
// -compare, under every reading.
type evaluator struct {
	files []*matcher.File
	index int // of the chosen reading in files
}

func newEvaluator(c *checkConfig, body string) *evaluator {
	if !c.compare {
		return &evaluator{files: []*matcher.File{matcher.ParseText(c.reading, body)}}
	}
	ev := &evaluator{files: matcher.ParseAllText(body)}
	for i, f := range ev.files {
		if f.Reading == c.reading {
			ev.index = i
		}
	}
	return ev
}

func (ev *evaluator) file() *matcher.File { return ev.files[ev.index] }

func (ev *evaluator) evaluate(token, u string) (*matcher.Result, *matcher.Comparison, error) {
	if len(ev.files) == 1 {
		res, err := ev.file().Evaluate(token, u)
		return res, nil, err
	}
	cmp, err := matcher.CompareWith(ev.files, ev.file().Reading, token, u)
	if err != nil {
		return nil, nil, err
	}
	return cmp.Results[ev.index], cmp, nil
}

func writeResult(w io.Writer, f *matcher.File, res *matcher.Result, cmp *matcher.Comparison, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(newCheckJSON(f, res, cmp))
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	if _, err := fmt.Fprintf(w, "%s\t%s\t%s\n", res.Verdict(), res.Target.Input, why(f, res)); err != nil || cmp == nil {
		return err
	}
	return writeComparison(w, res, cmp)
}

// writeComparison prints, under the URL's line, the rows of the page's
// table of readings, one per other reading: its name and title, verdict,
// deciding line, and why it differs from the chosen reading ("agrees"
// when it does not), tab-separated.
func writeComparison(w io.Writer, chosen *matcher.Result, cmp *matcher.Comparison) error {
	for _, r := range comparisonRows(cmp, chosen.Reading).Readings {
		if r.Current {
			continue
		}
		if _, err := fmt.Fprintf(w, "\t%s\t%s\t%s\t%s\t%s\n", r.Reading, r.Title, r.Verdict, r.deciding(), r.difference()); err != nil {
			return err
		}
	}
	return nil
}

// why is the short form of the reason: the winning line, or what decided.
func why(f *matcher.File, res *matcher.Result) string {
	if m, ok := res.WinningRule(); ok {
		return fmt.Sprintf("line %d: %s", m.Rule.Line, f.Text(int(m.Rule.Line)))
	}
	return res.Explanation
}
