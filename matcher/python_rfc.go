package matcher

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
const PythonRFC Reading = "python-rfc"

const prSource = "CPython urllib.robotparser (RFC 9309 rewrite, gh-138907)"

type pythonRFC struct{}

// prFile is robotparser's groups dict beside the line model: each key (a
// user-agent value lower-cased) and the groups merged under it.
type prFile struct {
	keys  []prKey        // in the order the keys were first filed
	index map[string]int // key → index in keys
	lower [][]string     // per group, each agent's value lower-cased
}

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

func (pythonRFC) parse(src []byte, text string) *File {
	f := &File{Reading: PythonRFC, Source: src, text: text}
	lines, _ := pySplitLines(src, text)
	s := &scanner{f: f, text: text}
	f.Lines = make([]Line, len(lines))
	for i, l := range lines {
		f.Lines[i] = newLine(i+1, l.start, l.end)
		s.longest = max(s.longest, l.end-l.start)
	}
	p := &prParser{scanner: s, ext: &prFile{index: map[string]int{}}}
	p.run()
	s.checkBytes()
	if strings.HasPrefix(text, "\uFEFF") {
		p.report(0, 3, CodeBOM, Warning, "Python bytes.decode",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\", \"surrogateescape\") keeps it as U+FEFF, so the first line's key is not recognized")
	}
	f.ext = p.ext
	f.Diagnostics = sortedDiagnostics(s.diags)
	return f
}

// prParser is RobotFileParser.parse, building File.Groups as it goes.
type prParser struct {
	*scanner
	ext   *prFile
	state int // 0: start, 1: saw user-agent, 2: saw a rule or a delay (robotparser's states)
	entry pyEntry
	stop  bool // parse() raised: the lines after are not read
}

func (p *prParser) run() {
	for i := range p.f.Lines {
		l := &p.f.Lines[i]
		c := p.classify(l)
		if !p.stop {
			p.line(l, c)
		}
	}
	if !p.stop && p.state != 0 {
		p.addEntry()
	}
}

// classify fills the line model: the comment cut at the first '#', the
// rest stripped and split at the first ':', the key lower-cased.
func (p *prParser) classify(l *Line) pyCut {
	start := int(l.Start)
	c := cutPyLine(p.text[l.Start:l.End])
	if c.comment >= 0 {
		l.Comment = spanOf(start+c.comment+1, int(l.End))
	}
	switch {
	case c.body == "" && c.comment >= 0:
		l.Kind = KindComment
	case c.body == "":
		l.Kind = KindBlank
	case !c.colon:
		l.Kind = KindInvalid
	default:
		l.Key = spanOf(start+c.keyAt, start+c.keyAt+len(c.key))
		l.Value = spanOf(start+c.valueAt, start+c.valueAt+len(c.value))
		switch prLower(c.key) {
		case "user-agent":
			l.Kind = KindUserAgent
		case "allow":
			l.Kind = KindAllow
		case "disallow":
			l.Kind = KindDisallow
		default:
			l.Kind = KindOther
		}
	}
	return c
}

func (p *prParser) line(l *Line, c pyCut) {
	switch l.Kind {
	case KindInvalid:
		p.report(int(l.Start), int(l.End), CodeInvalidLine, Warning, prSource, "no ':' on this line: robotparser ignores it")
	case KindUserAgent:
		p.userAgent(l, c.value)
	case KindAllow, KindDisallow:
		p.rule(l, c.value)
	case KindOther:
		p.other(l, prLower(c.key), c.value)
	}
}

func (p *prParser) userAgent(l *Line, value string) {
	if p.state == 2 {
		p.addEntry()
	}
	p.entry.agents = append(p.entry.agents, Agent{Line: int(l.Number), Value: value, Token: value, Global: value == "*"})
	p.entry.lines = append(p.entry.lines, int(l.Number))
	p.state = 1
	if value == "" {
		p.report(int(l.Key.Start), int(l.End), CodeEmptyUserAgent, Warning, prSource+" (Entry.applies_to)",
			"an empty user-agent value is a substring of every name: this group applies to every crawler that no group names exactly and no earlier value matches")
	}
}

