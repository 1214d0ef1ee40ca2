// Package crawlercommons is the reading matcher.CrawlerCommons, behind matcher.Reader.
//
// CrawlerCommons is what crawler-commons' SimpleRobotRulesParser (git
// 8e14e27, 1.7-SNAPSHOT, run on Java 17) answers for
//
//	rules = new SimpleRobotRulesParser().parseContent(
//	    "http://example.com/robots.txt", bytes, "text/plain", [token.toLowerCase()])
//	rules.isAllowed(url)
//
// The bytes are decoded as UTF-8 (as UTF-16 after a UTF-16 byte-order
// mark), bad sequences read as U+FFFD, and split at CR, LF, U+0085, U+2028
// and U+2029. A line's key is found by prefix among the known directives and
// their typos, followed by a ':' or by white space. Consecutive user-agent
// lines make one group; the groups whose lower-cased value equals the token
// (or, for a value that is not a product token, whose leading token does)
// are merged, else the '*' groups; an empty file, or an HTML page without
// "user-agent:", allows everything. Patterns and the URL's path and query
// are percent-normalized alike (the URL's '*' and '$' encoded); the longest
// matching pattern wins, allow on a tie, and a rule ending in index.htm or
// index.html that does not match is tried again as its directory with '$'.
// /robots.txt is always allowed, unless the Crawl-delay that applies is
// over 300 seconds: then every URL is disallowed.
package crawlercommons

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/internal/java"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/internal/words"
)

const ccSource = "crawler-commons SimpleRobotRulesParser"

// ccMaxCrawlDelay is SimpleRobotRulesParser.DEFAULT_MAX_CRAWL_DELAY, in
// milliseconds; ccUnsetDelay is BaseRobotRules.UNSET_CRAWL_DELAY.
const (
	ccMaxCrawlDelay = 300000
	ccUnsetDelay    = math.MinInt64
)

// Reader is the CrawlerCommons reading; matcher/readings registers it.
type Reader struct{}

// ccFile is what the crawler-commons reading keeps beside the line model.
type ccFile struct {
	// events are the user-agent and Crawl-delay lines in file order: the
	// parser's state machine depends on the token, so it is replayed for
	// each token (see choice). delays are the values of the Crawl-delay
	// lines Java could read, which few files have.
	events []ccEvent
	delays []int64
	// pats are the flags of every rule's normalized pattern, in the order
	// of the file's array of rules (Group.Rules): one array for the file,
	// since a slice per group would add a 24-byte header to every group,
	// and a file of tiny lines has a group every few lines.
	pats []pattern.Flags
	// allowAll says why every URL is allowed whatever the token ("empty",
	// "html"), or is "".
	allowAll string
	// choices caches choices by token, as selections does (and, like it,
	// without a lock: a File is read by one goroutine at a time).
	choices map[string]*ccChoice
}

// A ccEvent is a line that moves the parser's state: a user-agent line
// (agent; index is its index in the group's Agents) or a Crawl-delay line
// (index is 1 + the index in ccFile.delays of its value in milliseconds,
// or 0 when Java could not read the value). 16 bytes: with the delay in
// each, an event would be 32, and a file of short lines has millions of
// user-agent lines and few Crawl-delay lines.
type ccEvent struct {
	group int32
	index int32
	line  int32
	agent bool
}

// UsedBy: Apache Nutch delegates robots.txt parsing to crawler-commons
// (NUTCH-1031, github.com/apache/nutch commit 9bade80); Apache
// StormCrawler parses with SimpleRobotRulesParser (its
// core/src/main/java/org/apache/stormcrawler/protocol/RobotRulesParser.java),
// after setMaxCrawlDelay(Long.MAX_VALUE).
// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.CrawlerCommons,
	Title:   "crawler-commons",
	Mirrors: "crawler-commons SimpleRobotRulesParser (8e14e27, 1.7-SNAPSHOT)",
	UsedBy:  "Apache Nutch (NUTCH-1031); Apache StormCrawler (RobotRulesParser), which lifts the 300-second Crawl-delay limit",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// The diagnostic codes only this reading gives.
const (
	codeNotRobots  matcher.Code = "not-robots"  // an HTML page: no rules are read, or tags are removed
	codeCrawlDelay matcher.Code = "crawl-delay" // a Crawl-delay that changes or cannot change the verdict
)

// ReadTarget reads a URL as isAllowed does: it takes any string to
// java.net.URI and java.net.URL (SimpleRobotRules.getPath; ccRequestPath),
// and checks "/" where they throw, so no URL is refused before it: a
// string without a scheme ("/a", "//host/a", "?q") is not absolute, so
// toURL throws, and "/" is checked.
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	// About as many lines as there are '\n' bytes, in UTF-8 and UTF-16.
	s := matcher.NewScanner(matcher.CrawlerCommons, src, text, o)
	f := s.File
	p := &ccParser{Scanner: s, group: -1, ext: &ccFile{}}
	p.run()
	s.CheckBytes()
	if p.utf16 {
		// The bytes are UTF-16, which checkBytes reads as bad UTF-8.
		s.DropDiagnostics(matcher.CodeInvalidUTF8)
		s.DropDiagnostics(matcher.CodeNUL)
	}
	f.SetExt(p.ext)
	f.Diagnostics = s.SortedDiagnostics()
	return f
}

