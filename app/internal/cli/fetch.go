//go:build !wasm

package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"robots-explorer/app/internal/atomicfile"
	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/app/internal/version"
	"robots-explorer/matcher"
	"robots-explorer/matcher/capture"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
)

const fetchUsage = `usage: robots-explorer fetch [-o FILE] [-user-agent UA] [-timeout D] URL

Fetches the robots.txt file that governs URL, any URL of a site (the
lower-case /robots.txt on its exact scheme, host and port, RFC 9309 §2.3), as
a crawler does: GET with the User-Agent UA and Accept-Encoding: gzip,
redirects followed up to five hops (§2.3.1.2), the body read to 500 KiB
(§2.5) and counted further. It writes what it saw to FILE as a WARC 1.1
file (gzip-compressed when FILE ends in .gz): the exact bytes of each hop's
request and response and a metadata record of the derived facts; then it
prints what the capture holds and what RFC 9309 makes of it. Read it back
with check -capture FILE, diff -capture FILE, or any WARC tool.

Without -o, FILE is named after the host and the time, in the current
folder; "-o -" writes the WARC to standard output and the summary to
standard error. Exit status: 0 when the capture was written, whatever the
server answered (a network error or a time-out is a fact of the delivery
too); 2 on a usage error, a URL that is not http or https, or a file that
could not be written.

flags:
`

// defaultUserAgent names this program, as a crawler's User-Agent names
// the crawler.
func defaultUserAgent() string { return "robots-explorer/" + version.Tool() }

// fetcher is the fetcher of the fetch command; tests replace it to reach
// their loopback servers.
var fetcher = func(ua string, timeout time.Duration) *capfetch.Fetcher {
	return &capfetch.Fetcher{UserAgent: ua, ConnectTimeout: timeout, HeaderTimeout: timeout, BodyTimeout: timeout}
}

func runFetch(args []string, stdout, stderr io.Writer) int {
	fail := func(err error) int { return failAs(stderr, "fetch", err) }
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "write the WARC to `FILE` (\"-\": standard output)")
	ua := fs.String("user-agent", defaultUserAgent(), "the User-Agent header, `UA`; its product token is the crawler's name")
	timeout := fs.Duration("timeout", capfetch.DefaultTimeout, "the most connecting, the response headers and the body may each take, per hop (`D`: 10s, 1m)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, fetchUsage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return ExitUsage
		}
		return fail(fmt.Errorf("%w (robots-explorer fetch -h lists the flags)", err))
	}
	if fs.NArg() != 1 {
		return fail(errors.New("fetch takes one URL"))
	}
	if *timeout <= 0 {
		return fail(fmt.Errorf("-timeout %s: give a duration above zero", *timeout))
	}
	t, err := matcher.ParseTarget(fs.Arg(0))
	if err != nil {
		return fail(err)
	}
	if t.Scheme != "http" && t.Scheme != "https" {
		return fail(fmt.Errorf("%s is not an http or https URL such as https://example.com/", QuoteField(fs.Arg(0))))
	}
	start := now()
	res, err := fetcher(*ua, *timeout).Fetch(context.Background(), t.RobotsURL)
	if err != nil {
		return fail(err)
	}
	name := *out
	if name == "" {
		name = warcName(t, start)
	}
	var warc bytes.Buffer
	written, err := capfetch.Write(&warc, name, "robots-explorer "+version.Tool(), res.Records, name == "-" || strings.HasSuffix(name, ".gz"))
	if err != nil {
		return fail(err)
	}
	summary := stdout
	if name == "-" {
		summary = stderr
		err = writeAll(stdout, warc.Bytes())
	} else {
		err = atomicfile.WriteAtomic(name, warc.Bytes())
	}
	if err != nil {
		return fail(writeError{err})
	}
	sum := sha256.Sum256(warc.Bytes())
	if err := printCapture(summary, name, hex.EncodeToString(sum[:]), written, t.RobotsURL); err != nil {
		return fail(err)
	}
	return 0
}

func writeAll(w io.Writer, b []byte) error {
	_, err := w.Write(b)
	return err
}

// warcName is the default name of a capture: host, port, the time.
func warcName(t *matcher.Target, at time.Time) string {
	host := strings.NewReplacer(":", "_", "[", "", "]", "").Replace(t.Host)
	if t.Port != "" {
		host += "_" + t.Port
	}
	return host + "-robots-" + at.UTC().Format("20060102T150405Z") + ".warc.gz"
}

// printCapture says what the capture written to name holds, read back as
// check -capture reads it, and what RFC 9309 makes of it.
func printCapture(w io.Writer, name, sha string, records []capture.Record, robotsURL string) error {
	c := &capture.Collector{Source: name, SHA256: sha}
	for _, r := range records {
		if c.Wants(&r) {
			c.Add(r)
		}
	}
	got, err := c.Find(robotsURL)
	if err != nil {
		return err
	}
	var b strings.Builder
	writeCapture(&b, got, now())
	if name != "-" {
		fmt.Fprintf(&b, "written\t%s\n", escape.Text(name))
	}
	_, err = io.WriteString(w, b.String())
	return wrapWrite(err)
}

// writeCapture writes the facts of a capture, one a line, tab-separated,
// every text from the network escaped.
func writeCapture(b *strings.Builder, c *capture.Capture, at time.Time) {
	line := func(k string, v ...string) { b.WriteString(k + "\t" + strings.Join(v, "\t") + "\n") }
	f := &c.Facts
	line("robots.txt", escape.Text(f.RobotsURL))
	line("observed", f.ObservedAt.UTC().Format(time.RFC3339))
	if ev := f.Capture; ev != nil {
		line("user-agent", escape.Text(ev.UserAgent))
		for i, h := range ev.Hops {
			line(fmt.Sprintf("hop %d", i+1), hopText(h)...)
		}
	}
	switch {
	case f.Error != "":
		line("error", escape.Text(f.Error))
	default:
		line("status", fmt.Sprint(f.Status))
		line("content-type", escape.Text(f.ContentType))
	}
	if c.Body != nil {
		size := fmt.Sprintf("%d bytes", len(c.Body))
		if f.Size > 0 {
			size += fmt.Sprintf(" kept of %d", f.Size)
			if f.SizeAtLeast {
				size += " or more"
			}
		}
		line("body", size)
	}
	a := delivery.Assess(f, len(c.Body), at)
	line("effect", string(a.Effect), a.Section, escape.Text(a.Sentence))
	for _, n := range a.Notes {
		line("note", n.Severity.String(), escape.Text(n.Sentence))
	}
	for _, g := range a.Google {
		if g.Differs {
			line("google", escape.Text(g.Sentence))
		}
	}
}

// hopText is one hop: method and URL, status, where it leads, the address
// connected to and the TLS session.
func hopText(h delivery.Hop) []string {
	out := []string{escape.Text(h.Method + " " + h.URL)}
	if h.Status != 0 {
		out = append(out, fmt.Sprint(h.Status))
	}
	if h.Location != "" {
		out = append(out, "-> "+escape.Text(h.Location))
	}
	if h.RemoteAddr != "" {
		out = append(out, escape.Text(h.RemoteAddr))
	}
	if h.TLSVersion != "" {
		out = append(out, escape.Text(h.TLSVersion+", "+h.CertSubject+", issued by "+h.CertIssuer))
	}
	return out
}
