// Package whatwg parses a URL as the WHATWG URL Standard does, as Node's
// URL class (which robots-parser reads with) gives it: the parts the
// robotsparser reading compares, and what the class refuses.
package whatwg

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"robots-explorer/matcher/internal/intl"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/pattern"
)

// What the robots-parser reading needs of the WHATWG URL Standard's basic
// URL parser (the `URL` class of Node.js, which robots-parser 3.0.1 reads
// every URL with): the parts of a URL it compares. The parser here covers
// absolute URLs ("scheme://authority/path?query#frag") and those read
// against robots-parser's base URL (see rpBaseHost), and refuses what the
// standard refuses there. Windows drive letters of file: URLs are not
// given their special paths.

// whatwgURL is a parsed URL, as the URL class shows it.
type URL struct {
	Protocol string // the scheme and ':'
	Hostname string // the serialized host, without port
	Port     string // "" for none or the scheme's default
	Pathname string
	Search   string // "" or '?' and a non-empty query
}

var (
	errNoHost  = errors.New("it has no host")
	errBadPort = errors.New("its port is not a number from 0 to 65535")
	errBadHost = errors.New("its host is not a valid host (a forbidden character, a bad IP address, or IDNA refuses it)")
)

// whatwgSpecial are the special schemes and their default ports.
var Special = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": ""}

// rpBaseHost is the host of the base URL robots-parser reads every URL
// against (parseUrl): a URL without a scheme and host of its own lands
// there.
const BaseHost = "robots-relative.samclarke.com"

// parseWHATWG reads input as the basic URL parser does with robots-parser's
// base URL, http://robots-relative.samclarke.com/.
func Parse(input string) (URL, error) {
	// C0 controls and spaces are trimmed from both ends, tabs and
	// newlines removed anywhere (py.Sanitize does the start and these).
	s := py.Sanitize(strings.TrimRightFunc(input, func(r rune) bool { return r <= 0x20 }))
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || !validScheme(s[:colon]) {
		return whatwgRelative(s)
	}
	scheme, rest := strings.ToLower(s[:colon]), s[colon+1:]
	_, special := Special[scheme]
	switch {
	case scheme == "http" && !twoSlashes(rest):
		// The base's scheme: the rest is read relative to the base.
		return whatwgRelative(rest)
	case special:
		rest = strings.TrimLeft(rest, `/\`)
	case strings.HasPrefix(rest, "//"):
		rest = rest[2:]
	default:
		return whatwgNoAuthority(scheme, rest), nil
	}
	return whatwgFromAuthority(scheme, rest)
}

// whatwgNoAuthority reads a URL of a non-special scheme without "//": it
// has no host, and a path, opaque unless it starts with '/'.
func whatwgNoAuthority(scheme, rest string) URL {
	u := URL{Protocol: scheme + ":"}
	if strings.HasPrefix(rest, "/") {
		u.Pathname, rest = whatwgPath(rest, false, false)
	} else {
		end := len(rest)
		if i := strings.IndexAny(rest, "?#"); i >= 0 {
			end = i
		}
		u.Pathname, rest = percentEncodeSet(rest[:end], func(c byte) bool { return c < 0x20 || c >= 0x7F }), rest[end:]
	}
	u.Search = whatwgSearch(rest, false)
	return u
}

func twoSlashes(s string) bool { return len(s) >= 2 && isURLSlash(s[0]) && isURLSlash(s[1]) }

// whatwgRelative reads a URL without a scheme (or with the base's, and no
// authority) against the base: "//host/…" takes the base's scheme, anything
// else also its host and, for a bare query or fragment, its path "/".
func whatwgRelative(rest string) (URL, error) {
	if twoSlashes(rest) {
		return whatwgFromAuthority("http", strings.TrimLeft(rest, `/\`))
	}
	u := URL{Protocol: "http:", Hostname: BaseHost, Pathname: "/"}
	if rest != "" && rest[0] != '?' && rest[0] != '#' {
		u.Pathname, rest = whatwgPath(rest, true, false)
	}
	u.Search = whatwgSearch(rest, true)
	return u, nil
}

// whatwgFromAuthority reads the authority, path and query that follow the
// scheme and its slashes.
func whatwgFromAuthority(scheme, rest string) (URL, error) {
	def, special := Special[scheme]
	u := URL{Protocol: scheme + ":"}
	end := len(rest)
	if i := strings.IndexAny(rest, urlAuthorityEnd(special)); i >= 0 {
		end = i
	}
	rest, err := u.authority(rest[:end], rest[end:], scheme, def, special)
	if err != nil {
		return URL{}, err
	}
	u.Pathname, rest = whatwgPath(rest, special, scheme == "file")
	u.Search = whatwgSearch(rest, special)
	return u, nil
}

// whatwgSearch is the search of what follows the path: "" or '?' and the
// query, percent-encoded, up to the fragment.
func whatwgSearch(rest string, special bool) string {
	if !strings.HasPrefix(rest, "?") {
		return ""
	}
	q := rest[1:]
	if i := strings.IndexByte(q, '#'); i >= 0 {
		q = q[:i]
	}
	if q == "" {
		return ""
	}
	return "?" + percentEncodeSet(q, func(c byte) bool { return inQuerySet(c, special) })
}

// validScheme says whether s, not empty, is an ASCII letter followed by
// letters, digits, '+', '-' and '.'.
func validScheme(s string) bool {
	for i := 1; i < len(s); i++ {
		if !py.IsSchemeByte(s[i]) {
			return false
		}
	}
	return py.IsASCIILetter(s[0])
}

func isURLSlash(c byte) bool { return c == '/' || c == '\\' }

func urlAuthorityEnd(special bool) string {
	if special {
		return `/\?#`
	}
	return "/?#"
}

// authority reads userinfo, host and port into u and returns what follows.
func (u *URL) authority(auth, rest, scheme, def string, special bool) (string, error) {
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
		if auth == "" {
			return "", errNoHost
		}
	}
	host, port := auth, ""
	if scheme != "file" {
		// Only a non-special URL may have an empty authority, and no URL
		// a port without a host.
		host, port = splitURLHostPort(auth)
		if host == "" && (auth != "" || special) {
			return "", errNoHost
		}
	}
	h, err := whatwgHost(host, special)
	if err != nil {
		return "", err
	}
	if scheme == "file" && h == "localhost" {
		h = ""
	}
	u.Hostname = h
	if port != "" {
		n, err := strconv.ParseUint(port, 10, 64)
		if err != nil || n > 65535 || strings.TrimLeft(port, "0123456789") != "" {
			return "", errBadPort
		}
		if p := strconv.FormatUint(n, 10); p != def {
			u.Port = p
		}
	}
	return rest, nil
}

