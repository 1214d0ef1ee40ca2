//go:build !wasm

// Package capture fetches a robots.txt file as a crawler does and keeps
// what it saw as WARC records (matcher/capture reads them): the exact
// bytes of each hop's request and response, and a record of the facts
// derived on the way. It writes and reads WARC files with
// github.com/nlnwa/gowarc, so that the captures open in the tools
// archivists and crawler operators use and WARCs of other crawlers can be
// checked too.
package capture

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"robots-explorer/matcher"
	"robots-explorer/matcher/capture"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/useragent"
)

// Defaults of a Fetcher.
const (
	DefaultTimeout = 10 * time.Second
	// DefaultCountLimit is how many bytes of a body a fetch counts: 128
	// times the parse limit, the most check reads of a file.
	DefaultCountLimit = 64 << 20
	// maxSent is the most of a request a record keeps: the fetcher's
	// requests are a few hundred bytes.
	maxSent = 64 << 10
	// maxHeader is the most response header bytes a fetch reads.
	maxHeader = 1 << 20
)

// A Fetcher fetches robots.txt files as a crawler does: GET, its
// User-Agent, Accept-Encoding: gzip, HTTP/1.1, no proxy, redirects
// followed by hand up to delivery.MaxRedirects hops, a connection per hop.
type Fetcher struct {
	UserAgent string
	// Resolve returns the addresses of host; nil asks the system's
	// resolver (net.DefaultResolver). Tests resolve their names here.
	Resolve func(ctx context.Context, host string) ([]netip.Addr, error)
	// RootCAs are the authorities trusted for HTTPS; nil: the system's.
	RootCAs *x509.CertPool
	// ConnectTimeout bounds resolving, connecting and the TLS handshake,
	// HeaderTimeout the wait for the response headers once the request
	// is sent, BodyTimeout the reading of the body; each hop's own (0:
	// DefaultTimeout).
	ConnectTimeout, HeaderTimeout, BodyTimeout time.Duration
	// Limit is how many bytes of the decoded body are kept (0:
	// matcher.ParseLimit, RFC 9309 §2.5), CountLimit how many are counted
	// to give the body's size (0: DefaultCountLimit).
	Limit      int
	CountLimit int64
	// Now is the clock of the records' dates (nil: time.Now).
	Now func() time.Time
}

// A Result is a fetch: its records in order (each hop's request and
// response, then the metadata record) and the metadata they derive.
type Result struct {
	Records  []capture.Record
	Metadata *capture.Metadata
}

// Fetch fetches robotsURL, an http or https URL. Whatever happens on the
// network is part of the result (Metadata.Error); the error is only for a
// URL it cannot fetch at all.
func (f *Fetcher) Fetch(ctx context.Context, robotsURL string) (*Result, error) {
	if err := capture.CheckRedirect(robotsURL); err != nil {
		return nil, fmt.Errorf("%s is not an http or https URL", robotsURL)
	}
	m := &capture.Metadata{RobotsURL: robotsURL, UserAgent: f.UserAgent, Limit: f.limit(), Hops: []delivery.Hop{}}
	m.Token, _ = useragent.ProductTokenFromUserAgent(f.UserAgent)
	res := &Result{Metadata: m}
	next := robotsURL
	for next != "" {
		if len(m.Hops) > delivery.MaxRedirects {
			break // the last response is a sixth redirect: too many (RFC 9309 §2.3.1.2)
		}
		next = f.hop(ctx, next, res)
	}
	fields := []capture.Field{{Name: "WARC-Record-ID", Value: newID()}, {Name: "WARC-Date", Value: m.ObservedAt.UTC().Format(time.RFC3339Nano)}}
	if n := len(res.Records); n > 0 {
		fields = append(fields, capture.Field{Name: "WARC-Concurrent-To", Value: res.Records[n-1].ID()})
	}
	rec, err := capture.MetadataRecord(m, fields...)
	if err != nil {
		return nil, err
	}
	res.Records = append(res.Records, rec)
	return res, nil
}

