package matcher

import (
	"fmt"
	"strings"
)

// Python is what CPython's classic urllib.robotparser answers (the
// implementation shipped up to Python 3.12), for
//
//	rp = RobotFileParser()
//	rp.parse(body.decode("utf-8").splitlines())
//	rp.can_fetch(token, url)
//
// Lines are those of str.splitlines (which also splits on VT, FF, U+001C-001E,
// U+0085, U+2028 and U+2029). Only an empty line ends a record, and only once
// a user-agent line was read; a user-agent line after a rule starts a new
// record. Keys are compared after lower-casing; values are percent-decoded.
// A record applies when one of its user-agent values is a substring of the
// crawler's name (cut at '/', lower-cased); else the first record naming '*'.
// Its first rule in file order whose path is a prefix of the URL decides;
// there are no wildcards, and /robots.txt is not special.
//
// A body that is not valid UTF-8 makes Python's decode raise
// UnicodeDecodeError: this reading reports it as an error and goes on as
// body.decode("utf-8", "replace") would, each bad sequence read as U+FFFD.
// Where parse() raises ValueError (a malformed bracketed host in a rule, a
// Crawl-delay int() refuses), the reading reports it and keeps what parse()
// had built until then, as a caller that caught the exception would see.

const pySource = "CPython urllib.robotparser"

type python struct{}

// pyFile is what the python reading keeps beside the line model.
type pyFile struct {
	entries []int // indexes in File.Groups of rp.entries, in order
	def     int   // index in File.Groups of rp.default_entry, or -1
	ignored []int // records parse() read but dropped (a later '*' record)
}

func (python) Info() ReadingInfo {
	return ReadingInfo{Python, "CPython classic", "CPython's urllib.robotparser as shipped in 3.8 to 3.12 (and 3.13/3.14 before the RFC 9309 rewrite)", ""}
}

func (python) Parse(src []byte, text string) *File {
	f := NewFile(Python, src, text)
	lines, bad := pySplitLines(src)
	s := &Scanner{File: f, Text: text}
	f.Lines = make([]Line, len(lines))
	for i, l := range lines {
		f.Lines[i] = NewLine(i+1, l.start, l.end)
		s.Longest = max(s.Longest, l.end-l.start)
	}
	p := &pyParser{Scanner: s, lines: lines, ext: &pyFile{def: -1}}
	p.run()
	s.CheckBytes()
	p.checkEncoding(bad)
	f.SetExt(p.ext)
	f.Diagnostics = SortedDiagnostics(s.Diags)
	return f
}

// pyEntry is the record parse() is building (robotparser's Entry).
type pyEntry struct {
	agents []Agent
	rules  []Rule
	lines  []int // numbers of the lines read into it
}

type pyParser struct {
	*Scanner
	lines []pyLine
	ext   *pyFile
	state int // 0: start, 1: saw user-agent, 2: saw a rule (robotparser's states)
	entry pyEntry
	stop  bool // parse() raised: the lines after are not read
	// cut is the line being read, as python's text: its key and value are
	// the decoded strings, where invalid UTF-8 became U+FFFD.
	cut pyCut
}

// key and value are the decoded key and value of the line being read.
func (p *pyParser) key(*Line) string   { return p.cut.key }
func (p *pyParser) value(*Line) string { return p.cut.value }

func (p *pyParser) run() {
	for i := range p.File.Lines {
		l, pl := &p.File.Lines[i], p.lines[i]
		if p.stop {
			p.classify(l, pl)
			continue
		}
		if pl.text == "" {
			p.blank(l)
		}
		p.line(l, pl)
	}
	if !p.stop && p.state == 2 {
		p.addEntry()
	}
	if !p.stop && p.state == 1 {
		p.dropAgents("the file ends")
	}
}

// blank handles an empty line (no character at all between two breaks):
// it ends the record being built, dropping it if it has no rule yet.
func (p *pyParser) blank(l *Line) {
	switch p.state {
	case 1:
		p.dropAgents(fmt.Sprintf("the empty line %d ends the record", l.Number))
		p.state = 0
	case 2:
		p.addEntry()
		p.state = 0
	}
}

