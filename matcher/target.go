package matcher

import (
	"errors"
	"fmt"
	"net/netip"
	"robots-explorer/matcher/internal/intl"
	"slices"
	"strconv"
	"strings"
)

// defaultPort returns the port a target's authority drops for its scheme
// (RFC 3986 §6.2.3), or "".
func defaultPort(scheme string) string {
	switch scheme {
	case "http":
		return "80"
	case "https":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

// ParseTarget reads a URL to match as RFC 9309 does: as an RFC 3986
// URI reference resolved against the robots.txt's site (§5.2), since the
// file decides only for the URLs of its own site. A path with optional
// query ("/fish?id=3"), a full URL ("https://Bücher.example:443/a?b#c"), a
// network-path reference ("//host/path", §4.2; "//" and "///" too, whose
// authority is empty) and a relative path ("fish", merged with the
// site's "/", §5.2.3) all have a path. The fragment is dropped, an empty
// path becomes "/", and dot segments are removed (§5.2.4). For a full URL
// the host is lower-cased and IDNA-normalized, the default port dropped,
// and the governing robots.txt URL computed (RFC 9309 §2.3); a host that
// cannot be read leaves no robots.txt URL, and a step says why, but the
// path is still read. The only error is a string that has no path on a
// site in any reading of RFC 3986: a scheme without an authority that is
// not one robots.txt is defined for ("mailto:x", "javascript:f()").
func ParseTarget(raw string) (*Target, error) {
	t := new(Target)
	if err := t.read(raw, nil); err != nil {
		return nil, err
	}
	return t, nil
}

// parseTargetInto is ParseTarget into t, which it overwrites, reusing the
// array of its Steps and, for a URL on the same site as the last, its
// robots.txt URL: a check of a million URLs reads them all into one
// Target, so that a URL allocates neither a Target nor a robots.txt URL of
// its own. On an error t holds no URL.
func parseTargetInto(t *Target, raw string) error {
	prev := *t
	*t = Target{Steps: t.Steps[:0]}
	if err := t.read(raw, &prev); err != nil {
		*t = Target{}
		return err
	}
	if len(t.Steps) == 0 {
		t.Steps = nil // as ParseTarget leaves it
	}
	return nil
}

// read reads raw into t, whose fields are empty; prev, when not nil, is
// the URL read before, whose robots.txt URL a URL of the same site shares.
func (t *Target) read(raw string, prev *Target) error {
	t.Input = raw
	rest := t.trimSpace(raw)
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		t.Steps = append(t.Steps, Step{Input: rest, Output: rest[:i],
			Rule: "the fragment is dropped: it is never sent to a server", Source: "RFC 3986 §3.5"})
		rest = rest[:i]
	}
	scheme := schemeLen(rest)
	switch {
	case rest == "" || rest[0] == '/' && !strings.HasPrefix(rest, "//"):
	case rest[0] == '?':
	case scheme > 0 && strings.HasPrefix(rest[scheme+1:], "//"):
		rest = t.readAuthority(rest, scheme, prev)
	case scheme > 0:
		var err error
		if rest, err = t.readNoAuthority(rest, scheme); err != nil {
			return err
		}
	case strings.HasPrefix(rest, "//"):
		rest = t.readNetworkPath(rest)
	default:
		t.Steps = append(t.Steps, Step{Input: rest, Output: "/" + rest,
			Rule: relativeRule(rest), Source: "RFC 3986 §5.2.2, §5.2.3"})
		rest = "/" + rest
	}
	if rest == "" || rest[0] == '?' {
		t.Steps = append(t.Steps, Step{Input: rest, Output: "/" + rest,
			Rule: "an empty path is /", Source: "RFC 9309 §2.2.2; RFC 3986 §6.2.3"})
		rest = "/" + rest
	}
	t.Path = t.removeDots(rest)
	return nil
}

// relativeRule is the step's rule for the relative path rest: a first
// segment with a dot in it ("example.com/a") is most often a host written
// without its scheme, which RFC 3986 reads as a path all the same.
func relativeRule(rest string) string {
	const rule = "a relative path is resolved against the robots.txt's site: merged with its path /"
	seg, _, _ := strings.Cut(rest, "/")
	seg, _, _ = strings.Cut(seg, "?")
	if i := strings.LastIndexByte(seg, '.'); i <= 0 || i == len(seg)-1 {
		return rule
	}
	return rule + fmt.Sprintf("; \"%s\" is read as a path segment, not a host: a host needs a scheme, as in https://%s", seg, rest)
}

// trimSpace drops the spaces and tabs around raw: no URI holds them (RFC
// 3986 §2), and one written in text is read without the white space
// around it (Appendix C).
func (t *Target) trimSpace(raw string) string {
	s := strings.Trim(raw, " \t")
	if s != raw {
		t.Steps = append(t.Steps, Step{Input: raw, Output: s,
			Rule: "the spaces and tabs around the URL are not part of it", Source: "RFC 3986 §2, Appendix C"})
	}
	return s
}

// removeDots removes the dot segments ("/./", "/../") of the path of
// rest, the query kept: a reference's path is resolved before the URL is
// fetched (RFC 3986 §5.2.2 applies remove_dot_segments to every
// reference, a full URL too), so the path a crawler asks for has none. An
// encoded "%2e" is no dot segment: §5.2.4 reads the characters as written.
func (t *Target) removeDots(rest string) string {
	path, query := rest, ""
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		path, query = rest[:i], rest[i:]
	}
	if !strings.Contains(path, "/.") {
		return rest
	}
	out := removeDotSegments(path) + query
	if out != rest {
		t.Steps = append(t.Steps, Step{Input: rest, Output: out,
			Rule: "the dot segments of the path are removed, as resolving the reference does", Source: "RFC 3986 §5.2.4"})
	}
	return out
}