// hop requests u, adds its records and returns the redirect to follow, or
// "" when the fetch ends.
func (f *Fetcher) hop(ctx context.Context, u string, res *Result) string {
	m := res.Metadata
	at := f.now()
	m.ObservedAt = at
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var c hopConn
	tr := f.transport(&c)
	defer tr.CloseIdleConnections()
	defer c.close()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		m.Error = err.Error()
		m.Hops = append(m.Hops, delivery.Hop{URL: u, Method: http.MethodGet})
		return ""
	}
	req.Header.Set("User-Agent", f.UserAgent)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := tr.RoundTrip(req)
	var b body
	if err == nil {
		b, err = f.readBody(u, resp, c.recorder(), cancel)
	} else {
		err = errors.New(f.networkError(u, err))
	}
	h, sent, received := c.hop(u)
	if len(sent) > 0 {
		h.RequestRecord = newID()
		res.Records = append(res.Records, f.record(capture.TypeRequest, h.RequestRecord, at, &h, "", sent))
	}
	if resp != nil {
		h.ResponseRecord, h.Status, h.Truncated = newID(), resp.StatusCode, b.truncated
		res.Records = append(res.Records, f.record(capture.TypeResponse, h.ResponseRecord, at, &h, h.RequestRecord, received))
	}
	m.Hops = append(m.Hops, h)
	if err != nil {
		m.Error = err.Error()
		return ""
	}
	m.Size, m.SizeAtLeast = b.size, b.atLeast
	return f.redirect(u, resp, m)
}

// A hopConn is the one connection of a hop, which the transport dials on a
// goroutine of its own: its recorder, address and TLS session.
type hopConn struct {
	mu   sync.Mutex
	rec  *recorder
	conn delivery.Hop // its address and TLS session
	done bool         // the hop is over: a connection dialled late is closed
}

// set keeps the connection c dialled, with its TLS session if any.
func (c *hopConn) set(conn net.Conn, raw net.Conn, st *tls.ConnectionState, keep int) (net.Conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		conn.Close()
		return nil, errors.New("the hop is over")
	}
	c.rec = &recorder{Conn: conn, keep: keep}
	c.conn.RemoteAddr = raw.RemoteAddr().String()
	if st != nil {
		c.conn.TLSVersion = tls.VersionName(st.Version)
		if len(st.PeerCertificates) > 0 {
			c.conn.CertSubject, c.conn.CertIssuer = st.PeerCertificates[0].Subject.String(), st.PeerCertificates[0].Issuer.String()
		}
	}
	return c.rec, nil
}

func (c *hopConn) recorder() *recorder {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rec
}

// hop returns the hop of u as connected, and the bytes sent and received.
func (c *hopConn) hop(u string) (h delivery.Hop, sent, received []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h = c.conn
	h.URL, h.Method = u, http.MethodGet
	if c.rec != nil {
		sent, received = c.rec.sentBytes(), c.rec.receivedBytes()
	}
	return h, sent, received
}

// close ends the hop: its connection is closed, and one dialled later too.
func (c *hopConn) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done = true
	if c.rec != nil {
		c.rec.Close()
	}
}

// redirect returns the resolved Location of a redirect response, or ""
// when resp is none; a redirect a crawler does not follow ends the fetch
// with an error.
func (f *Fetcher) redirect(u string, resp *http.Response, m *capture.Metadata) string {
	if resp.StatusCode < 300 || resp.StatusCode > 399 || resp.StatusCode == http.StatusNotModified {
		return ""
	}
	loc := resp.Header.Get("Location")
	if loc == "" {
		return ""
	}
	base, _ := url.Parse(u)
	next, err := base.Parse(loc)
	if err == nil {
		loc = next.String()
		err = capture.CheckRedirect(loc)
	}
	if err != nil {
		m.Error = fmt.Sprintf("the redirect to %s was not followed: only http and https URLs are", loc)
		return ""
	}
	m.Hops[len(m.Hops)-1].Location = loc
	return loc
}