// splitURLHostPort cuts at the first ':' outside brackets; port keeps what
// follows it ("" when there is none or nothing after it).
func splitURLHostPort(auth string) (host, port string) {
	inside := false
	for i := 0; i < len(auth); i++ {
		switch auth[i] {
		case '[':
			inside = true
		case ']':
			inside = false
		case ':':
			if !inside {
				return auth[:i], auth[i+1:]
			}
		}
	}
	return auth, ""
}

// whatwgHost is the host parser: an IPv6 address in brackets, an opaque
// host for a non-special scheme, else a domain (percent-decoded, UTF-8
// decoded, IDNA-mapped) that may turn out to be an IPv4 address.
func whatwgHost(in string, special bool) (string, error) {
	if strings.HasPrefix(in, "[") {
		if len(in) < 2 || in[len(in)-1] != ']' {
			return "", errBadHost
		}
		return whatwgIPv6(in[1 : len(in)-1])
	}
	if !special {
		for i := 0; i < len(in); i++ {
			if c := in[i]; c != '%' && forbiddenHostByte(c) {
				return "", errBadHost
			}
		}
		return percentEncodeSet(in, func(c byte) bool { return c < 0x20 || c >= 0x7F }), nil
	}
	if in == "" {
		return "", nil
	}
	domain := py.Decode([]byte(percentDecode(in)))
	ascii, err := whatwgDomainToASCII(domain)
	if err != nil || ascii == "" {
		return "", errBadHost
	}
	for i := 0; i < len(ascii); i++ {
		if c := ascii[i]; forbiddenHostByte(c) || c == '%' || c < 0x20 || c == 0x7F {
			return "", errBadHost
		}
	}
	if endsInNumber(ascii) {
		return whatwgIPv4(ascii)
	}
	return ascii, nil
}

// whatwgDomainToASCII is "domain to ASCII" with beStrict false: an ASCII
// domain with no Punycode label is only lower-cased; any other goes
// through UTS #46 (intl.DomainToASCII; in the browser, its own URL parser).
func whatwgDomainToASCII(domain string) (string, error) {
	lower := strings.ToLower(domain)
	if py.IsASCII(domain) && !strings.HasPrefix(lower, "xn--") && !strings.Contains(lower, ".xn--") {
		return lower, nil
	}
	return intl.DomainToASCII(domain)
}

func forbiddenHostByte(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// percentDecode turns each %XX into its byte, leaving any other '%'.
func percentDecode(s string) string {
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if !pattern.IsEscape(s, i) {
			return "", 0, false
		}
		return string([]byte{pattern.Unhex(s[i+1])<<4 | pattern.Unhex(s[i+2])}), 3, true
	})
}

// endsInNumber says whether the last label (a final empty one aside) is
// all digits or reads as an IPv4 number, so the host is read as IPv4.
func endsInNumber(s string) bool {
	s = strings.TrimSuffix(s, ".")
	last := s[strings.LastIndexByte(s, '.')+1:]
	_, number := ipv4Number(last)
	return last != "" && strings.TrimLeft(last, "0123456789") == "" || number
}