// dropAgents reports user-agent lines whose record ended before any rule:
// robotparser throws such an entry away.
func (p *pyParser) dropAgents(why string) {
	first := p.File.Lines[p.entry.agents[0].Line-1]
	p.Report(int(first.Start), int(first.End), CodeDroppedAgents, Warning, pySource+" (RobotFileParser.parse)",
		"%s before any Allow or Disallow line, so python drops the user-agent lines from line %d: they name no crawler",
		why, first.Number)
	p.entry = pyEntry{}
}

// cut splits a line's text as parse() does: comment at the first '#',
// strip(), then key and value at the first ':'. Offsets are in the text.
type pyCut struct {
	CommentAt      int // index of '#', or -1
	Body           string
	keyAt, valueAt int
	key, value     string
	Colon          bool
}

func cutPyLine(text string) pyCut {
	c := pyCut{CommentAt: strings.IndexByte(text, '#')}
	content := text
	if c.CommentAt >= 0 {
		content = text[:c.CommentAt]
	}
	bodyAt := leadingSpace(content)
	c.Body = pyStrip(content)
	k, v, ok := strings.Cut(c.Body, ":")
	c.Colon = ok
	c.key = pyStrip(k)
	c.keyAt = bodyAt + leadingSpace(k)
	if ok {
		c.value = pyStrip(v)
		c.valueAt = bodyAt + len(k) + 1 + leadingSpace(v)
	}
	return c
}

// leadingSpace is how many bytes str.strip() removes at the start of s.
func leadingSpace(s string) int { return len(s) - len(strings.TrimLeftFunc(s, pyIsSpace)) }

// classify fills the line model without acting on the line (used for the
// lines after parse() raised).
func (p *pyParser) classify(l *Line, pl pyLine) pyCut {
	c := cutPyLine(pl.text)
	if c.CommentAt >= 0 {
		l.Comment = SpanOf(pl.src(c.CommentAt+1), int(l.End))
	}
	switch {
	case c.Body == "" && c.CommentAt >= 0:
		l.Kind = KindComment
	case c.Body == "":
		l.Kind = KindBlank
	case !c.Colon:
		l.Kind = KindInvalid
	default:
		l.Key = SpanOf(pl.src(c.keyAt), pl.src(c.keyAt+len(c.key)))
		l.Value = SpanOf(pl.src(c.valueAt), pl.src(c.valueAt+len(c.value)))
		switch strings.ToLower(c.key) {
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

func (p *pyParser) line(l *Line, pl pyLine) {
	c := p.classify(l, pl)
	p.cut = c
	switch l.Kind {
	case KindBlank:
		if pl.text != "" && p.state != 0 {
			p.Report(int(l.Start), int(l.End), CodeNotBlank, Warning, pySource+" (RobotFileParser.parse)",
				"this line holds only white space: python ends a record only at an empty line, so the record goes on")
		}
		return
	case KindComment:
		return
	case KindInvalid:
		p.Report(int(l.Start), int(l.End), CodeInvalidLine, Warning, pySource,
			"no ':' on this line: python ignores it")
		return
	}
	value := pyUnquote(c.value)
	switch l.Kind {
	case KindUserAgent:
		p.userAgent(l, value)
	case KindAllow, KindDisallow:
		p.rule(l, value)
	default:
		p.other(l, value)
	}
}

func (p *pyParser) userAgent(l *Line, value string) {
	if p.state == 2 {
		p.addEntry()
	}
	a := Agent{Line: int(l.Number), Value: p.value(l), Token: value, Global: value == "*"}
	p.entry.agents = append(p.entry.agents, a)
	p.entry.lines = append(p.entry.lines, int(l.Number))
	p.state = 1
	end := int(l.Value.End)
	switch {
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), CodeEmptyUserAgent, Warning, pySource+" (Entry.applies_to)",
			"an empty user-agent value is a substring of every name: under python this record applies to every crawler it reaches")
	case strings.Contains(value, "/"):
		p.Report(int(l.Value.Start), end, CodeAgentSlash, Warning, pySource+" (Entry.applies_to)",
			"python cuts the crawler's name at '/' but compares this value whole, so %q never matches (write %q)",
			value, value[:strings.IndexByte(value, '/')])
	}
}

func (p *pyParser) rule(l *Line, value string) {
	if p.state == 0 {
		p.Report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, pySource+" (RobotFileParser.parse)",
			"this rule follows no user-agent line of an open record (an empty line ended it, or none came yet): python ignores it")
		return
	}
	allow := l.Kind == KindAllow || value == ""
	norm, err := pyRulePath(value)
	if err != nil {
		p.raise(l, err, "building the rule's path (urlparse)")
		return
	}
	p.entry.rules = append(p.entry.rules, p.File.NewRule(l, allow, norm, 0))
	p.entry.lines = append(p.entry.lines, int(l.Number))
	p.state = 2
	p.checkPattern(l, value)
}