// record is a request or response record of hop h.
func (f *Fetcher) record(typ, id string, at time.Time, h *delivery.Hop, concurrent string, block []byte) capture.Record {
	fields := []capture.Field{{Name: "WARC-Type", Value: typ}, {Name: "WARC-Record-ID", Value: id},
		{Name: "WARC-Date", Value: at.UTC().Format(time.RFC3339Nano)}, {Name: "WARC-Target-URI", Value: h.URL},
		{Name: "Content-Type", Value: "application/http;msgtype=" + typ}}
	if ip, _, err := net.SplitHostPort(h.RemoteAddr); err == nil {
		fields = append(fields, capture.Field{Name: "WARC-IP-Address", Value: ip})
	}
	if concurrent != "" {
		fields = append(fields, capture.Field{Name: "WARC-Concurrent-To", Value: concurrent})
	}
	if typ == capture.TypeResponse && h.Truncated != "" {
		fields = append(fields, capture.Field{Name: "WARC-Truncated", Value: h.Truncated})
	}
	return capture.Record{Fields: fields, Block: block}
}

// transport is a one-connection transport for one hop: it dials through
// the resolver hook and keeps the connection in c.
func (f *Fetcher) transport(c *hopConn) *http.Transport {
	keep := maxHeader + 2*f.limit()
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := f.dial(ctx, addr)
		if err != nil {
			return nil, err
		}
		return c.set(conn, conn, nil, keep)
	}
	dialTLS := func(ctx context.Context, network, addr string) (net.Conn, error) {
		ctx, cancel := context.WithTimeout(ctx, f.timeout(f.ConnectTimeout))
		defer cancel()
		conn, err := f.dial(ctx, addr)
		if err != nil {
			return nil, err
		}
		host, _, _ := net.SplitHostPort(addr)
		tc := tls.Client(conn, &tls.Config{ServerName: strings.Trim(host, "[]"), RootCAs: f.RootCAs, NextProtos: []string{"http/1.1"}})
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("TLS with %s: %w", host, err)
		}
		st := tc.ConnectionState()
		return c.set(tc, conn, &st, keep)
	}
	return &http.Transport{DialContext: dial, DialTLSContext: dialTLS, DisableKeepAlives: true, DisableCompression: true,
		ResponseHeaderTimeout: f.timeout(f.HeaderTimeout), MaxResponseHeaderBytes: maxHeader}
}

// dial connects to addr, host:port, resolving the host through Resolve,
// within the connect timeout.
func (f *Fetcher) dial(ctx context.Context, addr string) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, f.timeout(f.ConnectTimeout))
	defer cancel()
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port, err := strconv.ParseUint(portText, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("port %q: %v", portText, err)
	}
	ips, err := f.resolve(ctx, host)
	if err != nil {
		return nil, fmt.Errorf("DNS: %w", err)
	}
	var d net.Dialer
	err = fmt.Errorf("DNS: %s has no address", host)
	for _, ip := range ips {
		var c net.Conn
		if c, err = d.DialContext(ctx, "tcp", netip.AddrPortFrom(ip.Unmap(), uint16(port)).String()); err == nil {
			return c, nil
		}
	}
	return nil, err
}

