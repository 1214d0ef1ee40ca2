package matcher

import (
	"strconv"
	"strings"

	"robots-explorer/matcher/exposure"
)

// Reading a line of a file on its own (RFC 9309 §2.2: its key, value and
// comment, its kind, its agent's token or its rule's pattern, and what is
// wrong with each) is most of the work of parsing, and needs no other line;
// the group pass (rfc9309.go) then places the lines in groups.

// rfcLines is what reading a run of lines yields: the agents of its
// user-agent lines and the rules of its allow and disallow lines, in file
// order, with diagnostics reported to its own scanner.
type rfcLines struct {
	*scanner
	// firstAgent is the number of the file's first user-agent line (0 when
	// none is read yet): a rule before it is in no group, and is left to
	// the group pass to report.
	firstAgent int
	agents     []Agent
	rules      []Rule
	pats       []patFlags
	// derived holds the patterns normalization changed (see Rule.derived).
	derived []string
}

// newRFCLines sizes the rules for every line being a rule, and the agents
// for one in eight lines (more grow the list): a large allocation costs
// only the pages it touches, while growing by append leaves the copies it
// outgrew behind (check of a 100 MiB file: 925 MB peak instead of 776 MB).
func newRFCLines(s *scanner, lines int) *rfcLines {
	return &rfcLines{scanner: s, rules: make([]Rule, 0, lines), pats: make([]patFlags, 0, lines),
		agents: make([]Agent, 0, lines/8+1)}
}

func (p *rfcLines) read(lines []Line) {
	for i := range lines {
		p.line(&lines[i])
	}
}

func (p *rfcLines) line(l *Line) {
	src := p.f.Source
	rec := splitRecord(src, int(l.Start), int(l.End))
	if rec.comment >= 0 {
		l.Comment = spanOf(rec.comment+1, int(l.End))
	}
	switch {
	case rec.keyStart < 0 && !rec.colon:
		l.Kind = KindBlank
		if rec.comment >= 0 {
			l.Kind = KindComment
		}
		return
	case !rec.colon:
		p.noColon(l, rec)
		return
	case rec.keyStart < 0:
		l.Kind = KindInvalid
		p.report(int(l.Start), int(l.End), CodeInvalidLine, Warning, "RFC 9309 §2.2", "a line starting with ':' has no key and is ignored")
		return
	}
	l.Key, l.Value = spanOf(rec.keyStart, rec.keyEnd), spanOf(rec.valueStart, rec.valueEnd)
	switch rfcKey(p.key(l)) {
	case KindUserAgent:
		p.userAgent(l)
	case KindAllow:
		p.rule(l, true)
	case KindDisallow:
		p.rule(l, false)
	default:
		p.other(l)
	}
}

func (p *rfcLines) userAgent(l *Line) {
	l.Kind = KindUserAgent
	if p.firstAgent == 0 {
		p.firstAgent = int(l.Number)
	}
	tok, global, cut := extractToken(p.value(l))
	p.agents = append(p.agents, Agent{Line: int(l.Number), Value: p.value(l), Token: tok, Global: global})
	end := int(l.Value.End)
	switch {
	case tok == "" && strings.HasPrefix(p.value(l), "*"):
		p.report(int(l.Value.Start), end, CodeEmptyUserAgent, Warning, "RFC 9309 §2.2.1",
			"%q is not the global group: only '*' by itself is, and '*' is no wildcard inside a product token, so this line names no product token and matches no crawler (Google's parser and crawler-commons read it so too)", p.value(l))
	case tok == "":
		p.report(int(l.Value.Start), end, CodeEmptyUserAgent, Warning, "RFC 9309 §2.2.1",
			"this user-agent line names no product token (letters, '-' and '_'), so it matches no crawler")
	case cut && !global:
		p.report(int(l.Value.Start)+len(tok), end, CodeTokenCut, Warning, "RFC 9309 §2.2.1",
			"%q is read as the product token %q: a token holds only letters, '-' and '_' (write just %q)", p.value(l), tok, tok)
	case cut:
		p.report(int(l.Value.Start), end, CodeTokenCut, Info, "RFC 9309 §2.2.1; google/robotstxt robots.cc",
			"%q is read as '*', the global group", p.value(l))
	}
}

func (p *rfcLines) rule(l *Line, allow bool) {
	l.Kind = Rule{Allow: allow}.Kind()
	if p.firstAgent == 0 || int(l.Number) < p.firstAgent {
		return // in no group: the group pass reports it
	}
	v := p.value(l)
	cls := classifyRule(v)
	r, flags := Rule{Line: l.Number, Allow: allow, Pattern: l.Value}, cls.flags(v)
	if cls.changes(v) {
		norm, _ := normalize(v, rfcPatternRules, false)
		p.derived = append(p.derived, norm)
		r.derived, flags = int32(len(p.derived)), patternFlags(norm)
	}
	p.rules = append(p.rules, r)
	p.pats = append(p.pats, flags)
	p.checkPattern(l, cls)
	p.checkExposure(l, cls)
}

