//go:build !wasm

package site

import "net/http"

// contentSecurityPolicy allows what the go-app page needs and nothing more:
// its scripts (wasm_exec.js, app.js), styles, icons, manifest and service
// worker are files on this origin; the page has no inline script or style
// (go-app v10 writes none, and the UI sets no style attributes); compiling
// app.wasm needs 'wasm-unsafe-eval'; app.js fetches app.wasm from this
// origin. No form posts, no framing, no <base>, no plugins (object-src is
// spelled out although default-src covers it: some checkers and older
// browsers look for it by name).
//
// Trusted Types (require-trusted-types-for 'script') would also guard the
// HTML sinks, but go-app's app.js registers its service worker with a plain
// string, which that directive blocks.
const contentSecurityPolicy = "default-src 'none'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; " +
	"img-src 'self'; " +
	"connect-src 'self'; " +
	"manifest-src 'self'; " +
	"worker-src 'self'; " +
	"object-src 'none'; " +
	"base-uri 'none'; " +
	"form-action 'none'; " +
	"frame-ancestors 'none'"

// securityHeaders go on every response of serve, and into the _headers file
// of the static site for hosts that read one.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", contentSecurityPolicy},
	// The wasm is only compiled when served as application/wasm; nosniff
	// keeps every response to its declared type.
	{"X-Content-Type-Options", "nosniff"},
	// What people paste never leaves the page, and neither does its URL.
	{"Referrer-Policy", "no-referrer"},
}

func setSecurityHeaders(h http.Header) {
	for _, kv := range securityHeaders {
		h.Set(kv[0], kv[1])
	}
}
