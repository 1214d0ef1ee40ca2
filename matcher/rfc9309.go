package matcher

import (
	"strconv"
	"strings"
)

// rfc9309 is RFC 9309 as written. Where the RFC is silent it makes these
// choices: only a final '$' anchors; a user-agent value is read up to its
// first character that may not stand in a product token; keys are compared
// without case; lines that are not records are ignored.
type rfc9309 struct{}

// rfcFile is what the rfc9309 reading keeps beside the line model: the
// pattern flags of every rule, by group (the pattern is Rule.Normalized).
type rfcFile struct {
	patterns [][]patFlags
}

// nonStandard names the records people write that RFC 9309 does not define,
// and who reads them (§2.2.4 lets crawlers interpret other records).
var nonStandard = map[string]string{
	"crawl-delay": "not part of RFC 9309; Bing and Yandex read it, Google ignores it",
	"noindex": "not part of RFC 9309; Google stopped reading it in 2019. robots.txt controls crawling, not indexing: a URL " +
		"disallowed here can still be indexed from links. To keep a page out of search, let it be crawled and send a noindex " +
		"robots meta tag or an X-Robots-Tag: noindex header",
	"host":         "not part of RFC 9309; only Yandex read it, and it has since retired it",
	"clean-param":  "not part of RFC 9309; Yandex reads it",
	"request-rate": "not part of RFC 9309; a few small crawlers read it",
	"visit-time":   "not part of RFC 9309; a few small crawlers read it",
	"nofollow":     "not part of RFC 9309; no major crawler reads it",
}

// nonStandardAdvice is the message for each key of nonStandard, made once:
// a file may repeat Crawl-delay in every group.
var nonStandardAdvice = func() map[string]string {
	m := map[string]string{}
	for k, why := range nonStandard {
		m[k] = k + ": " + why
	}
	return m
}()

// commonKeys are the lower-cased keys of other records that files hold
// most, so that lowerKey can return them without allocating.
var commonKeys = func() map[string]string {
	m := map[string]string{"sitemap": "sitemap"}
	for k := range nonStandard {
		m[k] = k
	}
	return m
}()

// lowerKey is strings.ToLower for a key. For an ASCII key that lower-cases
// to a common key it allocates nothing: the lower-case bytes are built on
// the stack and looked up.
func lowerKey(key string) string {
	var buf [16]byte
	if len(key) > len(buf) {
		return strings.ToLower(key)
	}
	for i := 0; i < len(key); i++ {
		if key[i] >= 0x80 {
			return strings.ToLower(key)
		}
		buf[i] = lowerByte(key[i])
	}
	if k, ok := commonKeys[string(buf[:len(key)])]; ok {
		return k
	}
	return strings.ToLower(key)
}

// googleTypos are keys Google's parser accepts for the standard ones
// (robots.cc: KeyIsUserAgent, KeyIsDisallow, with kAllowFrequentTypos).
var googleTypos = []struct{ prefix, key string }{
	{"user-agent", "user-agent"}, {"useragent", "user-agent"}, {"user agent", "user-agent"},
	{"allow", "allow"},
	{"disallow", "disallow"}, {"dissallow", "disallow"}, {"dissalow", "disallow"},
	{"disalow", "disallow"}, {"diasllow", "disallow"}, {"disallaw", "disallow"},
	{"sitemap", "sitemap"}, {"site-map", "sitemap"},
}

// googleKey returns the standard key Google's parser reads key as, or "".
func googleKey(lower string) string {
	for _, t := range googleTypos {
		if strings.HasPrefix(lower, t.prefix) {
			return t.key
		}
	}
	return ""
}

func (rfc9309) parse(src []byte) *File {
	s := newScanner(RFC9309, src)
	// Sized for a file of rules alone, so that neither slice grows.
	p := rfcParser{scanner: s, group: -1, rules: make([]Rule, 0, len(s.f.Lines)), pats: make([]patFlags, 0, len(s.f.Lines))}
	for i := range s.f.Lines {
		p.line(&s.f.Lines[i])
	}
	p.finish()
	s.checkBytes()
	s.f.Diagnostics.Sort()
	return s.f
}

