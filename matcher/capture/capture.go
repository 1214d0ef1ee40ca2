package capture

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/useragent"
)

// MaxBlock is the most of a record's block a reader keeps: the headers of
// a response (a megabyte is more than any server sends) and twice the
// parse limit of its body, more than the bytes that decode to the limit.
const MaxBlock = 2*matcher.ParseLimit + 1<<20

// maxCount is how many decoded bytes of a kept body Find counts: a gzip
// body of a megabyte may decode to gigabytes, which no one needs counted.
const maxCount = 64 << 20

// A Collector keeps the records of a WARC that fetches of robots.txt
// files need, read in file order: their requests and responses, those of
// the redirects they lead to, the metadata records of robots-explorer
// fetch and what the warcinfo record says wrote the file.
type Collector struct {
	// Source names the WARC file and SHA256 is the hex digest of its
	// bytes, for the evidence Find returns.
	Source, SHA256 string
	records        []Record
	// locations are the targets of the redirects kept so far: their
	// records are kept too.
	locations map[string]bool
	software  string
}

// Wants says whether the record r heads (its fields; no block yet) is one
// a fetch of robots.txt needs: a reader reads the block of those only, at
// most MaxBlock bytes of it, and passes them to Add.
func (c *Collector) Wants(r *Record) bool {
	switch r.Type() {
	case TypeWarcinfo:
		return c.software == ""
	case TypeMetadata:
		return strings.HasPrefix(r.Get("Content-Type"), MetadataType)
	case TypeRequest, TypeResponse:
		u := r.Target()
		return isRobotsURL(u) || c.locations[u]
	}
	return false
}

// Add keeps r, a record Wants asked for.
func (c *Collector) Add(r Record) {
	switch r.Type() {
	case TypeWarcinfo:
		c.software = warcField(r.Block, "software")
		return
	case TypeResponse:
		if loc, _ := redirect(&r); loc != "" {
			if c.locations == nil {
				c.locations = map[string]bool{}
			}
			c.locations[loc] = true
		}
	}
	c.records = append(c.records, r)
}

// isRobotsURL reports whether u is a robots.txt URL of an http or https
// site: its path is /robots.txt, with no query.
func isRobotsURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != "" && p.Path == "/robots.txt" && p.RawQuery == ""
}

