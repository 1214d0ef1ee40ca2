package matcher

import "strings"

// robots.txt is public and asks only crawlers that choose to comply: it is
// no access control (RFC 9309 §3: "not a substitute for valid content
// security measures"; listing paths makes them discoverable), and a
// disallowed URL can still be indexed from links elsewhere. These checks
// notice rules that seem to rely on it for secrecy.

// privateWords are path words that name areas people mean to keep private.
var privateWords = map[string]bool{
	"admin": true, "administrator": true, "private": true, "secret": true, "secrets": true,
	"internal": true, "backup": true, "backups": true, "confidential": true,
}

// secretNames are query parameter or path words that carry credentials.
var secretNames = map[string]bool{
	"token": true, "key": true, "apikey": true, "api_key": true, "api-key": true, "access_token": true,
	"auth": true, "password": true, "passwd": true, "pwd": true, "secret": true, "session": true,
	"sessionid": true, "sid": true, "signature": true, "sig": true,
}

// minHexRun is the length from which a run of hex digits reads as a key or
// a hash (an MD5 is 32).
const minHexRun = 32

// secretIn returns the part of a pattern that looks like a credential: a
// parameter such as token= or key=, a word such as apikey, or a long run of
// hex digits; "" when there is none.
func secretIn(pattern string) string {
	lower := strings.ToLower(pattern)
	for _, part := range strings.FieldsFunc(lower, func(r rune) bool { return strings.ContainsRune("/?&;*$", r) }) {
		name, _, hasValue := strings.Cut(part, "=")
		if secretNames[name] || hasValue && secretSuffix(name) {
			return part
		}
		if strings.Contains(name, "apikey") || strings.Contains(name, "api_key") || strings.Contains(name, "access_token") {
			return part
		}
	}
	if run := longestHexRun(pattern); len(run) >= minHexRun {
		return run
	}
	return ""
}

func secretSuffix(name string) bool {
	for _, s := range []string{"token", "_key", "-key", "secret", "password"} {
		if strings.HasSuffix(name, s) {
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
	for _, w := range strings.FieldsFunc(strings.ToLower(path), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if privateWords[w] {
			return w
		}
	}
	return ""
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
