//go:build !wasm

package capture

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"runtime"
	"strings"
	"testing"
	"time"

	"robots-explorer/matcher"
	"robots-explorer/matcher/capture"
	"robots-explorer/matcher/delivery"
)

// loopback resolves the test's names to 127.0.0.1, and nowhere.test to
// nothing, as a resolver that finds no such host says: no test asks the
// system's resolver.
func loopback(_ context.Context, host string) ([]netip.Addr, error) {
	if host == "nowhere.test" {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
}

// testFetcher fetches from srv's loopback address by the name host, with
// srv's certificate trusted when it is a TLS server.
func testFetcher(srv *httptest.Server, timeout time.Duration) *Fetcher {
	f := &Fetcher{UserAgent: "robots-explorer-test/1.0", Resolve: loopback, ConnectTimeout: timeout, HeaderTimeout: timeout, BodyTimeout: timeout}
	if srv.TLS != nil {
		f.RootCAs = srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs
	}
	return f
}

// siteURL is srv's robots.txt URL by the name host, on srv's port.
func siteURL(srv *httptest.Server, host string) string {
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	scheme := "http"
	if srv.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + host + ":" + port + "/robots.txt"
}

// roundTrip fetches u, writes the WARC, reads it back with the library
// and returns what the capture holds.
func roundTrip(t *testing.T, f *Fetcher, u string) (*Result, *capture.Capture) {
	t.Helper()
	res, err := f.Fetch(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	var warc bytes.Buffer
	if _, err := Write(&warc, "test.warc.gz", "robots-explorer test", res.Records, true); err != nil {
		t.Fatal(err)
	}
	c, err := Read("test.warc.gz", bytes.NewReader(warc.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Find(u)
	if err != nil {
		t.Fatal(err)
	}
	return res, got
}

// zeros reads as many zero bytes as asked, forever.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// waitGone holds a response open until the client goes away.
func waitGone(r *http.Request) { <-r.Context().Done() }

// TestFetchHostileServers fetches from loopback servers that misbehave
// and checks that each fetch ends within its time-out, in bounded memory,
// with a capture that says what happened and what RFC 9309 makes of it.
func TestFetchHostileServers(t *testing.T) {
	const timeout = time.Second
	tests := []struct {
		name    string
		handler http.HandlerFunc
		tls     bool
		host    string // default robots.test
		untrust bool   // the fetcher does not trust the test CA
		effect  delivery.Effect
		check   func(t *testing.T, res *Result, c *capture.Capture)
	}{
		{name: "200 text/plain", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprintf(w, "User-agent: *\nDisallow: /private\n# %s %s\n", r.Header.Get("User-Agent"), r.Header.Get("Accept-Encoding"))
		}, effect: delivery.EffectRulesApply, check: func(t *testing.T, res *Result, c *capture.Capture) {
			if want := "User-agent: *\nDisallow: /private\n# robots-explorer-test/1.0 gzip\n"; string(c.Body) != want {
				t.Errorf("body %q, want %q", c.Body, want)
			}
			h := c.Facts.Capture.Hops[0]
			if h.RemoteAddr == "" || !strings.HasPrefix(h.RemoteAddr, "127.0.0.1:") || h.Method != "GET" || h.RequestRecord == "" || h.PayloadDigest == "" {
				t.Errorf("hop %+v", h)
			}
			if c.Facts.Capture.UserAgent != "robots-explorer-test/1.0" || c.Facts.Capture.Token != "robots-explorer-test" {
				t.Errorf("identity %q %q", c.Facts.Capture.UserAgent, c.Facts.Capture.Token)
			}
		}},
		{name: "gzip-encoded body is decoded", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			z := gzip.NewWriter(w)
			io.WriteString(z, "User-agent: *\nAllow: /\n")
			z.Close()
		}, effect: delivery.EffectRulesApply, check: func(t *testing.T, res *Result, c *capture.Capture) {
			if string(c.Body) != "User-agent: *\nAllow: /\n" {
				t.Errorf("body %q", c.Body)
			}
		}},
		{name: "never answers: header time-out", handler: func(w http.ResponseWriter, r *http.Request) { waitGone(r) },
			effect: delivery.EffectDisallowAll, check: wantError("no response headers")},
		{name: "one byte a second: body time-out", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "1000")
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				w.Write([]byte("#"))
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return
				case <-tick.C:
				}
			}
		}, effect: delivery.EffectDisallowAll, check: func(t *testing.T, res *Result, c *capture.Capture) {
			wantError("did not arrive within 1s")(t, res, c)
			if h := c.Facts.Capture.Hops[0]; h.Status != 200 || h.Truncated != "time" {
				t.Errorf("hop %+v: want the 200 recorded, truncated by time", h)
			}
		}},
		{name: "10 GB body: cut at the limit, counted to the cap", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", fmt.Sprint(int64(10<<30)))
			io.CopyN(w, zeros{}, 10<<30)
		}, effect: delivery.EffectRulesApply, check: wantCut(DefaultCountLimit)},
		{name: "gzip bomb: decoded to the limit, counted to the cap", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
			io.CopyN(z, zeros{}, 10<<30)
			z.Close()
		}, effect: delivery.EffectRulesApply, check: func(t *testing.T, res *Result, c *capture.Capture) {
			wantCut(DefaultCountLimit)(t, res, c)
			if n := len(res.Records[1].Block); n > 1<<20 {
				t.Errorf("the response record keeps %d raw bytes, more than the compressed start of the body", n)
			}
		}},
		{name: "redirect loop: too many redirects", handler: func(w http.ResponseWriter, r *http.Request) {
			next := map[string]string{"/robots.txt": "/a", "/a": "/robots.txt"}[r.URL.Path]
			http.Redirect(w, r, next, http.StatusMovedPermanently)
		}, effect: delivery.EffectAllowAll, check: func(t *testing.T, res *Result, c *capture.Capture) {
			if n := len(c.Facts.Capture.Hops); n != 6 || len(c.Facts.Redirects) != 5 || c.Facts.Status != 301 {
				t.Errorf("%d hops, redirects %q, status %d: want 6 hops, the sixth response a redirect not followed", n, c.Facts.Redirects, c.Facts.Status)
			}
		}},
		{name: "redirect to file:", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "file:///etc/passwd")
			w.WriteHeader(http.StatusFound)
		}, effect: delivery.EffectDisallowAll, check: wantError("file:///etc/passwd was not followed")},
		{name: "redirect to another scheme", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "ftp://robots.test/robots.txt")
			w.WriteHeader(http.StatusFound)
		}, effect: delivery.EffectDisallowAll, check: wantError("ftp://robots.test/robots.txt was not followed")},
		{name: "HTTPS: TLS and certificate recorded", tls: true, host: "example.com", handler: func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "User-agent: *\nDisallow:\n")
		}, effect: delivery.EffectRulesApply, check: func(t *testing.T, res *Result, c *capture.Capture) {
			h := c.Facts.Capture.Hops[0]
			if !strings.HasPrefix(h.TLSVersion, "TLS 1.") || !strings.Contains(h.CertSubject, "Acme Co") || !strings.Contains(h.CertIssuer, "Acme Co") {
				t.Errorf("TLS %q, subject %q, issuer %q", h.TLSVersion, h.CertSubject, h.CertIssuer)
			}
		}},
		{name: "TLS error: untrusted certificate", tls: true, host: "example.com", untrust: true, handler: func(w http.ResponseWriter, r *http.Request) {},
			effect: delivery.EffectDisallowAll, check: wantError("certificate")},
		{name: "host does not resolve", host: "nowhere.test", handler: func(w http.ResponseWriter, r *http.Request) {},
			effect: delivery.EffectDisallowAll, check: wantError("DNS: lookup nowhere.test: no such host")},
		{name: "HTML error page with status 200", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<!DOCTYPE html><title>Not found</title><p>Sorry")
		}, effect: delivery.EffectRulesApply, check: func(t *testing.T, res *Result, c *capture.Capture) {
			if !c.Facts.HTMLBody {
				t.Error("the HTML body is not noted")
			}
		}},
		{name: "404", handler: http.NotFound, effect: delivery.EffectAllowAll},
		{name: "503", handler: func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }, effect: delivery.EffectDisallowAll},
		{name: "500", handler: func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }, effect: delivery.EffectDisallowAll},
		{name: "429", handler: func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(429) }, effect: delivery.EffectAllowAll,
			check: func(t *testing.T, res *Result, c *capture.Capture) {
				if g := delivery.Assess(&c.Facts, 0, c.Facts.ObservedAt).Google; len(g) == 0 || g[0].Effect != delivery.EffectDisallowAll {
					t.Errorf("Google's 429 is not noted: %+v", g)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewUnstartedServer(tt.handler)
			srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
			if tt.tls {
				srv.StartTLS()
			} else {
				srv.Start()
			}
			defer srv.Close()
			f := testFetcher(srv, timeout)
			if tt.untrust {
				f.RootCAs = nil
			}
			host := tt.host
			if host == "" {
				host = "robots.test"
			}
			start := time.Now()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			res, c := roundTrip(t, f, siteURL(srv, host))
			runtime.ReadMemStats(&after)
			if took := time.Since(start); took > 4*timeout {
				t.Errorf("the fetch took %s, past its time-outs of %s", took, timeout)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 48<<20 {
				t.Errorf("the fetch allocated %d MiB: the body is not streamed", alloc>>20)
			}
			a := delivery.Assess(&c.Facts, len(c.Body), c.Facts.ObservedAt)
			if a.Effect != tt.effect {
				t.Errorf("effect %s, want %s: %s (facts %+v)", a.Effect, tt.effect, a.Sentence, c.Facts)
			}
			if tt.check != nil {
				tt.check(t, res, c)
			}
		})
	}
}