// pyRulePath is RuleLine's path: quote(urlunparse(urlparse(value))) of the
// already unquoted value.
func pyRulePath(value string) (string, error) {
	u, err := pyURLParse(value)
	if err != nil {
		return "", err
	}
	return pyQuote(pyURLUnparse(u)), nil
}

func (p *pyParser) checkPattern(l *Line, value string) {
	at, end := int(l.Value.Start), int(l.Value.End)
	switch {
	case value == "" && l.Kind == KindDisallow:
		p.Report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, pySource+" (RuleLine)",
			"python reads an empty Disallow as an Allow that matches every path: the rules after it in this record never decide")
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, pySource+" (RuleLine)",
			"an empty Allow matches every path under python: the rules after it in this record never decide")
	case strings.ContainsAny(value, "*$"):
		p.Report(at, end, CodeNoWildcards, Warning, pySource+" (RuleLine.applies_to)",
			"python has no wildcards: '*' and '$' are compared literally (as %%2A and %%24), so this rule matches only paths that contain them")
	}
}

func (p *pyParser) other(l *Line, value string) {
	key := strings.ToLower(p.key(l))
	switch key {
	case "crawl-delay", "request-rate":
		if p.state == 0 {
			return
		}
		if raises, why := pyNumberRaises(key, value); raises {
			p.raise(l, &pyValueError{why}, "reading the "+p.key(l)+" value")
			return
		}
		if p.state == 1 {
			p.Report(int(l.Key.Start), int(l.End), CodeRecordBreak, Info, pySource+" (RobotFileParser.parse)",
				"python counts %s as a rule line: a user-agent line after it starts a new record", p.key(l))
		}
		p.entry.lines = append(p.entry.lines, int(l.Number))
		p.state = 2
	case "sitemap":
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), CodeUnknownKey, Info, pySource,
			"python knows user-agent, allow, disallow, crawl-delay, request-rate and sitemap; it ignores %q", p.key(l))
	}
}

// pyNumberRaises reports whether parse() raises ValueError on a
// Crawl-delay or Request-rate value: it checks str.isdigit on the stripped
// text, then calls int(), which refuses more than isdigit accepts.
func pyNumberRaises(key, value string) (bool, string) {
	if key == "crawl-delay" {
		if !pyIsDigit(pyStrip(value)) {
			return false, ""
		}
		return pyIntRaises(value)
	}
	nums := strings.Split(value, "/")
	if len(nums) != 2 || !pyIsDigit(pyStrip(nums[0])) || !pyIsDigit(pyStrip(nums[1])) {
		return false, ""
	}
	if r, why := pyIntRaises(nums[0]); r {
		return r, why
	}
	return pyIntRaises(nums[1])
}

// raise records that parse() raised at line l: the entry being built is
// lost and no later line is read.
func (p *pyParser) raise(l *Line, err error, doing string) {
	p.Report(int(l.Start), int(l.End), CodeRaises, Error, pySource+" (RobotFileParser.parse)",
		"python's parse() raises %v while %s: the record being built is lost and the lines after this one are not read; this reading keeps what parse() had built before",
		err, doing)
	p.stop = true
	p.entry = pyEntry{}
}

