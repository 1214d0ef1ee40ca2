//go:build !wasm

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"robots-explorer/app/internal/version"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// redirectList is the repeatable -redirect flag: one hop URL each time.
type redirectList []string

func (r *redirectList) String() string { return strings.Join(*r, " ") }

// Set takes one hop: an absolute http or https URL (RFC 9309 §2.3.1.2
// follows redirects of a robots.txt fetched over HTTP), so that a
// javascript: or malformed URL never lands in a record as a fact.
func (r *redirectList) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("a redirect hop needs its URL")
	}
	if err := checkHopURL(v); err != nil {
		return err
	}
	*r = append(*r, v)
	return nil
}

func checkHopURL(v string) error {
	u, err := url.Parse(v)
	if err != nil {
		return fmt.Errorf("\"%s\" is not a URL: %v", v, errors.Unwrap(err))
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.Opaque != "" {
		return fmt.Errorf("\"%s\" is not an http or https URL such as https://example.com/robots.txt", v)
	}
	t, err := matcher.ParseTarget(v)
	if err != nil {
		return err
	}
	if t.RobotsURL == "" { // an authority that cannot be read: a step says why
		return fmt.Errorf("\"%s\": %s", v, t.Steps[len(t.Steps)-1].Rule)
	}
	return nil
}

// deliveryFlagSet holds the flags that describe how the file was fetched.
type deliveryFlagSet struct {
	status      *string
	redirects   redirectList
	contentType *string
	fetchError  *string
	observed    *string
	since       *string
	cached      *bool
}

func deliveryFlags(fs *flag.FlagSet) *deliveryFlagSet {
	d := &deliveryFlagSet{}
	d.status = fs.String("status", "", "delivery: the HTTP `CODE` of the last response to the robots.txt request")
	fs.Var(&d.redirects, "redirect", "delivery: the `URL` a redirect sent the request to; repeat once per hop, in order")
	d.contentType = fs.String("content-type", "", "delivery: the Content-Type `HEADER` of the last response")
	d.fetchError = fs.String("fetch-error", "", "delivery: the network error or timeout that stopped the fetch (`TEXT`, in your words; no response came)")
	d.observed = fs.String("observed", "", "delivery: when the file was fetched (`TIME`: RFC 3339, or a date YYYY-MM-DD in UTC)")
	d.since = fs.String("unreachable-since", "", "delivery: when the file first became unreachable (`TIME`), for RFC 9309's 30-day exception")
	d.cached = fs.Bool("cached-copy", false, "delivery: a previous good copy exists (Google uses it during an outage)")
	return d
}

// delivery returns the delivery the flags describe, or nil when none of
// them was given.
func (d *deliveryFlagSet) delivery(fs *flag.FlagSet) (*delivery.Facts, error) {
	given := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "status", "redirect", "content-type", "fetch-error", "observed", "unreachable-since", "cached-copy":
			given = true
		}
	})
	if !given {
		return nil, nil
	}
	out := &delivery.Facts{Redirects: d.redirects, ContentType: *d.contentType, Error: *d.fetchError, CachedCopy: *d.cached}
	if *d.status != "" {
		n, err := strconv.Atoi(*d.status)
		if err != nil {
			return nil, fmt.Errorf("-status \"%s\" is not an HTTP status code", *d.status)
		}
		out.Status = n
	}
	var err error
	if out.ObservedAt, err = parseWhen("-observed", *d.observed); err != nil {
		return nil, err
	}
	if out.UnreachableSince, err = parseWhen("-unreachable-since", *d.since); err != nil {
		return nil, err
	}
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("delivery flags: %v", err)
	}
	return out, nil
}

// parseWhen reads an RFC 3339 time or a date (UTC midnight); "" is none.
func parseWhen(flagName, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%s \"%s\": write a time as 2025-03-10T12:00:00Z or a date as 2025-03-10", flagName, s)
}

// runRecord prints the decision record of the one URL and exits by the
// verdict with delivery, or by the rules' verdict when the delivery facts
// do not settle it.
func runRecord(c *checkConfig, body string, stdout, stderr io.Writer) int {
	f := matcher.Parse(c.reading, sourceBytes(body), matcher.ParseOptions{MaxMatches: c.maxMatches, MaxDiagnostics: c.maxDiagnostics, Text: body})
	res, err := f.Evaluate(c.token, c.args[0])
	if err != nil {
		return fail(stderr, err)
	}
	rec := view.NoteSizeCut(record.New(record.Input{File: f, Result: res, Delivery: c.delivery, Time: now(),
		Tool: "robots-explorer", ToolVersion: version.Tool(), Max: c.maxMatches}), f, res)
	var out []byte
	if c.markdown {
		out = []byte(rec.Markdown())
	} else if out, err = rec.JSON(); err != nil {
		return fail(stderr, err)
	}
	if _, err := stdout.Write(jsonSafe(out)); err != nil {
		return fail(stderr, writeError{err})
	}
	verdict := rec.EffectiveVerdict
	if verdict == "" {
		verdict = rec.Verdict
	}
	if verdict == "allowed" {
		return exitAllowed
	}
	return exitDisallowed
}