type ccParser struct {
	*matcher.Scanner
	ext      *ccFile
	group    int  // the group being built, -1 before the first user-agent line
	finished bool // a rule came since the last user-agent line (_finishedAgentFields)
	html     bool // strip HTML tags from each line
	utf16    bool
	lines    int // the lines read so far
}

func (p *ccParser) run() {
	src := p.File.Source
	doc := p.decode(src)
	if len(src) == 0 {
		p.ext.allowAll = "empty"
		return
	}
	switch tag, end, hasAgent := ccLooksHTML(doc.S); {
	case tag >= 0 && !hasAgent:
		p.ext.allowAll = "html"
		p.Report(doc.At(tag), doc.At(end), codeNotRobots, matcher.Warning, ccSource+" (parseContent)",
			"this looks like an HTML page (<html>, <head> or <body>) with no \"user-agent:\": crawler-commons reads no rules from it and allows every URL")
	case tag >= 0:
		p.html = true
		p.Report(doc.At(tag), doc.At(end), codeNotRobots, matcher.Info, ccSource+" (parseContent)",
			"this file holds HTML tags: crawler-commons removes every <…> from each line before reading it")
	}
	p.split(doc)
	for gi := range p.File.Groups {
		if p.File.Groups[gi].Rules.Len() == 0 {
			l := p.File.Line(int(p.File.Groups[gi].FirstLine) - 1)
			p.Report(int(l.Start), int(l.End), matcher.CodeEmptyGroup, matcher.Info, ccSource,
				"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
		}
	}
}

// decode turns the bytes into text as parseContent does: a UTF-8
// byte-order mark is skipped, a UTF-16 one selects UTF-16.
func (p *ccParser) decode(src []byte) java.Text {
	switch {
	case len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF:
		p.File.BOM = 3
		return java.DecodeUTF8(src, p.Text, 3)
	case len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF):
		p.utf16 = true
		p.Report(0, 2, matcher.CodeBOM, matcher.Info, ccSource+" (parseContent)",
			"a UTF-16 byte-order mark starts the file: crawler-commons decodes the whole file as UTF-16")
		return java.DecodeUTF16(src, 2, src[0] == 0xFF)
	}
	return java.DecodeUTF8(src, p.Text, 0)
}