// addEntry is robotparser's _add_entry: the record becomes a group; the
// first record naming '*' becomes the default, later ones are dropped.
func (p *pyParser) addEntry() {
	e := p.entry
	p.entry = pyEntry{}
	gi := len(p.File.Groups)
	g := Group{Index: gi, Agents: e.agents, Rules: e.rules, FirstLine: e.lines[0], LastLine: e.lines[len(e.lines)-1]}
	for i := range g.Rules {
		g.Rules[i].Group = int32(gi)
	}
	p.File.Groups = append(p.File.Groups, g)
	for n := g.FirstLine; n <= g.LastLine; n++ {
		if l := &p.File.Lines[n-1]; l.Group < 0 {
			l.Group = int32(gi)
		}
	}
	star := false
	for _, a := range e.agents {
		star = star || a.Token == "*"
	}
	switch {
	case !star:
		p.ext.entries = append(p.ext.entries, gi)
	case p.ext.def < 0:
		p.ext.def = gi
	default:
		p.ext.ignored = append(p.ext.ignored, gi)
		first := p.File.Lines[g.FirstLine-1]
		p.Report(int(first.Start), int(first.End), CodeIgnoredRecord, Warning, pySource+" (RobotFileParser._add_entry)",
			"python uses only the first record naming '*' (line %d): this one is never read", p.File.Groups[p.ext.def].FirstLine)
	}
}

// checkEncoding replaces the generic invalid-UTF-8 warnings with what
// Python does, and reports a byte-order mark, which Python keeps.
func (p *pyParser) checkEncoding(bad int) {
	p.Diags.Drop(CodeInvalidUTF8)
	if bad >= 0 {
		p.Report(bad, bad+1, CodeInvalidUTF8, Error, "Python bytes.decode",
			"invalid UTF-8: python's body.decode(\"utf-8\") raises UnicodeDecodeError here and nothing is parsed; this reading goes on as decode(\"utf-8\", \"replace\") would, each bad sequence read as U+FFFD")
	}
	if strings.HasPrefix(string(p.File.Source), "\uFEFF") {
		p.Report(0, 3, CodeBOM, Warning, "Python bytes.decode",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\") keeps it as U+FEFF, so python reads the first line's key with it and does not recognize the key")
	}
}

var pythonChoices = Choices{
	Lines:  pythonLines,
	Bounds: BoundsEmptyLine,
	Agent: func(value, token string) (bool, bool) {
		tok := pyUnquote(value)
		return strings.Contains(pyName(token), pyLower(tok)), tok == "*"
	},
	Merge: FirstNamedNotGlobal,
	Match: MatchPrefix,
	Path: func(t *Target) (string, bool) {
		p, _, err := pyRequestPath(targetInput(t))
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) {
		p, err := pyRulePath(pyUnquote(v))
		return p, err == nil
	},
	Empty:  EmptyAllowsAll,
	Decide: DecideFirst,
	Says: Says(RFCSays, map[Factor]string{
		FactorTypos:         "reads only the exact keys, lower-cased, on lines split as str.splitlines splits them (CPython robotparser)",
		FactorGroupBoundary: "ends a record at an empty line, counts a Crawl-delay or Request-rate line as a rule, and drops a record that has no rule yet (CPython robotparser)",
		FactorTokenMatching: "applies a record when its value is a substring of the crawler's name cut at '/', lower-cased (CPython robotparser)",
		FactorMerging:       "obeys only the first record that applies, and a record naming '*' only as the default (CPython robotparser)",
		FactorWildcards:     "compares '*' and '$' as ordinary characters, as a prefix (CPython robotparser)",
		FactorNormalization: "unquotes and re-quotes URL and pattern with urllib.parse (CPython robotparser)",
		FactorEmptyRule:     "reads an empty Disallow as allowing every path (CPython robotparser)",
		FactorFirstMatch:    "lets the first matching rule in file order decide (CPython robotparser)",
	}),
}

// Choices is the reading taken apart for the comparison (choices.go).
func (python) Choices() *Choices { return &pythonChoices }

// pythonLines is python's lexing, which stops where parse() raised.
func pythonLines(f *File) []ModelLine {
	lines := LinesOf(f)
	for _, d := range f.Diagnostics {
		if d.Code == CodeRaises && d.Pos.Line >= 1 && d.Pos.Line <= len(lines) {
			lines[d.Pos.Line-1].Stop = true
			break
		}
	}
	return lines
}

