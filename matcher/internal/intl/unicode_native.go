//go:build !js

// Package intl maps a host to ASCII (UTS #46, for lookup and as the URL
// Standard runs it) and normalizes text to NFKC: natively with
// golang.org/x/net/idna and x/text, in the browser with the platform's own
// tables, so the WebAssembly carries no second copy.
package intl

import (
	"sync"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// The Unicode tables behind IDNA and NFKC would only add weight to the
// WebAssembly build, where the browser already holds its own (see
// unicode_js.go); natively they come from golang.org/x/net/idna and
// golang.org/x/text.

// hostProfile is UTS #46 processing for lookup, non-transitional, with the
// DNS length checks: what browsers do with a host (RFC 5891, UTS #46).
// urlProfile is UTS #46 as the URL Standard's "domain to ASCII" runs it
// with beStrict false: non-transitional, CheckBidi and CheckJoiners on,
// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off.
// They are made on first use: only a full URL has a host, and a check of a
// path should not pay for them when the program starts. (A sync.Once and
// variables rather than sync.OnceValue, whose closures are themselves
// allocated when the package starts.)
var (
	profilesOnce            sync.Once
	hostProfile, urlProfile *idna.Profile
)

func makeProfiles() {
	hostProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.VerifyDNSLength(true), idna.Transitional(false))
	urlProfile = idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.CheckHyphens(false),
		idna.BidiRule(), idna.Transitional(false))
}

func HostToASCII(host string) (string, error) {
	profilesOnce.Do(makeProfiles)
	return hostProfile.ToASCII(host)
}

// DomainToASCII is the URL Standard's "domain to ASCII" with beStrict false.
func DomainToASCII(domain string) (string, error) {
	profilesOnce.Do(makeProfiles)
	return urlProfile.ToASCII(domain)
}

func NFKC(s string) string { return norm.NFKC.String(s) }