// ccLooksHTML reports what parseContent looks for in the whole text: the
// first "<html>", "<head>" or "<body>" tag, [tag, end) (ASCII case
// ignored, white space allowed before '>'; tag is -1 when there is none),
// and whether "user-agent:" occurs.
func ccLooksHTML(s string) (tag, end int, agent bool) {
	for i := strings.IndexByte(s, '<'); i >= 0; {
		rest := s[i+1:]
		if len(rest) >= 4 && (ascii.EqualFold(rest[:4], "html") || ascii.EqualFold(rest[:4], "head") || ascii.EqualFold(rest[:4], "body")) {
			j := 4
			for j < len(rest) && ascii.IsSpace(rest[j]) {
				j++
			}
			if j < len(rest) && rest[j] == '>' {
				return i, i + j + 2, strings.Contains(ascii.Lower(s), "user-agent:")
			}
		}
		next := strings.IndexByte(rest, '<')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return -1, -1, false
}

// split cuts the text into lines where java.util.StringTokenizer does (CR,
// LF, U+0085, U+2028, U+2029; CR LF is one break here) and reads each.
func (p *ccParser) split(doc java.Text) {
	s := doc.S
	start := 0
	for i := 0; i <= len(s); {
		n := ccBreak(s, i)
		if n == 0 {
			i++
			continue
		}
		p.newLine(doc, start, i)
		if i == len(s) {
			break
		}
		i += n
		start = i
	}
}

// ccBreak is the length of the line break at s[i:], 0 when there is none;
// the end of the text counts as a break.
func ccBreak(s string, i int) int {
	switch {
	case i == len(s):
		return -1
	case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
		return 2
	case s[i] == '\r' || s[i] == '\n':
		return 1
	case strings.HasPrefix(s[i:], "\u0085"):
		return len("\u0085")
	case strings.HasPrefix(s[i:], "\u2028"), strings.HasPrefix(s[i:], "\u2029"):
		return len("\u2028")
	}
	return 0
}

func (p *ccParser) newLine(doc java.Text, a, b int) {
	if a == b && b == len(doc.S) && a > 0 {
		return // the text ends with a break: no line after it
	}
	start, end := doc.At(a), doc.At(b)
	p.Pace(p.lines)
	p.lines++
	p.line(p.BeginLine(start, end), doc.Slice(a, b))
	p.EndLine()
}

// line reads one line: HTML tags go when the file has them, then the
// comment from the first '#', then white space at both ends (String.trim).
func (p *ccParser) line(l *matcher.Line, t java.Text) {
	l.Group = int32(p.group)
	if p.html {
		t = ccStripTags(t)
	}
	if h := strings.IndexByte(t.S, '#'); h >= 0 {
		l.Comment = matcher.SpanOf(t.At(h+1), int(l.End))
		t = t.Slice(0, h)
		l.Kind = matcher.KindComment
	}
	a, b := java.Trim(t.S)
	if a == b {
		if l.Comment.Start == l.Comment.End && l.Comment.Start == l.End {
			l.Kind = matcher.KindBlank
		}
		return
	}
	t = t.Slice(a, b)
	k, ok := ccTokenize(t.S)
	if !ok {
		p.unknown(l, t)
		return
	}
	l.Key = matcher.SpanOf(t.At(0), t.At(k.KeyEnd))
	l.Value = matcher.SpanOf(t.At(k.ValueStart), t.At(len(t.S)))
	value := t.S[k.ValueStart:]
	p.checkKey(l, t.S[:k.KeyEnd], k)
	switch k.name {
	case "user-agent":
		p.userAgent(l, value)
	case "allow", "disallow":
		p.rule(l, k.name == "allow", value)
	case "crawl-delay":
		l.Kind = matcher.KindOther
		p.crawlDelay(l, value)
	default:
		l.Kind = matcher.KindOther
	}
}

// ccStripTags removes what the pattern <[^>]+> matches, left to right.
func ccStripTags(t java.Text) java.Text {
	if strings.IndexByte(t.S, '<') < 0 {
		return t
	}
	b := java.NewBuilder(len(t.S) + 1)
	last := 0
	for i := 0; i < len(t.S); i++ {
		if t.S[i] != '<' {
			continue
		}
		j := strings.IndexByte(t.S[i+1:], '>')
		if j < 0 {
			break // no '>' after: no later '<' closes either
		}
		if j == 0 {
			continue // "<>" holds nothing
		}
		b.Keep(t, last, i)
		i += 1 + j
		last = i + 1
	}
	b.Keep(t, last, len(t.S))
	return b.Text(t.At(len(t.S)))
}

// A ccKey is a spelling SimpleRobotRulesParser accepts at the start of a
// line, and the directive it stands for.
type ccKey struct {
	spelling, name string
	prefix         bool // ACAP-: any word may follow the spelling
}

// ccKeys are the directives SimpleRobotRulesParser knows (RobotDirective)
// and the typos it accepts (DIRECTIVE_PREFIX), shortest first: the first
// whose spelling starts the line (ASCII case ignored) and is followed by a
// separator wins.
var ccKeys = func() []ccKey {
	keys := []ccKey{{spelling: "acap-", name: "acap-", prefix: true}}
	for name, spellings := range map[string]string{
		"user-agent":    "user-agent useragent useg-agent ser-agent users-agent user_agent user-agnet user-agents",
		"disallow":      "disallow desallow dissallow dissalow disalow dssalow dsallow diasllow disallaw diallow disallows disllow",
		"allow":         "allow",
		"crawl-delay":   "crawl-delay crawl_delay clawl-delay craw-delay crawl-deley",
		"sitemap":       "sitemap sitemaps",
		"http":          "http https",
		"host":          "host",
		"no-index":      "no-index",
		"request-rate":  "request-rate",
		"visit-time":    "visit-time",
		"robot-version": "robot-version",
		"comment":       "comment",
	} {
		for _, sp := range strings.Fields(spellings) {
			keys = append(keys, ccKey{spelling: strings.ReplaceAll(sp, "_", " "), name: name})
		}
	}
	// Shortest first; among equal lengths at most one can start a line,
	// but sort by spelling too so that the order never varies.
	slices.SortFunc(keys, func(a, b ccKey) int {
		return cmp.Or(cmp.Compare(len(a.spelling), len(b.spelling)), strings.Compare(a.spelling, b.spelling))
	})
	return keys
}()

// A ccToken is a line read by SimpleRobotRulesParser.tokenize: the
// directive, where its key ends and its value starts.
type ccToken struct {
	ccKey
	KeyEnd, ValueStart int
	blank              bool // the value follows white space, not ':'
}

// ccTokenize finds the directive of a trimmed line.
func ccTokenize(line string) (ccToken, bool) {
	for _, k := range ccKeys {
		n := len(k.spelling)
		if len(line) < n || !ascii.EqualFold(line[:n], k.spelling) {
			continue
		}
		rest := n
		if k.prefix {
			i := strings.IndexAny(line[n:], ": \t")
			if i == 0 {
				continue
			}
			if i < 0 {
				i = len(line) - n
			}
			rest += i
		}
		if v, blank, ok := ccSeparator(line, rest); ok {
			return ccToken{ccKey: k, KeyEnd: rest, ValueStart: v, blank: blank}, true
		}
	}
	return ccToken{}, false
}

// ccSeparator reads what follows a key at line[i:]: spaces and tabs, a ':'
// and spaces and tabs, or at least one space or tab. It returns where the
// value starts, past the white space String.trim removes.
func ccSeparator(line string, i int) (value int, blank, ok bool) {
	j := i
	for j < len(line) && ascii.IsWS(line[j]) {
		j++
	}
	switch {
	case j < len(line) && line[j] == ':':
		j++
	case j > i:
		blank = true
	default:
		return 0, false, false
	}
	for j < len(line) && line[j] <= ' ' {
		j++
	}
	return j, blank, true
}

// checkKey reports a key read through a typo or without its colon.
func (p *ccParser) checkKey(l *matcher.Line, key string, k ccToken) {
	if !strings.EqualFold(key, k.name) && k.name != "http" && !k.prefix {
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeTypoKey, matcher.Warning, ccSource+" (DIRECTIVE_PREFIX)",
			"%q is read by crawler-commons as %q (it accepts a list of common typos); RFC 9309 parsers ignore this line", key, k.name)
	}
	if k.blank {
		p.Report(int(l.Key.Start), int(l.Value.End), matcher.CodeMissingColon, matcher.Warning, ccSource+" (tokenize)",
			"no ':' after %q: crawler-commons reads the rest of the line as its value; RFC 9309 parsers ignore the line", key)
	}
}

