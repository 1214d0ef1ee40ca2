//go:build !wasm

package cli

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// useLoopback makes fetch resolve every name to 127.0.0.1, and
// nowhere.test to nothing, through the fetcher's resolver hook: no test
// asks the system's resolver or reaches another address.
func useLoopback(t *testing.T) {
	old := fetcher
	fetcher = func(ua string, timeout time.Duration) *capfetch.Fetcher {
		f := old(ua, timeout)
		f.Resolve = func(_ context.Context, host string) ([]netip.Addr, error) {
			if host == "nowhere.test" {
				return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
			}
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}
		return f
	}
	t.Cleanup(func() { fetcher = old })
}

// site serves h on loopback and returns its origin by the name host.
func site(t *testing.T, host string, h http.HandlerFunc) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	return "http://" + host + ":" + port
}

func serveRobots(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, body)
	}
}

// fetchCapture runs fetch on u into a new WARC file and returns its name.
func fetchCapture(t *testing.T, u string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "capture.warc.gz")
	if code, out, errOut := runArgs("", "fetch", "-timeout", "2s", "-o", name, u); code != 0 {
		t.Fatalf("fetch exit %d\n%s%s", code, out, errOut)
	}
	return name
}

// TestFetchThenCheck is the README's two commands: fetch a live site's
// robots.txt from any of its URLs, then check URLs against the capture.
func TestFetchThenCheck(t *testing.T) {
	useLoopback(t)
	origin := site(t, "robots.test", serveRobots("User-agent: *\nDisallow: /private\n"))
	name := filepath.Join(t.TempDir(), "site.warc.gz")
	runCommandCases(t, []commandCase{
		{name: "fetch", args: []string{"fetch", "-o", name, origin + "/some/page?q=1"}, code: 0,
			out: []string{"robots.txt\t" + origin + "/robots.txt", "status\t200", "content-type\ttext/plain; charset=utf-8",
				"user-agent\trobots-explorer/" + versionForTest(), "written\t" + name}},
		{name: "check", args: []string{"check", "-capture", name, "Googlebot", "/private", origin + "/public"}, code: exitDisallowed,
			out: []string{"disallowed\t/private\tline 2: Disallow: /private",
				"allowed\t" + origin + "/public\tAllowed: no rule of the applying group matches /public."},
			err: "note: " + string(delivery.ScopeCaptured)},
		{name: "a URL of another site", args: []string{"check", "-capture", name, "Googlebot", "http://other.test/x"}, code: ExitUsage,
			err: "governed by http://other.test/robots.txt, and the capture " + name + " is of " + origin + "/robots.txt"},
		{name: "a capture and delivery flags", args: []string{"check", "-capture", name, "-status", "200", "Googlebot", "/x"}, code: ExitUsage,
			err: "-capture holds the delivery facts"},
	})
	if _, err := os.Stat(name); err != nil {
		t.Fatal(err)
	}
}

func versionForTest() string { return strings.TrimPrefix(defaultUserAgent(), "robots-explorer/") }

