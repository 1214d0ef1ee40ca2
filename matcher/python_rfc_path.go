package matcher

import "strings"

// How the python-rfc reading reads a URL and a rule's pattern: CPython's
// urllib.robotparser since its RFC 9309 rewrite (gh-138907, main at
// 055a953) puts the URL back together without scheme and host, keeping an
// empty query and the fragment, then percent-decodes and re-encodes both
// sides the same way, so that %2F and / (and %7E and ~) compare equal.

const (
	srcPRSplit     = "CPython urllib.parse._urlsplit, _urlunsplit (robotparser.can_fetch)"
	srcPRNormalize = "CPython urllib.robotparser normalize_uri (unquote, then quote)"
	srcPRPattern   = "CPython urllib.robotparser normalize_pattern (unquote, then quote)"
	srcPRRuleLine  = "CPython urllib.robotparser RuleLine"
)

// prRequestPath is what can_fetch compares: the URL split with urllib's
// private _urlsplit, which tells a missing query or fragment from an empty
// one, put back together from path, query and fragment alone, then
// normalize_uri; "/" when that is empty. The error is the ValueError the
// split raises, on which can_fetch answers that no rule matches.
func prRequestPath(raw string) (string, []Step, error) {
	p := &pyStepper{s: raw}
	p.do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", srcSanitize, pySanitize(raw))
	rest, err := prUnsplit(p.s)
	if err != nil {
		return p.s, p.steps, err
	}
	p.do("the scheme and host are dropped; a '?' with nothing after it stays, and so does the fragment with its '#'", srcPRSplit, rest)
	p.do("%XX escapes are decoded, then everything but letters, digits, '_.-~' and '/' is percent-encoded (UTF-8, upper-case hex); '=' and '&' in the query stay as written", srcPRNormalize, prNormalizeURI(p.s))
	if p.s == "" {
		p.do("an empty path is /", prSource+" (can_fetch)", "/")
	}
	return p.s, p.steps, nil
}

// prUnsplit is _urlunsplit(None, None, path, query, fragment) of what
// _urlsplit(s) returns, with an empty default scheme. A path that starts
// with "//" gets two more slashes, so that it is not read as a host.
func prUnsplit(s string) (string, error) {
	if i := strings.IndexByte(s, ':'); i > 0 && isASCIILetter(s[0]) {
		ok := true
		for j := 0; j < i; j++ {
			ok = ok && isSchemeByte(s[j])
		}
		if ok {
			s = s[i+1:]
		}
	}
	netloc := ""
	if strings.HasPrefix(s, "//") {
		end := len(s)
		if i := strings.IndexAny(s[2:], "/?#"); i >= 0 {
			end = 2 + i
		}
		netloc, s = s[2:end], s[end:]
		if err := pyCheckBrackets(netloc); err != nil {
			return "", err
		}
	}
	path, fragment, hasFragment := strings.Cut(s, "#")
	path, query, hasQuery := strings.Cut(path, "?")
	if err := pyCheckNetloc(netloc); err != nil {
		return "", err
	}
	if strings.HasPrefix(path, "//") {
		path = "//" + path
	}
	if hasQuery {
		path += "?" + query
	}
	if hasFragment {
		path += "#" + fragment
	}
	return path, nil
}

// prNormalizeURI is normalize_uri: the path before the first '?' is
// normalized whole, the query run by run between '=' and '&'.
func prNormalizeURI(s string) string {
	path, query, ok := strings.Cut(s, "?")
	path = prRequote(path, "")
	if !ok {
		return path
	}
	return path + "?" + prRequote(query, "=&")
}

// prNormalizePattern is normalize_pattern: as normalize_uri, but '*' and
// '$' stay as written in both parts.
func prNormalizePattern(s string) string {
	path, query, ok := strings.Cut(s, "?")
	path = prRequote(path, "*$")
	if !ok {
		return path
	}
	return path + "?" + prRequote(query, "=&*$")
}