// unknown classifies a line with no directive crawler-commons knows.
func (p *ccParser) unknown(l *matcher.Line, t java.Text) {
	c := strings.IndexByte(t.S, ':')
	if c < 0 {
		l.Kind = matcher.KindInvalid
		p.Report(int(l.Start), int(l.End), matcher.CodeInvalidLine, matcher.Warning, ccSource+" (tokenize)",
			"not a directive crawler-commons knows: it ignores the line")
		return
	}
	l.Kind = matcher.KindOther
	ka, kb := java.Trim(t.S[:c])
	va, vb := java.Trim(t.S[c+1:])
	l.Key = matcher.SpanOf(t.At(ka), t.At(kb))
	l.Value = matcher.SpanOf(t.At(c+1+va), t.At(c+1+vb))
	p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, ccSource+" (tokenize)",
		"crawler-commons does not know %q: it ignores the line", t.S[ka:kb])
}

func (p *ccParser) userAgent(l *matcher.Line, value string) {
	l.Kind = matcher.KindUserAgent
	if p.group < 0 || p.finished {
		p.group, p.finished = p.File.AddGroup(l.Number), false
	}
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	l.Group = int32(p.group)
	// handleUserAgent compares the value trimmed and lower-cased
	// (toLowerCase(Locale.ROOT), which pyLower matches: İ becomes i̇,
	// and a final Σ becomes ς).
	name := py.Lower(value)
	p.File.AppendAgent(&g.Agents, p.File.NewAgent(l.Number, value, name, name == "*"))
	p.ext.events = append(p.ext.events, ccEvent{agent: true, group: int32(p.group), index: int32(g.Agents.Len() - 1), line: l.Number})
	at, end := int(l.Value.Start), int(l.Value.End)
	switch {
	case name == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, ccSource+" (handleUserAgent)",
			"an empty user-agent value names no crawler: crawler-commons skips it")
	case strings.HasPrefix(name, "*") && name != "*":
		p.Report(at, end, matcher.CodeTokenCut, matcher.Warning, ccSource+" (handleUserAgent)",
			"crawler-commons reads only a bare '*' as the global agent: %q names no crawler", value)
	case !matcher.ValidToken(name) && name[0] < 0x80 && ascii.IsTokenByte(name[0]):
		p.Report(at, end, matcher.CodeTokenCut, matcher.Info, ccSource+" (userAgentProductTokenPartialMatch)",
			"%q is not a product token: crawler-commons matches it by its leading token %q", value, ccLeadingToken(name))
	}
}

// ccLeadingToken is the leading run of [a-zA-Z_-] of s (USER_AGENT_PRODUCT_TOKEN_MATCHER.lookingAt).
func ccLeadingToken(s string) string {
	i := 0
	for i < len(s) && ascii.IsTokenByte(s[i]) {
		i++
	}
	return s[:i]
}

func (p *ccParser) rule(l *matcher.Line, allow bool, value string) {
	l.Kind = matcher.RuleKind(allow)
	p.finished = true
	if p.group < 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, ccSource+" (handleAllow, handleDisallow)",
			"this rule comes before any user-agent line, so crawler-commons ignores it")
		return
	}
	l.Group = int32(p.group)
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	norm := ccEscape(ccUnescape(value), false)
	p.File.AppendRule(&g.Rules, p.File.NewRule(l, allow, norm))
	p.ext.pats = append(p.ext.pats, pattern.FlagsOf(norm))
	switch at := int(l.Value.Start); {
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, ccSource+" (handleAllow, handleDisallow)",
			"crawler-commons ignores an empty %s: it has no effect", l.Kind)
	case strings.IndexByte(norm, '$') >= 0 && strings.IndexByte(norm, '$') < len(norm)-1:
		p.Report(at, int(l.Value.End), matcher.CodeDollarInside, matcher.Info, ccSource+" (SimpleRobotRules.ruleMatches)",
			"crawler-commons reads '$' as the end of the path only as the last character; a '$' before it is compared literally, and never matches, since the URL's '$' is encoded as %%24")
	}
}

func (p *ccParser) crawlDelay(l *matcher.Line, value string) {
	e := ccEvent{group: int32(p.group), line: l.Number}
	delay, ok := ccParseDelay(value)
	if ok {
		p.ext.delays = append(p.ext.delays, delay)
		e.index = int32(len(p.ext.delays))
	}
	p.ext.events = append(p.ext.events, e)
	switch {
	case value != "" && !ok:
		p.Report(int(l.Value.Start), int(l.Value.End), codeCrawlDelay, matcher.Info, ccSource+" (handleCrawlDelay)",
			"crawler-commons cannot read %q as a number of seconds: it ignores this Crawl-delay", value)
	case ok && delay > ccMaxCrawlDelay:
		p.Report(int(l.Value.Start), int(l.Value.End), codeCrawlDelay, matcher.Warning, ccSource+" (parseContent, DEFAULT_MAX_CRAWL_DELAY)",
			"a Crawl-delay over 300 seconds: crawler-commons disallows every URL to the crawlers this Crawl-delay applies to")
	}
}