// removeDotSegments is RFC 3986 §5.2.4's remove_dot_segments of a path
// that starts with "/".
func removeDotSegments(in string) string {
	var out []string // the output buffer, one "/segment" each
	for in != "" {
		switch {
		case in == "/." || strings.HasPrefix(in, "/./"):
			in = "/" + in[min(3, len(in)):]
		case in == "/.." || strings.HasPrefix(in, "/../"):
			in = "/" + in[min(4, len(in)):]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			end := strings.IndexByte(in[1:], '/') + 1
			if end == 0 {
				end = len(in)
			}
			out, in = append(out, in[:end]), in[end:]
		}
	}
	return strings.Join(out, "")
}

// schemeLen is the length of the scheme that starts s (RFC 3986 §3.1: a
// letter, then letters, digits, '+', '-' or '.', then ':'), or 0.
func schemeLen(s string) int {
	for j := 0; j < len(s); j++ {
		c := s[j]
		switch {
		case c == ':':
			return j
		case c|0x20 >= 'a' && c|0x20 <= 'z':
		case j > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return 0
		}
	}
	return 0
}

// readNoAuthority reads a URL with a scheme and no authority ("http:/a",
// "http:a", "mailto:x"). For a scheme robots.txt is defined for (one with
// a default port here: http, https, ftp), RFC 3986 §5.2.2 lets a parser
// read it as a reference relative to a base of that scheme, the
// robots.txt's own: its path is then resolved against the site's "/".
// Any other such URL ("mailto:x", "javascript:f()", "data:,x") names no
// server, so no robots.txt governs it (RFC 9309 §2.3), and its path is
// not a path on a site: it is an error.
func (t *Target) readNoAuthority(s string, scheme int) (string, error) {
	name := strings.ToLower(s[:scheme])
	if defaultPort(name) == "" {
		return "", fmt.Errorf("%q has a scheme, %s:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)", t.Input, name)
	}
	rest := s[scheme+1:]
	out := rest
	if rest != "" && rest[0] != '/' && rest[0] != '?' {
		out = "/" + rest
	}
	t.Steps = append(t.Steps, Step{Input: s, Output: out,
		Rule:   fmt.Sprintf("a URL of scheme %s: without an authority is read as a reference relative to the robots.txt's site, and its path resolved against /", name),
		Source: "RFC 3986 §5.2.2 (non-strict)"})
	return out, nil
}

// readNetworkPath reads a URL starting with "//" as RFC 3986 §4.2 does: a
// network-path reference, whose authority comes first ("//b/x" is host b,
// path /x; "//" and "///" have an empty one), as Google's library and
// CPython's urllib read it too. Its scheme is the one of the page it is
// resolved against, unknown here.
func (t *Target) readNetworkPath(s string) string {
	n := len(t.Steps)
	rest := t.readHost("", s[2:], nil)
	auth := s[:len(s)-len(rest)]
	// First the reading of the whole reference, then the host's own steps.
	t.Steps = slices.Insert(t.Steps, n, Step{Input: s, Output: rest,
		Rule: fmt.Sprintf("a URL starting with // is a network-path reference: %q is read as the host %q, and what follows as the path; "+
			"its scheme, and so its robots.txt URL, comes from the page it is resolved against", auth, t.Host),
		Source: "RFC 3986 §4.2"})
	return rest
}

