package py

import (
	"slices"
	"strconv"
	"strings"

	"robots-explorer/matcher/internal/intl"
	"robots-explorer/matcher/pattern"
)

// This file holds the parts of CPython 3.11's urllib.parse that
// urllib.robotparser calls: unquote, quote, urlparse and urlunparse. They
// are written from their documented and observed behaviour, each detail
// checked against python3 by the differential test.

// A pyValueError is an exception CPython raises where this code returns it;
// the message is Python's.
type ValueError struct{ Msg string }

func (e *ValueError) Error() string { return "ValueError: " + e.Msg }

// pyUnquote is urllib.parse.unquote(s): every %XX (hex digits in either
// case) becomes its octet. The octets of each run of ASCII characters are
// decoded as UTF-8 with errors="replace", so a broken sequence becomes
// U+FFFD; characters outside ASCII pass through as they are, and a % that
// starts no %XX stays.
func Unquote(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] < 0x80 {
			j++
		}
		sb.WriteString(Decode(unquoteBytes(s[i:j])))
		k := j
		for k < len(s) && s[k] >= 0x80 {
			k++
		}
		sb.WriteString(s[j:k])
		i = k
	}
	return sb.String()
}

func unquoteBytes(s string) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if pattern.IsEscape(s, i) {
			b = append(b, pattern.Unhex(s[i+1])<<4|pattern.Unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return b
}

// pyQuote is urllib.parse.quote(s) with its default safe="/": the UTF-8
// Octets of everything but ASCII letters, digits, "_.-~" and "/" are
// written %XX with upper-case hex. '*' and '$' are quoted too.
func Quote(s string) string {
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if c := s[i]; !pattern.IsUnreserved(c) && c != '/' {
			return pattern.EscapeByte(c), 1, true
		}
		return "", 0, false
	})
}

// pyURL is what urllib.parse.urlparse returns.
type URL struct {
	Scheme, Netloc, Path, Params, Query, Fragment string
}

// Scheme lists of urllib.parse (CPython 3.11).
var (
	pyUsesNetloc = []string{"", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
		"snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss"}
	pyUsesParams = []string{"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu", "sip",
		"sips", "mms", "sftp", "tel"}
)

// pySanitize is what urlsplit does first, following the WHATWG URL
// standard: C0 control characters and spaces at the start are removed,
// and tabs, CRs and LFs anywhere.
func Sanitize(s string) string {
	s = strings.TrimLeft(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	if strings.ContainsAny(s, "\t\r\n") {
		s = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(s)
	}
	return s
}

// IsSchemeByte reports whether c may stand in a URL scheme after its first
// letter (RFC 3986 §3.1), as urllib's scheme_chars and the URL Standard say.
func IsSchemeByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// SplitHost is urlsplit's first steps on a sanitized s: the scheme, when s
// starts with one (as written, not lower-cased), then the host after "//"
// up to the first '/', '?' or '#', and the rest. It fails where urlsplit
// raises ValueError: unbalanced brackets in the host, a bracketed host that
// is not an IPv6 (or IPvFuture) address, or a host that NFKC normalization
// would change into one holding '/', '?', '#', '@' or ':'.
func SplitHost(s string) (scheme, netloc, rest string, err error) {
	if i := strings.IndexByte(s, ':'); i > 0 && IsASCIILetter(s[0]) {
		ok := true
		for j := 0; j < i; j++ {
			ok = ok && IsSchemeByte(s[j])
		}
		if ok {
			scheme, s = s[:i], s[i+1:]
		}
	}
	if strings.HasPrefix(s, "//") {
		end := len(s)
		if i := strings.IndexAny(s[2:], "/?#"); i >= 0 {
			end = 2 + i
		}
		netloc, s = s[2:end], s[end:]
		if err := checkBrackets(netloc); err != nil {
			return "", "", "", err
		}
	}
	return scheme, netloc, s, checkNetloc(netloc)
}

// URLParse is urllib.parse.urlparse(s), failing where SplitHost does.
func URLParse(s string) (URL, error) {
	scheme, netloc, s, err := SplitHost(Sanitize(s))
	if err != nil {
		return URL{}, err
	}
	u := URL{Scheme: strings.ToLower(scheme), Netloc: netloc}
	s, u.Fragment, _ = strings.Cut(s, "#")
	u.Path, u.Query, _ = strings.Cut(s, "?")
	if slices.Contains(pyUsesParams, u.Scheme) && strings.IndexByte(u.Path, ';') >= 0 {
		u.Path, u.Params = pySplitParams(u.Path)
	}
	return u, nil
}

func IsASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// pySplitParams cuts ";params" from the last segment of a path only.
func pySplitParams(s string) (string, string) {
	from := 0
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		from = i
	}
	i := strings.IndexByte(s[from:], ';')
	if i < 0 {
		return s, ""
	}
	return s[:from+i], s[from+i+1:]
}

