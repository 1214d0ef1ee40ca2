package capture

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// record builds a record as another crawler writes it: WARC 1.0 style,
// its target in angle brackets.
func record(typ, id, target, concurrent, block string) Record {
	f := []Field{{"WARC-Type", typ}, {"WARC-Record-ID", id}, {"WARC-Target-URI", "<" + target + ">"},
		{"WARC-Date", "2025-03-10T12:00:00Z"}, {"WARC-IP-Address", "192.0.2.7"}}
	if concurrent != "" {
		f = append(f, Field{"WARC-Concurrent-To", concurrent})
	}
	return Record{Fields: f, Block: []byte(block)}
}

func gzipped(s string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// collect adds the records a Collector wants, as a reader does.
func collect(recs ...Record) *Collector {
	c := &Collector{Source: "other.warc"}
	for _, r := range recs {
		if c.Wants(&r) {
			c.Add(r)
		}
	}
	return c
}

// TestFindInAnotherCrawlersWARC follows fetches as other crawlers record
// them, without robots-explorer's metadata record: through redirects
// across hosts, a gzip-encoded body, a body the record cuts.
func TestFindInAnotherCrawlersWARC(t *testing.T) {
	const ua = "GET /robots.txt HTTP/1.1\r\nHost: a.example\r\nUser-Agent: Mozilla/5.0 (compatible; Fishbot/2.1)\r\n\r\n"
	big := strings.Repeat("# padding line\n", matcher.ParseLimit/15+10)
	tests := []struct {
		name      string
		recs      []Record
		status    int
		redirects []string
		body      string
		size      int64
		atLeast   bool
		err       string
	}{
		{name: "a redirect across hosts, then the file",
			recs: []Record{
				record(TypeRequest, "<urn:1>", "http://a.example/robots.txt", "", ua),
				record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "<urn:1>", "HTTP/1.1 301 Moved\r\nLocation: https://b.example/r.txt\r\n\r\n"),
				record("resource", "<urn:x>", "http://a.example/page", "", "unrelated"),
				record(TypeResponse, "<urn:3>", "https://b.example/r.txt", "", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 23\r\n\r\nUser-agent: *\nAllow: /\n"),
			},
			status: 200, redirects: []string{"https://b.example/r.txt"}, body: "User-agent: *\nAllow: /\n"},
		{name: "a chunked, gzip-encoded body",
			recs: []Record{record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "",
				"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"+chunked(gzipped("User-agent: *\nDisallow: /x\n")))},
			status: 200, body: "User-agent: *\nDisallow: /x\n"},
		{name: "a body past the limit, cut by the record",
			recs: []Record{func() Record {
				r := record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "", "HTTP/1.1 200 OK\r\nContent-Length: 9999999\r\n\r\n"+big)
				r.Fields = append(r.Fields, Field{"WARC-Truncated", "length"})
				return r
			}()},
			status: 200, body: big[:matcher.ParseLimit], size: int64(len(big)), atLeast: true},
		{name: "a 404", recs: []Record{record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "", "HTTP/1.1 404 Not Found\r\n\r\n<html>")},
			status: 404},
		{name: "a redirect whose target the file lacks",
			recs: []Record{record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "", "HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\n\r\n")},
			err:  "holds no response to the redirect of http://a.example/robots.txt to http://a.example/elsewhere"},
		{name: "no fetch of that site", recs: []Record{record(TypeResponse, "<urn:2>", "http://c.example/robots.txt", "", "HTTP/1.1 200 OK\r\n\r\n")},
			err: "other.warc holds the robots.txt of http://c.example/robots.txt, not http://a.example/robots.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := collect(tt.recs...).Find("http://a.example/robots.txt")
			if tt.err != "" || err != nil {
				if err == nil || !strings.Contains(err.Error(), tt.err) || tt.err == "" {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			f := got.Facts
			if f.Status != tt.status || strings.Join(f.Redirects, " ") != strings.Join(tt.redirects, " ") || string(got.Body) != tt.body ||
				f.Size != tt.size || f.SizeAtLeast != tt.atLeast {
				t.Errorf("status %d, redirects %q, body %d bytes, size %d (at least %v)", f.Status, f.Redirects, len(got.Body), f.Size, f.SizeAtLeast)
			}
			if f.Capture == nil || f.Capture.Hops[0].RemoteAddr != "192.0.2.7" || f.Capture.Hops[0].ResponseRecord != "<urn:2>" || f.ObservedAt.IsZero() {
				t.Errorf("evidence %+v, observed %s", f.Capture, f.ObservedAt)
			}
		})
	}
}

// TestFindReadsTheRequest checks the identity a capture records: the
// request's method and User-Agent, and the token it carries.
func TestFindReadsTheRequest(t *testing.T) {
	got, err := collect(
		record(TypeRequest, "<urn:1>", "http://a.example/robots.txt", "", "GET /robots.txt HTTP/1.1\r\nHost: a.example\r\nUser-Agent: Mozilla/5.0 (compatible; Fishbot/2.1)\r\n\r\n"),
		record(TypeResponse, "<urn:2>", "http://a.example/robots.txt", "<urn:1>", "HTTP/1.1 200 OK\r\n\r\n"),
	).Find("http://a.example/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	ev := got.Facts.Capture
	if ev.UserAgent != "Mozilla/5.0 (compatible; Fishbot/2.1)" || ev.Token != "Fishbot" || ev.Hops[0].Method != "GET" || ev.Hops[0].RequestRecord != "<urn:1>" {
		t.Errorf("evidence %+v", ev)
	}
}

// chunked is s in the chunked transfer coding, seven bytes a chunk.
func chunked(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		n := min(len(s), 7)
		fmt.Fprintf(&b, "%x\r\n%s\r\n", n, s[:n])
		s = s[n:]
	}
	return b.String() + "0\r\n\r\n"
}