func (p *rfcLines) noColon(l *Line, rec record) {
	l.Kind = KindInvalid
	text := p.text[rec.keyStart:rec.keyEnd]
	fields := strings.Fields(text)
	if len(fields) == 2 && googleKey(strings.ToLower(fields[0])) != "" {
		p.report(rec.keyStart, rec.keyEnd, CodeMissingColon, Warning, "RFC 9309 §2.2; google/robotstxt robots.cc",
			"no ':' after %q: RFC 9309 ignores this line, Google's parser reads it as %q", fields[0], fields[0]+": "+fields[1])
		return
	}
	p.report(rec.keyStart, rec.keyEnd, CodeInvalidLine, Warning, "RFC 9309 §2.2",
		"not a record (no ':' between key and value): the line is ignored")
}

// checkPattern reports what RFC 9309 §2.2.2 and §2.2.3 say of a pattern;
// cls tells which checks can find anything.
func (p *rfcLines) checkPattern(l *Line, cls byteClass) {
	v, at := p.value(l), int(l.Value.Start)
	const sec = "RFC 9309 §2.2.2"
	if v == "" {
		p.report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, sec,
			"an empty %s matches nothing: it has no effect", strings.ToLower(p.key(l)))
		return
	}
	if v[0] != '/' && v[0] != '*' {
		p.report(at, at+len(v), CodePatternStart, Warning, sec,
			"a pattern should start with '/' or '*'; %q can only match paths that the URL syntax does not produce", v)
	}
	if cls == 0 {
		return
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		p.report(at+i, at+i+1, CodeDollarInside, Warning, "RFC 9309 §2.2.3",
			"'$' anchors only at the end of a pattern; here it is a literal '$' (write %%24 to say so)")
	}
	if cls&clsSpace != 0 {
		i := strings.IndexAny(v, " \t")
		p.report(at+i, at+i+1, CodeSpaceInPattern, Warning, sec,
			"a space inside a pattern is compared as %%20; crawlers that stop at the space read %q", v[:i])
	}
	for i := 0; i < len(v) && cls&clsPercent != 0; i++ {
		if v[i] == '%' && !isEscape(v, i) {
			end := i + 3
			if end > len(v) {
				end = len(v)
			}
			p.report(at+i, at+end, CodeBadPercent, Warning, "RFC 3986 §2.1",
				"%q is not a valid percent-encoding (%%XX with two hex digits); it is compared as %%25", v[i:end])
		}
	}
}

func (p *rfcLines) other(l *Line) {
	l.Kind = KindOther
	lower := strings.ToLower(p.key(l))
	end := int(l.Value.End)
	if lower == "sitemap" {
		if !isAbsoluteURL(p.value(l)) {
			p.reportMsg(int(l.Value.Start), end, CodeSitemapNotAbs, Warning, "RFC 9309 §2.2.4; sitemaps.org protocol",
				"a Sitemap must be an absolute URL (https://example.com/sitemap.xml); "+strconv.Quote(p.value(l))+" is not")
		}
		return
	}
	if msg, ok := nonStandardMsg(lower); ok {
		p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeNonStandardRecord, Info, "RFC 9309 §2.2.4", msg)
		return
	}
	if k := googleKey(lower); k != "" {
		p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeTypoKey, Warning, "RFC 9309 §2.2; google/robotstxt robots.cc",
			strconv.Quote(p.key(l))+" is not a key RFC 9309 knows, so this line is ignored here; Google's parser reads it as \""+k+"\"")
		return
	}
	p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeUnknownKey, Info, "RFC 9309 §2.2.4",
		strconv.Quote(p.key(l))+" is not a record RFC 9309 defines; crawlers may ignore it")
}

// checkExposure reports a rule that seems to rely on robots.txt to keep a
// secret or a private area (RFC 9309 §3).
func (p *rfcLines) checkExposure(l *Line, cls byteClass) {
	v, at := p.value(l), int(l.Value.Start)
	secret, private := exposure.Of(v, cls&clsExposing != 0)
	if secret != "" {
		p.reportMsg(at, at+len(v), CodeSecretInPath, Warning, "RFC 9309 §3", exposure.SecretAdvice(secret))
		return
	}
	// An allow opens a path; only a disallow tries to hide one.
	if l.Kind == KindDisallow && private != "" {
		p.reportMsg(at, at+len(v), CodePrivatePath, Info, "RFC 9309 §3", exposure.PrivateAdvice(private))
	}
}