// evaluate is RobotFileParser.can_fetch after parse(): disallow_all and
// allow_all are false and last_checked is set, so the answer comes from the
// records. The URL is unquoted, parsed, put back together without scheme
// and host, and quoted; the first record that applies is asked, and its
// first rule whose path is a prefix of the URL decides.
func (python) Evaluate(f *File, token string, t *Target) *Result {
	res := &Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	ext, _ := f.Ext().(*pyFile)
	if ext == nil {
		ext = &pyFile{def: -1}
	}
	path, steps, err := pyRequestPath(targetInput(t))
	res.Path, res.Steps = path, steps
	res.Groups = pySelect(f, ext, token)
	switch {
	case err != nil:
		res.Reason = ReasonRaises
	case len(res.Groups.Selected) == 0:
		res.Allowed, res.Reason = true, ReasonNoGroup
	default:
		g := f.Groups[res.Groups.Selected[0]]
		for i := range g.Rules {
			if r := &g.Rules[i]; strings.HasPrefix(path, f.NormalizedRule(r)) {
				m := f.MatchOf(r)
				m.Priority = -1
				_, m.Steps, _ = pyPatternSteps(m.Pattern)
				res.Matches = append(res.Matches, m)
			}
		}
		res.Allowed, res.Reason = true, ReasonNoMatch
		if len(res.Matches) > 0 {
			res.Winner = 0
			res.Allowed, res.Reason = res.Matches[0].Rule.Allow, ReasonFirstMatch
		}
	}
	res.Diagnostics = FirstMatchBearing(f, res)
	res.Explanation = pyExplain(f, res, err)
	return res
}

// targetInput is the URL as the caller wrote it: python reads it itself.
func targetInput(t *Target) string {
	if t == nil {
		return ""
	}
	if t.Input == "" {
		return t.Path
	}
	return t.Input
}

// pyStepper records a Step for each transformation that changes its input.
type pyStepper struct {
	s     string
	steps []Step
}

func (p *pyStepper) do(rule, source, next string) {
	if next != p.s {
		p.steps = append(p.steps, Step{Input: p.s, Output: next, Rule: rule, Source: source})
	}
	p.s = next
}

const (
	srcUnquote  = "CPython urllib.parse.unquote"
	srcSanitize = "CPython urllib.parse.urlsplit (WHATWG URL standard)"
	srcUnparse  = "CPython urllib.parse.urlparse, urlunparse"
	srcQuote    = "CPython urllib.parse.quote"
)

// pyRequestPath is what can_fetch compares: the URL unquoted, parsed with
// urlparse, put back together from its path, params, query and fragment
// alone (urlunparse), and quoted; "/" when that is empty. The error is the
// ValueError urlparse raises.
func pyRequestPath(raw string) (string, []Step, error) {
	p := &pyStepper{s: raw}
	p.do("%XX escapes are decoded (a broken UTF-8 sequence becomes U+FFFD)", srcUnquote, pyUnquote(raw))
	p.do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", srcSanitize, pySanitize(p.s))
	u, err := pyURLParse(p.s)
	if err != nil {
		return p.s, p.steps, err
	}
	p.do("the scheme and host are dropped, and so are empty ';', '?' and '#'; the fragment is kept", srcUnparse,
		pyURLUnparse(pyURL{path: u.path, params: u.params, query: u.query, fragment: u.fragment}))
	p.do("everything but letters, digits, '_.-~' and '/' is percent-encoded, as UTF-8 with upper-case hex", srcQuote, pyQuote(p.s))
	if p.s == "" {
		p.do("an empty path is /", pySource+" (can_fetch)", "/")
	}
	return p.s, p.steps, nil
}

// pyPatternSteps are the steps from a rule's value as written to the path
// RuleLine compares: unquote (done by parse), then quote(urlunparse(
// urlparse(…))), which keeps a scheme and host.
func pyPatternSteps(value string) (string, []Step, error) {
	p := &pyStepper{s: value}
	p.do("%XX escapes are decoded (a broken UTF-8 sequence becomes U+FFFD)", srcUnquote, pyUnquote(value))
	p.do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", srcSanitize, pySanitize(p.s))
	u, err := pyURLParse(p.s)
	if err != nil {
		return p.s, p.steps, err
	}
	p.do("the parts are put back together: empty ';', '?' and '#' are dropped", srcUnparse, pyURLUnparse(u))
	p.do("everything but letters, digits, '_.-~' and '/' is percent-encoded, as UTF-8 with upper-case hex", srcQuote, pyQuote(p.s))
	return p.s, p.steps, nil
}

