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
const Python Reading = "python"

// Diagnostic codes of the first-match readings (python and koster1996).
const (
	CodeRaises        Code = "raises"         // CPython raises an exception here
	CodeNotBlank      Code = "not-blank"      // a line of white space does not end a record
	CodeDroppedAgents Code = "dropped-agents" // user-agent lines whose record ended before any rule
	CodeIgnoredRecord Code = "ignored-record" // a record that can never apply
	CodeNoWildcards   Code = "no-wildcards"   // '*' or '$' in a pattern is compared literally
	CodeAgentSlash    Code = "agent-slash"    // a user-agent value with '/' never matches under python
	CodeRecordBreak   Code = "record-break"   // a line that ends or starts a record unexpectedly
)

// ReasonRaises says that the reading's real implementation raises an
// exception for this URL and gives no verdict; it is shown as disallowed,
// since a crawler whose check fails fetches nothing.
const ReasonRaises Reason = "raises"

const pySource = "CPython urllib.robotparser"

type python struct{}

// pyFile is what the python reading keeps beside the line model.
type pyFile struct {
	entries []int // indexes in File.Groups of rp.entries, in order
	def     int   // index in File.Groups of rp.default_entry, or -1
	ignored []int // records parse() read but dropped (a later '*' record)
}

func (python) parse(src []byte, text string) *File {
	f := &File{Reading: Python, Source: src}
	lines, bad := pySplitLines(src, text)
	f.text = text
	s := &scanner{f: f, text: text}
	f.Lines = make([]Line, len(lines))
	for i, l := range lines {
		f.Lines[i] = newLine(i+1, l.start, l.end)
		s.longest = max(s.longest, l.end-l.start)
	}
	p := &pyParser{scanner: s, lines: lines, ext: &pyFile{def: -1}}
	p.run()
	s.checkBytes()
	p.checkEncoding(bad)
	f.ext = p.ext
	f.Diagnostics = sortedDiagnostics(s.diags)
	return f
}

// pyEntry is the record parse() is building (robotparser's Entry).
type pyEntry struct {
	agents []Agent
	rules  []Rule
	lines  []int // numbers of the lines read into it
}