// whatwgIPv4 is the IPv4 parser: one to four numbers, each decimal, octal
// (a leading 0) or hex (0x), the last filling the remaining bytes.
func whatwgIPv4(s string) (string, error) {
	parts := strings.Split(strings.TrimSuffix(s, "."), ".")
	if len(parts) > 4 {
		return "", errBadHost
	}
	// The standard's failures all come out as errBadHost, so their order
	// does not matter.
	var v uint64
	for i, p := range parts {
		n, ok := ipv4Number(p)
		limit, shift := uint64(256), 8*(3-i)
		if i == len(parts)-1 {
			limit, shift = 1<<(8*(5-len(parts))), 0
		}
		if !ok || n >= limit {
			return "", errBadHost
		}
		v += n << shift
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}).String(), nil
}

// ipv4Number reads one part; values past 2^32 saturate, as any such value
// is refused anyway.
func ipv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && p[1]|0x20 == 'x':
		p, base = p[2:], 16
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		d := uint64(16)
		switch c := p[i]; {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		}
		if d >= base {
			return 0, false
		}
		v = min(v*base+d, 1<<33)
	}
	return v, true
}

// whatwgIPv6 reads the address inside brackets and writes it as the
// standard does: lower-case hex, the first longest run of two or more zero
// pieces compressed, which is netip's form (RFC 5952) but for an
// IPv4-mapped address, whose last two pieces netip writes as IPv4.
func whatwgIPv6(s string) (string, error) {
	if strings.ContainsAny(s, "%") || !strings.Contains(s, ":") {
		return "", errBadHost
	}
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is6() {
		return "", errBadHost
	}
	if a.Is4In6() {
		b := a.As16()
		return "[::ffff:" + strconv.FormatUint(uint64(b[12])<<8|uint64(b[13]), 16) + ":" +
			strconv.FormatUint(uint64(b[14])<<8|uint64(b[15]), 16) + "]", nil
	}
	return "[" + a.String() + "]", nil
}

// whatwgPath reads the path up to '?' or '#': segments parted by '/' (and
// '\' in a special URL), "." and ".." (also written %2e) resolved, each
// segment percent-encoded with the path percent-encode set. In a file: URL
// a first segment that is a drive letter ("C|" or "C:") is written "C:",
// and ".." does not remove a lone first segment that starts with a letter
// and ':' (Node's URL class, which checks only those two characters).
func whatwgPath(s string, special, file bool) (path, rest string) {
	end := strings.IndexAny(s, "?#")
	if end < 0 {
		end = len(s)
	}
	s, rest = s[:end], s[end:]
	if !special && s == "" {
		return "", rest
	}
	if s != "" && isURLSlash(s[0]) && (special || s[0] == '/') {
		s = s[1:]
	}
	var segs []string
	for {
		i := strings.IndexByte(s, '/')
		if special {
			i = strings.IndexAny(s, `/\`)
		}
		seg, last := s, i < 0
		if !last {
			seg, s = s[:i], s[i+1:]
		}
		switch {
		case isDoubleDot(seg):
			if len(segs) > 0 && !(file && len(segs) == 1 && startsWithDrive(segs[0])) {
				segs = segs[:len(segs)-1]
			}
			if last {
				segs = append(segs, "")
			}
		case isSingleDot(seg):
			if last {
				segs = append(segs, "")
			}
		case file && len(segs) == 0 && len(seg) == 2 && py.IsASCIILetter(seg[0]) && (seg[1] == ':' || seg[1] == '|'):
			segs = append(segs, seg[:1]+":")
		default:
			segs = append(segs, percentEncodeSet(seg, inPathSet))
		}
		if last {
			break
		}
	}
	return "/" + strings.Join(segs, "/"), rest
}

func startsWithDrive(seg string) bool {
	return len(seg) >= 2 && py.IsASCIILetter(seg[0]) && seg[1] == ':'
}

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// inQuerySet is the query percent-encode set (the special-query set for a
// special URL, which adds the apostrophe); non-ASCII bytes are in it.
func inQuerySet(c byte, special bool) bool {
	switch c {
	case ' ', '"', '#', '<', '>':
		return true
	case '\'':
		return special
	}
	return c < 0x20 || c >= 0x7F
}

// inPathSet is the path percent-encode set.
func inPathSet(c byte) bool {
	switch c {
	case '?', '`', '{', '}':
		return true
	}
	return inQuerySet(c, false)
}

// percentEncodeSet UTF-8 encodes s (each invalid byte as U+FFFD, as a
// JavaScript string holding it would have it) and percent-encodes the
// bytes in the set, with upper-case hex.
func percentEncodeSet(s string, in func(byte) bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		chunk := s[i : i+n]
		if r == utf8.RuneError && n == 1 {
			chunk = "\uFFFD"
		}
		for j := 0; j < len(chunk); j++ {
			if c := chunk[j]; in(c) {
				b.WriteByte('%')
				b.WriteByte(pattern.UpperHex[c>>4])
				b.WriteByte(pattern.UpperHex[c&15])
			} else {
				b.WriteByte(c)
			}
		}
		i += n
	}
	return b.String()
}
