//go:build !wasm

package site

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"robots-explorer/app/internal/compression"
)

// fakeWeb is a web directory with a stand-in app.wasm and its compressed
// forms, as make build leaves it.
func fakeWeb(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = bytes.Repeat([]byte("\x00asm not really wasm, but bytes to compress "), 500)
	files := map[string][]byte{
		"app.wasm": wasm, "editor.js": []byte("window.robotsEditor = {};\n"), "robots.txt": []byte("User-agent: *\nAllow: /\n"),
		"explorer.css": []byte("body{}"), "icon.svg": []byte("<svg/>"),
		"icon-192.png": []byte("png"), "icon-512.png": []byte("png"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := compression.Precompress(filepath.Join(dir, "app.wasm"), wasm); err != nil {
		t.Fatal(err)
	}
	return dir, wasm
}

func testSite(t *testing.T) (*site, []byte) {
	dir, wasm := fakeWeb(t)
	s, warnings, err := LoadSite(dir)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("loadSite: %v %v", err, warnings)
	}
	return s, wasm
}

// Content negotiation per RFC 9110 §12.5.3: weights, q=0 refusals and "*".
func TestChooseCoding(t *testing.T) {
	all := func(string) bool { return true }
	tests := []struct{ accept, want string }{
		{"", ""},
		{"gzip", "gzip"},
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0, gzip", "gzip"},
		{"BR;Q=0.5", "br"},
		{"*", "br"},
		{"br;q=0, *", "gzip"},
		{"gzip;q=0, br;q=0", ""},
		{"identity", ""},
		{"gzip;q=bogus", ""},
	}
	for _, tt := range tests {
		if got := compression.ChooseCoding(tt.accept, all); got != tt.want {
			t.Errorf("chooseCoding(%q) = %q, want %q", tt.accept, got, tt.want)
		}
	}
	if got := compression.ChooseCoding("br, gzip", func(c string) bool { return c == "gzip" }); got != "gzip" {
		t.Errorf("without a brotli form: %q, want gzip", got)
	}
}

func get(t *testing.T, h http.Handler, method, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// app.wasm goes out in the coding asked for, from the forms made at build
// time, with Content-Encoding, Vary and the encoded Content-Length.
func TestServeWasmCompressed(t *testing.T) {
	s, wasm := testSite(t)
	for _, accept := range []string{"gzip, br", "gzip", ""} {
		res := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", accept)
		body, _ := io.ReadAll(res.Body)
		coding := compression.ChooseCoding(accept, func(string) bool { return true })
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != coding {
			t.Errorf("%q: status %d, Content-Encoding %q, want %q", accept, res.StatusCode, res.Header.Get("Content-Encoding"), coding)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" || res.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("%q: Vary %q, Content-Type %q", accept, res.Header.Get("Vary"), res.Header.Get("Content-Type"))
		}
		if res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
			t.Errorf("%q: Content-Length %s for %d bytes", accept, res.Header.Get("Content-Length"), len(body))
		}
		raw := body
		if coding != "" {
			var err error
			if raw, err = compression.Decompress(coding, body); err != nil {
				t.Fatal(err)
			}
			if len(body) >= len(wasm) {
				t.Errorf("%s form is not smaller: %d >= %d", coding, len(body), len(wasm))
			}
		}
		if !bytes.Equal(raw, wasm) {
			t.Errorf("%q: the body does not decode to app.wasm", accept)
		}
		etag := res.Header.Get("ETag")
		if again := get(t, s, "GET", "/web/app.wasm", "Accept-Encoding", accept, "If-None-Match", etag); again.StatusCode != http.StatusNotModified {
			t.Errorf("%q: If-None-Match %s gave %d, want 304", accept, etag, again.StatusCode)
		}
	}
	if res := get(t, s, "HEAD", "/web/app.wasm", "Accept-Encoding", "br"); res.ContentLength != int64(len(s.wasm["br"])) {
		t.Errorf("HEAD Content-Length %d, want %d", res.ContentLength, len(s.wasm["br"]))
	}
}

// A compressed form left from an older build is not served.
func TestLoadSiteRefusesStaleForms(t *testing.T) {
	dir, _ := fakeWeb(t)
	stale, _ := compression.Compress("gzip", []byte("an older app.wasm"))
	if err := os.WriteFile(filepath.Join(dir, "app.wasm.gz"), stale, 0o644); err != nil {
		t.Fatal(err)
	}
	s, warnings, err := LoadSite(dir)
	if err != nil || len(warnings) != 1 || s.wasm["gzip"] != nil || s.wasm["br"] == nil {
		t.Errorf("err %v, warnings %q, gzip served: %v", err, warnings, s.wasm["gzip"] != nil)
	}
	if _, _, err := LoadSite(t.TempDir()); err == nil || !strings.Contains(err.Error(), "make build") {
		t.Errorf("without app.wasm: %v, want a hint to run make build", err)
	}
}

// A form that is missing (make run writes no brotli form) is a note, not a
// warning: app.wasm is served without it. static refuses to go without.
func TestLoadSiteNotesMissingForms(t *testing.T) {
	dir, _ := fakeWeb(t)
	if err := os.Remove(filepath.Join(dir, "app.wasm.br")); err != nil {
		t.Fatal(err)
	}
	s, warnings, err := LoadSite(dir)
	if err != nil || len(warnings) != 0 || len(s.missing) != 1 || !strings.Contains(s.missing[0], "app.wasm.br") {
		t.Fatalf("err %v, warnings %q, missing %q; want one note on app.wasm.br", err, warnings, s.missing)
	}
	if s.wasm["br"] != nil || s.wasm["gzip"] == nil {
		t.Errorf("served forms: br %v, gzip %v; want gzip only", s.wasm["br"] != nil, s.wasm["gzip"] != nil)
	}
	if err := WriteStatic(t.TempDir(), dir, ""); err == nil || !strings.Contains(err.Error(), "app.wasm.br") {
		t.Errorf("static without the brotli form: %v, want a refusal naming it", err)
	}
}

// Every response carries the security headers, and the page needs nothing
// the policy forbids: no inline script, no style attribute.
func TestSecurityHeadersAndPage(t *testing.T) {
	s, _ := testSite(t)
	res := get(t, s, "GET", "/")
	body, _ := io.ReadAll(res.Body)
	page := string(body)
	for _, path := range []string{"/", "/web/app.wasm", "/app.js", "/web/explorer.css", "/robots.txt"} {
		h := get(t, s, "GET", path).Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "'wasm-unsafe-eval'") || strings.Contains(csp, "'unsafe-inline'") || strings.Contains(csp, "'unsafe-eval'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
	if m := regexp.MustCompile(`<script(\s[^>]*)?>`).FindAllString(page, -1); len(m) == 0 {
		t.Error("no scripts on the page")
	} else {
		for _, tag := range m {
			if !strings.Contains(tag, " src=") {
				t.Errorf("inline script %s needs 'unsafe-inline'", tag)
			}
		}
	}
	if strings.Contains(page, "style=") || strings.Contains(page, "<style") {
		t.Error("the page has inline styles; the policy allows only style files")
	}
	// Prerendered: the default example's verdicts are on the page before
	// any script runs.
	if !strings.Contains(page, `data-verdict="disallowed"`) || !strings.Contains(page, "Disallowed by") || !strings.Contains(page, ">line 3</button>") {
		t.Error("the prerendered page lacks the default example's verdicts")
	}
	// go-app's default icon lives on another host; the worker could not
	// cache it and offline use would break. Every resource is local.
	if m := regexp.MustCompile(`(href|src)="(https?:)?//`).FindString(page); m != "" {
		t.Errorf("the page loads a resource from another host: %s", m)
	}
	if rb := get(t, s, "GET", "/robots.txt"); rb.StatusCode != 200 {
		t.Errorf("/robots.txt: %d", rb.StatusCode)
	}
}

// static writes a site that works at a domain root: every file go-app
// needs, app.wasm in all its forms, the site's robots.txt, no 404 pages.
func TestWriteStatic(t *testing.T) {
	web, wasm := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if err := WriteStatic(out, web, ""); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "wasm_exec.js", "app-worker.js", "manifest.webmanifest",
		"app.css", "robots.txt", "_headers", "web/app.wasm", "web/app.wasm.gz", "web/app.wasm.br", "web/explorer.css", "web/icon.svg"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("missing %s", name)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(out, "web", "app.wasm")); !bytes.Equal(got, wasm) {
		t.Error("web/app.wasm is not the build's")
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !bytes.Contains(index, []byte(`data-verdict=`)) {
		t.Error("index.html is not the prerendered explorer")
	}
	if err := checkNoNotFound(out); err != nil {
		t.Error(err)
	}
	// The guard itself: a 404 page is refused.
	os.WriteFile(filepath.Join(out, "lost.html"), []byte("404 page not found\n"), 0o644)
	if err := checkNoNotFound(out); err == nil {
		t.Error("a 404 page was not noticed")
	}
}

// A path that is not there gets 404 with no validator, even when asked
// with the build's ETag: a precondition is ignored when the response
// would not be a 2xx (RFC 9110 §13.2.1), and a name longer than the
// file system allows is missing too, not the server's error.
func TestServeNotFound(t *testing.T) {
	s, _ := testSite(t)
	paths := []string{"/nope", "/lessons/more", "/web/nope.css", "/web/", "/web/" + strings.Repeat("a", 300),
		"/web/" + strings.Repeat("a", 300) + "/icon.svg", "/web/" + strings.Repeat("a/", 2100) + "x"}
	for _, path := range paths {
		for _, inm := range []string{"", `"` + s.version + `"`, "*"} {
			res := get(t, s, "GET", path, "If-None-Match", inm)
			if res.StatusCode != http.StatusNotFound || res.Header.Get("ETag") != "" {
				t.Errorf("%.30s… with If-None-Match %q: %d, ETag %q; want 404 and none", path, inm, res.StatusCode, res.Header.Get("ETag"))
			}
		}
	}
}

// The pages, styles and scripts go out in the coding the client prefers,
// with Vary and an ETag of their own for each coding, which If-None-Match
// matches; each form is the same text, and the same bytes on every
// request, as a strong ETag promises.
func TestServeCompressesText(t *testing.T) {
	dir, _ := fakeWeb(t)
	css := bytes.Repeat([]byte(".verdict { color: #1f2a44; }\n"), 400)
	if err := os.WriteFile(filepath.Join(dir, "explorer.css"), css, 0o644); err != nil {
		t.Fatal(err)
	}
	s, _, err := LoadSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/lessons", "/examples", "/register", "/web/explorer.css", "/app.css", "/app.js"} {
		plain := get(t, s, "GET", path, "Accept-Encoding", "identity")
		want, _ := io.ReadAll(plain.Body)
		etags := map[string]bool{}
		for _, accept := range []string{"gzip", "br", "gzip, br", "br;q=0, gzip", "identity", ""} {
			res := get(t, s, "GET", path, "Accept-Encoding", accept)
			body, _ := io.ReadAll(res.Body)
			coding := compression.ChooseCoding(accept, func(string) bool { return true })
			if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != coding || res.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("%s, %q: %d, Content-Encoding %q, Vary %q; want 200, %q, Accept-Encoding",
					path, accept, res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"), coding)
				continue
			}
			raw := body
			if coding != "" {
				if raw, err = compression.Decompress(coding, body); err != nil {
					t.Fatalf("%s, %q: %v", path, accept, err)
				}
			}
			if !bytes.Equal(raw, want) {
				t.Errorf("%s, %q: the body is not the same bytes as the identity form's", path, accept)
			}
			if path == "/register" && coding != "" && len(body) > len(want)/10 {
				t.Errorf("%s in %s: %d bytes of %d", path, coding, len(body), len(want))
			}
			etag := res.Header.Get("ETag")
			etags[etag] = true
			again := get(t, s, "GET", path, "Accept-Encoding", accept, "If-None-Match", etag)
			if b, _ := io.ReadAll(again.Body); again.StatusCode != http.StatusNotModified || len(b) > 0 {
				t.Errorf("%s, %q: If-None-Match %s gave %d and %d bytes, want 304 and none", path, accept, etag, again.StatusCode, len(b))
			}
		}
		if len(etags) != 3 {
			t.Errorf("%s: ETags %v, want one for each of br, gzip and none", path, etags)
		}
	}
}