type pyParser struct {
	*scanner
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
	for i := range p.f.Lines {
		l, pl := &p.f.Lines[i], p.lines[i]
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
	first := p.f.Lines[p.entry.agents[0].Line-1]
	p.report(int(first.Start), int(first.End), CodeDroppedAgents, Warning, pySource+" (RobotFileParser.parse)",
		"%s before any Allow or Disallow line, so python drops the user-agent lines from line %d: they name no crawler",
		why, first.Number)
	p.entry = pyEntry{}
}

// cut splits a line's text as parse() does: comment at the first '#',
// strip(), then key and value at the first ':'. Offsets are in the text.
type pyCut struct {
	comment        int // index of '#', or -1
	body           string
	keyAt, valueAt int
	key, value     string
	colon          bool
}

func cutPyLine(text string) pyCut {
	c := pyCut{comment: strings.IndexByte(text, '#')}
	content := text
	if c.comment >= 0 {
		content = text[:c.comment]
	}
	bodyAt := leadingSpace(content)
	c.body = pyStrip(content)
	k, v, ok := strings.Cut(c.body, ":")
	c.colon = ok
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
	if c.comment >= 0 {
		l.Comment = spanOf(pl.src(c.comment+1), int(l.End))
	}
	switch {
	case c.body == "" && c.comment >= 0:
		l.Kind = KindComment
	case c.body == "":
		l.Kind = KindBlank
	case !c.colon:
		l.Kind = KindInvalid
	default:
		l.Key = spanOf(pl.src(c.keyAt), pl.src(c.keyAt+len(c.key)))
		l.Value = spanOf(pl.src(c.valueAt), pl.src(c.valueAt+len(c.value)))
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
			p.report(int(l.Start), int(l.End), CodeNotBlank, Warning, pySource+" (RobotFileParser.parse)",
				"this line holds only white space: python ends a record only at an empty line, so the record goes on")
		}
		return
	case KindComment:
		return
	case KindInvalid:
		p.report(int(l.Start), int(l.End), CodeInvalidLine, Warning, pySource,
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
		p.report(int(l.Key.Start), int(l.End), CodeEmptyUserAgent, Warning, pySource+" (Entry.applies_to)",
			"an empty user-agent value is a substring of every name: under python this record applies to every crawler it reaches")
	case strings.Contains(value, "/"):
		p.report(int(l.Value.Start), end, CodeAgentSlash, Warning, pySource+" (Entry.applies_to)",
			"python cuts the crawler's name at '/' but compares this value whole, so %q never matches (write %q)",
			value, value[:strings.IndexByte(value, '/')])
	}
}

func (p *pyParser) rule(l *Line, value string) {
	if p.state == 0 {
		p.report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, pySource+" (RobotFileParser.parse)",
			"this rule follows no user-agent line of an open record (an empty line ended it, or none came yet): python ignores it")
		return
	}
	allow := l.Kind == KindAllow || value == ""
	norm, err := pyRulePath(value)
	if err != nil {
		p.raise(l, err, "building the rule's path (urlparse)")
		return
	}
	p.entry.rules = append(p.entry.rules, p.f.newRule(l, allow, norm, 0))
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
		p.report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, pySource+" (RuleLine)",
			"python reads an empty Disallow as an Allow that matches every path: the rules after it in this record never decide")
	case value == "":
		p.report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, pySource+" (RuleLine)",
			"an empty Allow matches every path under python: the rules after it in this record never decide")
	case strings.ContainsAny(value, "*$"):
		p.report(at, end, CodeNoWildcards, Warning, pySource+" (RuleLine.applies_to)",
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
			p.report(int(l.Key.Start), int(l.End), CodeRecordBreak, Info, pySource+" (RobotFileParser.parse)",
				"python counts %s as a rule line: a user-agent line after it starts a new record", p.key(l))
		}
		p.entry.lines = append(p.entry.lines, int(l.Number))
		p.state = 2
	case "sitemap":
	default:
		p.report(int(l.Key.Start), int(l.Key.End), CodeUnknownKey, Info, pySource,
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
	p.report(int(l.Start), int(l.End), CodeRaises, Error, pySource+" (RobotFileParser.parse)",
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
	gi := len(p.f.Groups)
	g := Group{Index: gi, Agents: e.agents, Rules: e.rules, FirstLine: e.lines[0], LastLine: e.lines[len(e.lines)-1]}
	for i := range g.Rules {
		g.Rules[i].Group = int32(gi)
	}
	p.f.Groups = append(p.f.Groups, g)
	for n := g.FirstLine; n <= g.LastLine; n++ {
		if l := &p.f.Lines[n-1]; l.Group < 0 {
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
		first := p.f.Lines[g.FirstLine-1]
		p.report(int(first.Start), int(first.End), CodeIgnoredRecord, Warning, pySource+" (RobotFileParser._add_entry)",
			"python uses only the first record naming '*' (line %d): this one is never read", p.f.Groups[p.ext.def].FirstLine)
	}
}

// checkEncoding replaces the generic invalid-UTF-8 warnings with what
// Python does, and reports a byte-order mark, which Python keeps.
func (p *pyParser) checkEncoding(bad int) {
	p.diags.drop(CodeInvalidUTF8)
	if bad >= 0 {
		p.report(bad, bad+1, CodeInvalidUTF8, Error, "Python bytes.decode",
			"invalid UTF-8: python's body.decode(\"utf-8\") raises UnicodeDecodeError here and nothing is parsed; this reading goes on as decode(\"utf-8\", \"replace\") would, each bad sequence read as U+FFFD")
	}
	if strings.HasPrefix(string(p.f.Source), "\uFEFF") {
		p.report(0, 3, CodeBOM, Warning, "Python bytes.decode",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\") keeps it as U+FEFF, so python reads the first line's key with it and does not recognize the key")
	}
}
