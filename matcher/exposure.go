package matcher

import (
	"bytes"
	"strings"
)

// robots.txt is public and asks only crawlers that choose to comply: it is
// no access control (RFC 9309 §3: "not a substitute for valid content
// security measures"; listing paths makes them discoverable), and a
// disallowed URL can still be indexed from links elsewhere. These checks
// notice rules that seem to rely on it for secrecy.

// isPrivateWord reports whether a lower-cased path word names an area
// people mean to keep private. A switch rather than a map: it runs on
// every word of every disallow rule, and most words fail on their length.
func isPrivateWord(w []byte) bool {
	switch string(w) {
	case "admin", "administrator", "private", "secret", "secrets", "internal", "backup", "backups", "confidential":
		return true
	}
	return false
}

// isSecretName reports whether a lower-cased query parameter or path word
// carries credentials.
// The names are switched on by length first, so that a part is compared
// only with the few names of its length.
func isSecretName(w []byte) bool {
	switch s := string(w); len(s) {
	case 3:
		return s == "key" || s == "pwd" || s == "sid" || s == "sig"
	case 4:
		return s == "auth"
	case 5:
		return s == "token"
	case 6:
		return s == "apikey" || s == "passwd" || s == "secret"
	case 7:
		return s == "api_key" || s == "api-key" || s == "session"
	case 8:
		return s == "password"
	case 9:
		return s == "sessionid" || s == "signature"
	case 12:
		return s == "access_token"
	}
	return false
}

// lowerASCII writes s lower-cased into buf when it fits, so the checks
// below compare without allocating; ok is false for a longer s.
func lowerASCII(buf []byte, s string) ([]byte, bool) {
	if len(s) > cap(buf) {
		return nil, false
	}
	buf = buf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf, true
}

// minHexRun is the length from which a run of hex digits reads as a key or
// a hash (an MD5 is 32).
const minHexRun = 32

// The checks run on every rule at parse time, so they compare in place,
// without lower-casing copies.

// secretIn returns the part of a pattern that looks like a credential: a
// parameter such as token= or key=, a word such as apikey, or a long run of
// hex digits; "" when there is none.
func secretIn(pattern string) string {
	var buf [64]byte
	start := 0
	for i := 0; i <= len(pattern); i++ {
		if i < len(pattern) && !isPartEnd(pattern[i]) {
			continue
		}
		if part := pattern[start:i]; len(part) >= 3 && secretPart(buf[:0:len(buf)], part) {
			return part
		}
		start = i + 1
	}
	// A run as long as minHexRun needs a pattern at least as long: most
	// patterns are shorter and skip the scan.
	if len(pattern) < minHexRun {
		return ""
	}
	if run := longestHexRun(pattern); len(run) >= minHexRun {
		return run
	}
	return ""
}

// isPartEnd reports whether c ends a path segment or a query parameter.
func isPartEnd(c byte) bool { return partEnds[c] }

// partEnds is isPartEnd as a table: it is asked of every byte of every rule.
var partEnds = [256]bool{'/': true, '?': true, '&': true, ';': true, '*': true, '$': true}

// secretPart reports whether one segment or parameter names a credential.
func secretPart(buf []byte, part string) bool {
	// IndexByte, not strings.Cut: this runs on every part of every rule.
	name, hasValue := part, false
	if i := strings.IndexByte(part, '='); i >= 0 {
		name, hasValue = part[:i], true
	}
	lower, ok := lowerASCII(buf, name)
	if !ok {
		lower = []byte(strings.ToLower(name))
	}
	return isSecretName(lower) || hasValue && secretSuffix(lower) || len(lower) >= 6 && containsSecretWord(lower)
}

// containsSecretWord reports whether lower holds apikey, api_key or
// access_token. All three start with 'a', so only the places of an 'a' are
// compared.
func containsSecretWord(lower []byte) bool {
	for i := 0; i < len(lower); i++ {
		j := bytes.IndexByte(lower[i:], 'a')
		if j < 0 {
			return false
		}
		i += j
		rest := lower[i:]
		if bytes.HasPrefix(rest, []byte("apikey")) || bytes.HasPrefix(rest, []byte("api_key")) ||
			bytes.HasPrefix(rest, []byte("access_token")) {
			return true
		}
	}
	return false
}

func secretSuffix(lower []byte) bool {
	for _, suf := range [...]string{"token", "_key", "-key", "secret", "password"} {
		if bytes.HasSuffix(lower, []byte(suf)) {
			return true
		}
	}
	return false
}

// longestHexRun returns the longest run of hex digits that holds at least
// one decimal digit, not counting the two digits of a %XX escape.
func longestHexRun(s string) string {
	best, start, digit := "", -1, false
	flush := func(end int) {
		if start >= 0 && digit && end-start > len(best) {
			best = s[start:end]
		}
		start, digit = -1, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			flush(i)
			i += 2
			continue
		}
		if !isHex(c) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
		digit = digit || c >= '0' && c <= '9'
	}
	flush(len(s))
	return best
}

// privateIn returns the word of the path part of a pattern that names a
// private area (/admin, /wp-admin/, /private/), as written, or "".
func privateIn(pattern string) string {
	path := pattern
	if i := strings.IndexByte(pattern, '?'); i >= 0 {
		path = pattern[:i]
	}
	var buf [16]byte // longer than any private word
	start := -1
	for i := 0; i <= len(path); i++ {
		if i < len(path) && isAlnum(path[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		// Private words are 5 to 13 bytes long: other words need no look.
		if n := i - start; start >= 0 && n >= 5 && n <= 13 {
			if w, ok := lowerASCII(buf[:0:len(buf)], path[start:i]); ok && isPrivateWord(w) {
				return path[start:i]
			}
		}
		start = -1
	}
	return ""
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// checkExposure reports a rule that seems to rely on robots.txt to keep a
// secret or a private area (RFC 9309 §3).
func (p *rfcParser) checkExposure(l *Line) {
	v, at := l.Value, l.ValueOffset
	if s := secretIn(v); s != "" {
		p.reportMsg(at, at+len(v), CodeSecretInPath, Warning, "RFC 9309 §3",
			p.arena.quoted("", s, " looks like a token or key: anyone can read robots.txt, so treat it as published; revoke it and protect the resource with authentication, not robots.txt"))
		return
	}
	// An allow opens a path; only a disallow tries to hide one.
	if l.Kind == KindDisallow && privateIn(v) != "" {
		p.reportMsg(at, at+len(v), CodePrivatePath, Info, "RFC 9309 §3",
			p.arena.quoted("", v, " names what looks like a private area: robots.txt is public and only asks crawlers to stay away, so it hides nothing and "+
				"makes the path easy to find; protect it with authentication, and to keep a page out of search use a noindex meta tag or X-Robots-Tag header"))
	}
}