func (p *prParser) rule(l *Line, value string) {
	if p.state == 0 {
		p.report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, prSource+" (RobotFileParser.parse)",
			"this rule comes before any user-agent line: robotparser ignores it")
		return
	}
	p.state = 2
	p.entry.lines = append(p.entry.lines, int(l.Number))
	norm, ok := prRulePath(value)
	if !ok {
		p.report(int(l.Value.Start), int(l.Value.End), CodeDollarInside, Warning, srcPRRuleLine,
			"a '$' before the end of the pattern: RuleLine raises ValueError, which parse() catches, so robotparser drops this rule")
		return
	}
	// An empty Disallow allows everything (RuleLine turns it into an
	// Allow), and an empty pattern matches every path.
	allow := l.Kind == KindAllow || value == ""
	p.entry.rules = append(p.entry.rules, p.f.newRule(l, allow, norm, 0))
	if value == "" {
		p.report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, srcPRRuleLine,
			"an empty value is an Allow that matches every path with 0 characters: any other matching rule outranks it")
	}
}

// other handles the records that are not rules. Crawl-delay and
// Request-rate move parse() to its rule state even when their value is
// not a number, so the next user-agent line starts a new group.
func (p *prParser) other(l *Line, key, value string) {
	switch key {
	case "crawl-delay", "request-rate":
		if p.state == 0 {
			return
		}
		if raises, why := prNumberRaises(key, value); raises {
			p.raise(l, why)
			return
		}
		if p.state == 1 {
			p.report(int(l.Key.Start), int(l.End), CodeRecordBreak, Info, prSource+" (RobotFileParser.parse)",
				"robotparser counts %s as a rule line: a user-agent line after it starts a new group instead of joining this one", p.key(l))
		}
		p.entry.lines = append(p.entry.lines, int(l.Number))
		p.state = 2
	case "sitemap":
	default:
		p.report(int(l.Key.Start), int(l.Key.End), CodeUnknownKey, Info, prSource,
			"robotparser knows user-agent, allow, disallow, crawl-delay, request-rate and sitemap; it ignores %q", p.key(l))
	}
}

// prNumberRaises reports whether parse() raises ValueError on a
// Crawl-delay or Request-rate value: it calls int() on what passed
// str.isdecimal after strip(), and int() refuses more than 4300 digits,
// and (in a Request-rate part, which it does not strip first) a few
// characters that strip() removes.
func prNumberRaises(key, value string) (bool, string) {
	if key == "crawl-delay" {
		if !prIsDecimal(pyStrip(value)) {
			return false, ""
		}
		return pyIntRaises(value)
	}
	nums := strings.Split(value, "/")
	if len(nums) != 2 || !prIsDecimal(pyStrip(nums[0])) || !prIsDecimal(pyStrip(nums[1])) {
		return false, ""
	}
	if r, why := pyIntRaises(nums[0]); r {
		return r, why
	}
	return pyIntRaises(nums[1])
}

