//go:build !wasm

package site

import (
	"io"
	"mime"
	"net/http"
	"strings"

	"robots-explorer/app/internal/compression"
)

// negotiated is the writer of every response but app.wasm's. It answers
// If-None-Match itself, and only for a 200: go-app answers it before it
// knows whether the path exists, which made a 404 a 304, where RFC 9110
// §13.2.1 has the condition ignored; an error or a redirect carries no
// ETag. It compresses text (the pages, styles, scripts and the manifest)
// in the coding the client prefers, with Vary: Accept-Encoding and an
// ETag for each coding, as app.wasm's.
type negotiated struct {
	http.ResponseWriter
	ifNoneMatch string // the request's, which the handler is not shown
	coding      string // the client's preferred coding, "" for none
	head        bool
	started     bool
	discard     bool // a 304 or a HEAD: the body goes nowhere
	enc         io.WriteCloser
}

// negotiate wraps w for r, and returns the request the handler is to
// see: without its conditions on the representation, which negotiated
// answers once it knows the status (If-Modified-Since is ignored: every
// response that can match carries an ETag).
func negotiate(w http.ResponseWriter, r *http.Request) (*negotiated, *http.Request) {
	n := &negotiated{
		ResponseWriter: w,
		ifNoneMatch:    r.Header.Get("If-None-Match"),
		coding:         compression.ChooseCoding(r.Header.Get("Accept-Encoding"), func(string) bool { return true }),
		head:           r.Method == http.MethodHead,
	}
	r = r.Clone(r.Context())
	r.Header.Del("If-None-Match")
	r.Header.Del("If-Modified-Since")
	return n, r
}

func (n *negotiated) WriteHeader(code int) {
	if n.started {
		return
	}
	n.started = true
	h := n.Header()
	switch {
	case code == http.StatusOK:
		encode := n.encodeHeader(h)
		if etagMatch(n.ifNoneMatch, h.Get("ETag")) {
			for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding"} {
				h.Del(k)
			}
			code, n.discard = http.StatusNotModified, true
		} else if encode && n.head {
			n.discard = true
		} else if encode {
			n.enc = compression.NewWriter(n.coding, n.ResponseWriter)
		}
	case code < 200 || code >= 300:
		h.Del("ETag")
	}
	n.ResponseWriter.WriteHeader(code)
}

// encodeHeader sets the headers of a text response, and says whether its
// body is to be compressed.
func (n *negotiated) encodeHeader(h http.Header) bool {
	media, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	switch media {
	case "text/html", "text/css", "text/javascript", "application/javascript", "application/manifest+json":
	default:
		return false
	}
	if h.Get("Content-Encoding") != "" {
		return false
	}
	h.Set("Vary", "Accept-Encoding")
	if n.coding == "" {
		return false
	}
	h.Set("Content-Encoding", n.coding)
	h.Del("Content-Length")
	h.Del("Accept-Ranges") // a range would count the encoded bytes
	if etag := h.Get("ETag"); strings.HasSuffix(etag, `"`) {
		h.Set("ETag", strings.TrimSuffix(etag, `"`)+"-"+n.coding+`"`)
	}
	return true
}

func (n *negotiated) Write(b []byte) (int, error) {
	if !n.started {
		if _, typed := n.Header()["Content-Type"]; !typed {
			// What net/http would sniff, from the bytes before compression.
			n.Header().Set("Content-Type", http.DetectContentType(b))
		}
		n.WriteHeader(http.StatusOK)
	}
	switch {
	case n.discard:
		return len(b), nil
	case n.enc != nil:
		return n.enc.Write(b)
	}
	return n.ResponseWriter.Write(b)
}

// close ends the compressed body.
func (n *negotiated) close() error {
	if n.enc == nil {
		return nil
	}
	return n.enc.Close()
}

// etagMatch reports whether the If-None-Match list matches etag, by the
// weak comparison RFC 9110 §13.1.2 asks for; "*" matches any.
func etagMatch(list, etag string) bool {
	if etag == "" {
		return false
	}
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || t != "" && strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}
