//go:build !wasm

package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"

	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/urllist"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
)

// Exit statuses of diff.
const (
	exitSame    = 0 // no verdict changes
	exitChanged = 1 // some verdict changes
)

const diffUsage = `usage: robots-explorer diff [-reading NAME] [-crawlers LIST | -tokens LIST] [-urls FILE]... [-json | -csv] [-all] OLD NEW [URL...]
       robots-explorer diff -capture WARC [flags] NEW [URL...]

Compares two versions of a robots.txt file: every URL for every crawler under
both, and prints each pair whose verdict changes with both verdicts and both
deciding lines, then counts per crawler and a line diff of the files marking
the edited lines that decided the changes. The URLs come from -urls (a plain
list, a sitemap, a sitemap index given with its sitemaps, .xml.gz, or a CSV
crawl export) and the arguments after NEW. Without -crawlers or -tokens,
every crawler of the directory is evaluated, each with the token chain its
operator documents. -capture takes OLD from a WARC capture of its fetch
(robots-explorer fetch): the file and the way it was delivered, so that a
404 or a 503 in production makes every old verdict allowed or disallowed,
as RFC 9309 §2.3.1 says. A line of the list that is not a URL gets the row
error with the reason, and the others are checked. Exit status: 0 when no
verdict changes, 1 when any does, 2 on a usage or input error, and, after
the last line, when any line could not be checked or no URL was.

flags:
`

type diffConfig struct {
	reading  matcher.Reading
	crawlers []crawler.Crawler
	urls     urlFiles
	json     bool
	csv      bool
	all      bool
	old, new string
	args     []string
	// capture is -capture's WARC, and captured what it holds once read
	// (diffcapture.go).
	capture  string
	captured *captured
}

func parseDiffFlags(args []string, stderr io.Writer) (*diffConfig, error) {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, diffUsage); fs.PrintDefaults() }
	c := &diffConfig{}
	readingName := fs.String("reading", string(matcher.RFC9309), "the reading: "+readingList())
	var choice crawlerChoice
	choice.register(fs)
	c.urls.register(fs)
	fs.BoolVar(&c.json, "json", false, "print one JSON object per pair, then a summary object")
	fs.BoolVar(&c.csv, "csv", false, "print the pairs as CSV (counts and the line diff go to standard error)")
	fs.BoolVar(&c.all, "all", false, "list the pairs whose verdict did not change too")
	fs.StringVar(&c.capture, "capture", "", "take OLD and its delivery from the WARC `FILE` of its fetch (robots-explorer fetch)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var err error
	if c.reading, err = matcher.ParseReading(*readingName); err != nil {
		return nil, err
	}
	if c.json && c.csv {
		return nil, errors.New("-json and -csv exclude each other")
	}
	if c.crawlers, err = choice.resolve("all"); err != nil {
		return nil, err
	}
	rest := fs.Args()
	if c.capture != "" { // the capture takes OLD's place
		rest = append([]string{""}, rest...)
	}
	if len(rest) < 2 {
		return nil, errors.New("diff needs OLD and NEW")
	}
	c.old, c.new, c.args = rest[0], rest[1], rest[2:]
	if c.old == "-" && c.new == "-" {
		return nil, errors.New("standard input cannot be both OLD and NEW")
	}
	if (c.old == "-" || c.new == "-") && slices.Contains(c.urls.names, "-") {
		return nil, errors.New("standard input cannot be both a robots.txt file and -urls")
	}
	if len(c.urls.names) == 0 && len(c.args) == 0 {
		return nil, errors.New("diff needs URLs: -urls FILE, or URLs after NEW")
	}
	return c, nil
}

// diffParse is how diff parses the files: a verdict gives its deciding
// line (release.Verdict), and the matches, diagnostics and agent traces
// a file of millions of lines would keep are bounded as check bounds them.
var diffParse = matcher.ParseOptions{MaxMatches: defaultMaxMatches, MaxDiagnostics: defaultMaxDiagnostics, SkipAgentTrace: true}

