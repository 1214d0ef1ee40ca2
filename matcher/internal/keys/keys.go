// Package keys knows the record keys that RFC 9309 does not define but
// people write, and the spellings of the standard keys that Google's
// parser accepts: what the core's diagnostics and the google reading share.
package keys

import "robots-explorer/matcher/internal/ascii"

// nonStandard are the records people write that RFC 9309 does not define,
// each with the message that says who reads them (§2.2.4 lets crawlers
// interpret other records), which starts with the key. A table of
// constants rather than a map: nothing is built when the program starts,
// no message is made per line, and seven keys compare as fast as they hash.
var nonStandard = [...]struct{ key, msg string }{
	{"crawl-delay", "crawl-delay: not part of RFC 9309; Bing and Yandex read it, Google ignores it"},
	{"noindex", "noindex: not part of RFC 9309; Google stopped reading it in 2019. robots.txt controls crawling, not indexing: a URL " +
		"disallowed here can still be indexed from links. To keep a page out of search, let it be crawled and send a noindex " +
		"robots meta tag or an X-Robots-Tag: noindex header"},
	{"host", "host: not part of RFC 9309; only Yandex read it, and it has since retired it"},
	{"clean-param", "clean-param: not part of RFC 9309; Yandex reads it"},
	{"request-rate", "request-rate: not part of RFC 9309; a few small crawlers read it"},
	{"visit-time", "visit-time: not part of RFC 9309; a few small crawlers read it"},
	{"nofollow", "nofollow: not part of RFC 9309; no major crawler reads it"},
}

// NonStandard returns the message of the record with the lower-cased
// key, and whether it is one of nonStandard; its text after "key: " says
// who reads it.
func NonStandard(lower string) (string, bool) {
	for _, r := range nonStandard {
		if r.key == lower {
			return r.msg, true
		}
	}
	return "", false
}

// googleTypos are keys Google's parser accepts for the standard ones
// (robots.cc: KeyIsUserAgent, KeyIsDisallow, with kAllowFrequentTypos).
var googleTypos = []struct{ prefix, key string }{
	{"user-agent", "user-agent"}, {"useragent", "user-agent"}, {"user agent", "user-agent"},
	{"allow", "allow"},
	{"disallow", "disallow"}, {"dissallow", "disallow"}, {"dissalow", "disallow"},
	{"disalow", "disallow"}, {"diasllow", "disallow"}, {"disallaw", "disallow"},
	{"sitemap", "sitemap"}, {"site-map", "sitemap"},
}

// Google returns the standard key Google's parser reads key as, or "".
// The key is compared without ASCII case, as robots.cc's
// absl::StartsWithIgnoreCase does, and without a lower-cased copy: the
// google reading asks it of every line.
func Google(key string) string {
	for _, t := range googleTypos {
		if len(key) >= len(t.prefix) && ascii.EqualFold(key[:len(t.prefix)], t.prefix) {
			return t.key
		}
	}
	return ""
}