func wantError(part string) func(t *testing.T, res *Result, c *capture.Capture) {
	return func(t *testing.T, res *Result, c *capture.Capture) {
		t.Helper()
		if !strings.Contains(c.Facts.Error, part) || c.Facts.Status != 0 {
			t.Errorf("error %q, status %d: want an error saying %q and no status", c.Facts.Error, c.Facts.Status, part)
		}
	}
}

// wantCut checks a body cut at the parse limit and counted to count.
func wantCut(count int64) func(t *testing.T, res *Result, c *capture.Capture) {
	return func(t *testing.T, res *Result, c *capture.Capture) {
		t.Helper()
		if len(c.Body) != matcher.ParseLimit || c.Facts.Size != count || !c.Facts.SizeAtLeast {
			t.Errorf("body %d bytes, size %d (at least: %v): want %d, at least %d", len(c.Body), c.Facts.Size, c.Facts.SizeAtLeast, matcher.ParseLimit, count)
		}
		if h := c.Facts.Capture.Hops[0]; h.Truncated != "length" {
			t.Errorf("the response record is not marked truncated by length: %+v", h)
		}
		a := delivery.Assess(&c.Facts, len(c.Body), c.Facts.ObservedAt)
		if !hasNote(a, "size", "at least") {
			t.Errorf("no size note: %+v", a.Notes)
		}
	}
}

func hasNote(a delivery.Assessment, topic, part string) bool {
	for _, n := range a.Notes {
		if n.Topic == topic && strings.Contains(n.Sentence, part) {
			return true
		}
	}
	return false
}
