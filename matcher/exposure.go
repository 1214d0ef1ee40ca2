package matcher

import "strconv"

// robots.txt is public and asks only crawlers that choose to comply: it is
// no access control (RFC 9309 §3: "not a substitute for valid content
// security measures"; listing paths makes them discoverable), and a
// disallowed URL can still be indexed from links elsewhere. These checks
// notice rules that seem to rely on it for secrecy.

// privateWord returns the area a path word names when people mean to keep
// it private, lower-cased, or "". It runs on every word of every rule that
// the quick pass lets through, so it compares lengths and first letters
// before the words.
func privateWord(w string) string {
	c := lowerByte(w[0])
	for i := range privateAreas {
		if a := &privateAreas[i]; len(a.word) == len(w) && a.word[0] == c && equalFoldASCII(w, a.word) {
			return a.word
		}
	}
	return ""
}

// isSecretName reports whether a query parameter or path word names a
// credential, whatever its case; the first letter picks the few to compare.
func isSecretName(s string) bool {
	if len(s) < 3 {
		return false
	}
	switch lowerByte(s[0]) {
	case 'a':
		return equalFoldASCII(s, "auth") || equalFoldASCII(s, "apikey") || equalFoldASCII(s, "api_key") ||
			equalFoldASCII(s, "api-key") || equalFoldASCII(s, "access_token")
	case 'k':
		return equalFoldASCII(s, "key")
	case 'p':
		return equalFoldASCII(s, "pwd") || equalFoldASCII(s, "passwd") || equalFoldASCII(s, "password")
	case 's':
		return equalFoldASCII(s, "sid") || equalFoldASCII(s, "sig") || equalFoldASCII(s, "secret") ||
			equalFoldASCII(s, "session") || equalFoldASCII(s, "sessionid") || equalFoldASCII(s, "signature")
	case 't':
		return equalFoldASCII(s, "token")
	}
	return false
}

// minHexRun is the length from which a run of hex digits reads as a key or
// a hash (an MD5 is 32).
const minHexRun = 32

// The byte classes exposureScan walks a pattern by.
const (
	xPartEnd = 1 << iota // ends a path segment or a query parameter
	xAlnum               // part of a word
	xQuery               // '?': the path part ends
	xEquals              // '=': a parameter's name ends
)

var exposureClass = func() (t [256]uint8) {
	for _, c := range "/?&;*$" {
		t[c] |= xPartEnd
	}
	for c := 0; c < 256; c++ {
		if isAlnum(byte(c)) {
			t[c] |= xAlnum
		}
	}
	t['?'] |= xQuery
	t['='] |= xEquals
	return t
}()

// exposureOf returns the part of a pattern that looks like a credential (a
// parameter such as token= or key=, a word such as apikey, or a long run of
// hex digits), as written, or the area its path names that people keep
// private (/admin, /wp-admin/), lower-cased, or neither. cls is the
// pattern's classifyRule: a short pattern without clsExposing can hold
// neither, and most patterns end there; the others are walked once, by a
// table, comparing only the words whose length could match.
func exposureOf(p string, cls byteClass) (secret, private string) {
	if cls&clsExposing == 0 && len(p) < minHexRun {
		return "", ""
	}
	return exposureScan(p)
}

// exposureScan is exposureOf without the quick look at cls.
func exposureScan(p string) (secret, private string) {
	part, eq := 0, -1
	inPath := true
	for i := 0; i <= len(p); i++ {
		// Words are most of a pattern: skip each in one tight loop.
		if word := i; i < len(p) && exposureClass[p[i]]&xAlnum != 0 {
			for i < len(p) && exposureClass[p[i]]&xAlnum != 0 {
				i++
			}
			if n := i - word; inPath && private == "" && n >= 5 && n <= 13 {
				private = privateWord(p[word:i])
			}
		}
		c := uint8(xPartEnd)
		if i < len(p) {
			c = exposureClass[p[i]]
		}
		if c&xEquals != 0 && eq < 0 {
			eq = i
		}
		if c&xPartEnd == 0 {
			continue
		}
		if i-part >= 3 && secretPart(p[part:i], eq-part) {
			return p[part:i], ""
		}
		part, eq = i+1, -1
		inPath = inPath && c&xQuery == 0
	}
	if hasHexRun(p, minHexRun) {
		if run := longestHexRun(p); len(run) >= minHexRun {
			return run, ""
		}
	}
	return "", private
}

// exposingPairs are letter pairs of which every private word, credential
// name, suffix and held word has one: dm (admin), cr (secret), ku (backup),
// iv (private), rn (internal), nf (confidential), ey (key, api_key), wd
// (pwd, passwd), sw (password), id (sid), ig (sig, signature), au (auth),
// ok (token) and ss (session, access_token). Each word's rarest pair in
// the paths of real files is chosen, so that few patterns are walked in
// vain: ck, nt, th or ke would stop at checkout, print, path and make.
// Each entry is clsExposing or 0, so that classifyRule ORs it in without
// a branch.
var exposingPairs = func() (t [1024]byteClass) {
	for _, p := range []string{"dm", "cr", "ku", "iv", "rn", "nf", "ey", "wd", "sw", "id", "ig", "au", "ok", "ss"} {
		t[pairIndex(p[0], p[1])] = clsExposing
	}
	return t
}()

// pairIndex folds two bytes to ten bits. Letters keep their identity
// without case (the low five bits); other bytes share slots with letters,
// which only makes classifyRule flag more patterns.
func pairIndex(a, b byte) int { return int(a&0x1F)<<5 | int(b&0x1F) }

// secretPart reports whether one segment or parameter names a credential;
// eq is where its '=' is, or negative.
func secretPart(part string, eq int) bool {
	name := part
	if eq >= 0 {
		name = part[:eq]
	}
	return isSecretName(name) || eq >= 0 && secretSuffix(name) || len(name) >= 6 && containsSecretWord(name)
}

// containsSecretWord reports whether name holds apikey, api_key or
// access_token, whatever the case. All three start with 'a', so only the
// places of an 'a' are compared.
func containsSecretWord(name string) bool {
	for i := 0; i+6 <= len(name); i++ {
		if name[i]|0x20 != 'a' {
			continue
		}
		if hasPrefixFold(name[i:], "apikey") || hasPrefixFold(name[i:], "api_key") || hasPrefixFold(name[i:], "access_token") {
			return true
		}
	}
	return false
}

func secretSuffix(name string) bool {
	for _, suf := range [...]string{"token", "_key", "-key", "secret", "password"} {
		if len(name) >= len(suf) && equalFoldASCII(name[len(name)-len(suf):], suf) {
			return true
		}
	}
	return false
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII(s[:len(prefix)], prefix)
}

// hasHexRun reports whether s holds n hex digits in a row: a quick look
// before longestHexRun, which most long patterns (words between slashes)
// fail. It looks at the last byte of each window of n first, so a pattern
// of words is passed over about n bytes at a time; the bytes already known
// to be hex are not looked at again, so it stays linear.
func hasHexRun(s string, n int) bool {
	start, known := 0, -1 // s[start:known+1] are hex digits
	for start+n <= len(s) {
		j := start + n - 1
		stop := max(start, known+1)
		k := j
		for k >= stop && hexDigits[s[k]] {
			k--
		}
		if k < stop {
			return true
		}
		start, known = k+1, j
	}
	return false
}

var hexDigits = func() (t [256]bool) {
	for c := range t {
		t[c] = isHex(byte(c))
	}
	return t
}()

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

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// privateAdviceTail follows the quoted word in a private-path diagnostic.
const privateAdviceTail = " names what looks like a private area: robots.txt is public and only asks crawlers to stay away, so it hides nothing and " +
	"makes the path easy to find; protect it with authentication, and to keep a page out of search use a noindex meta tag or X-Robots-Tag header"

// privateAreas are the path words that name areas people mean to keep
// private, each with the message of its private-path diagnostic. Both are
// constants, which the linker lays out: nothing is built when the program
// starts, and no message is made per rule.
var privateAreas = [...]struct{ word, advice string }{
	{"admin", `"admin"` + privateAdviceTail},
	{"administrator", `"administrator"` + privateAdviceTail},
	{"private", `"private"` + privateAdviceTail},
	{"secret", `"secret"` + privateAdviceTail},
	{"secrets", `"secrets"` + privateAdviceTail},
	{"internal", `"internal"` + privateAdviceTail},
	{"backup", `"backup"` + privateAdviceTail},
	{"backups", `"backups"` + privateAdviceTail},
	{"confidential", `"confidential"` + privateAdviceTail},
}

// privateAdvice is the message of a private-path diagnostic for a word
// privateWord returned.
func privateAdvice(w string) string {
	for _, a := range privateAreas {
		if a.word == w {
			return a.advice
		}
	}
	return strconv.Quote(w) + privateAdviceTail
}

// checkExposure reports a rule that seems to rely on robots.txt to keep a
// secret or a private area (RFC 9309 §3).
func (p *rfcLines) checkExposure(l *Line, cls byteClass) {
	v, at := p.value(l), int(l.Value.Start)
	secret, private := exposureOf(v, cls)
	if secret != "" {
		p.reportMsg(at, at+len(v), CodeSecretInPath, Warning, "RFC 9309 §3",
			strconv.Quote(secret)+" looks like a token or key: anyone can read robots.txt, so treat it as published; revoke it and protect the resource with authentication, not robots.txt")
		return
	}
	// An allow opens a path; only a disallow tries to hide one.
	if l.Kind == KindDisallow && private != "" {
		p.reportMsg(at, at+len(v), CodePrivatePath, Info, "RFC 9309 §3", privateAdvice(private))
	}
}
