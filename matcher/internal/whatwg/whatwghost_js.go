//go:build js

package whatwg

import (
	"fmt"
	"strings"
	"syscall/js"
)

// domainToASCIIUTS46 asks the browser's own URL parser, which runs the URL
// Standard's "domain to ASCII" (see matcher/internal/intl for why the tables are
// not shipped). A domain holding a character that would end the host is
// refused first: the standard refuses it after mapping anyway.
func domainToASCIIUTS46(domain string) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("not a valid host name (%v)", r)
		}
	}()
	if strings.ContainsAny(domain, "/?#@:[]\\%") {
		return "", errBadHost
	}
	return js.Global().Get("URL").New("http://" + domain + "/").Get("hostname").String(), nil
}
