//go:build !wasm

package capture

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"robots-explorer/matcher/capture"
)

// warcioEnv names the folder of Webrecorder's warcio package, which `make
// test-go` installs into .cache/ and sets.
const warcioEnv = "WARCIO_JS"

type warcioRecord struct {
	Type          string `json:"type"`
	ID            string `json:"id"`
	Target        string `json:"target"`
	Status        int    `json:"status"`
	PayloadSHA256 string `json:"payload_sha256"`
	Content       []byte `json:"content"` // base64 in the JSON
}

// readWithWarcio reads the WARC file name with warcio, through
// testdata/warcio.mjs.
func readWithWarcio(t *testing.T, name string) []warcioRecord {
	t.Helper()
	dir := os.Getenv(warcioEnv)
	if dir == "" {
		t.Fatal(warcioEnv + " is not set: run make test-go, which installs warcio 2.4.11 from npm into .cache/ and sets it, " +
			"or npm install --prefix DIR warcio@2.4.11 and set it to DIR/node_modules/warcio (it needs Node.js and npm: apt-get install -y nodejs npm)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(abs, "dist", "index.js")); err != nil {
		t.Fatalf("%s=%s holds no warcio package (%v): run make test-go", warcioEnv, dir, err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to read the WARC with warcio: install Node.js (apt-get install -y nodejs)")
	}
	cmd := exec.Command(node, "testdata/warcio.mjs", name)
	cmd.Env = append(os.Environ(), warcioEnv+"="+abs)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("warcio: %v\n%s", err, stderr.Bytes())
	}
	var recs []warcioRecord
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r warcioRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Bytes())
		}
		recs = append(recs, r)
	}
	return recs
}

// TestWarcioReadsTheCapture writes the capture of a fetch with a redirect
// and a gzip-encoded, chunked body, and reads it with warcio, a reader
// written apart from the library that wrote it: every record is there
// with its type, id and target, each response with its status, each
// payload digest is that of the payload warcio reads, and the file warcio
// decodes is the one the capture gives a crawler.
func TestWarcioReadsTheCapture(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/real-robots.txt", http.StatusMovedPermanently)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Encoding", "gzip")
		z := gzip.NewWriter(w)
		io.WriteString(z, strings.Repeat("User-agent: *\nDisallow: /private\n", 100))
		z.Close()
	}))
	defer srv.Close()
	res, got := roundTrip(t, testFetcher(srv, DefaultTimeout), siteURL(srv, "robots.test"))
	name := filepath.Join(t.TempDir(), "capture.warc.gz")
	var warc bytes.Buffer
	written, err := Write(&warc, "capture.warc.gz", "robots-explorer test", res.Records, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, warc.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	recs := readWithWarcio(t, name)
	if len(recs) != len(written)+1 || recs[0].Type != capture.TypeWarcinfo {
		t.Fatalf("warcio read %d records, want the warcinfo and %d: %+v", len(recs), len(written), recs)
	}
	statuses := []int{}
	for i, w := range written {
		r := recs[i+1]
		if r.Type != w.Type() || r.ID != w.ID() || r.Target != w.Target() {
			t.Errorf("record %d: warcio reads %s %s %s, written %s %s %s", i+1, r.Type, r.ID, r.Target, w.Type(), w.ID(), w.Target())
		}
		if digest := w.Get("WARC-Payload-Digest"); digest != "" && !strings.EqualFold(digest, "sha256:"+r.PayloadSHA256) {
			t.Errorf("record %d: payload digest %s, warcio's payload hashes to %s", i+1, digest, r.PayloadSHA256)
		}
		if r.Type == capture.TypeResponse {
			statuses = append(statuses, r.Status)
		}
	}
	if len(statuses) != 2 || statuses[0] != 301 || statuses[1] != 200 {
		t.Errorf("warcio reads the statuses %v, want [301 200]", statuses)
	}
	last := recs[len(recs)-2] // the final response, before the metadata
	if !bytes.Equal(last.Content, got.Body) || len(got.Body) == 0 {
		t.Errorf("warcio decodes %d bytes %q…, the capture gives %d", len(last.Content), last.Content[:min(40, len(last.Content))], len(got.Body))
	}
	if got.Facts.Capture.Hops[1].PayloadDigest == "" {
		t.Error("no payload digest in the evidence")
	}
}