// pyName is the crawler's name as Entry.applies_to compares it.
func pyName(token string) string {
	name, _, _ := strings.Cut(token, "/")
	return pyLower(name)
}

// pySelect is can_fetch's choice of record: the first of rp.entries with a
// user-agent value that is a substring of the name, else the default
// (first '*') record, else none.
func pySelect(f *File, ext *pyFile, token string) GroupTrace {
	name := pyName(token)
	tr := GroupTrace{Token: token}
	chosen := -1
	for _, gi := range ext.entries {
		for _, a := range f.Groups[gi].Agents {
			if strings.Contains(name, pyLower(a.Token)) {
				chosen = gi
				break
			}
		}
		if chosen >= 0 {
			break
		}
	}
	if chosen < 0 && ext.def >= 0 {
		chosen, tr.Global = ext.def, true
	}
	if chosen >= 0 {
		tr.Selected = []int{chosen}
	}
	for gi, g := range f.Groups {
		for _, a := range g.Agents {
			tr.Agents = append(tr.Agents, pyAgentMatch(ext, gi, a, name, chosen))
		}
	}
	tr.Summary = pySummary(f, tr, name)
	return tr
}

func pyAgentMatch(ext *pyFile, gi int, a Agent, name string, chosen int) UserAgentMatch {
	m := UserAgentMatch{Agent: a, Group: gi}
	sub := strings.Contains(name, pyLower(a.Token))
	switch {
	case containsInt(ext.ignored, gi):
		m.How = "in a later record naming '*': python keeps only the first such record"
	case gi == ext.def && a.Global:
		m.Matched = gi == chosen
		m.How = "'*': the default record, used only when no other record applies"
	case gi == ext.def:
		m.How = "in the record naming '*': python files the whole record as the default and never compares this value"
	case !sub:
		m.How = fmt.Sprintf("%q is not a substring of %q", pyLower(a.Token), name)
	case chosen >= 0 && gi > chosen:
		m.How = fmt.Sprintf("%q is a substring of %q, but an earlier record already applies", pyLower(a.Token), name)
	default:
		m.Matched = true
		m.How = fmt.Sprintf("%q is a substring of %q", pyLower(a.Token), name)
	}
	return m
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func pySummary(f *File, tr GroupTrace, name string) string {
	how := fmt.Sprintf("%q (the crawler's name cut at '/' and lower-cased)", name)
	switch {
	case len(tr.Selected) == 0 && len(f.Groups) == 0:
		return "The file has no record that python keeps, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No record's token is a substring of %s and no record names *, so no rules apply: everything is allowed.", how)
	case tr.Global:
		return fmt.Sprintf("No record's token is a substring of %s, so the first record naming * (line %d) applies.",
			how, f.Groups[tr.Selected[0]].FirstLine)
	}
	g := f.Groups[tr.Selected[0]]
	var value string
	for _, a := range tr.Agents {
		if a.Group == g.Index && a.Matched {
			value = a.Agent.Token
			break
		}
	}
	return fmt.Sprintf("The record at line %d applies: it is the first record whose token is a substring of %s, with %q.",
		g.FirstLine, how, value)
}

func pyExplain(f *File, res *Result, err error) string {
	switch res.Reason {
	case ReasonRaises:
		return fmt.Sprintf("No verdict: python's can_fetch raises %v for this URL; shown as disallowed, since a crawler whose check fails fetches nothing.", err)
	case ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case ReasonNoMatch:
		return FirstMatchNoMatch(f, res)
	}
	w := res.Matches[res.Winner].Rule
	s := FirstMatchSentence(f, res, "")
	if w.Allow && f.Lines[w.Line-1].Kind == KindDisallow {
		s = strings.TrimSuffix(s, ".") + ": python reads an empty Disallow as allowing everything."
	}
	return s + LaterMatches(f, res)
}
