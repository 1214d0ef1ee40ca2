// Package exposure notices robots.txt rules that seem to rely on the file
// for secrecy. robots.txt is public and asks only crawlers that choose to
// comply: it is no access control (RFC 9309 §3: "not a substitute for valid
// content security measures"; listing paths makes them discoverable), and
// a disallowed URL can still be indexed from links elsewhere.
//
// The matcher's parse asks it of every rule's pattern, so it imports
// nothing of the matcher: a leaf below the core, like matcher/escape.
package exposure

import (
	"robots-explorer/matcher/internal/ascii"
	"strconv"
)

// privateWord returns the area a path segment (or the last or first word
// of one, privateSegment) names when people mean to keep it private,
// lower-cased, or "". It runs on the segments of every rule that the
// quick pass lets through, so it compares lengths and first letters
// before the words.
func privateWord(w string) string {
	c := ascii.LowerByte(w[0])
	for i := range privateAreas {
		if a := &privateAreas[i]; len(a.word) == len(w) && a.word[0] == c && ascii.EqualFold(w, a.word) {
			return a.word
		}
	}
	return ""
}

// secretName says how surely a query parameter or path word names a
// credential, whatever its case: strongly (token, password, api_key: any
// value written beside it is one), weakly (key, sid, session: the name of
// many harmless parameters, so only a random-looking value counts), or
// not at all. The first letter picks the few to compare; names ending in
// a credential's word (my_token=, x-key=) count with suffixes only, as
// parameters: every path segment is asked, and most end in a word.
func secretName(s string, suffixes bool) (strong, weak bool) {
	if len(s) < 3 {
		return false, false
	}
	switch ascii.LowerByte(s[0]) {
	case 'a':
		if ascii.EqualFold(s, "apikey") || ascii.EqualFold(s, "api_key") || ascii.EqualFold(s, "api-key") ||
			ascii.EqualFold(s, "access_token") || ascii.EqualFold(s, "auth_token") {
			return true, false
		}
		return false, ascii.EqualFold(s, "auth")
	case 'c':
		return ascii.EqualFold(s, "client_secret"), false
	case 'k':
		return false, ascii.EqualFold(s, "key")
	case 'p':
		return ascii.EqualFold(s, "pwd") || ascii.EqualFold(s, "passwd") || ascii.EqualFold(s, "password"), false
	case 's':
		if ascii.EqualFold(s, "secret") {
			return true, false
		}
		return false, ascii.EqualFold(s, "sid") || ascii.EqualFold(s, "sig") || ascii.EqualFold(s, "session") ||
			ascii.EqualFold(s, "sessionid") || ascii.EqualFold(s, "signature")
	case 't':
		return ascii.EqualFold(s, "token"), false
	}
	return suffixes && secretSuffix(s), false
}

// minHexRun is the length from which a run of hex digits reads as a key or
// a hash (an MD5 is 32).
const minHexRun = 32

// The byte classes Scan walks a pattern by.
const (
	xPartEnd = 1 << iota // ends a path segment or a query parameter
	xQuery               // '?': the path part ends
	xMark                // '=', '.', '-' or '_': where a part's name, stem or words end
)

var exposureClass = func() (t [256]uint8) {
	for _, c := range "/?&;*$" {
		t[c] |= xPartEnd
	}
	for _, c := range "=.-_" {
		t[c] |= xMark
	}
	t['?'] |= xQuery
	return t
}()

// Of returns the part of a pattern that looks like a credential (a
// parameter such as token= or key=, a word such as apikey, or a long run of
// hex digits), as written, or the area its path names that people keep
// private (/admin, /wp-admin/), lower-cased, or neither. hasPair says the
// pattern holds one of Pairs, in any case: a short pattern without one can
// hold neither, and most patterns end there; the others are walked once, by
// a table, comparing only the words whose length could match.
func Of(p string, hasPair bool) (secret, private string) {
	if !hasPair && len(p) < minHexRun {
		return "", ""
	}
	return Scan(p)
}