// Starts returns the robots.txt URLs whose fetches the records hold, in
// the order they first appear: a robots.txt URL a redirect of another
// fetch led to is part of that fetch.
func (c *Collector) Starts() []string {
	var out []string
	for i := range c.records {
		r := &c.records[i]
		u := r.Target()
		if m := metadata(r); m != nil {
			u = m.RobotsURL
		} else if r.Type() != TypeResponse || c.locations[u] || !isRobotsURL(u) {
			continue
		}
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	return out
}

// A Capture is the delivery of one robots.txt file as a WARC recorded it.
type Capture struct {
	// Facts are the delivery facts, with the records they rest on in
	// Facts.Capture.
	Facts delivery.Facts
	// Body is the file a crawler parses: the decoded body of a final 2xx
	// response, at most the fetch's limit (matcher.ParseLimit for a WARC
	// another tool wrote); nil after any other outcome, whose rules no
	// crawler reads.
	Body []byte
}

// Find returns the last fetch of robotsURL that the records hold.
func (c *Collector) Find(robotsURL string) (*Capture, error) {
	for i := len(c.records) - 1; i >= 0; i-- {
		if m := metadata(&c.records[i]); m != nil && m.RobotsURL == robotsURL {
			return c.fromMetadata(m, c.records[i].ID())
		}
	}
	return c.fromChain(robotsURL)
}

// Pick chooses the fetch to check: that of want, the robots.txt URL of
// the URLs checked, when the records hold it, else their only one (a URL
// of another site is then refused by name, see NotHeld).
func (c *Collector) Pick(want string) (string, error) {
	starts := c.Starts()
	switch {
	case slices.Contains(starts, want):
		return want, nil
	case len(starts) == 1:
		return starts[0], nil
	case len(starts) == 0:
		return "", fmt.Errorf("%s holds no fetch of a robots.txt file", c.Source)
	case want != "":
		return "", c.NotHeld(want)
	}
	return "", fmt.Errorf("%s holds the robots.txt of %s: give a full URL, whose site chooses one", c.Source, strings.Join(starts, ", "))
}

// NotHeld is the error of a capture asked for a robots.txt URL it holds no
// fetch of: the rules of one site say nothing of another's.
func (c *Collector) NotHeld(robotsURL string) error {
	held := c.Starts()
	if len(held) == 0 {
		return fmt.Errorf("%s holds no fetch of a robots.txt file", c.Source)
	}
	return fmt.Errorf("%s holds the robots.txt of %s, not %s, which governs this URL", c.Source, strings.Join(held, ", "), robotsURL)
}

// fromMetadata is the fetch robots-explorer fetch described in m, whose
// record has the id given: its hops' records are found by their ids.
func (c *Collector) fromMetadata(m *Metadata, id string) (*Capture, error) {
	out := &Capture{Facts: delivery.Facts{RobotsURL: m.RobotsURL, ObservedAt: m.ObservedAt, Error: m.Error}}
	ev := c.evidence(m.UserAgent, m.Token)
	ev.Metadata = id
	var last *Record
	for i, h := range m.Hops {
		if h.ResponseRecord != "" {
			if last = c.byID(h.ResponseRecord); last == nil {
				return nil, fmt.Errorf("%s: the response record %s of %s is missing", c.Source, h.ResponseRecord, h.URL)
			}
			readResponse(&h, last)
		}
		if i > 0 {
			out.Facts.Redirects = append(out.Facts.Redirects, h.URL)
		}
		ev.Hops = append(ev.Hops, h)
	}
	out.Facts.Capture = ev
	if m.Error != "" || last == nil {
		if out.Facts.Error == "" {
			out.Facts.Error = "no response was recorded"
		}
		return out, nil
	}
	err := out.final(last, m.Limit)
	if m.Size > int64(len(out.Body)) && out.Body != nil {
		out.Facts.Size, out.Facts.SizeAtLeast = m.Size, m.SizeAtLeast
	}
	return out, err
}

// fromChain is the last fetch of robotsURL as another tool recorded it:
// its response, then, redirect by redirect, the first response to each
// redirect's target, as far as a crawler follows (RFC 9309 §2.3.1.2).
func (c *Collector) fromChain(robotsURL string) (*Capture, error) {
	at := -1
	for i := range c.records {
		if r := &c.records[i]; r.Type() == TypeResponse && r.Target() == robotsURL {
			at = i
		}
	}
	if at < 0 {
		return nil, c.NotHeld(robotsURL)
	}
	out := &Capture{Facts: delivery.Facts{RobotsURL: robotsURL, ObservedAt: c.records[at].Date()}}
	var ev *delivery.Evidence
	for {
		r := &c.records[at]
		h := delivery.Hop{URL: r.Target(), RemoteAddr: r.Get("WARC-IP-Address")}
		readResponse(&h, r)
		ua := c.readRequest(&h, at)
		if ev == nil {
			ev = c.evidence(ua, "")
			out.Facts.Capture = ev
		} else {
			out.Facts.Redirects = append(out.Facts.Redirects, h.URL)
		}
		ev.Hops = append(ev.Hops, h)
		if h.Location == "" || len(ev.Hops) > delivery.MaxRedirects {
			return out, out.final(r, 0)
		}
		if err := CheckRedirect(h.Location); err != nil {
			out.Facts.Error = err.Error()
			return out, nil
		}
		next := slices.IndexFunc(c.records[at+1:], func(n Record) bool { return n.Type() == TypeResponse && n.Target() == h.Location })
		if next < 0 { // what the crawler met next is not in the file: no fact
			return nil, fmt.Errorf("%s holds no response to the redirect of %s to %s", c.Source, h.URL, h.Location)
		}
		at += 1 + next
	}
}

// CheckRedirect refuses a redirect a crawler does not follow: RFC 9309
// fetches robots.txt over HTTP, so only to an http or https URL.
func CheckRedirect(location string) error {
	u, err := url.Parse(location)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("the redirect to %s was not followed: only http and https URLs are", location)
	}
	return nil
}

// readRequest fills h's method and request record from the request of the
// response at index at (the one it names as concurrent, else the last
// before it for the same target) and returns its User-Agent.
func (c *Collector) readRequest(h *delivery.Hop, at int) string {
	resp := &c.records[at]
	req := c.byID(resp.Get("WARC-Concurrent-To"))
	for i := at - 1; req == nil && i >= 0; i-- {
		if r := &c.records[i]; r.Type() == TypeRequest && r.Target() == resp.Target() {
			req = r
		}
	}
	if req == nil {
		return ""
	}
	h.RequestRecord = req.ID()
	m, err := readMessage(req.Block)
	if err != nil {
		return ""
	}
	h.Method = m.method()
	return m.get("User-Agent")
}