// TestCheckCaptureDelivery checks URLs against captures of servers that
// do not deliver a file: RFC 9309's consequences decide every URL, whatever
// the rules, as they do with typed delivery facts.
func TestCheckCaptureDelivery(t *testing.T) {
	useLoopback(t)
	status := func(code int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
	}
	tests := []struct {
		name    string
		host    string
		handler http.HandlerFunc
		code    int
		reason  string
		errOut  string
	}{
		{"503: disallow all", "robots.test", status(503), exitDisallowed, "delivery: 503: disallow-all (RFC 9309 §2.3.1.4)", "status\t503"},
		{"404: allow all", "robots.test", status(404), exitAllowed, "delivery: 404: allow-all (RFC 9309 §2.3.1.3)", "status\t404"},
		{"429: allow all, Google's server error noted", "robots.test", status(429), exitAllowed, "delivery: 429: allow-all (RFC 9309 §2.3.1.3)",
			"google\tGoogle excludes 429"},
		{"no such host: disallow all", "nowhere.test", status(200), exitDisallowed, "delivery: the fetch failed: disallow-all (RFC 9309 §2.3.1.4)",
			"error\tDNS: lookup nowhere.test: no such host"},
		{"a redirect to file: disallow all", "robots.test", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "file:///etc/passwd")
			w.WriteHeader(http.StatusFound)
		}, exitDisallowed, "delivery: the fetch failed: disallow-all (RFC 9309 §2.3.1.4)", "error\tthe redirect to file:///etc/passwd was not followed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := fetchCapture(t, site(t, tt.host, tt.handler)+"/")
			code, out, errOut := runArgs("", "check", "-capture", name, "Googlebot", "/a", "/b")
			verdict := map[int]string{exitAllowed: "allowed", exitDisallowed: "disallowed"}[tt.code]
			if want := verdict + "\t/a\t" + tt.reason + "\n" + verdict + "\t/b\t" + tt.reason + "\n"; code != tt.code || out != want {
				t.Errorf("exit %d, output\n%s\nwant exit %d, output\n%s", code, out, tt.code, want)
			}
			if !strings.Contains(errOut, tt.errOut) {
				t.Errorf("stderr %q, want it to hold %q", errOut, tt.errOut)
			}
			code, out, _ = runArgs("", "check", "-capture", name, "-json", "Googlebot", "/a")
			var row record.Row
			if err := json.Unmarshal([]byte(out), &row); err != nil || code != tt.code || row.Verdict != verdict || row.Scope != delivery.ScopeCaptured {
				t.Errorf("-json: exit %d, row %+v (%v)", code, row, err)
			}
		})
	}
}

// TestCheckCaptureRecord checks that a decision record of a capture says
// its facts were captured, and cites the WARC records and their digests.
func TestCheckCaptureRecord(t *testing.T) {
	useLoopback(t)
	origin := site(t, "robots.test", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/robots-file.txt", http.StatusMovedPermanently)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	})
	name := fetchCapture(t, origin+"/")
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	coll, err := capfetch.Read(name, fh)
	if err != nil {
		t.Fatal(err)
	}
	want, err := coll.Find(origin + "/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runArgs("", "check", "-capture", name, "-record", "Googlebot", origin+"/private/x")
	var rec record.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errOut)
	}
	ev := rec.Delivery.Facts.Capture
	switch {
	case code != exitDisallowed || rec.EffectiveVerdict != "disallowed":
		t.Errorf("exit %d, effective verdict %q", code, rec.EffectiveVerdict)
	case rec.Scope.Label != delivery.ScopeCaptured || rec.Delivery.Assessment.Scope != delivery.ScopeCaptured:
		t.Errorf("scope %q, assessment %q", rec.Scope.Label, rec.Delivery.Assessment.Scope)
	case ev == nil || len(ev.Hops) != 2 || ev.SHA256 != coll.SHA256 || ev.Metadata == "":
		t.Fatalf("evidence %+v", ev)
	}
	for i, h := range ev.Hops {
		w := want.Facts.Capture.Hops[i]
		if h.ResponseRecord != w.ResponseRecord || h.RequestRecord != w.RequestRecord || !strings.HasPrefix(h.PayloadDigest, "sha256:") || h.PayloadDigest != w.PayloadDigest {
			t.Errorf("hop %d: %+v, the WARC holds %+v", i+1, h, w)
		}
	}
	if rec.Delivery.Facts.Redirects[0] != origin+"/robots-file.txt" || rec.Delivery.Facts.Status != 200 {
		t.Errorf("facts %+v", rec.Delivery.Facts)
	}
	_, md, _ := runArgs("", "check", "-capture", name, "-record", "-markdown", "Googlebot", origin+"/private/x")
	for _, part := range []string{"rule decision with captured delivery facts", "Captured in", ev.Hops[1].ResponseRecord, ev.Hops[1].PayloadDigest} {
		if !strings.Contains(md, part) {
			t.Errorf("the Markdown record lacks %q:\n%s", part, md)
		}
	}
}

