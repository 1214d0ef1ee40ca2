//go:build !wasm

package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/capture"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
)

// A captured file is a robots.txt file and its delivery read from a WARC
// capture (-capture): the facts come from the records, not from flags.
type captured struct {
	name      string // the WARC as given
	robotsURL string // whose fetch it is
	capture   *capture.Capture
}

// readCapture reads the WARC name ("-": standard input) and finds in it
// the fetch of robotsURL, or, when robotsURL is "", the one fetch it
// holds.
func readCapture(name, robotsURL string, stdin io.Reader) (*captured, error) {
	f, done, err := openSeekable(name, stdin)
	if err != nil {
		return nil, err
	}
	defer done()
	c, err := capfetch.Read(name, f)
	if err != nil {
		return nil, err
	}
	if robotsURL, err = c.Pick(robotsURL); err != nil {
		return nil, err
	}
	got, err := c.Find(robotsURL)
	if err != nil {
		return nil, err
	}
	return &captured{name: name, robotsURL: robotsURL, capture: got}, nil
}

// openSeekable opens the file name, or copies standard input ("-") to a
// temporary file: the WARC is read twice (capfetch.Read).
func openSeekable(name string, stdin io.Reader) (io.ReadSeeker, func(), error) {
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		return fh, func() { fh.Close() }, nil
	}
	tmp, err := os.CreateTemp("", "robots-explorer-capture-*.warc")
	if err != nil {
		return nil, nil, err
	}
	done := func() { tmp.Close(); os.Remove(tmp.Name()) }
	if _, err := io.Copy(tmp, stdin); err != nil {
		done()
		return nil, nil, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		done()
		return nil, nil, err
	}
	return tmp, done, nil
}

// firstRobotsURL is the robots.txt URL of the first full URL of urls, or
// "" when they are all paths.
func firstRobotsURL(urls []string) string {
	for _, u := range urls {
		if t, err := matcher.ParseTarget(u); err == nil && t.RobotsURL != "" {
			return t.RobotsURL
		}
	}
	return ""
}

// governs refuses a URL of another site than the capture's: its rules
// and delivery say nothing of it. A path is read as one of the capture's
// site.
func (c *captured) governs(t *matcher.Target) error {
	if t.RobotsURL != "" && t.RobotsURL != c.robotsURL {
		return fmt.Errorf("%s is governed by %s, and the capture %s is of %s", QuoteField(t.Input), t.RobotsURL, c.name, c.robotsURL)
	}
	return nil
}

// loadCheckCapture reads check's -capture: the file checked and the
// delivery facts then come from it.
func loadCheckCapture(c *checkConfig, stdin io.Reader) (string, error) {
	got, err := readCapture(c.capture, firstRobotsURL(c.args), stdin)
	if err != nil {
		return "", err
	}
	for _, u := range c.args {
		if t, err := matcher.ParseTarget(u); err == nil {
			if err := got.governs(t); err != nil {
				return "", err
			}
		}
	}
	c.captured, c.delivery = got, &got.capture.Facts
	return string(got.capture.Body), nil
}

// checkCaptureFlags refuses what -capture does not combine with.
func (c *checkConfig) checkCaptureFlags() error {
	switch {
	case c.capture == "":
		return nil
	case c.delivery != nil:
		return errors.New("-capture holds the delivery facts: the delivery flags do not combine with it")
	case c.crawl != nil || c.compare:
		return errors.New("-capture does not combine with -crawlers, -tokens, -csv or -compare")
	case c.capture == "-" && c.urls == "-":
		return errors.New("standard input cannot be both the capture and -urls")
	}
	return nil
}