// ccParseDelay reads a Crawl-delay value as handleCrawlDelay does, in
// milliseconds: with a '.', Double.parseDouble times 1000 rounded
// (Math.round); without, Integer.parseInt times 1000.
func ccParseDelay(v string) (int64, bool) {
	if v == "" {
		return 0, false
	}
	if strings.IndexByte(v, '.') >= 0 {
		d, ok := java.ParseDouble(v)
		return java.Round(float64(d * 1000.0)), ok
	}
	n, ok := java.ParseInt(v)
	return n * 1000, ok
}

// A ccChoice is what the parser's state machine gives for one token: the
// groups whose rules it kept and the Crawl-delay it kept.
type ccChoice struct {
	sel       *matcher.Selection
	name      string // the token as the caller passes it: lower-cased
	raises    bool   // parseContent refuses the token
	delay     int64
	delayLine int // the line whose Crawl-delay is kept, or 0
	dropped   bool
}

func (x *ccFile) choice(f *matcher.File, token string) *ccChoice {
	if c, ok := x.choices[token]; ok {
		return c
	}
	c := ccChoose(f, x, token)
	if len(x.choices) < matcher.MaxSelections {
		if x.choices == nil {
			x.choices = map[string]*ccChoice{}
		}
		x.choices[token] = c
	}
	return c
}

// ccState is SimpleRobotRulesParser's ParseState, for the lines that move
// it.
type ccState struct {
	real, wild, adding, addingDelay, delayReal bool
}

// ccChoose replays the parser's handling of user-agent and Crawl-delay
// lines for token: a '*' line selects its group while no group named the
// token; a line naming the token selects its group and, the first time,
// drops what the '*' groups gave; a user-agent line after rules starts a
// new group and stops the adding.
func ccChoose(f *matcher.File, x *ccFile, token string) *ccChoice {
	c := &ccChoice{name: py.Lower(token), delay: ccUnsetDelay}
	tr := matcher.GroupTrace{Token: token}
	switch {
	case c.name == "*":
		c.raises = true
		tr.Summary = "crawler-commons refuses '*' as a product token: parseContent throws IllegalArgumentException, so there is no verdict."
	case x.allowAll == "empty":
		tr.Summary = "The file is empty: crawler-commons reads no groups and allows every URL."
	case x.allowAll == "html":
		tr.Summary = "crawler-commons reads no groups from an HTML page without \"user-agent:\" and allows every URL."
	}
	if tr.Summary != "" {
		c.sel = matcher.NewSelection(f, tr)
		return c
	}
	var st ccState
	var selected []int
	tr.Agents = f.AgentMatches()
	last := -1
	for _, e := range x.events {
		if !e.agent {
			if st.addingDelay && e.index > 0 {
				c.setDelay(&st, x.delays[e.index-1], e.line)
			}
			st.addingDelay = false
			continue
		}
		gi := int(e.group)
		if gi != last && st.adding {
			st.adding, st.addingDelay = false, false
		}
		last = gi
		a := f.AgentText(f.AgentsOf(f.Groups[gi])[e.index])
		m := matcher.UserAgentMatch{Agent: a, Group: gi}
		switch {
		case a.Token == "":
			m.How = "an empty value: crawler-commons skips it"
		case a.Token == "*" && !st.real:
			st.wild, st.adding, st.addingDelay = true, true, true
			selected = matcher.AppendOnce(selected, gi)
			m.Matched, m.How = true, "'*': its group applies while no group names the token"
		case ccNames(a.Token, c.name):
			if st.wild {
				selected, c.delay, c.delayLine, c.dropped = nil, ccUnsetDelay, 0, true
				ccDropWild(tr.Agents)
			}
			st.real, st.adding, st.addingDelay, st.wild = true, true, true, false
			selected = matcher.AppendOnce(selected, gi)
			m.Matched = true
			m.How = ccHowNamed(a.Token, c.name)
		case a.Token == "*":
			m.How = "'*' is not used once a group named the token"
		default:
			m.How = fmt.Sprintf("%q is not %q", a.Token, c.name)
		}
		tr.Agents = append(tr.Agents, m)
	}
	tr.Selected, tr.Global, tr.Merged = selected, st.wild && !st.real, len(selected) > 1
	tr.Summary = ccSummary(f, tr, c)
	c.sel = matcher.NewSelection(f, tr)
	return c
}

// ccNames is handleUserAgent's test with exact matching: the lower-cased
// value equals the token, or, when it is not a product token, its leading
// product token does ("foo/1.2" and "foo bar" name foo).
func ccNames(agent, name string) bool {
	if agent == name {
		return true
	}
	lead := ccLeadingToken(agent)
	return !matcher.ValidToken(agent) && lead != "" && lead == name
}

func ccHowNamed(agent, name string) string {
	if agent == name {
		return fmt.Sprintf("%q equals %q", agent, name)
	}
	return fmt.Sprintf("%q starts with the product token %q", agent, name)
}

// ccDropWild marks the '*' lines matched so far as no longer applying: a
// group naming the token clears the rules gathered for '*'.
func ccDropWild(agents []matcher.UserAgentMatch) {
	for i := range agents {
		if agents[i].Matched && agents[i].Agent.Global {
			agents[i].Matched = false
			agents[i].How = "'*': its rules were dropped when a later group named the token"
		}
	}
}

