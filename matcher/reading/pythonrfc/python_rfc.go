// Package pythonrfc is the reading matcher.PythonRFC, behind matcher.Reader.
//
// PythonRFC is what CPython's urllib.robotparser answers since its RFC 9309
// rewrite (gh-138907, PR 138908; main at 055a953, released in 3.14.5 and
// backported to 3.13), for
//
//	rp = RobotFileParser()
//	rp.parse(body.decode("utf-8", "surrogateescape").splitlines())
//	rp.modified()
//	rp.can_fetch(token, url)
//
// Lines are those of str.splitlines; invalid UTF-8 is kept byte for byte.
// Blank lines end nothing: a user-agent line after a rule, a Crawl-delay or
// a Request-rate line starts a new group, and user-agent lines with no rule
// after them still make a group (one that allows everything). Groups are
// filed under each user-agent value, lower-cased whole; groups filed under
// the same value are merged. can_fetch takes the group filed under the
// whole token lower-cased; else the first value, in file order, that is a
// substring of the token cut at '/' and lower-cased; else '*'. Of the
// matching rules, the one that matches the most characters of the URL
// wins (not the longest pattern: "/a*" matches all of "/abc"), an allow
// winning a tie. '*' matches any run and a final '$' anchors. Both sides
// are percent-decoded and re-encoded alike, so %2F matches '/'. /robots.txt
// is always allowed, and so is a URL that urllib cannot split.
package pythonrfc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/internal/words"
)

const prSource = "CPython urllib.robotparser (RFC 9309 rewrite, gh-138907)"

// Reader is the PythonRFC reading; matcher/readings registers it.
type Reader struct{}

// prFile is robotparser's groups dict beside the line model: each key (a
// user-agent value lower-cased) and the groups merged under it.
type prFile struct {
	keys  []prKey        // in the order the keys were first filed
	index map[string]int // key → index in keys
	// lower is each agent's value lower-cased, group after group, and
	// agentAt[gi] where group gi's begin: one array for the file, since a
	// slice per group would add a 24-byte header to every group, and a
	// file of tiny lines has a group every few lines.
	lower   []string
	agentAt []int32
}

// agent is the index in lower of agent ai of group gi.
func (x *prFile) agent(gi, ai int) int { return int(x.agentAt[gi]) + ai }

// A prKey is one entry of the groups dict. merge_entries concatenates the
// rules of the groups filed under the key, and keeps of the first group's
// user-agent values those that every later group also writes exactly so:
// only those are compared when the key is searched by substring.
type prKey struct {
	key    string
	groups []int // indexes in File.Groups, in file order
}

func (x *prFile) file(key string, gi int) {
	if i, ok := x.index[key]; ok {
		if g := x.keys[i].groups; g[len(g)-1] != gi {
			x.keys[i].groups = append(g, gi)
		}
		return
	}
	x.index[key] = len(x.keys)
	x.keys = append(x.keys, prKey{key: key, groups: []int{gi}})
}

// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.PythonRFC,
	Title:   "CPython RFC 9309",
	Mirrors: "CPython's urllib.robotparser after its RFC 9309 rewrite (gh-138907, PR 138908): 3.14.5 and later, and the 3.13 backport",
	UsedBy:  "",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// ReadTarget reads a URL as can_fetch does: it takes any string to
// urllib.parse's _urlsplit and normalize_uri (prRequestPath), so no URL is
// refused before it; where the split raises, Evaluate says so.
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.PythonRFC, src, text, o)
	f := s.File
	p := &prParser{Scanner: s, ext: &prFile{index: map[string]int{}}}
	py.ReadLines(s, o.Pause, py.SplitLinesEach, p.read)
	p.end()
	s.CheckBytes()
	if strings.HasPrefix(text, "\uFEFF") {
		p.Report(0, 3, matcher.CodeBOM, matcher.Warning, "Python bytes.decode",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\", \"surrogateescape\") keeps it as U+FEFF, so the first line's key is not recognized")
	}
	f.SetExt(p.ext)
	f.Diagnostics = s.SortedDiagnostics()
	return f
}

