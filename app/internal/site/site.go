//go:build !wasm

// Package site serves the explorer (serve) and writes it as a static
// website (static): the go-app handler with the pages prerendered (serve
// renders each once and holds it, compressed in each coding asked for),
// app.wasm in each content coding made at build time, and the security
// headers every response carries.
package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"robots-explorer/app/internal/compression"
	"robots-explorer/app/internal/ui"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A site is the explorer's web directory loaded for serving: the go-app
// handler plus app.wasm held in memory in each content coding.
type site struct {
	dir     string
	version string
	wasm    map[string][]byte // by content coding; "" is the file as built
	// missing names the compressed forms the directory lacks: make run
	// builds without brotli's slow form, so serve only notes it; static,
	// which makes a release, refuses to go without.
	missing []string
	app     *app.Handler
	pages   map[string]*page // the UI's pages by path
	// fetch is the fetch of a page served on loopback (fetch.go); nil
	// elsewhere.
	fetch *fetchEndpoint
}

// LoadSite reads dir (the web directory: app.wasm, its compressed forms,
// styles, icons, robots.txt). A compressed form that does not decode to
// the current app.wasm is left out, with a warning, rather than served; a
// missing one is listed in the site's missing.
func LoadSite(dir string) (*site, []string, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "app.wasm"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("%s has no app.wasm: run make build first", dir)
	}
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	// The version covers the editor's script too: the service worker
	// fetches the page's files anew only when the version changes.
	editor, err := os.ReadFile(filepath.Join(dir, "editor.js"))
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("%s has no editor.js: the page has no editor (make build writes it)", dir))
	}
	sum := sha256.Sum256(append(append([]byte(nil), raw...), editor...))
	s := &site{dir: dir, version: hex.EncodeToString(sum[:10]), wasm: map[string][]byte{"": raw}}
	for _, coding := range compression.PreferredCodings {
		name := filepath.Join(dir, "app.wasm"+compression.CodingSuffix(coding))
		enc, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			s.missing = append(s.missing, fmt.Sprintf("no %s: app.wasm is sent without %s (make build writes it)", name, coding))
			continue
		}
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v; app.wasm is sent without %s (run make build)", name, err, coding))
			continue
		}
		if dec, err := compression.Decompress(coding, enc); err != nil || !bytes.Equal(dec, raw) {
			warnings = append(warnings, fmt.Sprintf("%s is not the current app.wasm; it is not served (run make build)", name))
			continue
		}
		s.wasm[coding] = enc
	}
	s.app = newAppHandler(dir, s.version, len(raw))
	s.pages = map[string]*page{}
	for _, p := range ui.Pages {
		s.pages[p.Path] = &page{}
		if p.Path != "/" {
			s.pages[p.Path+"/"] = &page{}
		}
	}
	return s, warnings, nil
}

// newAppHandler describes the page to go-app. Version is the wasm's hash,
// so a restart without a rebuild keeps browsers' caches; every icon is
// local, because the service worker caches nothing when one resource fails.
func newAppHandler(dir, version string, wasmSize int) *app.Handler {
	return &app.Handler{
		Name:        "Robots.txt Explorer",
		ShortName:   "Robots.txt",
		Title:       "Robots.txt Explorer",
		Description: "See why a robots.txt file allows or disallows a URL: every matching rule, the group chosen, each normalization step. Runs in your browser.",
		Lang:        "en",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		BackgroundColor: "#f7f8fb",
		ThemeColor:      "#1f2a44",
		LoadingLabel:    "Loading the explorer: {progress}%",
		Styles:          []string{"/web/explorer.css"},
		// The editor (CodeMirror, bundled by app/tools/editor).
		Scripts: []string{"/web/editor.js"},
		// The page links the SVG icon, but go-app's worker caches only the
		// PNG ones: without this, an offline reload fails to load it.
		CacheableResources: []string{"/web/icon.svg"},
		Version:            version,
		// app.js shows progress against this; the Content-Length of a
		// compressed response would count the wrong bytes.
		WasmContentLength: strconv.Itoa(wasmSize),
		Resources:         newWebDir(dir),
	}
}