// byID returns the kept record with the id given, or nil.
func (c *Collector) byID(id string) *Record {
	for i := range c.records {
		if c.records[i].ID() == id {
			return &c.records[i]
		}
	}
	return nil
}

// evidence starts the evidence of a fetch whose requests sent the
// User-Agent ua; token is the product token it carries ("": read from ua).
func (c *Collector) evidence(ua, token string) *delivery.Evidence {
	if token == "" && ua != "" {
		token, _ = useragent.ProductTokenFromUserAgent(ua)
	}
	return &delivery.Evidence{Source: c.Source, SHA256: c.SHA256, Software: c.software, UserAgent: ua, Token: token, Hops: []delivery.Hop{}}
}

// readResponse fills h's status, location, digest and truncation from
// its response record r.
func readResponse(h *delivery.Hop, r *Record) {
	h.ResponseRecord, h.PayloadDigest, h.Truncated = r.ID(), r.Get("WARC-Payload-Digest"), r.Get("WARC-Truncated")
	if m, err := readMessage(r.Block); err == nil {
		h.Status, _ = m.status()
	}
	h.Location, _ = redirect(r)
}

// final fills the facts of the last response r: its status and content
// type, and for a 2xx the body, decoded and cut at limit bytes (0:
// matcher.ParseLimit), with its full size when that is more.
func (out *Capture) final(r *Record, limit int) error {
	m, err := readMessage(r.Block)
	var status int
	if err == nil {
		status, err = m.status()
	}
	if err != nil {
		return fmt.Errorf("the response record %s: %v", r.ID(), err)
	}
	out.Facts.Status, out.Facts.ContentType = status, m.get("Content-Type")
	if status < 200 || status > 299 {
		return nil
	}
	if limit <= 0 {
		limit = matcher.ParseLimit
	}
	payload, cut := m.payload()
	body, size, err := decode(payload, m.get("Content-Encoding"), limit)
	if err != nil {
		return fmt.Errorf("the body of %s: %v", r.Target(), err)
	}
	out.Body = body
	out.Facts.HTMLBody = isHTML(body)
	if size > int64(len(body)) {
		out.Facts.Size, out.Facts.SizeAtLeast = size, cut || r.Cut || r.Get("WARC-Truncated") != "" || size >= maxCount
	}
	return nil
}

// decode reads a payload decoded by its content coding: the first limit
// bytes, and how many there are (up to maxCount). A payload the record
// holds only the start of ends where it is cut.
func decode(payload []byte, coding string, limit int) ([]byte, int64, error) {
	var r io.Reader = bytes.NewReader(payload)
	switch coding = strings.ToLower(strings.TrimSpace(coding)); coding {
	case "", "identity":
	case "gzip", "x-gzip":
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, 0, fmt.Errorf("gzip: %v", err)
		}
		r = z
	default:
		return nil, 0, fmt.Errorf("the content coding %q is not one a crawler asks for (gzip)", coding)
	}
	body, err := io.ReadAll(io.LimitReader(r, int64(limit)))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, 0, err
	}
	rest, _ := io.Copy(io.Discard, io.LimitReader(r, maxCount-int64(len(body))))
	return body, int64(len(body)) + rest, nil
}

// redirect returns the target of the redirect the response r holds,
// resolved against r's target, or "" when it is none.
func redirect(r *Record) (string, error) {
	m, err := readMessage(r.Block)
	if err != nil {
		return "", err
	}
	if status, err := m.status(); err != nil || status < 300 || status > 399 || status == 304 {
		return "", err
	}
	loc := m.get("Location")
	if loc == "" {
		return "", nil
	}
	base, err := url.Parse(r.Target())
	if err != nil {
		return "", err
	}
	u, err := base.Parse(loc)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// isHTML reports whether body starts, after white space and a byte order
// mark, with an HTML doctype or an html element.
func isHTML(body []byte) bool {
	s := bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("\uFEFF")), " \t\r\n")
	s = s[:min(len(s), 14)]
	return bytes.HasPrefix(bytes.ToLower(s), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(s), []byte("<html"))
}

// warcField returns the value of the field name in a block of
// application/warc-fields (a warcinfo record's), or "".
func warcField(block []byte, name string) string {
	for line := range strings.Lines(string(block)) {
		k, v, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(k), name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