// prParser is RobotFileParser.parse, building File.Groups as it goes.
type prParser struct {
	*matcher.Scanner
	ext   *prFile
	state int // 0: start, 1: saw user-agent, 2: saw a rule or a delay (robotparser's states)
	entry py.Entry
	stop  bool // parse() raised: the lines after are not read
}

// read reads one line, as parse() does in its loop; python's text of the
// line is its bytes, decoded with surrogateescape. The lines after parse()
// raised fill the line model only.
func (p *prParser) read(l *matcher.Line, _ py.Line) {
	c := py.Classify(l, py.NewLine(int(l.Start), int(l.End), p.Text[l.Start:l.End], nil), prLower)
	if !p.stop {
		p.line(l, c)
	}
}

// end is what parse() does after its loop.
func (p *prParser) end() {
	if !p.stop && p.state != 0 {
		p.addEntry()
	}
}

func (p *prParser) line(l *matcher.Line, c py.Cut) {
	switch l.Kind {
	case matcher.KindInvalid:
		p.Report(int(l.Start), int(l.End), matcher.CodeInvalidLine, matcher.Warning, prSource, "no ':' on this line: robotparser ignores it")
	case matcher.KindUserAgent:
		p.userAgent(l, c.Value)
	case matcher.KindAllow, matcher.KindDisallow:
		p.rule(l, c.Value)
	case matcher.KindOther:
		p.other(l, prLower(c.Key), c.Value)
	}
}

func (p *prParser) userAgent(l *matcher.Line, value string) {
	if p.state == 2 {
		p.addEntry()
	}
	p.File.AppendAgent(&p.entry.Agents, p.File.NewAgent(l.Number, value, value, value == "*"))
	p.entry.Read(int(l.Number))
	p.state = 1
	if value == "" {
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, prSource+" (Entry.applies_to)",
			"an empty user-agent value is a substring of every name: this group applies to every crawler that no group names exactly and no earlier value matches")
	}
}

func (p *prParser) rule(l *matcher.Line, value string) {
	if p.state == 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, prSource+" (RobotFileParser.parse)",
			"this rule comes before any user-agent line: robotparser ignores it")
		return
	}
	p.state = 2
	p.entry.Read(int(l.Number))
	norm, ok := prRulePath(value)
	if !ok {
		p.Report(int(l.Value.Start), int(l.Value.End), matcher.CodeDollarInside, matcher.Warning, srcPRRuleLine,
			"a '$' before the end of the pattern: RuleLine raises ValueError, which parse() catches, so robotparser drops this rule")
		return
	}
	// An empty Disallow allows everything (RuleLine turns it into an
	// Allow), and an empty pattern matches every path.
	allow := l.Kind == matcher.KindAllow || value == ""
	p.File.AppendRule(&p.entry.Rules, p.File.NewRule(l, allow, norm))
	if value == "" {
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, srcPRRuleLine,
			"an empty value is an Allow that matches every path with 0 characters: any other matching rule outranks it")
	}
}

// other handles the records that are not rules. Crawl-delay and
// Request-rate move parse() to its rule state even when their value is
// not a number, so the next user-agent line starts a new group.
func (p *prParser) other(l *matcher.Line, key, value string) {
	switch key {
	case "crawl-delay", "request-rate":
		if p.state == 0 {
			return
		}
		if raises, why := py.NumberRaises(key, value, prIsDecimal); raises {
			p.raise(l, why)
			return
		}
		if p.state == 1 {
			p.Report(int(l.Key.Start), int(l.End), matcher.CodeRecordBreak, matcher.Info, prSource+" (RobotFileParser.parse)",
				"robotparser counts %s as a rule line: a user-agent line after it starts a new group instead of joining this one", p.Key(l))
		}
		p.entry.Read(int(l.Number))
		p.state = 2
	case "sitemap":
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, prSource,
			"robotparser knows user-agent, allow, disallow, crawl-delay, request-rate and sitemap; it ignores %q", p.Key(l))
	}
}