// prIsDecimal is str.isdecimal: not empty, every character a decimal
// digit (CPython 3.13 knows the digits Unicode 15 added).
func prIsDecimal(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// raise records that parse() raised at line l: the group being built is
// lost and no later line is read; the groups filed before stay, as a
// caller that caught the exception would find them.
func (p *prParser) raise(l *Line, why string) {
	p.report(int(l.Start), int(l.End), CodeRaises, Error, prSource+" (RobotFileParser.parse)",
		"python's parse() raises ValueError (%s) here: the group being built is lost and the lines after this one are not read; this reading keeps the groups filed before", why)
	p.stop = true
	p.entry = pyEntry{}
}

// addEntry is robotparser's _add_entry: the group is filed under each of
// its user-agent values, lower-cased, merged with what is filed there.
func (p *prParser) addEntry() {
	e := p.entry
	p.entry = pyEntry{}
	gi := len(p.f.Groups)
	g := Group{Index: gi, Agents: e.agents, Rules: e.rules, FirstLine: e.lines[0], LastLine: e.lines[len(e.lines)-1]}
	for i := range g.Rules {
		g.Rules[i].Group = int32(gi)
	}
	p.f.Groups = append(p.f.Groups, g)
	for n := g.FirstLine; n <= g.LastLine; n++ {
		p.f.Lines[n-1].Group = int32(gi)
	}
	lower := make([]string, len(e.agents))
	for i, a := range e.agents {
		lower[i] = prLower(a.Token)
		p.ext.file(lower[i], gi)
	}
	p.ext.lower = append(p.ext.lower, lower)
}

// prLower is CPython 3.13's str.lower of text decoded with
// surrogateescape: the bytes that are not UTF-8 stay as they are, and each
// valid run is lowered on its own (a byte that is not UTF-8 is neither
// cased nor case-ignorable, so no run's final sigma depends on its
// neighbours). 3.13 knows the case-ignorable characters of Unicode 15,
// which 3.11, the classic reading's Python, does not.
func prLower(s string) string {
	if isASCII(s) || utf8.ValidString(s) {
		return pyLowerWith(s, caseIgnorable)
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
		b.WriteString(pyLowerWith(s[:n], caseIgnorable))
		if n < len(s) {
			b.WriteByte(s[n])
			n++
		}
		s = s[n:]
	}
	return b.String()
}

func (pythonRFC) evaluate(f *File, token string, t *Target) *Result {
	res := &Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	path, steps, err := prRequestPath(targetInput(t))
	res.Path, res.Steps = path, steps
	sel := f.selectionFor(token, prSelect)
	res.Groups, res.Diagnostics = sel.trace, sel.diags
	if err == nil {
		res.Matches = prMatches(f, res.Groups.Selected, path)
	}
	res.decideLongest()
	switch {
	case err != nil:
		// can_fetch: a malformed URL matches no rule.
		res.Matches, res.Allowed, res.Reason, res.Winner, res.RunnerUp = nil, true, ReasonNoMatch, -1, -1
	case path == "/robots.txt":
		// can_fetch allows it before choosing a group; the matches stay
		// listed, but none of them decided.
		res.Allowed, res.Reason, res.Winner, res.RunnerUp = true, ReasonRobotsTxt, -1, -1
	}
	res.Explanation = prExplain(f, res, err)
	return res
}

// prMatches is Entry.allowance's look at every rule of the chosen groups:
// each rule that matches, ranked by the characters of path it matches.
func prMatches(f *File, groups []int, path string) []Match {
	var out []Match
	for _, gi := range groups {
		rules := f.Groups[gi].Rules
		for i := range rules {
			r := &rules[i]
			n, ok := prMatch(f.normalized(r), path)
			if !ok {
				continue
			}
			m := f.matchOf(r)
			m.Priority = n
			m.Steps = prPatternSteps(m.Pattern)
			out = append(out, m)
		}
	}
	return out
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
	f     *File
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
	// sub says, per group and agent, whether the value (not '*')
	// lower-cased is a substring of name: worked out once, for the choice
	// and for the trace.
	sub [][]bool
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
func prSelect(f *File, token string) GroupTrace {
	x, _ := f.ext.(*prFile)
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
	s.sub = make([][]bool, len(f.Groups))
	for gi, g := range f.Groups {
		s.sub[gi] = make([]bool, len(g.Agents))
		for ai, a := range g.Agents {
			s.sub[gi][ai] = a.Token != "*" && strings.Contains(s.name, x.lower[gi][ai])
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
	for ai, a := range s.f.Groups[gi].Agents {
		if s.sub[gi][ai] {
			if h == nil {
				h = map[string]bool{}
			}
			h[a.Token] = true
		}
	}
	s.hitsOf[gi] = h
	return h
}

func (s *prSelection) values(gi int) map[string]bool {
	if v, ok := s.setOf[gi]; ok {
		return v
	}
	v := make(map[string]bool, len(s.f.Groups[gi].Agents))
	for _, a := range s.f.Groups[gi].Agents {
		v[a.Token] = true
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
	if second := s.f.Groups[chain[1]].Agents; len(second) < len(h0) {
		for _, a := range second {
			if h0[a.Token] {
				cands = append(cands, a.Token)
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

func (s *prSelection) trace() GroupTrace {
	tr := GroupTrace{Token: s.token}
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
	for gi, g := range s.f.Groups {
		for ai, a := range g.Agents {
			tr.Agents = append(tr.Agents, s.agentMatch(gi, a, s.x.lower[gi][ai], s.sub[gi][ai], in[gi], key.key))
		}
	}
	tr.Summary = s.summary(tr)
	return tr
}

func (s *prSelection) agentMatch(gi int, a Agent, lower string, sub, in bool, key string) UserAgentMatch {
	m := UserAgentMatch{Agent: a, Group: gi}
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

func (s *prSelection) summary(tr GroupTrace) string {
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
			groupWords(s.f, tr.Selected), nameVerb(tr.Selected), s.token, they)
	case prSubstring:
		out = fmt.Sprintf("No group names the whole token; the first user-agent value, in file order, that is a substring of %s is %q: the %s %s.",
			name, s.firstHit(), groupWords(s.f, tr.Selected), applyVerb(tr.Selected))
	case prStar:
		out = fmt.Sprintf("No user-agent value is the whole token or a substring of %s, so the * %s %s.", name, groupWords(s.f, tr.Selected), applyVerb(tr.Selected))
	}
	if rulesIn(s.f, tr.Selected) == 0 {
		out += " It has no rules, so everything is allowed."
	}
	return out
}

// firstHit is the first value of the chosen key's first group that
// matched: a value filed under another key of that group may be it.
func (s *prSelection) firstHit() string {
	for _, a := range s.f.Groups[s.x.keys[s.chosen].groups[0]].Agents {
		if s.hits[a.Token] {
			return a.Token
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

func prExplain(f *File, res *Result, err error) string {
	switch res.Reason {
	case ReasonRobotsTxt:
		return "Allowed: robotparser always allows /robots.txt itself (RFC 9309 §2.2.2), before looking at any group."
	case ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case ReasonNoMatch:
		switch {
		case err != nil:
			return fmt.Sprintf("Allowed: urllib cannot split this URL (%v), and robotparser's can_fetch reads a malformed URL as matching no rule.", err)
		case rulesIn(f, res.Groups.Selected) == 0:
			return "Allowed: " + res.Groups.Summary
		}
		return "Allowed: no rule of the applying group matches " + res.Path + "."
	}
	w := res.Matches[res.Winner]
	verdict := "Allowed"
	if !res.Allowed {
		verdict = "Disallowed"
	}
	s := fmt.Sprintf("%s by %s, which matches %s", verdict, RuleText(f, w.Rule), matchedPart(w.Priority, res.Path))
	if w.Rule.Allow && f.Lines[w.Rule.Line-1].Kind == KindDisallow {
		s += " (robotparser reads an empty Disallow as an Allow of everything)"
	}
	switch {
	case res.RunnerUp < 0 && len(res.Matches) == 1:
		return s + ", the only rule that matches."
	case res.RunnerUp < 0:
		return s + ", the most of the matching rules (robotparser ranks a rule by how much of the URL it matches)."
	}
	r := res.Matches[res.RunnerUp]
	if res.Reason == ReasonTieAllow {
		return fmt.Sprintf("%s, as many as %s: on a tie, allow wins.", s, RuleText(f, r.Rule))
	}
	return fmt.Sprintf("%s, more than %s (%s): robotparser ranks a rule by how much of the URL it matches.", s, RuleText(f, r.Rule), characters(r.Priority))
}

// matchedPart says how much of path a rule matched.
func matchedPart(n int, path string) string {
	switch {
	case n == 0:
		return "every path, with 0 characters"
	case n == len(path):
		return "all of " + path
	}
	return "the first " + characters(n) + " of " + path
}

func characters(n int) string {
	if n == 1 {
		return "1 character"
	}
	return fmt.Sprintf("%d characters", n)
}
