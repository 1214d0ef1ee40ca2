package matcher

import "strings"

// googlePatternRules are the only changes robots.cc makes to an allow or
// disallow value before matching (MaybeEscapePattern). Run one after the
// other they give the same result as its single pass: an escape it writes
// is already upper-case, and the bytes after a valid %XX are hex digits, so
// no escape can start inside one.
var googlePatternRules = []normRule{
	{"characters outside ASCII are written as their UTF-8 octets, each as %XX", googleSource + " (MaybeEscapePattern)", encodeNonASCII},
	{"hex digits of %XX escapes are upper-cased", googleSource + " (MaybeEscapePattern)", upperEscapes},
}

// EscapeGooglePattern returns a pattern as Google's parser compares it:
// non-ASCII bytes percent-encoded, the hex digits of escapes upper-cased,
// nothing else (no decoding, '%2A' stays three characters).
func EscapeGooglePattern(p string) string {
	s, _ := normalize(p, googlePatternRules, false)
	return s
}

// indexDirectory returns the pattern robots.cc's HandleAllow also tries for
// an allow that does not match: when the part from the pattern's last '/'
// starts with "/index.htm", the directory up to that '/' followed by '$'
// ("/a/index.html" → "/a/$").
func indexDirectory(p string) (string, bool) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 || !strings.HasPrefix(p[i:], "/index.htm") {
		return "", false
	}
	return p[:i+1] + "$", true
}

// GooglePath returns the path robots.cc matches for a URL given as a string
// (GetPathParamsQuery): the URL is taken as given, without any
// percent-encoding or decoding. A leading "//" is skipped; a "://" before
// the first '/', '?' or ';' ends the scheme; the path starts at the first
// '/', '?' or ';' after that and ends at '#'; a result not starting with '/'
// gets one; no path, or a '#' before it, gives "/". The path then stops at
// a NUL byte, as robots.cc hands it on as a C string.
func GooglePath(url string) string {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	early := indexAnyFrom(url, "/?;", start)
	proto := indexFrom(url, "://", start)
	if early >= 0 && (proto < 0 || early < proto) {
		proto = -1
	}
	if proto < 0 {
		proto = start
	} else {
		proto += 3
	}
	pathStart := indexAnyFrom(url, "/?;", proto)
	if pathStart < 0 {
		return "/"
	}
	end := len(url)
	if hash := indexFrom(url, "#", start); hash >= 0 {
		if hash < pathStart {
			return "/"
		}
		end = hash
	}
	path := url[pathStart:end]
	if path[0] != '/' {
		path = "/" + path
	}
	if i := strings.IndexByte(path, 0); i >= 0 {
		path = path[:i]
	}
	return path
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}

func indexAnyFrom(s, chars string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.IndexAny(s[from:], chars); i >= 0 {
		return from + i
	}
	return -1
}