// prIsDecimal is str.isdecimal: not empty, every character a decimal
// digit (CPython 3.13 knows the digits Unicode 15 added).
func prIsDecimal(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
}

// raise records that parse() raised at line l: the group being built is
// lost and no later line is read; the groups filed before stay, as a
// caller that caught the exception would find them.
func (p *prParser) raise(l *matcher.Line, why string) {
	p.Report(int(l.Start), int(l.End), matcher.CodeRaises, matcher.Error, prSource+" (RobotFileParser.parse)",
		"python's parse() raises ValueError (%s) here: the group being built is lost and the lines after this one are not read; this reading keeps the groups filed before", why)
	p.stop = true
	p.entry = py.Entry{}
}

// addEntry is robotparser's _add_entry: the group is filed under each of
// its user-agent values, lower-cased, merged with what is filed there.
func (p *prParser) addEntry() {
	gi := p.entry.AddTo(p.Scanner, false)
	p.entry = py.Entry{}
	p.ext.agentAt = append(p.ext.agentAt, int32(len(p.ext.lower)))
	for _, ag := range p.File.AgentsOf(p.File.Groups[gi]) {
		lower := prLower(p.File.TokenOf(ag))
		p.ext.lower = append(p.ext.lower, lower)
		p.ext.file(lower, gi)
	}
}