// pyURLUnparse is urllib.parse.urlunparse: the parts put back together.
// Empty params, query and fragment lose their delimiter ("/a?" becomes
// "/a"), and a scheme that uses a host gets "//" even without one.
func URLUnparse(u URL) string {
	s := u.Path
	if u.Params != "" {
		s += ";" + u.Params
	}
	if u.Netloc != "" || u.Scheme != "" && slices.Contains(pyUsesNetloc, u.Scheme) && !strings.HasPrefix(s, "//") {
		if s != "" && s[0] != '/' {
			s = "/" + s
		}
		s = "//" + u.Netloc + s
	}
	if u.Scheme != "" {
		s = u.Scheme + ":" + s
	}
	if u.Query != "" {
		s += "?" + u.Query
	}
	if u.Fragment != "" {
		s += "#" + u.Fragment
	}
	return s
}

func checkBrackets(netloc string) error {
	open, close := strings.Contains(netloc, "["), strings.Contains(netloc, "]")
	if open != close {
		return &ValueError{"Invalid IPv6 URL"}
	}
	if !open {
		return nil
	}
	_, after, _ := strings.Cut(netloc, "[")
	host, _, _ := strings.Cut(after, "]")
	if strings.HasPrefix(host, "v") {
		if !pyIPvFuture(host) {
			return &ValueError{"IPvFuture address is invalid"}
		}
		return nil
	}
	if pyIPv4(host) {
		return &ValueError{"An IPv4 address cannot be in brackets"}
	}
	if !pyIPv6(host) {
		return &ValueError{"'" + host + "' does not appear to be an IPv4 or IPv6 address"}
	}
	return nil
}

// pyIPvFuture is the check "v" 1*HEXDIG "." 1*(any character but LF).
func pyIPvFuture(h string) bool {
	i := 1
	for i < len(h) && pattern.IsHex(h[i]) {
		i++
	}
	if i == 1 || i >= len(h) || h[i] != '.' || i+1 == len(h) {
		return false
	}
	return strings.IndexByte(h[i+1:], '\n') < 0
}

// pyIPv4 is ipaddress.IPv4Address's parse: four decimal octets of at most
// three ASCII digits, no leading zero, at most 255.
func pyIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		// Atoi also takes a sign, which p[0] < '0' refuses.
		n, err := strconv.Atoi(p)
		if err != nil || p[0] < '0' || n > 255 || len(p) > 1 && p[0] == '0' {
			return false
		}
	}
	return true
}

// pyIPv6 is ipaddress.IPv6Address's parse: an optional "%scope" (not
// empty, no second '%'), then 3 to 9 colon-separated parts of which the
// last may be an IPv4 address, at most one "::" standing for at least one
// group, and hextets of 1 to 4 hex digits.
func pyIPv6(s string) bool {
	addr, scope, hasScope := strings.Cut(s, "%")
	if hasScope && (scope == "" || strings.Contains(scope, "%")) {
		return false
	}
	parts := strings.Split(addr, ":")
	if addr == "" || len(parts) < 3 {
		return false
	}
	if last := parts[len(parts)-1]; strings.Contains(last, ".") {
		if !pyIPv4(last) {
			return false
		}
		parts = append(parts[:len(parts)-1], "0", "0")
	}
	const groups = 8
	if len(parts) > groups+1 {
		return false
	}
	skip := -1
	for i := 1; i < len(parts)-1; i++ {
		if parts[i] == "" {
			if skip >= 0 {
				return false
			}
			skip = i
		}
	}
	first, last := 0, len(parts)
	if skip >= 0 {
		hi, lo := skip, len(parts)-skip-1
		if parts[0] == "" {
			if hi--; hi != 0 {
				return false
			}
			first = 1
		}
		if parts[len(parts)-1] == "" {
			if lo--; lo != 0 {
				return false
			}
			last--
		}
		if groups-(hi+lo) < 1 {
			return false
		}
	} else if len(parts) != groups || parts[0] == "" || parts[len(parts)-1] == "" {
		return false
	}
	for i := first; i < last; i++ {
		if i == skip {
			continue
		}
		if !pyHextet(parts[i]) {
			return false
		}
	}
	return true
}

// pyHextet is 1 to 4 hex digits (ParseUint takes no sign in base 16, and
// would take leading zeros beyond four).
func pyHextet(p string) bool {
	_, err := strconv.ParseUint(p, 16, 16)
	return err == nil && len(p) <= 4
}

// checkNetloc refuses a host outside ASCII that NFKC normalization turns
// into one holding a URL delimiter ("ex℀mple" holds "a/c").
func checkNetloc(netloc string) error {
	if netloc == "" || IsASCII(netloc) {
		return nil
	}
	n := strings.NewReplacer("@", "", ":", "", "#", "", "?", "").Replace(netloc)
	n2 := intl.NFKC(n)
	if n == n2 || !strings.ContainsAny(n2, "/?#@:") {
		return nil
	}
	return &ValueError{"netloc '" + netloc + "' contains invalid characters under NFKC normalization"}
}