// runCaptured, for a check of a capture without -record, says what the
// capture holds on standard error and, when its delivery decides every
// URL, checks them (done is then true); otherwise the rules decide, as
// without a capture.
func runCaptured(c *checkConfig, body string, stdin io.Reader, stdout, stderr io.Writer) (code int, done bool) {
	if c.captured == nil {
		return 0, false
	}
	if err := noteCapture(c, stderr); err != nil {
		return ExitUsage, true
	}
	a := delivery.Assess(c.delivery, len(body), now())
	if !overrides(a) {
		return 0, false
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	disallowed, err := checkDelivered(c, a, stdin, out)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = writeError{ferr}
	}
	if err != nil {
		return fail(stderr, err), true
	}
	if !c.json {
		io.WriteString(stderr, endNote(c))
	}
	if disallowed {
		return exitDisallowed, true
	}
	return exitAllowed, true
}

// endNote ends text output on standard error: what the verdicts above
// rest on.
func endNote(c *checkConfig) string {
	if c.captured == nil {
		return localNote
	}
	return "robots-explorer check: note: " + string(delivery.ScopeCaptured) + " (" + escape.Text(c.captured.name) + "); " + delivery.CrawlOnly + ".\n"
}

// overrides reports whether a delivery decides every URL whatever the
// rules say: a 4xx, a 5xx, a network error, too many redirects.
func overrides(a delivery.Assessment) bool {
	return a.Effect == delivery.EffectAllowAll || a.Effect == delivery.EffectDisallowAll
}

// noteCapture says on standard error what the capture holds before the
// verdicts: where its facts come from and what RFC 9309 makes of them.
func noteCapture(c *checkConfig, stderr io.Writer) error {
	var b strings.Builder
	b.WriteString("robots-explorer check: the capture " + escape.Text(c.captured.name) + " holds:\n")
	writeCapture(&b, c.captured.capture, now())
	_, err := io.WriteString(stderr, b.String())
	return err
}

// checkDelivered checks every URL when the delivery decides them all: each
// gets the delivery's verdict, and the rules are not read.
func checkDelivered(c *checkConfig, a delivery.Assessment, stdin io.Reader, w io.Writer) (disallowed bool, err error) {
	verdict := a.EffectiveVerdict(true)
	reason := fmt.Sprintf("delivery: %s: %s (%s)", deliveryOutcome(c.delivery), a.Effect, a.Section)
	readErr := readURLBatches(c, stdin, func(b *urlBatch) bool {
		for i, u := range b.urls {
			if err = writeDelivered(c, w, u, verdict, reason, a); err != nil {
				if b.lines != nil && !errors.As(err, new(writeError)) {
					err = fmt.Errorf("%s:%d: %w", c.urls, b.lines[i], err)
				}
				return false
			}
		}
		return true
	})
	if err == nil {
		err = readErr
	}
	return verdict == "disallowed", err
}

// writeDelivered writes the line (or -json row) of one URL the delivery
// decided.
func writeDelivered(c *checkConfig, w io.Writer, u, verdict, reason string, a delivery.Assessment) error {
	t, err := matcher.ParseTarget(u)
	if err == nil {
		err = c.captured.governs(t)
	}
	if err != nil {
		return err
	}
	if !c.json {
		_, err := io.WriteString(w, verdict+"\t"+escape.Text(u)+"\t"+escape.Text(reason)+"\n")
		return wrapWrite(err)
	}
	row := record.Row{Verdict: verdict, Scope: delivery.ScopeCaptured, URL: u, Reading: c.reading, Token: c.token, Path: t.Path,
		RobotsURL: c.captured.robotsURL, Reason: release.ReasonDelivery, Explanation: a.Sentence,
		Matches: []record.RuleRef{}, Steps: append([]matcher.Step{}, t.Steps...), Groups: []int{}, Diagnostics: []record.Diagnostic{}}
	b, err := json.Marshal(row)
	if err == nil {
		_, err = w.Write(append(jsonSafe(b), '\n'))
	}
	return wrapWrite(err)
}

// deliveryOutcome is the delivery's outcome in a word: the status, or that the
// fetch failed.
func deliveryOutcome(d *delivery.Facts) string {
	if d.Error != "" {
		return "the fetch failed"
	}
	if n := len(d.Redirects); n > 0 {
		return fmt.Sprintf("%d after %d redirects", d.Status, n)
	}
	return fmt.Sprint(d.Status)
}