// setDelay is ParseState.setCrawlDelay: the first value read for the
// named crawler replaces the '*' groups' one; otherwise the shortest wins.
func (c *ccChoice) setDelay(st *ccState, delay int64, line int32) {
	switch {
	case st.real && !st.delayReal, !st.real && c.delay == ccUnsetDelay, c.delay > delay:
		c.delay, c.delayLine = delay, int(line)
	}
	if st.real {
		st.delayReal = true
	}
}

func ccSummary(f *matcher.File, tr matcher.GroupTrace, c *ccChoice) string {
	who := strconv.Quote(c.name)
	if c.name != tr.Token {
		who += fmt.Sprintf(" (%q lower-cased, as crawler-commons requires)", tr.Token)
	}
	switch {
	case len(f.Groups) == 0:
		return "The file has no groups, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No group names %s and there is no * group, so no rules apply: everything is allowed.", who)
	case tr.Global:
		verb := "applies"
		if tr.Merged {
			verb = "apply, merged"
		}
		return fmt.Sprintf("No group names %s, so the * %s %s.", who, matcher.GroupWords(f, tr.Selected), verb)
	}
	s := fmt.Sprintf("%s is named by the %s.", words.Capitalize(who), matcher.GroupWords(f, tr.Selected))
	if tr.Merged {
		s += " Their rules are merged into one group."
	}
	if c.dropped {
		s += " The rules of the * group read before it are dropped."
	}
	return s
}

// Evaluate is SimpleRobotRules.isAllowed. It is no
// matcher.StrongestDecider: ruleMatches places the last segment of a
// pattern ending in '$' after a star at its leftmost place only (ccMatch),
// so pattern.Decider, which matches as Pattern.Match does, would find
// rules that crawler-commons does not match.
func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	x, _ := f.Ext().(*ccFile)
	if x == nil {
		x = &ccFile{}
	}
	res.Path, res.Steps = ccRequestPath(t)
	c := x.choice(f, token)
	res.Groups, res.Diagnostics = c.sel.Trace, c.sel.Diags
	switch {
	case x.allowAll != "":
		res.Allowed, res.Reason = true, matcher.ReasonNotRobots
	case c.raises:
		res.Reason = matcher.ReasonRaises
	case c.delay > ccMaxCrawlDelay:
		res.Reason = matcher.ReasonCrawlDelay
	default:
		viaIndex := ccMatches(f, x, res)
		res.DecideLongest()
		switch {
		case res.Path == "/robots.txt":
			res.Allowed, res.Reason, res.Winner, res.RunnerUp = true, matcher.ReasonRobotsTxt, -1, -1
		case res.Winner >= 0 && viaIndex[res.Winner]:
			res.Reason = matcher.ReasonIndexHTML
		}
	}
	res.Explanation = ccExplain(f, res, c)
	return res
}

// ccMatches adds the matching rules of the applying groups to res, and
// Says for each whether it matched only through the index.htm rule.
func ccMatches(f *matcher.File, x *ccFile, res *matcher.Result) []bool {
	var viaIndex []bool
	for _, gi := range res.Groups.Selected {
		g := f.Groups[gi]
		rules := f.RulesOf(g)
		for ri := range rules {
			r := &rules[ri]
			norm := f.NormalizedRule(r)
			if norm == "" {
				continue // an empty rule is never added (handleAllow, handleDisallow)
			}
			m := f.MatchOf(r)
			m.Steps = ccPatternSteps(m.Pattern, norm)
			index := false
			if ccMatch(x.pats[int(g.Rules.Start)+ri].Pattern(norm), res.Path) {
				m.Priority = len(norm)
			} else if dir, ok := ccIndexDirectory(norm); ok && ccMatch(pattern.Compile(dir), res.Path) {
				m.Priority, index = len(dir), true
				m.Steps = append(m.Steps, matcher.Step{Input: norm, Output: dir,
					Rule:   "a rule ending in index.htm or index.html that does not match is tried again as the text before index.htm followed by '$'",
					Source: ccSource + " (SimpleRobotRules.isAllowedPath)"})
			} else {
				continue
			}
			viaIndex = matcher.KeepBeside(viaIndex, res.AddMatch(f, m), index)
		}
	}
	return viaIndex
}

// ccIndexDirectory is the pattern isAllowedPath tries for a rule, allow or
// disallow, ending in index.htm or index.html: what comes before the first
// "index.htm", then '$'.
func ccIndexDirectory(p string) (string, bool) {
	if !strings.HasSuffix(p, "index.htm") && !strings.HasSuffix(p, "index.html") {
		return "", false
	}
	return p[:strings.Index(p, "index.htm")] + "$", true
}

// ccMatch is SimpleRobotRules.ruleMatches. It places each segment between
// stars at its leftmost place, as pattern.match does, and differs from it
// only for a pattern that ends in '$' after a star: crawler-commons also
// takes the leftmost place of the last segment and does not look further,
// so "/*.php$" does not match "/a.php.php". O(path × pattern).
func ccMatch(c pattern.Pattern, path string) bool {
	if !c.Anchored || !c.Star {
		return c.Match(path)
	}
	star := strings.IndexByte(c.Body, '*')
	if !strings.HasPrefix(path, c.Body[:star]) {
		return false
	}
	pos, rest := star, c.Body[star+1:]
	for {
		star = strings.IndexByte(rest, '*')
		if star < 0 {
			break
		}
		if seg := rest[:star]; seg != "" {
			i := strings.Index(path[pos:], seg)
			if i < 0 {
				return false
			}
			pos += i + len(seg)
		}
		rest = rest[star+1:]
	}
	if rest == "" {
		return true // the pattern ends in "*$": anything may follow
	}
	i := strings.Index(path[pos:], rest)
	return i >= 0 && pos+i+len(rest) == len(path)
}