func (f *Fetcher) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip}, nil
	}
	if f.Resolve != nil {
		return f.Resolve(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// networkError says what stopped a request that got no response.
func (f *Fetcher) networkError(u string, err error) string {
	var ne net.Error
	switch {
	case strings.Contains(err.Error(), "timeout awaiting response headers"):
		return fmt.Sprintf("no response headers from %s within %s", u, f.timeout(f.HeaderTimeout))
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("connecting to %s timed out after %s: %v", u, f.timeout(f.ConnectTimeout), err)
	}
	return err.Error()
}

// A body is what readBody read of a response body.
type body struct {
	size      int64 // decoded bytes counted
	atLeast   bool  // counting stopped at size
	truncated string
}

// readBody reads resp's body within the body timeout, decoding gzip:
// conn keeps the raw bytes until the decoded body reaches the limit, and
// the rest is counted up to CountLimit. A body that times out, breaks or
// does not decode before the limit is an error; after it, the fetch has
// what a crawler parses, and the size is where counting stopped.
func (f *Fetcher) readBody(u string, resp *http.Response, conn *recorder, cancel context.CancelFunc) (body, error) {
	defer resp.Body.Close()
	var timedOut atomic.Bool
	timer := time.AfterFunc(f.timeout(f.BodyTimeout), func() { timedOut.Store(true); cancel() })
	defer timer.Stop()
	raw := &rawBody{r: resp.Body}
	dec, err := decoder(resp, raw)
	if err != nil {
		return body{}, fmt.Errorf("the body of %s: %v", u, err)
	}
	n, err := io.Copy(io.Discard, io.LimitReader(dec, int64(f.limit())))
	b := body{size: n}
	switch {
	case err != nil && timedOut.Load():
		b.truncated = "time"
		return b, fmt.Errorf("the body of %s did not arrive within %s: %d bytes came", u, f.timeout(f.BodyTimeout), n)
	case err != nil && raw.err != nil:
		b.truncated = "disconnect"
		return b, fmt.Errorf("reading the body of %s: %v after %d bytes", u, raw.err, n)
	case err != nil:
		return b, fmt.Errorf("the body of %s does not decode after %d bytes: %v", u, n, err)
	case n < int64(f.limit()):
		return b, nil
	}
	conn.stop()
	rest, err := io.Copy(io.Discard, io.LimitReader(dec, f.countLimit()-n))
	b.size += rest
	more, _ := dec.Read(make([]byte, 1))
	b.atLeast = err != nil || more > 0
	if conn.dropped() {
		b.truncated = "length"
	}
	return b, nil
}

// rawBody notes the error of reading the body off the connection, apart
// from one of decoding it.
type rawBody struct {
	r   io.Reader
	err error
}

func (b *rawBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF {
		b.err = err
	}
	return n, err
}

// decoder reads resp's body decoded by its content coding: gzip, the one
// the fetcher asks for, or none.
func decoder(resp *http.Response, raw io.Reader) (io.Reader, error) {
	switch coding := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); coding {
	case "", "identity":
		return raw, nil
	case "gzip", "x-gzip":
		z, err := gzip.NewReader(raw)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		return z, nil
	default:
		return nil, fmt.Errorf("the content coding %q was not asked for (Accept-Encoding: gzip)", coding)
	}
}

func (f *Fetcher) limit() int {
	if f.Limit > 0 {
		return f.Limit
	}
	return matcher.ParseLimit
}

func (f *Fetcher) countLimit() int64 {
	if f.CountLimit > 0 {
		return max(f.CountLimit, int64(f.limit()))
	}
	return DefaultCountLimit
}

func (f *Fetcher) timeout(d time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return DefaultTimeout
}

func (f *Fetcher) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// newID is a WARC-Record-ID: a random UUID as a URN, in angle brackets.
func newID() string { return "<urn:uuid:" + uuid.NewString() + ">" }

// A recorder is a connection that keeps the bytes written to it (at most
// maxSent) and read from it (at most keep, and none once stopped). The
// transport reads from its own goroutine as well as the caller's.
type recorder struct {
	net.Conn
	keep     int
	mu       sync.Mutex
	sent     bytes.Buffer
	received bytes.Buffer
	stopped  bool
	lost     int64 // bytes read and not kept
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.Conn.Read(p)
	r.mu.Lock()
	room := 0
	if !r.stopped {
		room = max(0, min(n, r.keep-r.received.Len()))
	}
	r.received.Write(p[:room])
	r.lost += int64(n - room)
	r.mu.Unlock()
	return n, err
}

// Write keeps p before it is written: the server answers as soon as it
// has read it, and the response may be read before this returns.
func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	start := r.sent.Len()
	r.sent.Write(p[:min(len(p), maxSent-start)])
	r.mu.Unlock()
	n, err := r.Conn.Write(p)
	if n < len(p) {
		r.mu.Lock()
		r.sent.Truncate(min(start+n, r.sent.Len()))
		r.mu.Unlock()
	}
	return n, err
}

// stop keeps no more of what is read.
func (r *recorder) stop() { r.mu.Lock(); r.stopped = true; r.mu.Unlock() }

// dropped reports whether bytes were read and not kept.
func (r *recorder) dropped() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.lost > 0 }

func (r *recorder) sentBytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(r.sent.Bytes())
}

func (r *recorder) receivedBytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return bytes.Clone(r.received.Bytes())
}