// readAuthority fills scheme, host and port from a full URL, whose
// scheme is the first n bytes of s, and returns what follows the
// authority.
func (t *Target) readAuthority(s string, n int, prev *Target) string {
	if n := prev.siteLen(); n > 0 && len(s) >= n && s[:n] == prev.Input[:n] && (len(s) == n || s[n] == '/' || s[n] == '?') {
		// The authority of the URL before, written as it reads: the same
		// scheme, host and port, with no step to show. Most URLs of a
		// list are of one site, and BenchmarkCheckURLs spends much of a URL
		// reading its host again without it.
		t.Scheme, t.Host, t.Port, t.RobotsURL = prev.Scheme, prev.Host, prev.Port, prev.RobotsURL
		return s[n:]
	}
	return t.readHost(strings.ToLower(s[:n]), s[n+3:], prev)
}

// siteLen is the length of t's scheme and authority when its input starts
// with them as they read, "https://example.com:8080" (no user, no upper
// case, no default port), or 0.
func (t *Target) siteLen() int {
	if t == nil || t.Scheme == "" || t.Host == "" {
		return 0
	}
	in, n := t.Input, len(t.Scheme)+len("://")+len(t.Host)
	if t.Port != "" {
		n += 1 + len(t.Port)
	}
	if len(in) < n || in[:len(t.Scheme)] != t.Scheme || in[len(t.Scheme):len(t.Scheme)+3] != "://" {
		return 0
	}
	h := len(t.Scheme) + 3
	if in[h:h+len(t.Host)] != t.Host || t.Port != "" && (in[h+len(t.Host)] != ':' || in[h+len(t.Host)+1:n] != t.Port) {
		return 0
	}
	return n
}

// readHost fills host and port from the authority that starts s, and the
// scheme with the robots.txt URL unless scheme is "" (a network-path
// reference); it returns what follows the authority. A host or port that
// cannot be read leaves them empty, and no robots.txt URL, with a step
// that says why: the path is read all the same. prev, when not nil, is
// the URL read before: when it is of the same site, its robots.txt URL is
// shared rather than made again.
func (t *Target) readHost(scheme, s string, prev *Target) string {
	end := authorityEnd(s)
	auth, rest := s[:end], s[end:]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	t.Scheme = scheme
	host, port, err := splitHostPort(auth)
	norm := ""
	if err == nil && host != "" {
		if norm, err = normalizeHost(host); err != nil {
			err = fmt.Errorf("host %q: %v", host, err)
		}
	}
	if err != nil {
		t.Steps = append(t.Steps, Step{Input: auth, Output: "",
			Rule: fmt.Sprintf("the authority cannot be read (%v), so no robots.txt URL is known; the path is read all the same", err), Source: "RFC 3986 §3.2"})
		return rest
	}
	if norm != host {
		t.Steps = append(t.Steps, Step{Input: host, Output: norm,
			Rule: "the host is lower-cased and converted to its ASCII (IDNA) form", Source: "RFC 3986 §6.2.2.1; RFC 5891"})
	}
	if port != "" && defaultPort(scheme) == port {
		t.Steps = append(t.Steps, Step{Input: ":" + port, Output: "",
			Rule: "the scheme's default port is dropped", Source: "RFC 3986 §6.2.3"})
		port = ""
	}
	t.Host, t.Port = norm, port
	if scheme == "" || norm == "" {
		return rest
	}
	if prev != nil && prev.RobotsURL != "" && prev.Scheme == scheme && prev.Host == norm && prev.Port == port {
		t.RobotsURL = prev.RobotsURL
		return rest
	}
	t.RobotsURL = robotsURL(scheme, norm, port)
	return rest
}

// robotsURL is the robots.txt URL of a site (RFC 9309 §2.3): scheme,
// host as normalized, and port unless it is the scheme's default.
func robotsURL(scheme, host, port string) string {
	if port == "" {
		return scheme + "://" + host + "/robots.txt"
	}
	return scheme + "://" + host + ":" + port + "/robots.txt"
}

// authorityEnd is where the authority that starts s ends: at the first '/'
// or '?', or the end. (A loop, not strings.IndexAny, which builds its set
// of bytes anew for every URL.)
func authorityEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' || s[i] == '?' {
			return i
		}
	}
	return len(s)
}

func splitHostPort(auth string) (host, port string, err error) {
	if strings.HasPrefix(auth, "[") {
		end := strings.IndexByte(auth, ']')
		if end < 0 {
			return "", "", errors.New("unclosed [ in IPv6 host")
		}
		host, rest := auth[:end+1], auth[end+1:]
		if err := checkIPv6(host); err != nil {
			return "", "", err
		}
		if rest == "" {
			return host, "", nil
		}
		if rest[0] != ':' {
			return "", "", fmt.Errorf("unexpected %q after IPv6 host", rest)
		}
		return host, rest[1:], checkPort(rest[1:])
	}
	if i := strings.LastIndexByte(auth, ':'); i >= 0 {
		return auth[:i], auth[i+1:], checkPort(auth[i+1:])
	}
	return auth, "", nil
}

// checkPort accepts an empty port (RFC 3986 §3.2.3) or one from 0 to
// 65535, the range TCP ports have.
func checkPort(p string) error {
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return fmt.Errorf("port %q is not a number", p)
		}
	}
	if _, err := strconv.ParseUint(p, 10, 16); p != "" && err != nil {
		return fmt.Errorf("port %s is not in 0-65535", p)
	}
	return nil
}

// checkIPv6 accepts a bracketed IPv6 address (RFC 3986 §3.2.2), with a
// zone written %25zone (RFC 6874); [gggg::1] or [1.2.3.4] is an error.
func checkIPv6(host string) error {
	addr, zone, hasZone := strings.Cut(host[1:len(host)-1], "%25")
	ip, err := netip.ParseAddr(addr)
	if err != nil || !ip.Is6() || ip.Zone() != "" || hasZone && zone == "" {
		return fmt.Errorf("%s is not an IPv6 address", host)
	}
	return nil
}

// normalizeHost is host as a crawler looks it up: a bracketed IPv6
// address in lower case, any other host through UTS #46 (RFC 5891).
func normalizeHost(host string) (string, error) {
	if strings.HasPrefix(host, "[") {
		return strings.ToLower(host), nil
	}
	if h, ok := plainHost(host); ok {
		return h, nil
	}
	h, err := intl.HostToASCII(host)
	if err != nil {
		return "", err
	}
	return strings.ToLower(h), nil
}

// plainHost is the lower case of host when host is a plain LDH name (RFC
// 5890 §2.3.1: letters, digits and hyphens in labels of 1 to 63 octets,
// at most 253 in all) that UTS #46 lookup maps to its lower case alone:
// no label begins or ends with a hyphen or holds "--" at its third and
// fourth octets (which "xn--" has; UTS #46 §4.1, CheckHyphens), no dot
// ends it, and the last label begins with a letter, so the WHATWG URL
// parser the browser build asks does not read it as an IPv4 address
// (URL Standard §3.5, "ends in a number"). Most hosts are such names, and
// the IDNA mapping costs about a microsecond a host, as much as the rest
// of a URL's check; every other host takes the full mapping.
func plainHost(host string) (string, bool) {
	if host == "" || len(host) > 253 {
		return "", false
	}
	upper := false
	label := 0 // the offset of the current label's first octet
	for i := 0; i <= len(host); i++ {
		if i == len(host) || host[i] == '.' {
			if !plainLabel(host[label:i]) {
				return "", false
			}
			label = i + 1
			continue
		}
		c := host[i]
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if last := host[strings.LastIndexByte(host, '.')+1]; !isLetter(last) {
		return "", false
	}
	if upper {
		return strings.ToLower(host), true
	}
	return host, true
}

// plainLabel reports whether l is an LDH label plainHost takes.
func plainLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	if len(l) >= 4 && l[2] == '-' && l[3] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !isLetter(c) && !('0' <= c && c <= '9') && c != '-' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// hasScheme reports whether s starts with a scheme and "://".
func hasScheme(s string) bool {
	n := schemeLen(s)
	return n > 0 && strings.HasPrefix(s[n+1:], "//")
}
