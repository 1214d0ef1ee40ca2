package view

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/capture"
	"robots-explorer/matcher/delivery"
)

// MaxCaptureFile is the largest WARC file the page reads: a capture of one
// robots.txt fetch is a few megabytes at most, a crawl's WARC far more
// than a page should hold.
const MaxCaptureFile = 256 << 20

// A LoadedCapture is a WARC capture loaded into the page: the file and its
// delivery as a crawler got them, which the page shows read-only while it
// is used.
type LoadedCapture struct {
	// Source says where the capture comes from: the WARC file's name, or
	// that robots-explorer serve fetched it.
	Source string
	// Facts are the delivery facts, with the evidence; Text is the file a
	// crawler parses (empty after a 4xx, a 5xx or a network error).
	Facts *delivery.Facts
	Text  string
	// Form is Facts as the delivery panel's fields show them, and as links
	// carry them (without the evidence, which stays in the page).
	Form permalink.Delivery
}

// LoadCapture reads the WARC file data, named name; urls are the URL
// field's lines, the first full URL's site choosing the fetch when the
// file holds several.
func LoadCapture(name string, data []byte, urls []string) (*LoadedCapture, error) {
	sum := sha256.Sum256(data)
	c := &capture.Collector{Source: name, SHA256: hex.EncodeToString(sum[:])}
	if err := capture.ReadWARC(bytes.NewReader(data), c); err != nil {
		return nil, err
	}
	robotsURL, err := c.Pick(FirstRobotsURL(urls))
	if err != nil {
		return nil, err
	}
	got, err := c.Find(robotsURL)
	if err != nil {
		return nil, err
	}
	f := &got.Facts
	form := permalink.Delivery{ContentType: f.ContentType, FetchError: f.Error, Redirects: f.Redirects}
	if f.Status != 0 {
		form.Status = strconv.Itoa(f.Status)
	}
	if !f.ObservedAt.IsZero() {
		form.Observed = f.ObservedAt.UTC().Format(time.RFC3339)
	}
	return &LoadedCapture{Source: name, Facts: f, Text: string(got.Body), Form: form}, nil
}

// FirstRobotsURL is the robots.txt URL of the first full URL of urls, or
// "" when there is none.
func FirstRobotsURL(urls []string) string {
	for _, u := range urls {
		if t, err := matcher.ParseTarget(u); err == nil && t.RobotsURL != "" {
			return t.RobotsURL
		}
	}
	return ""
}

// Label says, above the read-only fields, where the facts come from.
func (c *LoadedCapture) Label() string {
	f := c.Facts
	s := "From the capture " + c.Source + ": " + f.RobotsURL
	if !f.ObservedAt.IsZero() {
		s += ", fetched " + f.ObservedAt.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if ev := f.Capture; ev != nil {
		if ev.UserAgent != "" {
			s += " as " + ev.UserAgent
		}
		s += " (SHA-256 " + ev.SHA256[:min(12, len(ev.SHA256))] + "…)"
	}
	return s + "."
}

// Fetching from the site: robots-explorer serve on a loopback address
// fetches a site's robots.txt for the page, which posts the URL to
// FetchPath with the token the server put in the page's meta element
// FetchMeta ("token:" and the token; "remote" when serve listens beyond
// loopback; none on the static site) in the FetchTokenHeader header.
const (
	FetchPath        = "/fetch-robots"
	FetchMeta        = "robots-explorer-fetch"
	FetchTokenHeader = "X-Robots-Explorer-Token"
)

// FetchAvailability says whether the page can ask its server to fetch,
// with the token, or why not, from the content of the meta element
// (found: whether the page has one).
func FetchAvailability(content string, found bool) (token, why string) {
	switch {
	case !found:
		return "", "This page is a static site: it cannot fetch another site's robots.txt (browsers keep a page from reading other sites). Run robots-explorer fetch, or robots-explorer serve on this computer, and load the capture."
	case strings.HasPrefix(content, "token:") && len(content) > len("token:"):
		return strings.TrimPrefix(content, "token:"), ""
	}
	return "", "This server listens beyond this computer (not on 127.0.0.1): it fetches nothing for its pages, so that no one can use it to reach other servers. Run robots-explorer fetch, or serve on 127.0.0.1, and load the capture."
}

// OtherSite says, when the URL list's first full URL is of another site
// than the capture's, that the capture says nothing of it; "" otherwise.
func (c *LoadedCapture) OtherSite(urls []string) string {
	want := FirstRobotsURL(urls)
	if want == "" || want == c.Facts.RobotsURL {
		return ""
	}
	return "The capture is of " + c.Facts.RobotsURL + ", but the URLs are governed by " + want +
		": the delivery it recorded says nothing of that site."
}