// prLower is CPython 3.13's str.lower of text decoded with
// surrogateescape: the bytes that are not UTF-8 stay as they are, and each
// valid run is lowered on its own (a byte that is not UTF-8 is neither
// cased nor case-ignorable, so no run's final sigma depends on its
// neighbours). 3.13 knows the case-ignorable characters of Unicode 15,
// which 3.11, the classic reading's Python, does not.
func prLower(s string) string {
	if py.IsASCII(s) || utf8.ValidString(s) {
		return py.LowerWith(s, py.CaseIgnorable)
	}
	var b strings.Builder
	for len(s) > 0 {
		n := 0
		for n < len(s) {
			r, size := utf8.DecodeRuneInString(s[n:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			n += size
		}
		b.WriteString(py.LowerWith(s[:n], py.CaseIgnorable))
		if n < len(s) {
			b.WriteByte(s[n])
			n++
		}
		s = s[n:]
	}
	return b.String()
}

func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	path, steps, err := prRequestPath(py.TargetInput(t))
	res.Path, res.Steps = path, steps
	sel := f.SelectionFor(token, prSelect)
	res.Groups, res.Diagnostics = sel.Trace, sel.Diags
	if err == nil {
		prMatches(f, res, path)
	}
	res.DecideLongest()
	switch {
	case err != nil:
		// can_fetch: a malformed URL matches no rule.
		res.Matches, res.Allowed, res.Reason, res.Winner, res.RunnerUp = nil, true, matcher.ReasonNoMatch, -1, -1
	case path == "/robots.txt":
		// can_fetch allows it before choosing a group; the matches stay
		// listed, but none of them decided.
		res.Allowed, res.Reason, res.Winner, res.RunnerUp = true, matcher.ReasonRobotsTxt, -1, -1
	}
	res.Explanation = prExplain(f, res, err)
	return res
}

// prMatches is Entry.allowance's look at every rule of the chosen groups:
// it adds to res each rule that matches, ranked by the characters of path
// it matches. That rank depends on the path, not on the rule alone, so a
// pattern.Decider, which ranks a rule before any path is asked, cannot
// decide for this reading (CPython robotparser, RFC 9309 rewrite).
func prMatches(f *matcher.File, res *matcher.Result, path string) {
	for _, gi := range res.Groups.Selected {
		rules := f.RulesOf(f.Groups[gi])
		for i := range rules {
			r := &rules[i]
			n, ok := prMatch(f.NormalizedRule(r), path)
			if !ok || !res.Weighs(f, r.Allow(), n) {
				continue
			}
			m := f.MatchOf(r)
			m.Priority = n
			m.Steps = prPatternSteps(m.Pattern)
			res.AddMatch(f, m)
		}
	}
}

// prChoice is how _find_entry chose a key.
type prChoice int

const (
	prNone      prChoice = iota
	prExact              // the whole token, lower-cased, is a key
	prSubstring          // a value filed under the key is a substring of the name
	prStar               // the '*' key
)

// prSelection is one run of _find_entry, with what the trace needs.
type prSelection struct {
	f     *matcher.File
	x     *prFile
	token string
	name  string // the token cut at '/' and lower-cased
	// nameRef is how the trace's sentences name it: quoted, or "the name"
	// when it is long, so that a long token is not copied into the
	// sentence of every user-agent line.
	nameRef string
	how     prChoice
	chosen  int             // index in x.keys, or -1
	hits    map[string]bool // under prSubstring, the values that matched
	// sub says, for each agent of x.lower, whether the value (not '*')
	// lower-cased is a substring of name: worked out once, for the choice
	// and for the trace.
	sub []bool
	// Memos, so that a file with thousands of user-agent lines costs time
	// in proportion to its size: each group's substring values, each
	// group's values as a set, and the kept values found for a chain of
	// merged groups (many keys share one).
	hitsOf map[int]map[string]bool
	setOf  map[int]map[string]bool
	kept   map[string]map[string]bool
}

// prSelect is _find_entry: the groups filed under the whole token
// lower-cased; else under the first key, in filing order, one of whose
// kept values (not '*') is a substring of the name; else under '*'.
func prSelect(f *matcher.File, token string) matcher.GroupTrace {
	x, _ := f.Ext().(*prFile)
	if x == nil {
		x = &prFile{index: map[string]int{}}
	}
	name, _, _ := strings.Cut(token, "/")
	s := &prSelection{f: f, x: x, token: token, name: prLower(name), chosen: -1,
		hitsOf: map[int]map[string]bool{}, setOf: map[int]map[string]bool{}, kept: map[string]map[string]bool{}}
	s.nameRef = strconv.Quote(s.name)
	if len(s.name) > 64 {
		s.nameRef = "the name"
	}
	s.sub = make([]bool, len(x.lower))
	for gi, g := range f.Groups {
		for ai, ag := range f.AgentsOf(g) {
			at := x.agent(gi, ai)
			s.sub[at] = f.TokenOf(ag) != "*" && strings.Contains(s.name, x.lower[at])
		}
	}
	if i, ok := x.index[prLower(token)]; ok {
		s.how, s.chosen = prExact, i
	} else if i, hits := s.firstApplying(); i >= 0 {
		s.how, s.chosen, s.hits = prSubstring, i, hits
	} else if i, ok := x.index["*"]; ok {
		s.how, s.chosen = prStar, i
	}
	return s.trace()
}

// firstApplying is the loop of _find_entry over the dict's entries, in
// order, asking Entry.applies_to of each.
func (s *prSelection) firstApplying() (int, map[string]bool) {
	for ki, k := range s.x.keys {
		if len(s.groupHits(k.groups[0])) == 0 {
			continue
		}
		if hits := s.keptHits(k.groups); len(hits) > 0 {
			return ki, hits
		}
	}
	return -1, nil
}

// groupHits is the set of gi's values that are substrings of the name.
func (s *prSelection) groupHits(gi int) map[string]bool {
	if h, ok := s.hitsOf[gi]; ok {
		return h
	}
	var h map[string]bool
	for ai, ag := range s.f.AgentsOf(s.f.Groups[gi]) {
		if s.sub[s.x.agent(gi, ai)] {
			if h == nil {
				h = map[string]bool{}
			}
			h[s.f.TokenOf(ag)] = true
		}
	}
	s.hitsOf[gi] = h
	return h
}

func (s *prSelection) values(gi int) map[string]bool {
	if v, ok := s.setOf[gi]; ok {
		return v
	}
	v := make(map[string]bool, s.f.Groups[gi].Agents.Len())
	for _, ag := range s.f.AgentsOf(s.f.Groups[gi]) {
		v[s.f.TokenOf(ag)] = true
	}
	s.setOf[gi] = v
	return v
}

// keptHits returns the values of a merged entry that are substrings of
// the name: values of its first group that every later group filed under
// the key writes exactly alike. The candidates come from whichever is
// smaller, the first group's hits or the second group's values.
func (s *prSelection) keptHits(chain []int) map[string]bool {
	h0 := s.groupHits(chain[0])
	if len(chain) == 1 {
		return h0
	}
	sig := make([]byte, 0, 8*len(chain))
	for _, gi := range chain {
		sig = strconv.AppendInt(append(sig, ','), int64(gi), 10)
	}
	if h, ok := s.kept[string(sig)]; ok {
		return h
	}
	var cands []string
	if second := s.f.AgentsOf(s.f.Groups[chain[1]]); len(second) < len(h0) {
		for _, a := range second {
			if tok := s.f.TokenOf(a); h0[tok] {
				cands = append(cands, tok)
			}
		}
	} else {
		for v := range h0 {
			cands = append(cands, v)
		}
	}
	var out map[string]bool
	for _, v := range cands {
		if s.inAll(v, chain[1:]) {
			if out == nil {
				out = map[string]bool{}
			}
			out[v] = true
		}
	}
	s.kept[string(sig)] = out
	return out
}

func (s *prSelection) inAll(value string, groups []int) bool {
	for _, gi := range groups {
		if !s.values(gi)[value] {
			return false
		}
	}
	return true
}

func (s *prSelection) trace() matcher.GroupTrace {
	tr := matcher.GroupTrace{Token: s.token}
	var key prKey
	in := make([]bool, len(s.f.Groups))
	if s.chosen >= 0 {
		key = s.x.keys[s.chosen]
		tr.Selected = key.groups
		tr.Global = key.key == "*"
		tr.Merged = len(key.groups) > 1
		for _, gi := range key.groups {
			in[gi] = true
		}
	}
	tr.Agents = s.f.AgentMatches()
	for gi, g := range s.f.Groups {
		for ai, ag := range s.f.AgentsOf(g) {
			a := s.f.AgentText(ag)
			at := s.x.agent(gi, ai)
			matched := s.agentMatched(a, s.x.lower[at], s.sub[at], in[gi], key.key)
			tr.Agents = append(tr.Agents, matcher.UserAgentMatch{Agent: a, Group: gi, Matched: matched})
		}
	}
	tr.Summary = s.summary(tr)
	// Each line's sentence is written when read (prAgentHow): made here,
	// the trace would hold a sentence for every user-agent line of the
	// file, and a large file has hundreds of thousands.
	lite := &prSelection{x: &prFile{index: s.x.index}, name: s.name, nameRef: s.nameRef, how: s.how, chosen: s.chosen, hits: s.hits}
	tr.SetExplainer(&prAgentHow{s: lite, in: in, key: key.key})
	return tr
}

// agentMatched is whether agentMatch says the line selects its group.
func (s *prSelection) agentMatched(a matcher.AgentText, lower string, sub, in bool, key string) bool {
	return in && (s.how == prExact && lower == key || s.how == prSubstring && sub && s.hits[a.Token] || s.how == prStar && a.Global)
}

// prAgentHow is what a trace keeps to write its lines' sentences
// (agentMatch): of the selection, what the sentences read (not the file,
// nor the memos of the choice), whether each group applies, and the key
// chosen.
type prAgentHow struct {
	s   *prSelection
	in  []bool
	key string
}

func (h *prAgentHow) How(m matcher.UserAgentMatch) string {
	a, gi := m.Agent, m.Group
	if gi < 0 || gi >= len(h.in) {
		return ""
	}
	// As prSelect and the parse work them out for the line.
	lower := prLower(a.Token)
	sub := a.Token != "*" && strings.Contains(h.s.name, lower)
	return h.s.agentMatch(gi, a, lower, sub, h.in[gi], h.key).How
}

func (s *prSelection) agentMatch(gi int, a matcher.AgentText, lower string, sub, in bool, key string) matcher.UserAgentMatch {
	m := matcher.UserAgentMatch{Agent: a, Group: gi}
	switch {
	case in && s.how == prExact && lower == key:
		m.Matched, m.How = true, fmt.Sprintf("%q lower-cased is the whole token lower-cased: robotparser looks this key up first", a.Token)
	case in && s.how == prSubstring && sub && s.hits[a.Token]:
		m.Matched, m.How = true, fmt.Sprintf("%q is a substring of %s, and the first such value in filing order", lower, s.nameRef)
	case in && s.how == prStar && a.Global:
		m.Matched, m.How = true, "'*': no group names the token or a part of it, so the groups filed under * apply"
	case a.Global:
		m.How = "'*': used only when no group names the token or a part of it"
	case sub && s.how == prExact:
		m.How = fmt.Sprintf("%q is a substring of %s, but a group filed under the whole token comes first", lower, s.nameRef)
	case sub && s.how == prSubstring && s.x.index[lower] > s.chosen:
		m.How = fmt.Sprintf("%q is a substring of %s, but an earlier key already applies", lower, s.nameRef)
	case sub:
		m.How = fmt.Sprintf("%q is a substring of %s, but merging the groups filed under %q dropped it: robotparser keeps only the values that every merged group writes alike", lower, s.nameRef, lower)
	default:
		m.How = fmt.Sprintf("%q is neither the whole token nor a substring of %s (both lower-cased)", lower, s.nameRef)
	}
	return m
}

func (s *prSelection) summary(tr matcher.GroupTrace) string {
	name := fmt.Sprintf("%q (the token cut at '/' and lower-cased)", s.name)
	var out string
	switch s.how {
	case prNone:
		if len(s.f.Groups) == 0 {
			return "The file has no groups, so no rules apply: everything is allowed."
		}
		return fmt.Sprintf("No user-agent value is the whole token or a substring of %s, and no group names *, so no rules apply: everything is allowed.", name)
	case prExact:
		they := "it applies"
		if len(tr.Selected) > 1 {
			they = "they apply, merged"
		}
		out = fmt.Sprintf("The %s %s the whole token %q, ignoring case: robotparser looks that key up first, so %s.",
			matcher.GroupWords(s.f, tr.Selected), nameVerb(tr.Selected), s.token, they)
	case prSubstring:
		out = fmt.Sprintf("No group names the whole token; the first user-agent value, in file order, that is a substring of %s is %q: the %s %s.",
			name, s.firstHit(), matcher.GroupWords(s.f, tr.Selected), applyVerb(tr.Selected))
	case prStar:
		out = fmt.Sprintf("No user-agent value is the whole token or a substring of %s, so the * %s %s.", name, matcher.GroupWords(s.f, tr.Selected), applyVerb(tr.Selected))
	}
	if matcher.RulesIn(s.f, tr.Selected) == 0 {
		out += " It has no rules, so everything is allowed."
	}
	return out
}

// firstHit is the first value of the chosen key's first group that
// matched: a value filed under another key of that group may be it.
func (s *prSelection) firstHit() string {
	for _, ag := range s.f.AgentsOf(s.f.Groups[s.x.keys[s.chosen].groups[0]]) {
		if tok := s.f.TokenOf(ag); s.hits[tok] {
			return tok
		}
	}
	return ""
}

func nameVerb(groups []int) string {
	if len(groups) > 1 {
		return "name"
	}
	return "names"
}

func applyVerb(groups []int) string {
	if len(groups) > 1 {
		return "apply, merged"
	}
	return "applies"
}

func prExplain(f *matcher.File, res *matcher.Result, err error) string {
	switch res.Reason {
	case matcher.ReasonRobotsTxt:
		return "Allowed: robotparser always allows /robots.txt itself (RFC 9309 §2.2.2), before looking at any group."
	case matcher.ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case matcher.ReasonNoMatch:
		switch {
		case err != nil:
			return fmt.Sprintf("Allowed: urllib cannot split this URL (%v), and robotparser's can_fetch reads a malformed URL as matching no rule.", err)
		case matcher.RulesIn(f, res.Groups.Selected) == 0:
			return "Allowed: " + res.Groups.Summary
		}
		return "Allowed: no rule of the applying group matches " + res.Path + "."
	}
	w := res.Matches[res.Winner]
	verdict := "Allowed"
	if !res.Allowed {
		verdict = "Disallowed"
	}
	s := fmt.Sprintf("%s by %s, which matches %s", verdict, matcher.RuleText(f, w.Rule), matchedPart(w.Priority, res.Path))
	if w.Rule.Allow() && f.Line(int(w.Rule.Line)-1).Kind == matcher.KindDisallow {
		s += " (robotparser reads an empty Disallow as an Allow of everything)"
	}
	switch {
	case res.RunnerUp < 0 && len(res.Matches)+res.Omitted == 1:
		return s + ", the only rule that matches."
	case res.RunnerUp < 0:
		return s + ", the most of the matching rules (robotparser ranks a rule by how much of the URL it matches)."
	}
	r := res.Matches[res.RunnerUp]
	if res.Reason == matcher.ReasonTieAllow {
		return fmt.Sprintf("%s, as many as %s: on a tie, allow wins.", s, matcher.RuleText(f, r.Rule))
	}
	return fmt.Sprintf("%s, more than %s (%s): robotparser ranks a rule by how much of the URL it matches.", s, matcher.RuleText(f, r.Rule), words.Characters(r.Priority))
}

// matchedPart says how much of path a rule matched.
func matchedPart(n int, path string) string {
	switch {
	case n == 0:
		return "every path, with 0 characters"
	case n == len(path):
		return "all of " + path
	}
	return "the first " + words.Characters(n) + " of " + path
}

var pythonRFCChoices = compare.Choices{
	Lines:     py.ModelLines,
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Bounds:    compare.BoundsDelayEndsAgents,
	Agent: func(value, token string) (bool, bool) {
		name, _, _ := strings.Cut(token, "/")
		return value != "*" && strings.Contains(prLower(name), prLower(value)), value == "*"
	},
	Merge:    compare.MergeByValue,
	AgentKey: prLower,
	Match: func(pattern, path string) bool {
		if compare.RejectsByPrefix(pattern, path) {
			return false
		}
		_, ok := prMatch(pattern, path)
		return ok
	},
	Path: func(t *matcher.Target) (string, bool) {
		p, _, err := prRequestPath(py.TargetInput(t))
		return p, err == nil
	},
	BadURLAllows: true,
	Pattern:      prRulePath,
	Empty:        compare.EmptyAllowsAll,
	Priority: func(pattern, path string) int {
		n, _ := prMatch(pattern, path)
		return n
	},
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "reads only the exact keys, lower-cased, on lines split as str.splitlines splits them (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorGroupBoundary: "also ends the user-agent lines at a Crawl-delay or Request-rate line (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorTokenMatching: "applies a group whose value is a substring of the crawler's name cut at '/', lower-cased, when no value equals the whole token (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorMerging:       "merges the groups filed under the same value, and takes the value equal to the token, else the first naming it, else '*' (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorNormalization: "decodes and re-encodes URL and pattern alike, so %2F matches '/' (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorEmptyRule:     "reads an empty Disallow as an Allow matching every path with priority 0 (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorPriority:      "ranks a rule by the characters of the URL it matches, not by its pattern's length (CPython robotparser, RFC 9309 rewrite)",
		compare.FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (CPython robotparser, RFC 9309 rewrite)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &pythonRFCChoices }

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
func prRequestPath(raw string) (string, []matcher.Step, error) {
	p := &py.Stepper{S: raw}
	p.Do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", py.SrcSanitize, py.Sanitize(raw))
	rest, err := prUnsplit(p.S)
	if err != nil {
		return p.S, p.Steps, err
	}
	p.Do("the scheme and host are dropped; a '?' with nothing after it stays, and so does the fragment with its '#'", srcPRSplit, rest)
	p.Do("%XX escapes are decoded, then everything but letters, digits, '_.-~' and '/' is percent-encoded (UTF-8, upper-case hex); '=' and '&' in the query stay as written", srcPRNormalize, prNormalize(p.S, false))
	if p.S == "" {
		p.Do("an empty path is /", prSource+" (can_fetch)", "/")
	}
	return p.S, p.Steps, nil
}

// prUnsplit is _urlunsplit(None, None, path, query, fragment) of what
// _urlsplit(s) returns, with an empty default scheme: what follows the
// scheme and host, as written. A path that starts with "//" gets two more
// slashes, so that it is not read as a host.
func prUnsplit(s string) (string, error) {
	_, _, rest, err := py.SplitHost(s)
	if strings.HasPrefix(rest, "//") {
		rest = "//" + rest
	}
	return rest, err
}

// prNormalize is normalize_uri, or normalize_pattern for a rule: the path
// before the first '?' is normalized whole, the query run by run between
// '=' and '&'; normalize_pattern keeps '*' and '$' as written in both parts.
func prNormalize(s string, rule bool) string {
	keep, queryKeep := "", "=&"
	if rule {
		keep, queryKeep = "*$", "=&*$"
	}
	path, query, ok := strings.Cut(s, "?")
	path = prRequote(path, keep)
	if !ok {
		return path
	}
	return path + "?" + prRequote(query, queryKeep)
}

// prRequote is robotparser's normalize, quote(unquote(s)) with
// errors="surrogateescape", applied to the runs of s between the bytes of
// keep. Byte for byte: every %XX (hex in either case) becomes its octet, and
// every octet but ASCII letters, digits, '_.-~' and '/' is then written
// %XX with upper-case hex. Surrogateescape gives an invalid UTF-8 octet
// back as itself, so no octet is lost or replaced. No %XX holds a byte of
// keep, so one pass over s is the same as one normalize per run.
func prRequote(s, keep string) string {
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		c, n := s[i], 1
		if strings.IndexByte(keep, c) >= 0 {
			return "", 0, false
		}
		if pattern.IsEscape(s, i) {
			c, n = pattern.Unhex(s[i+1])<<4|pattern.Unhex(s[i+2]), 3
		}
		switch {
		case pattern.IsUnreserved(c) || c == '/':
			if n == 1 {
				return "", 0, false
			}
			return string(rune(c)), n, true
		case n == 3 && s[i+1] == pattern.UpperHex[c>>4] && s[i+2] == pattern.UpperHex[c&15]:
			// Already as quote writes it: the two hex digits that follow
			// are kept as they are, one by one.
			return "", 0, false
		}
		return pattern.EscapeByte(c), n, true
	})
}

// prRulePath is the path a RuleLine compares, from a rule's value as
// written: runs of '*' become one, a '$' followed by '$' or '*' becomes one
// '$', then normalize_pattern. A '$' left at the end is kept and means
// the path must end there; a '$' anywhere else makes RuleLine raise
// ValueError, which parse() catches, dropping the rule (ok is false).
// After prCollapse no '$' stands beside another, and normalize_pattern
// writes none, so a final '$' is one.
func prRulePath(value string) (string, bool) {
	norm := prNormalize(prCollapse(value), true)
	if strings.Contains(strings.TrimSuffix(norm, "$"), "$") {
		return "", false
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
func prPatternSteps(value string) []matcher.Step {
	p := &py.Stepper{S: value}
	p.Do("a run of '*' becomes one '*', and a '$' followed by '$' or '*' becomes one '$'", srcPRRuleLine, prCollapse(value))
	p.Do("%XX escapes are decoded, then everything but letters, digits, '_.-~' and '/' is percent-encoded (UTF-8, upper-case hex); '*' and '$', and '=' and '&' in the query, stay as written", srcPRPattern, prNormalize(p.S, true))
	return p.Steps
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