// TestDiffCapture compares a candidate file with production as captured:
// a production robots.txt answered with 503 disallows everything today,
// so a file that allows a URL changes its verdict.
func TestDiffCapture(t *testing.T) {
	useLoopback(t)
	down := fetchCapture(t, site(t, "robots.test", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })+"/")
	up := fetchCapture(t, site(t, "robots.test", serveRobots("User-agent: *\nDisallow: /a\n"))+"/")
	candidate := writeRobots(t, "User-agent: *\nDisallow: /b\n")
	runCommandCases(t, []commandCase{
		{name: "503 in production", args: []string{"diff", "-capture", down, "-tokens", "Googlebot", candidate, "/a", "/b"}, code: exitChanged,
			out: []string{"Googlebot\t/a\tdisallowed -> allowed\told: delivery: 503: disallow-all (RFC 9309 §2.3.1.4)\tnew: Allowed: no rule of the applying group matches /a."},
			err: "OLD is the capture " + down},
		{name: "200 in production", args: []string{"diff", "-capture", up, "-tokens", "Googlebot", candidate, "/a", "/b"}, code: exitChanged,
			out: []string{"Googlebot\t/a\tdisallowed -> allowed\told: line 2: Disallow: /a\tnew: Allowed: no rule of the applying group matches /a.",
				"Googlebot\t/b\tallowed -> disallowed\told: Allowed: no rule of the applying group matches /b.\tnew: line 2: Disallow: /b"}},
	})
}

// TestCheckReadsWgetCapture has Debian's wget capture a loopback server
// with --warc-file, through a redirect, and checks URLs against its WARC:
// what another crawler saw, read without the metadata robots-explorer
// fetch writes.
func TestCheckReadsWgetCapture(t *testing.T) {
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Fatal("the wget capture test needs Debian's wget: apt-get install -y wget")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/moved/robots.txt", http.StatusMovedPermanently)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	dir := t.TempDir()
	u := srv.URL + "/robots.txt"
	cmd := exec.Command(wget, "--no-config", "--no-proxy", "--tries=1", "--timeout=5", "--quiet",
		"--user-agent=fishbot/2.0 (+test)", "--warc-file="+filepath.Join(dir, "wget"), "-O", filepath.Join(dir, "body"), u)
	cmd.Env = []string{"HOME=" + dir}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wget: %v\n%s", err, out)
	}
	name := filepath.Join(dir, "wget.warc.gz")
	code, out, errOut := runArgs("", "check", "-capture", name, "fishbot", "/private", "/public")
	if want := "disallowed\t/private\tline 2: Disallow: /private\nallowed\t/public\tAllowed: no rule of the applying group matches /public.\n"; code != exitDisallowed || out != want {
		t.Errorf("exit %d, output\n%s\nwant\n%s\n%s", code, out, want, errOut)
	}
	for _, part := range []string{"hop 1\tGET " + u + "\t301\t-> " + srv.URL + "/moved/robots.txt", "hop 2\tGET " + srv.URL + "/moved/robots.txt\t200",
		"user-agent\tfishbot/2.0 (+test)", "status\t200"} {
		if !strings.Contains(errOut, part) {
			t.Errorf("stderr lacks %q:\n%s", part, errOut)
		}
	}
	_, rec, _ := runArgs("", "check", "-capture", name, "-record", "fishbot", "/private")
	var r record.Record
	if err := json.Unmarshal([]byte(rec), &r); err != nil || r.Delivery.Facts.Capture == nil || !strings.Contains(r.Delivery.Facts.Capture.Software, "Wget") {
		t.Errorf("record %v: %s", err, rec)
	}
}