// prRequote is robotparser's normalize, quote(unquote(s)) with
// errors="surrogateescape", applied to the runs of s between the bytes of
// keep. Byte for byte: every %XX (hex in either case) becomes its octet, and
// every octet but ASCII letters, digits, '_.-~' and '/' is then written
// %XX with upper-case hex. Surrogateescape gives an invalid UTF-8 octet
// back as itself, so no octet is lost or replaced. No %XX holds a byte of
// keep, so one pass over s is the same as one normalize per run.
func prRequote(s, keep string) string {
	return mapBytes(s, func(s string, i int) (string, int, bool) {
		c, n := s[i], 1
		if strings.IndexByte(keep, c) >= 0 {
			return "", 0, false
		}
		if isEscape(s, i) {
			c, n = unhex(s[i+1])<<4|unhex(s[i+2]), 3
		}
		switch {
		case isUnreserved(c) || c == '/':
			if n == 1 {
				return "", 0, false
			}
			return string(rune(c)), n, true
		case n == 3 && s[i+1] == upperHex[c>>4] && s[i+2] == upperHex[c&15]:
			// Already as quote writes it: the two hex digits that follow
			// are kept as they are, one by one.
			return "", 0, false
		}
		return escapeByte(c), n, true
	})
}

// prRulePath is the path a RuleLine compares, from a rule's value as
// written: runs of '*' become one, a '$' followed by '$' or '*' becomes one
// '$', then normalize_pattern. A '$' left at the end is kept and means
// the path must end there; a '$' anywhere else makes RuleLine raise
// ValueError, which parse() catches, dropping the rule (ok is false).
func prRulePath(value string) (norm string, ok bool) {
	norm = prNormalizePattern(prCollapse(value))
	full := strings.HasSuffix(norm, "$")
	norm = strings.TrimRight(norm, "$")
	if strings.IndexByte(norm, '$') >= 0 {
		return "", false
	}
	if full {
		norm += "$"
	}
	return norm, true
}

// prCollapse joins runs of '*' into one, then a '$' and the '$' and '*'
// after it into one '$'.
func prCollapse(s string) string {
	if !strings.Contains(s, "**") && !strings.Contains(s, "$$") && !strings.Contains(s, "$*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		switch c {
		case '*':
			for i+1 < len(s) && s[i+1] == '*' {
				i++
			}
		case '$':
			for i+1 < len(s) && (s[i+1] == '$' || s[i+1] == '*') {
				i++
			}
		}
	}
	return b.String()
}

// prPatternSteps are the steps from a rule's value as written to the path
// RuleLine compares.
func prPatternSteps(value string) []Step {
	p := &pyStepper{s: value}
	p.do("a run of '*' becomes one '*', and a '$' followed by '$' or '*' becomes one '$'", srcPRRuleLine, prCollapse(value))
	p.do("%XX escapes are decoded, then everything but letters, digits, '_.-~' and '/' is percent-encoded (UTF-8, upper-case hex); '*' and '$', and '=' and '&' in the query, stay as written", srcPRPattern, prNormalizePattern(p.s))
	return p.steps
}

// prMatch is RuleLine.applies_to: whether the rule's normalized pattern
// (a '$' at its end anchoring it) matches path, and how many characters of
// path the match covers, which ranks the rule. Without '*' that is the
// pattern's length. With '*', CPython compiles a regular expression in
// which each middle piece is found at its first place after the one before
// (an atomic group) and the last piece at its last place, or at the end
// when anchored; the match runs from the start of path to the end of that
// last piece. Each piece is found with one search, so a match costs at
// most O(len(path) × len(pattern)).
func prMatch(pattern, path string) (int, bool) {
	full := strings.HasSuffix(pattern, "$")
	if full {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	switch {
	case star < 0 && full:
		return len(pattern), path == pattern
	case star < 0:
		return len(pattern), strings.HasPrefix(path, pattern)
	case !strings.HasPrefix(path, pattern[:star]):
		return 0, false
	}
	at, rest := star, pattern[star+1:]
	for {
		next := strings.IndexByte(rest, '*')
		if next < 0 {
			break
		}
		i := strings.Index(path[at:], rest[:next])
		if i < 0 {
			return 0, false
		}
		at += i + next
		rest = rest[next+1:]
	}
	if full {
		return len(path), len(path)-len(rest) >= at && strings.HasSuffix(path, rest)
	}
	i := strings.LastIndex(path[at:], rest)
	if i < 0 {
		return 0, false
	}
	return at + i + len(rest), true
}