// Scan is Of without the quick look at hasPair. A pattern is
// walked part by part (path segments, query parameters, the pieces
// between wildcards). What it flags is what a reader of the file learns:
// a credential's value (token=8f3a…, never the bare name token=, which
// only names a parameter), a random-looking word after a credential's
// name in the path (/token/Xk9pQ2mZ), a long random or hex run (a key, a
// hash), or a path segment that is itself a private area (/admin,
// /wp-admin, /backup-2024.zip), never a word inside a longer name
// (/private-sale/, /admin-ajax.php).
func Scan(p string) (secret, private string) {
	inPath := true
	cred := -1 // start of the last path segment when it named a credential
	part := 0
	// Within the part: its first '=', first '.', and first and last '-'
	// or '_' before that '.', found on the one pass over the bytes.
	eq, dot, first, last := -1, -1, -1, -1
	for i := 0; i <= len(p); i++ {
		// Most bytes are neither a part's end nor a mark: a tight loop
		// passes over them, where the loop of every case would cost all
		// its tests on every byte of every pattern a parse reads.
		for i < len(p) && exposureClass[p[i]] == 0 {
			i++
		}
		if i < len(p) {
			c := p[i]
			cl := exposureClass[c]
			if cl&xPartEnd == 0 {
				if cl&xMark != 0 {
					switch {
					case c == '=':
						if eq < 0 {
							eq = i - part
						}
					case c == '.':
						if dot < 0 {
							dot = i - part
						}
					case dot < 0:
						if first < 0 {
							first = i - part
						}
						last = i - part
					}
				}
				continue
			}
		}
		seg := p[part:i]
		name, value, hasValue := seg, "", eq >= 0
		if hasValue {
			name, value = seg[:eq], seg[eq+1:]
		}
		strong, weak := secretName(name, hasValue)
		switch {
		case hasValue && (strong && hasAlnum(value) || weak && looksRandom(value, 8)):
			return seg, ""
		case inPath && cred >= 0 && looksRandom(seg, 8):
			return p[cred:i], ""
		}
		if inPath && private == "" && !hasValue {
			private = privateSegment(seg, dot, first, last)
		}
		cred = -1
		if inPath && !hasValue && (strong || weak) && i < len(p) && p[i] == '/' {
			cred = part
		}
		inPath = inPath && (i == len(p) || exposureClass[p[i]]&xQuery == 0)
		part = i + 1
		eq, dot, first, last = -1, -1, -1, -1
	}
	// A hex run is a run of key bytes too ('%' is neither): one windowed
	// look turns most long patterns away from both.
	if len(p) >= minHexRun && hasRunOf(p, minRandomRun, &keyBytes) {
		if run := randomRun(p); run != "" {
			return run, ""
		}
		// A quick look at the hex digits before longestHexRun, which most
		// long patterns (words between slashes) fail.
		if hasRunOf(p, minHexRun, &hexDigits) {
			if run := longestHexRun(p); len(run) >= minHexRun {
				return run, ""
			}
		}
	}
	return "", private
}

// privateSegment returns the private area a path segment is, lower-cased,
// or "": the segment before any extension is a private word (admin,
// backup.zip), a name ending in admin (wp-admin, site_admin), or a private
// word followed by numbers only (backup-2024-01). Marketing and other
// public pages that only start with such a word (private-sale,
// internal-linking, admin-ajax) are not. dot is the segment's first '.',
// first and last its first and last '-' or '_' before it, or -1.
func privateSegment(seg string, dot, first, last int) string {
	stem := len(seg)
	if dot >= 0 {
		stem = dot
	}
	switch {
	case stem < 5:
		return ""
	case first < 0:
		if stem <= 13 {
			return privateWord(seg[:stem])
		}
		return ""
	}
	if n := stem - last - 1; n == 5 || n == 13 {
		if w := privateWord(seg[last+1 : stem]); w == "admin" || w == "administrator" {
			return w
		}
	}
	if first >= 5 && first <= 13 && numbersOnly(seg[first+1:stem]) {
		return privateWord(seg[:first])
	}
	return ""
}

// numbersOnly reports whether s is digits, with '-' and '_' between them
// (a date or a serial number).
func numbersOnly(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c != '-' && c != '_':
			return false
		}
	}
	return digits > 0
}

func hasAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if isAlnum(s[i]) {
			return true
		}
	}
	return false
}

// looksRandom reports whether s, at least n bytes, mixes letters and
// digits as a generated value does (8f3a2c1e, Xk9pQ2mZ), not as a word or a
// number does.
func looksRandom(s string, n int) bool {
	if len(s) < n {
		return false
	}
	letters, digits := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			letters++
		case c != '-' && c != '_' && c != '.':
			return false
		}
	}
	return letters > 0 && digits > 0
}

// minRandomRun is the length from which a run of letters and digits can
// read as a generated key (Google API keys are 39, GitHub tokens 40).
const minRandomRun = 32

// randomRun returns the first run of [A-Za-z0-9_-] at least minRandomRun
// long that mixes upper case, lower case and digits as random text does:
// its runs of lower-case letters are short (under three on average; about
// 1.7 in random base-62 text), where a CamelCase name or a slug has words
// of four or more; or "".
func randomRun(p string) string {
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && (isAlnum(p[j]) || p[j] == '-' || p[j] == '_') {
			j++
		}
		if j-i >= minRandomRun && mixedLikeRandom(p[i:j]) {
			return p[i:j]
		}
		i = j + 1
	}
	return ""
}

func mixedLikeRandom(s string) bool {
	lower, upper, digits, runs := 0, 0, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			lower++
			if i == 0 || s[i-1] < 'a' || s[i-1] > 'z' {
				runs++
			}
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= '0' && c <= '9':
			digits++
		}
	}
	return lower >= 2 && upper >= 2 && digits >= 2 && lower < 3*runs
}

// Pairs returns letter pairs of which every private word, credential name,
// suffix and held word has one: dm (admin), cr (secret), ku (backup), iv
// (private), rn (internal), nf (confidential), ey (key, api_key), wd (pwd,
// passwd), sw (password), id (sid), ig (sig, signature), au (auth), ok
// (token) and ss (session, access_token). Each word's rarest pair in the
// paths of real files is chosen, so that few patterns are walked in vain:
// ck, nt, th or ke would stop at checkout, print, path and make. The
// matcher looks for them on its one pass over a pattern's bytes, for Of.
func Pairs() []string {
	return []string{"dm", "cr", "ku", "iv", "rn", "nf", "ey", "wd", "sw", "id", "ig", "au", "ok", "ss"}
}

func secretSuffix(name string) bool {
	for _, suf := range [...]string{"token", "_key", "-key", "secret", "password"} {
		if len(name) >= len(suf) && ascii.EqualFold(name[len(name)-len(suf):], suf) {
			return true
		}
	}
	return false
}

// hasRunOf reports whether s holds n bytes of class in a row. It looks at
// the last byte of each window of n first, so a pattern of words is passed
// over about n bytes at a time; the bytes already known to be in the class
// are not looked at again, so it stays linear.
func hasRunOf(s string, n int, class *[256]bool) bool {
	start, known := 0, -1 // s[start:known+1] are in the class
	for start+n <= len(s) {
		j := start + n - 1
		stop := max(start, known+1)
		k := j
		for k >= stop && class[s[k]] {
			k--
		}
		if k < stop {
			return true
		}
		start, known = k+1, j
	}
	return false
}

// keyBytes are the bytes of a generated key: letters, digits, '-' and '_'.
var keyBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = isAlnum(byte(c)) || c == '-' || c == '_'
	}
	return t
}()

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
	{"phpmyadmin", `"phpmyadmin"` + privateAdviceTail},
}

// PrivateAdvice is the message of a diagnostic on a rule whose path names
// the private area w (the private value Of returned).
func PrivateAdvice(w string) string {
	for _, a := range privateAreas {
		if a.word == w {
			return a.advice
		}
	}
	return strconv.Quote(w) + privateAdviceTail
}

// SecretAdvice is the message of a diagnostic on a rule that holds secret
// (the secret value Of returned).
func SecretAdvice(secret string) string {
	return strconv.Quote(secret) + " looks like a token or key: anyone can read robots.txt, so treat it as published; " +
		"revoke it and protect the resource with authentication, not robots.txt"
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }
