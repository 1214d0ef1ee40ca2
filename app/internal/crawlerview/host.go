package crawlerview

import "strings"

// Origin is the scheme and host ("https://www.example.com") that every
// URL of urls starts with, compared without case; "" when they do not all
// share one, or when one is a path alone. The grid then shows it once
// above the rows, and each row its path and query (PathOf).
func Origin(urls []string) string {
	origin := ""
	for i, u := range urls {
		o := originOf(u)
		if o == "" || i > 0 && !strings.EqualFold(o, origin) {
			return ""
		}
		if i == 0 {
			origin = o
		}
	}
	return origin
}

// originOf is the scheme and authority of u, "" when u has none.
func originOf(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "/?#") || rest == "" {
		return ""
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if end == 0 {
		return ""
	}
	return u[:len(scheme)+3+end]
}

// PathOf is u's path and query once origin (Origin's, or "") is taken
// off: the fragment, which no reading matches, is left out, and an empty
// path is "/", as the readings take it.
func PathOf(u, origin string) string {
	if origin == "" || len(u) < len(origin) || !strings.EqualFold(u[:len(origin)], origin) {
		return u
	}
	p := u[len(origin):]
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	if p == "" || p[0] == '?' {
		p = "/" + p
	}
	return p
}
