//go:build !js

// Package intl maps a host to ASCII (UTS #46, for lookup) and normalizes
// text to NFKC: natively with golang.org/x/net/idna and x/text, in the
// browser with the platform's own tables, so the WebAssembly carries no
// second copy.
package intl

import (
	"sync"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// The Unicode tables behind IDNA and NFKC weigh about 100 KB in the
// WebAssembly build, where the browser already holds its own (see
// unicode_js.go); natively they come from golang.org/x/net/idna and
// golang.org/x/text.

// hostProfile is UTS #46 processing for lookup, non-transitional, with the
// DNS length checks: what browsers do with a host (RFC 5891, UTS #46).
// It is made on first use: only a full URL has a host, and a check of a
// path should not pay for it when the program starts. (A sync.Once and a
// variable rather than sync.OnceValue, whose closures are themselves
// allocated when the package starts.)
var (
	hostProfileOnce sync.Once
	hostProfile     *idna.Profile
)

func HostToASCII(host string) (string, error) {
	hostProfileOnce.Do(func() {
		hostProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true), idna.Transitional(false))
	})
	return hostProfile.ToASCII(host)
}

func NFKC(s string) string { return norm.NFKC.String(s) }
