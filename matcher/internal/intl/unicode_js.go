//go:build js

package intl

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"
)

// In the browser the matcher asks the platform for IDNA and NFKC, both
// built on the same Unicode data as the native packages (UTS #46 through
// the URL parser, NFKC through String.prototype.normalize), instead of
// shipping a second copy of the tables in the WebAssembly file.

// DomainToASCII asks the browser's own URL parser, which runs the URL
// Standard's "domain to ASCII". A domain holding a character that would
// end the host is refused first: the standard refuses it after mapping
// anyway.
func DomainToASCII(domain string) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("not a valid host name (%v)", r)
		}
	}()
	if strings.ContainsAny(domain, "/?#@:[]\\%") {
		return "", errors.New("the host holds a character a host name may not")
	}
	return js.Global().Get("URL").New("http://" + domain + "/").Get("hostname").String(), nil
}

// HostToASCII maps host as the URL parser does, then applies the DNS
// length checks the native profile applies (idna.VerifyDNSLength).
func HostToASCII(host string) (string, error) {
	out, err := DomainToASCII(host)
	if err != nil {
		return "", err
	}
	if i := strings.IndexFunc(out, notLDH); i >= 0 {
		// The URL Standard maps without STD3's rules; a host name keeps
		// to letters, digits and hyphens, as idna.StrictDomainName does
		// natively (UTS #46 §4.1, UseSTD3ASCIIRules).
		return "", fmt.Errorf("the host holds %q, which a host name may not", out[i])
	}
	return out, checkDNSLength(out)
}

// notLDH reports whether r is none of the letters, digits, hyphen and dot
// of a host name in ASCII.
func notLDH(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.')
}

// checkDNSLength refuses empty labels and over-long labels and names
// (RFC 1034 §3.1), as idna.VerifyDNSLength does natively.
func checkDNSLength(host string) error {
	name := strings.TrimSuffix(host, ".")
	if name == "" || len(name) > 253 {
		return errors.New("the host name is empty or longer than 253 octets")
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("the host has an empty or over-long label %q", label)
		}
	}
	return nil
}

// stringNormalize is String.prototype.normalize: syscall/js calls methods
// on objects only, so it is called with the string as its receiver.
var stringNormalize = js.Global().Get("String").Get("prototype").Get("normalize")

func NFKC(s string) string { return stringNormalize.Call("call", s, "NFKC").String() }