// webDir serves the web directory under /web/ and resolves /web/ paths as
// go-app's LocalDir("") does, but from any directory on disk.
type webDir struct{ http.Handler }

func newWebDir(dir string) webDir {
	files := http.StripPrefix("/web", http.FileServer(webFS{http.Dir(dir)}))
	return webDir{http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") { // no directory listings
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})}
}

func (webDir) Resolve(location string) string { return app.LocalDir("").Resolve(location) }

// webFS is the web directory, where a name longer than the system allows
// is missing (404), not the server's error (500).
type webFS struct{ http.Dir }

func (d webFS) Open(name string) (http.File, error) {
	f, err := d.Dir.Open(name)
	if errors.Is(err, syscall.ENAMETOOLONG) {
		return nil, fs.ErrNotExist
	}
	return f, err
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	if r.URL.Path == view.FetchPath { // the one request that takes a body
		s.serveFetch(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// Every resource is a file or a page: nothing takes a body.
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == "/web/app.wasm" || r.URL.Path == "/app.wasm" {
		s.serveWasm(w, r)
		return
	}
	n, r := negotiate(w, r)
	defer n.close()
	if p := s.pages[r.URL.Path]; p != nil && r.URL.RawQuery == "" {
		replay(n, p.form(n.coding, func(w http.ResponseWriter) { s.app.ServeHTTP(w, r) }))
		return
	}
	if r.URL.Path == "/robots.txt" {
		// go-app would fetch it from this server over HTTP; read it directly.
		http.ServeFile(n, r, filepath.Join(s.dir, "robots.txt"))
		return
	}
	s.app.ServeHTTP(n, r)
}

// A page is one of the UI's pages, rendered on its first request and held
// in each coding asked for since: go-app renders a page anew for every
// request, which for the register's long tables costs more than sending
// it, and compressing each time would double that.
type page struct {
	mu    sync.Mutex
	forms map[string]*response // by coding, "" for none
}

// form is the page in coding; render writes the page as go-app renders it
// for its path without a query. A page reads nothing else of a request:
// the explorer's work travels in the fragment, which no request carries.
func (p *page) form(coding string, render func(http.ResponseWriter)) *response {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.forms == nil {
		p.forms = map[string]*response{}
		rendered := &response{header: http.Header{}}
		render(rendered)
		p.forms[""] = encodeAs("", rendered)
	}
	if p.forms[coding] == nil {
		p.forms[coding] = encodeAs(coding, p.forms[""])
	}
	return p.forms[coding]
}

// encodeAs is src as negotiated sends it in coding.
func encodeAs(coding string, src *response) *response {
	f := &response{header: http.Header{}}
	n := &negotiated{ResponseWriter: f, coding: coding}
	replay(n, src)
	n.close()
	return f
}

// A response is held whole: its status, header and body.
type response struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (f *response) Header() http.Header { return f.header }

func (f *response) WriteHeader(code int) {
	if f.code == 0 {
		f.code = code
	}
}

func (f *response) Write(b []byte) (int, error) {
	f.WriteHeader(http.StatusOK)
	return f.body.Write(b)
}

// replay sends f to w.
func replay(w http.ResponseWriter, f *response) {
	h := w.Header()
	for k, v := range f.header {
		h[k] = slices.Clone(v) // w's handler may append to its header's values
	}
	h.Set("Content-Length", strconv.Itoa(f.body.Len()))
	w.WriteHeader(f.code)
	w.Write(f.body.Bytes())
}

// serveWasm sends app.wasm in the best coding the client accepts, from the
// forms made at build time: nothing is compressed per request.
func (s *site) serveWasm(w http.ResponseWriter, r *http.Request) {
	coding := compression.ChooseCoding(r.Header.Get("Accept-Encoding"), func(c string) bool { return s.wasm[c] != nil })
	body := s.wasm[coding]
	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("Content-Type", "application/wasm")
	h.Set("Cache-Control", "no-cache")
	etag := `"` + s.version + "-" + coding + `"`
	if coding == "" {
		etag = `"` + s.version + `"`
	}
	h.Set("ETag", etag)
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}
