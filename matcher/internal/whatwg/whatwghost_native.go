//go:build !js

package whatwg

import (
	"sync"

	"golang.org/x/net/idna"
)

// whatwgProfile is UTS #46 as the URL Standard's "domain to ASCII" runs it
// with beStrict false: non-transitional, CheckBidi and CheckJoiners on,
// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off.
var (
	whatwgProfileOnce sync.Once
	whatwgProfile     *idna.Profile
)

func domainToASCIIUTS46(domain string) (string, error) {
	whatwgProfileOnce.Do(func() {
		whatwgProfile = idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.CheckHyphens(false),
			idna.BidiRule(), idna.Transitional(false))
	})
	return whatwgProfile.ToASCII(domain)
}