func runDiff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int { return failAs(stderr, "diff", err) }
	c, err := parseDiffFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitUsage
	}
	if err != nil {
		return fail(err)
	}
	var oldText string
	if c.capture != "" {
		oldText, err = loadDiffCapture(c, stdin, stderr)
	} else {
		oldText, err = readRobotsFile(c.old, stdin)
	}
	if err != nil {
		return fail(err)
	}
	newText, err := readRobotsFile(c.new, stdin)
	if err != nil {
		return fail(err)
	}
	opts := diffParse
	r := release.New(matcher.Parse(c.reading, sourceBytes(oldText), withText(opts, oldText)), matcher.Parse(c.reading, sourceBytes(newText), withText(opts, newText)), c.crawlers)
	deliverOld(c, r)
	out := bufio.NewWriterSize(stdout, 64<<10)
	w := newDiffWriter(c, out, true)
	if err := w.finish(); err != nil { // the CSV header
		return fail(err)
	}
	list, err := diffURLs(c, r, stdin, stderr, out)
	if err != nil {
		out.Flush()
		return fail(err)
	}
	if err := w.summary(r, list, stderr); err != nil {
		return fail(err)
	}
	if err := out.Flush(); err != nil {
		return fail(err)
	}
	unchecked := list.Counts[urllist.Malformed]
	switch {
	case list.Count == 0 && unchecked > 0:
		return fail(errors.New("no line of the list could be checked: nothing was checked"))
	case list.Count == 0:
		return fail(errors.New("the list holds no URL: nothing was checked"))
	case unchecked > 0:
		return fail(fmt.Errorf("%s could not be checked: see their error rows", view.Plural(unchecked, "line")))
	case r.Changed():
		return exitChanged
	}
	return exitSame
}

// diffWriter prints a release in one of the three forms.
type diffWriter struct {
	c    *diffConfig
	out  io.Writer
	csv  *csvRows
	json bool
}

// newDiffWriter prints pairs to out; header writes the CSV header.
func newDiffWriter(c *diffConfig, out io.Writer, header bool) *diffWriter {
	w := &diffWriter{c: c, out: out, json: c.json}
	if c.csv {
		w.csv = &csvRows{w: out}
	}
	if c.csv && header {
		w.csv.write("crawler", "url", "source", "changed", "old_verdict", "old_line", "old_rule", "new_verdict", "new_line", "new_rule")
	}
	return w
}

// url checks one URL of the list, read at file:e.Line, and prints its
// pairs.
func (w *diffWriter) url(r *release.Release, e urllist.Entry, file string) error {
	if e.Err != "" {
		return w.unchecked(e.URL, file+":"+strconv.Itoa(int(e.Line)), e.Err)
	}
	t := new(matcher.Target)
	if err := r.Old.File.ReadTargetInto(t, e.URL); err != nil {
		return fmt.Errorf("%s:%d: %w", file, e.Line, err) // the list refuses what the reading cannot read
	}
	if w.c.captured != nil {
		if err := w.c.captured.governs(t); err != nil {
			return fmt.Errorf("%s:%d: %w", file, e.Line, err)
		}
	}
	// The source position is made for the first pair printed, if any: most
	// URLs of a large list change no verdict.
	where := ""
	return r.Check(t, w.c.all, func(p release.Pair) error {
		if where == "" {
			where = file + ":" + strconv.Itoa(int(e.Line))
		}
		return w.pair(e.URL, where, p)
	})
}

// finish is what the writer does after the last pair: nothing, since each
// row is written whole.
func (w *diffWriter) finish() error { return nil }

func (w *diffWriter) pair(u, where string, p release.Pair) error {
	name := w.c.crawlers[p.Crawler].Name
	switch {
	case w.json:
		return w.writeJSON(pairJSON{Crawler: name, URL: u, Source: where, Changed: p.Changed, Old: p.Old, New: p.New})
	case w.csv != nil:
		return w.csv.write(name, u, where, strconv.FormatBool(p.Changed),
			p.Old.Word(), p.Old.LineText(), p.Old.Decider(), p.New.Word(), p.New.LineText(), p.New.Decider())
	case p.Changed:
		_, err := fmt.Fprintf(w.out, "%s\t%s\t%s -> %s\told: %s\tnew: %s\n", name, escape.Text(u), p.Old.Word(), p.New.Word(),
			escape.Text(p.Old.Decided()), escape.Text(p.New.Decided()))
		return err
	}
	_, err := fmt.Fprintf(w.out, "%s\t%s\t%s (unchanged)\t%s\n", name, escape.Text(u), p.New.Word(), escape.Text(p.New.Decided()))
	return err
}

// unchecked prints the row of a line that is not a URL the matcher reads,
// read at where: error and the reason, in the verdicts' place.
func (w *diffWriter) unchecked(u, where, reason string) error {
	switch {
	case w.json:
		return w.writeJSON(uncheckedJSON{Verdict: "error", URL: u, Source: where, Error: reason})
	case w.csv != nil:
		return w.csv.write("", u, where, "", "error", "", reason, "error", "", reason)
	}
	_, err := fmt.Fprintf(w.out, "\t%s\terror\t%s: %s\n", escape.Text(u), escape.Text(where), escape.Text(reason))
	return err
}

func (w *diffWriter) writeJSON(v any) error {
	b, err := jsonLine(v)
	if err == nil {
		_, err = w.out.Write(b)
	}
	return err
}

type pairJSON struct {
	Crawler string          `json:"crawler"`
	URL     string          `json:"url"`
	Source  string          `json:"source"`
	Changed bool            `json:"changed"`
	Old     release.Verdict `json:"old"`
	New     release.Verdict `json:"new"`
}