const (
	ccSrcURL      = "java.net.URI, java.net.URL (SimpleRobotRules.getPath)"
	ccSrcUnescape = "crawler-commons BasicURLNormalizer.unescapePath"
	ccSrcEscape   = "crawler-commons BasicURLNormalizer.escapePath"
)

// ccRequestPath is what isAllowed compares: the URL's path and query as
// java.net.URL reads them ("/" when java.net.URI refuses the URL), with
// %XX of unreserved characters decoded, other %XX upper-cased, and what may
// not stand raw, '*' and '$' included, percent-encoded.
func ccRequestPath(t *matcher.Target) (string, []matcher.Step) {
	p := &py.Stepper{S: py.TargetInput(t)}
	path, bad, ok := ccGetPath(p.S)
	if ok {
		p.Do("the path and query are taken from the URL (scheme, host and fragment dropped); an empty path is /", ccSrcURL, path)
	} else {
		why := "it is not an absolute URL of a scheme java.net.URL knows"
		if bad >= 0 {
			r := []rune(p.S[bad:])[0]
			why = fmt.Sprintf("java.net.URI refuses %s at index %d", py.QuoteRune(r), bad)
		}
		p.Do("the URL cannot be read ("+why+"), so isAllowed checks / instead", ccSrcURL, "/")
	}
	p.Do("each %XX of a letter, digit, '-', '.', '_' or '~' is decoded, other %XX are upper-cased", ccSrcUnescape, ccUnescape(p.S))
	p.Do("non-ASCII characters (as UTF-8), controls, space, \" # < > [ ] ^ ` { | } and DEL are percent-encoded, and so are * and $, so that only a pattern's %2A and %24 match them; a % that starts no %XX becomes %25",
		ccSrcEscape, ccEscape(p.S, true))
	return p.S, p.Steps
}

// ccGetPath is what SimpleRobotRules.getPath reads of a URL string: the
// path java.net.URL gives ("/" when it is empty), and "?" and the query
// when there is one. ok is false where Java throws; bad is then the index
// of the character java.net.URI refuses, or -1.
func ccGetPath(url string) (path string, bad int, ok bool) {
	u, bad, ok := java.URLPath(url)
	if !ok {
		return "", bad, false
	}
	path = u.Path
	if path == "" {
		path = "/"
	}
	if u.HasQuery {
		path += "?" + u.Query
	}
	return path, -1, true
}

// ccPatternSteps are the steps from a pattern as written to the form the
// reading compares, norm. A line that was decoded from UTF-16 or had HTML
// tags removed reads differently from its bytes: one step then says so.
func ccPatternSteps(written, norm string) []matcher.Step {
	p := &py.Stepper{S: written}
	p.Do("each %XX of a letter, digit, '-', '.', '_' or '~' is decoded, other %XX are upper-cased", ccSrcUnescape, ccUnescape(written))
	p.Do("non-ASCII characters (as UTF-8), controls, space, \" # < > [ ] ^ ` { | } and DEL are percent-encoded; a % that starts no %XX becomes %25", ccSrcEscape, ccEscape(p.S, false))
	if p.S != norm {
		return []matcher.Step{{Input: written, Output: norm, Rule: "the line as crawler-commons read it (decoded, HTML tags removed), percent-normalized", Source: ccSource}}
	}
	return p.Steps
}

func ccExplain(f *matcher.File, res *matcher.Result, c *ccChoice) string {
	x, _ := f.Ext().(*ccFile)
	switch res.Reason {
	case matcher.ReasonNotRobots:
		if x != nil && x.allowAll == "empty" {
			return "Allowed: the file is empty, so crawler-commons allows every URL."
		}
		return "Allowed: the file looks like an HTML page (an <html>, <head> or <body> tag and no \"user-agent:\"), so crawler-commons reads no rules and allows every URL."
	case matcher.ReasonRaises:
		return "No verdict: " + res.Groups.Summary + " Shown as disallowed, since a crawler whose check fails fetches nothing."
	case matcher.ReasonCrawlDelay:
		return fmt.Sprintf("Disallowed: the Crawl-delay on line %d (%s) applies to this crawler and is over crawler-commons' limit of 300 seconds, so it disallows every URL, /robots.txt too.",
			c.delayLine, ccSeconds(c.delay))
	case matcher.ReasonRobotsTxt:
		return "Allowed: crawler-commons always allows /robots.txt itself."
	case matcher.ReasonIndexHTML:
		w := res.Matches[res.Winner]
		dir := w.Steps[len(w.Steps)-1].Output
		verdict := "Allowed"
		if !res.Allowed {
			verdict = "Disallowed"
		}
		return fmt.Sprintf("%s by %s: crawler-commons tries a rule ending in index.htm… that does not match again as %s, which matches %s (%s).",
			verdict, matcher.RuleText(f, w.Rule), dir, res.Path, words.Octets(w.Priority))
	}
	return matcher.Explain(f, res)
}

