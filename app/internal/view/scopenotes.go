package view

import (
	"strings"

	"robots-explorer/matcher"
)

// robots.txt decides crawling only. When the groups that decided the chosen
// URL seem to use it to keep pages out of search (Noindex:) or to hide
// private areas or secrets, the explanation says so beside the verdict and
// says what to use instead (RFC 9309 §3).

// A ScopeNote is one line of the applying groups that mixes crawl control
// with indexing or security.
type ScopeNote struct {
	Line int
	// Kind is "index" (a Noindex: record) or "security" (a private path
	// or a secret in a path).
	Kind    string
	Text    string // the line as written
	Message string // the diagnostic's message
	Advice  string
	Source  string
}

// Advice for each kind, citing RFC 9309 §3.
const (
	indexAdvice = "robots.txt controls crawling, not indexing: a disallowed URL can still be indexed from links. " +
		"To keep a page out of search, let it be crawled and send a noindex robots meta tag or an X-Robots-Tag: noindex header."
	securityAdvice = "robots.txt is public and only asks crawlers to stay away; it is not access control, and listing a " +
		"path makes it easy to find. Protect the resource with authentication (and revoke any key or token the file shows)."
	scopeSource = "RFC 9309 §3"
)

// scopeNotes picks, from the diagnostics that bear on res, those about
// indexing and security that bear on its URL: a private area or a secret
// on a rule that matched it, a Noindex: line whose path would match it.
// A note on /admin/ beside the verdict for /shop would cry wolf.
func scopeNotes(f *matcher.File, res *matcher.Result) []ScopeNote {
	if res == nil {
		return nil
	}
	matched := map[int]bool{}
	for _, m := range res.Matches {
		matched[int(m.Rule.Line)] = true
	}
	var out []ScopeNote
	for _, d := range res.Diagnostics {
		n := ScopeNote{Line: d.Pos.Line, Text: strings.TrimSpace(f.Text(d.Pos.Line)), Message: d.Message, Source: scopeSource}
		switch {
		case (d.Code == matcher.CodePrivatePath || d.Code == matcher.CodeSecretInPath) && matched[d.Pos.Line]:
			n.Kind, n.Advice = "security", securityAdvice
		case d.Code == matcher.CodeNonStandardRecord && isNoindex(f, d.Pos.Line) && pathMatches(f, d.Pos.Line, res.Path):
			n.Kind, n.Advice = "index", indexAdvice
		default:
			continue
		}
		out = append(out, n)
	}
	return out
}

func isNoindex(f *matcher.File, line int) bool {
	return line >= 1 && line <= f.NumLines() && strings.EqualFold(f.TextOf(f.Line(line-1).Key), "noindex")
}

// pathMatches reports whether the path of the record on line matches
// path, as a rule with that path would (RFC 9309 §2.2.2): a Noindex: line
// is no rule, so the matcher is asked about a one-rule file.
func pathMatches(f *matcher.File, line int, path string) bool {
	value := strings.TrimSpace(f.TextOf(f.Line(line - 1).Value))
	if value == "" {
		return false
	}
	one := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nDisallow: "+value+"\n"), matcher.ParseOptions{})
	res, err := one.Evaluate("Googlebot", path)
	return err == nil && !res.Allowed
}