type rfcParser struct {
	*scanner
	group    int  // current group, -1 before the first user-agent line
	seenRule bool // a rule was read since the group's last user-agent line
	// Every group's agents, rules and patterns are runs of these slices,
	// which grow once for the file instead of once per group; starts
	// holds where each group's runs begin.
	agents    []Agent
	rules     []Rule
	pats      []patFlags
	starts    []struct{ agent, rule int }
	firstSeen map[string]int // lower-cased token → first line naming it
}

func (p *rfcParser) line(l *Line) {
	src := p.f.Source
	p.near = l.Number - 1
	rec := splitRecord(src, l.Start, l.End)
	if rec.comment >= 0 {
		l.Comment = Span{rec.comment + 1, l.End}
	}
	switch {
	case rec.keyStart < 0 && !rec.colon:
		l.Kind = KindBlank
		if rec.comment >= 0 {
			l.Kind = KindComment
		}
		l.Group = p.group
		return
	case !rec.colon:
		p.noColon(l, rec)
		return
	case rec.keyStart < 0:
		l.Kind = KindInvalid
		p.report(l.Start, l.End, CodeInvalidLine, Warning, "RFC 9309 §2.2", "a line starting with ':' has no key and is ignored")
		return
	}
	l.Key, l.Value = Span{rec.keyStart, rec.keyEnd}, Span{rec.valueStart, rec.valueEnd}
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

// rfcKey returns the kind a key names. RFC 9309 §2.2 writes the keys as
// ABNF strings, which RFC 5234 §2.3 compares without case in US-ASCII
// only; the length picks the one key to compare.
func rfcKey(key string) Kind {
	switch len(key) {
	case len("allow"):
		if keyIs(key, "allow") {
			return KindAllow
		}
	case len("disallow"):
		if keyIs(key, "disallow") {
			return KindDisallow
		}
	case len("user-agent"):
		if keyIs(key, "user-agent") {
			return KindUserAgent
		}
	}
	return KindOther
}

// keyIs reports whether key is the lower-case key k, of the same length,
// without ASCII case. k holds only letters and '-', so setting bit 0x20
// lower-cases exactly: the only other byte it maps onto one of them is CR
// (to '-'), and a CR never stands inside a line.
func keyIs(key, k string) bool {
	for i := 0; i < len(k); i++ {
		if key[i]|0x20 != k[i] {
			return false
		}
	}
	return true
}

func (p *rfcParser) noColon(l *Line, rec record) {
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

func (p *rfcParser) userAgent(l *Line) {
	l.Kind = KindUserAgent
	if p.group < 0 || p.seenRule {
		p.f.Groups = append(p.f.Groups, Group{Index: len(p.f.Groups), FirstLine: l.Number})
		p.starts = append(p.starts, struct{ agent, rule int }{len(p.agents), len(p.rules)})
		p.group, p.seenRule = len(p.f.Groups)-1, false
	}
	g := &p.f.Groups[p.group]
	g.LastLine = l.Number
	l.Group = p.group
	tok, global, cut := extractToken(p.value(l))
	p.agents = append(p.agents, Agent{Line: l.Number, Value: p.value(l), Token: tok, Global: global})
	end := l.Value.End
	switch {
	case tok == "":
		p.report(l.Value.Start, end, CodeEmptyUserAgent, Warning, "RFC 9309 §2.2.1",
			"this user-agent line names no product token (letters, '-' and '_'), so it matches no crawler")
	case cut && !global:
		p.report(l.Value.Start+len(tok), end, CodeTokenCut, Warning, "RFC 9309 §2.2.1",
			"%q is read as the product token %q: a token holds only letters, '-' and '_' (write just %q)", p.value(l), tok, tok)
	case cut:
		p.report(l.Value.Start, end, CodeTokenCut, Info, "RFC 9309 §2.2.1; google/robotstxt robots.cc",
			"%q is read as '*', the global group", p.value(l))
	}
	if tok == "" {
		return
	}
	if p.firstSeen == nil {
		p.firstSeen = map[string]int{}
	}
	// The token is ASCII: lower-case it on the stack, and make a string of
	// it only to remember a token seen for the first time.
	var buf [64]byte
	key := append(buf[:0], tok...)
	for i, c := range key {
		key[i] = lowerByte(c)
	}
	if first, ok := p.firstSeen[string(key)]; ok && p.f.Lines[first-1].Group != p.group {
		p.reportMsg(l.Value.Start, end, CodeDuplicateAgent, Info, "RFC 9309 §2.2.1",
			p.arena.quoted("", tok, " is also named on line "+strconv.Itoa(first)+": the rules of both groups are merged"))
	} else if !ok {
		p.firstSeen[p.arena.string(key)] = l.Number
	}
}

func (p *rfcParser) rule(l *Line, allow bool) {
	l.Kind = Rule{Allow: allow}.Kind()
	if p.group < 0 {
		p.report(l.Start, l.End, CodeRuleOutsideGroup, Warning, "RFC 9309 §2.1",
			"this rule comes before any user-agent line, so it belongs to no group and applies to no crawler")
		return
	}
	p.seenRule = true
	l.Group = p.group
	g := &p.f.Groups[p.group]
	g.LastLine = l.Number
	v := p.value(l)
	cls := classify(v)
	norm, flags := v, cls.flags(v)
	if cls&clsChange != 0 || cls&clsDollar != 0 && strings.IndexByte(v, '$') < len(v)-1 {
		norm = normalizeIn(&p.arena, v, false)
		flags = patternFlags(norm)
	}
	p.rules = append(p.rules, Rule{Line: l.Number, Allow: allow, Pattern: v, Normalized: norm, Group: p.group})
	p.pats = append(p.pats, flags)
	p.checkPattern(l, cls)
	p.checkExposure(l)
}

// checkPattern reports what RFC 9309 §2.2.2 and §2.2.3 say of a pattern;
// cls tells which checks can find anything.
func (p *rfcParser) checkPattern(l *Line, cls byteClass) {
	v, at := p.value(l), l.Value.Start
	const sec = "RFC 9309 §2.2.2"
	if v == "" {
		p.report(l.Key.Start, l.End, CodeEmptyPattern, Info, sec,
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

func (p *rfcParser) other(l *Line) {
	l.Kind = KindOther
	l.Group = p.group
	lower := lowerKey(p.key(l))
	end := l.Value.End
	if lower == "sitemap" {
		if !isAbsoluteURL(p.value(l)) {
			p.reportMsg(l.Value.Start, end, CodeSitemapNotAbs, Warning, "RFC 9309 §2.2.4; sitemaps.org protocol",
				p.arena.quoted("a Sitemap must be an absolute URL (https://example.com/sitemap.xml); ", p.value(l), " is not"))
		}
		return
	}
	if msg, ok := nonStandardAdvice[lower]; ok {
		p.reportMsg(l.Key.Start, l.Key.End, CodeNonStandardRecord, Info, "RFC 9309 §2.2.4", msg)
		return
	}
	if k := googleKey(lower); k != "" {
		p.reportMsg(l.Key.Start, l.Key.End, CodeTypoKey, Warning, "RFC 9309 §2.2; google/robotstxt robots.cc",
			p.arena.quoted("", p.key(l), " is not a key RFC 9309 knows, so this line is ignored here; Google's parser reads it as \""+k+"\""))
		return
	}
	p.reportMsg(l.Key.Start, l.Key.End, CodeUnknownKey, Info, "RFC 9309 §2.2.4",
		p.arena.quoted("", p.key(l), " is not a record RFC 9309 defines; crawlers may ignore it"))
}

func (p *rfcParser) finish() {
	patterns := make([][]patFlags, len(p.f.Groups))
	for gi := range p.f.Groups {
		a, r := p.starts[gi].agent, p.starts[gi].rule
		aEnd, rEnd := len(p.agents), len(p.rules)
		if gi+1 < len(p.starts) {
			aEnd, rEnd = p.starts[gi+1].agent, p.starts[gi+1].rule
		}
		g := &p.f.Groups[gi]
		g.Agents, g.Rules = p.agents[a:aEnd:aEnd], p.rules[r:rEnd:rEnd]
		patterns[gi] = p.pats[r:rEnd:rEnd]
	}
	for _, g := range p.f.Groups {
		if len(g.Rules) == 0 {
			a := g.Agents[0]
			l := p.f.Lines[a.Line-1]
			p.report(l.Start, l.End, CodeEmptyGroup, Info, "RFC 9309 §2.2.1",
				"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
		}
	}
	p.f.ext = &rfcFile{patterns: patterns}
}

func isAbsoluteURL(s string) bool {
	return hasScheme(s) && len(s) > strings.Index(s, "://")+3
}