func ccSeconds(ms int64) string {
	if ms%1000 == 0 {
		return fmt.Sprintf("%d seconds", ms/1000)
	}
	return fmt.Sprintf("%.3f seconds", float64(ms)/1000)
}

// wholeFileSentence names, for compare, a decision crawler-commons takes
// for every URL at once, before any rule is matched.
func wholeFileSentence(a, b *matcher.Result) (string, bool) {
	for _, pair := range [][2]*matcher.Result{{a, b}, {b, a}} {
		switch pair[0].Reason {
		case matcher.ReasonCrawlDelay:
			return fmt.Sprintf("%s disallows every URL when the Crawl-delay that applies is over 300 seconds; %s reads the rules.", pair[0].Reading, pair[1].Reading), true
		case matcher.ReasonNotRobots:
			return fmt.Sprintf("%s reads no rules from an empty file or an HTML page without \"user-agent:\" and allows every URL; %s reads the file.", pair[0].Reading, pair[1].Reading), true
		}
	}
	return "", false
}

var crawlerCommonsChoices = compare.Choices{
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Agent: func(value, token string) (bool, bool) {
		v := py.Lower(value)
		return v != "" && v != "*" && ccNames(v, py.Lower(token)), v == "*"
	},
	Index: func(p string, _ bool) (string, bool) { return ccIndexDirectory(p) },
	Match: func(pat, path string) bool {
		return !compare.RejectsByPrefix(pat, path) && ccMatch(pattern.Compile(pat), path)
	},
	Path: func(t *matcher.Target) (string, bool) {
		p, _ := ccRequestPath(t)
		return p, true
	},
	Pattern: func(v string) (string, bool) { return ccEscape(ccUnescape(v), false), true },
	Special: func(res, other *matcher.Result) (compare.Factor, string, bool) {
		if s, ok := wholeFileSentence(res, other); ok {
			return compare.FactorWholeFile, s, true
		}
		return unreadURLSentence(res)
	},
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "finds a key by prefix among the known keys and their typos, followed by ':' or white space (crawler-commons)",
		compare.FactorTokenMatching: "compares the lower-cased value with the token, or, for a value that is no product token, its leading token (crawler-commons)",
		compare.FactorIndexHTML:     "lets a rule, allow or disallow, ending in index.htm or index.html also stand for its directory (crawler-commons)",
		compare.FactorWildcards:     "reads '*' as any run, but looks for the text after the last '*' of a pattern ending in '$' only at its first place (crawler-commons)",
		compare.FactorNormalization: "decodes unreserved %XX and encodes '*' and '$' in the URL, so only a pattern's %2A and %24 match them (crawler-commons)",
	}),
}

// unreadURLSentence says, when java.net.URL cannot read the URL string of
// res, that isAllowed checked "/" instead (SimpleRobotRules.getPath): a
// path without a scheme and host is what such a difference most often
// comes from, and a full URL is the way to ask crawler-commons about it.
func unreadURLSentence(res *matcher.Result) (compare.Factor, string, bool) {
	in := py.TargetInput(res.Target)
	if _, _, ok := ccGetPath(in); ok {
		return "", "", false
	}
	s := fmt.Sprintf("crawler-commons cannot read \"%s\" as a URL (java.net.URL needs a scheme it knows), so isAllowed checks \"/\" instead", in)
	if strings.HasPrefix(in, "/") && !strings.HasPrefix(in, "//") {
		s += "; give the full URL, such as https://example.com" + in + ", to ask it about that path"
	}
	return compare.FactorURL, s + ".", true
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &crawlerCommonsChoices }

// ccUnescape is BasicURLNormalizer.unescapePath: each %XX of a letter,
// digit, '-', '.', '_' or '~' is decoded, every other %XX is upper-cased.
func ccUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if pattern.IsEscape(s, i) {
			c := pattern.Unhex(s[i+1])<<4 | pattern.Unhex(s[i+2])
			if pattern.IsUnreserved(c) {
				sb.WriteByte(c)
			} else {
				sb.WriteString(strings.ToUpper(s[i : i+3]))
			}
			i += 2
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// ccMustEscape is the set BasicURLNormalizer.escapePath percent-encodes:
// bytes of non-ASCII characters, controls, space, '"', '#', '<', '>', '[',
// ']', '^', '`', '{', '|', '}' and DEL; with special, also '*' and '$'.
func ccMustEscape(c byte, special bool) bool {
	return c >= 0x7F || c <= ' ' || strings.IndexByte("\"#<>[]^`{|}", c) >= 0 || special && (c == '*' || c == '$')
}

// ccEscape is BasicURLNormalizer.escapePath: what ccMustEscape names is
// encoded as %XX in upper case, and a '%' that starts no %XX becomes %25.
func ccEscape(s string, special bool) string {
	var sb strings.Builder
	changed := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case ccMustEscape(c, special):
			sb.WriteString(pattern.EscapeByte(c))
			changed = true
		case c == '%' && !pattern.IsEscape(s, i):
			sb.WriteString("%25")
			changed = true
		case c == '%':
			sb.WriteString(s[i : i+3])
			i += 2
		default:
			sb.WriteByte(c)
		}
	}
	if !changed {
		return s
	}
	return sb.String()
}
