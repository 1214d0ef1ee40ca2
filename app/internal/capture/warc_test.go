//go:build !wasm

package capture

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"robots-explorer/matcher/capture"
)

// TestPageReaderAgreesWithTheLibrary reads the same captures with the
// library (Read) and with the page's small reader (capture.ReadWARC), plain
// and compressed: both find the same delivery facts, evidence and file.
func TestPageReaderAgreesWithTheLibrary(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/gz/robots.txt", http.StatusFound)
		case "/gz/robots.txt":
			w.Header().Set("Content-Encoding", "gzip")
			z := gzip.NewWriter(w)
			io.WriteString(z, strings.Repeat("User-agent: *\nDisallow: /a\n", 30000))
			z.Close()
		}
	}))
	defer srv.Close()
	u := siteURL(srv, "robots.test")
	res, err := testFetcher(srv, DefaultTimeout).Fetch(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	for _, compress := range []bool{false, true} {
		var warc bytes.Buffer
		if _, err := Write(&warc, "x.warc", "test", res.Records, compress); err != nil {
			t.Fatal(err)
		}
		lib, err := Read("x.warc", bytes.NewReader(warc.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		page := &capture.Collector{Source: "x.warc", SHA256: lib.SHA256}
		if err := capture.ReadWARC(bytes.NewReader(warc.Bytes()), page); err != nil {
			t.Fatal(err)
		}
		want, err := lib.Find(u)
		if err != nil {
			t.Fatal(err)
		}
		got, err := page.Find(u)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || len(got.Body) == 0 || got.Facts.Size == 0 {
			t.Errorf("compressed %v: the page reads\n%+v\n%+v\nthe library\n%+v\n%+v", compress, got.Facts, got.Facts.Capture, want.Facts, want.Facts.Capture)
		}
	}
}
