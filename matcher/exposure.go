package matcher

import "strings"

// robots.txt is public and asks only crawlers that choose to comply: it is
// no access control (RFC 9309 §3: "not a substitute for valid content
// security measures"; listing paths makes them discoverable), and a
// disallowed URL can still be indexed from links elsewhere. These checks
// notice rules that seem to rely on it for secrecy.

// privateWords are path words that name areas people mean to keep private.
var privateWords = []string{"admin", "administrator", "private", "secret", "secrets", "internal", "backup", "backups", "confidential"}

// secretNames are query parameter or path words that carry credentials.
var secretNames = []string{"token", "key", "apikey", "api_key", "api-key", "access_token", "auth", "password", "passwd",
	"pwd", "secret", "session", "sessionid", "sid", "signature", "sig"}

// minHexRun is the length from which a run of hex digits reads as a key or
// a hash (an MD5 is 32).
const minHexRun = 32

// The checks run on every rule at parse time, so they compare in place,
// without lower-casing copies.

// secretIn returns the part of a pattern that looks like a credential: a
// parameter such as token= or key=, a word such as apikey, or a long run of
// hex digits; "" when there is none.
func secretIn(pattern string) string {
	for rest := pattern; rest != ""; {
		i := strings.IndexAny(rest, "/?&;*$")
		part := rest
		if i >= 0 {
			part, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		name, _, hasValue := strings.Cut(part, "=")
		if oneOf(name, secretNames) || hasValue && secretSuffix(name) ||
			containsFold(name, "apikey") || containsFold(name, "api_key") || containsFold(name, "access_token") {
			return part
		}
	}
	if run := longestHexRun(pattern); len(run) >= minHexRun {
		return run
	}
	return ""
}

func oneOf(s string, list []string) bool {
	for _, w := range list {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func secretSuffix(name string) bool {
	for _, suf := range []string{"token", "_key", "-key", "secret", "password"} {
		if len(name) >= len(suf) && strings.EqualFold(name[len(name)-len(suf):], suf) {
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
// private area (/admin, /wp-admin/, /private/), or "".
func privateIn(pattern string) string {
	path, _, _ := strings.Cut(pattern, "?")
	start := -1
	for i := 0; i <= len(path); i++ {
		if i < len(path) && isAlnum(path[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && oneOf(path[start:i], privateWords) {
			return strings.ToLower(path[start:i])
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
		p.report(at, at+len(v), CodeSecretInPath, Warning, "RFC 9309 §3",
			"%q looks like a token or key: anyone can read robots.txt, so treat it as published; revoke it and protect the resource with authentication, not robots.txt", s)
		return
	}
	// An allow opens a path; only a disallow tries to hide one.
	if w := privateIn(v); w != "" && l.Kind == KindDisallow {
		p.report(at, at+len(v), CodePrivatePath, Info, "RFC 9309 §3",
			"%q names what looks like a private area: robots.txt is public and only asks crawlers to stay away, so it hides nothing and "+
				"makes the path easy to find; protect it with authentication, and to keep a page out of search use a noindex meta tag or X-Robots-Tag header", v)
	}
}
