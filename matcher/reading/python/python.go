// Package python is the reading matcher.Python, behind matcher.Reader.
//
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
package python

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"robots-explorer/matcher/compare"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/firstmatch"
	"robots-explorer/matcher/internal/py"
)

const pySource = "CPython urllib.robotparser"

// Reader is the Python reading; matcher/readings registers it.
type Reader struct{}

// pyFile is what the python reading keeps beside the line model.
type pyFile struct {
	entries []int // indexes in File.Groups of rp.entries, in order
	def     int   // index in File.Groups of rp.default_entry, or -1
	// ignored are the records parse() read but dropped (a later '*'
	// record), in file order: a trace looks each user-agent line's group
	// up in them by binary search, since a scan per line would be
	// quadratic in a file of a million small '*' records.
	ignored []int
}

// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.Python,
	Title:   "CPython classic",
	Mirrors: "CPython's urllib.robotparser as shipped in 3.8 to 3.12 (and 3.13/3.14 before the RFC 9309 rewrite)",
	UsedBy:  "",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// ReadTarget reads a URL as can_fetch does: it takes any string to
// urllib.parse (unquote, urlparse, urlunparse, quote; pyPath), so no URL is
// refused before it; where urlparse raises, Evaluate says so
// (ReasonRaises).
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.Python, src, text, o)
	f := s.File
	p := &pyParser{Scanner: s, ext: &pyFile{def: -1}}
	bad := py.ReadLines(s, o.Pause, py.SplitLinesEach, p.read)
	p.end()
	s.CheckBytes()
	p.checkEncoding(bad)
	f.SetExt(p.ext)
	f.Diagnostics = s.SortedDiagnostics()
	return f
}

type pyParser struct {
	*matcher.Scanner
	ext   *pyFile
	state int // 0: start, 1: saw user-agent, 2: saw a rule (robotparser's states)
	entry py.Entry
	stop  bool // parse() raised: the lines after are not read
}

// read reads one line, as parse() does in its loop. Python's text of the
// line is pl.Text: its key and value are the decoded strings, where
// invalid UTF-8 became U+FFFD. The lines after parse() raised fill the
// line model only.
func (p *pyParser) read(l *matcher.Line, pl py.Line) {
	c := py.Classify(l, pl, py.Lower)
	if p.stop {
		return
	}
	if pl.Text == "" {
		p.blank(l)
	}
	p.line(l, pl.Text, c)
}

// end is what parse() does after its loop.
func (p *pyParser) end() {
	if !p.stop && p.state == 2 {
		p.addEntry()
	}
	if !p.stop && p.state == 1 {
		p.dropAgents("the file ends")
	}
}

// blank handles an empty line (no character at all between two breaks):
// it ends the record being built, dropping it if it has no rule yet.
func (p *pyParser) blank(l *matcher.Line) {
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
	first := p.File.Line(p.entry.First - 1)
	p.Report(int(first.Start), int(first.End), matcher.CodeDroppedAgents, matcher.Warning, pySource+" (RobotFileParser.parse)",
		"%s before any Allow or Disallow line, so python drops the user-agent lines from line %d: they name no crawler",
		why, first.Number)
	p.entry = py.Entry{}
}

func (p *pyParser) line(l *matcher.Line, text string, c py.Cut) {
	switch l.Kind {
	case matcher.KindBlank:
		if text != "" && p.state != 0 {
			p.Report(int(l.Start), int(l.End), matcher.CodeNotBlank, matcher.Warning, pySource+" (RobotFileParser.parse)",
				"this line holds only white space: python ends a record only at an empty line, so the record goes on")
		}
	case matcher.KindInvalid:
		p.Report(int(l.Start), int(l.End), matcher.CodeInvalidLine, matcher.Warning, pySource,
			"no ':' on this line: python ignores it")
	case matcher.KindUserAgent:
		p.userAgent(l, c.Value)
	case matcher.KindAllow, matcher.KindDisallow:
		p.rule(l, py.Unquote(c.Value))
	case matcher.KindOther:
		p.other(l, c.Key, py.Unquote(c.Value))
	}
}

// userAgent reads a user-agent line whose value, as written, is raw.
func (p *pyParser) userAgent(l *matcher.Line, raw string) {
	if p.state == 2 {
		p.addEntry()
	}
	value := py.Unquote(raw)
	a := p.File.NewAgent(l.Number, raw, value, value == "*")
	p.File.AppendAgent(&p.entry.Agents, a)
	p.entry.Read(int(l.Number))
	p.state = 1
	end := int(l.Value.End)
	switch {
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, pySource+" (Entry.applies_to)",
			"an empty user-agent value is a substring of every name: under python this record applies to every crawler it reaches")
	case strings.Contains(value, "/"):
		p.Report(int(l.Value.Start), end, matcher.CodeAgentSlash, matcher.Warning, pySource+" (Entry.applies_to)",
			"python cuts the crawler's name at '/' but compares this value whole, so %q never matches (write %q)",
			value, value[:strings.IndexByte(value, '/')])
	}
}

func (p *pyParser) rule(l *matcher.Line, value string) {
	if p.state == 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, pySource+" (RobotFileParser.parse)",
			"this rule follows no user-agent line of an open record (an empty line ended it, or none came yet): python ignores it")
		return
	}
	allow := l.Kind == matcher.KindAllow || value == ""
	norm, err := pyRulePath(value)
	if err != nil {
		p.raise(l, err, "building the rule's path (urlparse)")
		return
	}
	p.File.AppendRule(&p.entry.Rules, p.File.NewRule(l, allow, norm))
	p.entry.Read(int(l.Number))
	p.state = 2
	p.checkPattern(l, value)
}

// pyRulePath is RuleLine's path: quote(urlunparse(urlparse(value))) of the
// already unquoted value.
func pyRulePath(value string) (string, error) {
	u, err := py.URLParse(value)
	if err != nil {
		return "", err
	}
	return py.Quote(py.URLUnparse(u)), nil
}

func (p *pyParser) checkPattern(l *matcher.Line, value string) {
	at, end := int(l.Value.Start), int(l.Value.End)
	switch {
	case value == "" && l.Kind == matcher.KindDisallow:
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, pySource+" (RuleLine)",
			"python reads an empty Disallow as an Allow that matches every path: the rules after it in this record never decide")
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, pySource+" (RuleLine)",
			"an empty Allow matches every path under python: the rules after it in this record never decide")
	case strings.ContainsAny(value, "*$"):
		p.Report(at, end, matcher.CodeNoWildcards, matcher.Warning, pySource+" (RuleLine.applies_to)",
			"python has no wildcards: '*' and '$' are compared literally (as %%2A and %%24), so this rule matches only paths that contain them")
	}
}

func (p *pyParser) other(l *matcher.Line, key, value string) {
	switch lower := py.Lower(key); lower {
	case "crawl-delay", "request-rate":
		if p.state == 0 {
			return
		}
		if raises, why := py.NumberRaises(lower, value, py.IsDigit); raises {
			p.raise(l, &py.ValueError{Msg: why}, "reading the "+key+" value")
			return
		}
		if p.state == 1 {
			p.Report(int(l.Key.Start), int(l.End), matcher.CodeRecordBreak, matcher.Info, pySource+" (RobotFileParser.parse)",
				"python counts %s as a rule line: a user-agent line after it starts a new record", key)
		}
		p.entry.Read(int(l.Number))
		p.state = 2
	case "sitemap":
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, pySource,
			"python knows user-agent, allow, disallow, crawl-delay, request-rate and sitemap; it ignores %q", key)
	}
}

// raise records that parse() raised at line l: the entry being built is
// lost and no later line is read.
func (p *pyParser) raise(l *matcher.Line, err error, doing string) {
	p.Report(int(l.Start), int(l.End), matcher.CodeRaises, matcher.Error, pySource+" (RobotFileParser.parse)",
		"python's parse() raises %v while %s: the record being built is lost and the lines after this one are not read; this reading keeps what parse() had built before",
		err, doing)
	p.stop = true
	p.entry = py.Entry{}
}

// addEntry is robotparser's _add_entry: the record becomes a group; the
// first record naming '*' becomes the default, later ones are dropped.
func (p *pyParser) addEntry() {
	gi := p.entry.AddTo(p.Scanner, true)
	p.entry = py.Entry{}
	g := &p.File.Groups[gi]
	// An agent is global when its value is '*'.
	star := slices.ContainsFunc(p.File.AgentsOf(*g), func(a matcher.Agent) bool { return a.Global })
	switch {
	case !star:
		p.ext.entries = append(p.ext.entries, gi)
	case p.ext.def < 0:
		p.ext.def = gi
	default:
		p.ext.ignored = append(p.ext.ignored, gi)
		first := p.File.Line(int(g.FirstLine) - 1)
		p.Report(int(first.Start), int(first.End), matcher.CodeIgnoredRecord, matcher.Warning, pySource+" (RobotFileParser._add_entry)",
			"python uses only the first record naming '*' (line %d): this one is never read", p.File.Groups[p.ext.def].FirstLine)
	}
}

// checkEncoding replaces the generic invalid-UTF-8 warnings with what
// Python does, and reports a byte-order mark, which Python keeps.
func (p *pyParser) checkEncoding(bad int) {
	p.DropDiagnostics(matcher.CodeInvalidUTF8)
	if bad >= 0 {
		p.Report(bad, bad+1, matcher.CodeInvalidUTF8, matcher.Error, "Python bytes.decode",
			"invalid UTF-8: python's body.decode(\"utf-8\") raises UnicodeDecodeError here and nothing is parsed; this reading goes on as decode(\"utf-8\", \"replace\") would, each bad sequence read as U+FFFD")
	}
	if bytes.HasPrefix(p.File.Source, []byte("\uFEFF")) { // no copy of the source
		p.Report(0, 3, matcher.CodeBOM, matcher.Warning, "Python bytes.decode",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\") keeps it as U+FEFF, so python reads the first line's key with it and does not recognize the key")
	}
}

var pythonChoices = compare.Choices{
	Lines:  py.ModelLines,
	Bounds: compare.BoundsEmptyLine,
	Agent: func(value, token string) (bool, bool) {
		tok := py.Unquote(value)
		return strings.Contains(pyName(token), py.Lower(tok)), tok == "*"
	},
	Merge: compare.FirstNamedNotGlobal,
	Match: compare.MatchPrefix,
	Path: func(t *matcher.Target) (string, bool) {
		p, _, err := pyPath(py.TargetInput(t), true)
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) {
		p, err := pyRulePath(py.Unquote(v))
		return p, err == nil
	},
	Empty:  compare.EmptyAllowsAll,
	Decide: compare.DecideFirst,
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "reads only the exact keys, lower-cased, on lines split as str.splitlines splits them (CPython robotparser)",
		compare.FactorGroupBoundary: "ends a record at an empty line, counts a Crawl-delay or Request-rate line as a rule, and drops a record that has no rule yet (CPython robotparser)",
		compare.FactorTokenMatching: "applies a record when its value is a substring of the crawler's name cut at '/', lower-cased (CPython robotparser)",
		compare.FactorMerging:       "obeys only the first record that applies, and a record naming '*' only as the default (CPython robotparser)",
		compare.FactorWildcards:     "compares '*' and '$' as ordinary characters, as a prefix (CPython robotparser)",
		compare.FactorNormalization: "unquotes and re-quotes URL and pattern with urllib.parse (CPython robotparser)",
		compare.FactorEmptyRule:     "reads an empty Disallow as allowing every path (CPython robotparser)",
		compare.FactorFirstMatch:    "lets the first matching rule in file order decide (CPython robotparser)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &pythonChoices }

// Evaluate is RobotFileParser.can_fetch after parse(): disallow_all and
// allow_all are false and last_checked is set, so the answer comes from the
// records. The URL is unquoted, parsed, put back together without scheme
// and host, and quoted; the first record that applies is asked, and its
// first rule whose path is a prefix of the URL decides.
func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	ext, _ := f.Ext().(*pyFile)
	if ext == nil {
		ext = &pyFile{def: -1}
	}
	path, steps, err := pyPath(py.TargetInput(t), true)
	res.Path, res.Steps = path, steps
	res.Groups = f.SelectionFor(token, func(f *matcher.File, token string) matcher.GroupTrace { return pySelect(f, ext, token) }).Trace
	switch {
	case err != nil:
		res.Reason = matcher.ReasonRaises
	case len(res.Groups.Selected) == 0:
		res.Allowed, res.Reason = true, matcher.ReasonNoGroup
	default:
		rules := f.RulesOf(f.Groups[res.Groups.Selected[0]])
		for i := range rules {
			if r := &rules[i]; strings.HasPrefix(path, f.NormalizedRule(r)) && res.Weighs(f, r.Allow(), -1) {
				m := f.MatchOf(r)
				m.Priority = -1
				_, m.Steps, _ = pyPath(m.Pattern, false)
				res.AddMatch(f, m)
			}
		}
		res.Allowed, res.Reason = true, matcher.ReasonNoMatch
		if len(res.Matches) > 0 {
			res.Winner = 0
			res.Allowed, res.Reason = res.Matches[0].Rule.Allow(), matcher.ReasonFirstMatch
		}
	}
	res.Diagnostics = matcher.FirstMatchBearing(f, res)
	res.Explanation = pyExplain(f, res, err)
	return res
}

// DecideInto is Evaluate from the first matching rule alone
// (matcher.StrongestDecider, Result.DecideFirstMatch): can_fetch obeys the
// first entry that applies, and in it the first rule whose path starts
// the URL's. A URL that raises, or that no entry applies to, is evaluated
// in full, as is every URL until the selection's Decider is built.
func (r Reader) DecideInto(f *matcher.File, token string, t *matcher.Target, res *matcher.Result) bool {
	ext, _ := f.Ext().(*pyFile)
	if ext == nil {
		return false
	}
	sel := f.SelectionFor(token, func(f *matcher.File, token string) matcher.GroupTrace { return pySelect(f, ext, token) })
	if path, steps, err := pyPath(py.TargetInput(t), true); err == nil && len(sel.Trace.Selected) > 0 &&
		res.DecideFirstMatch(f, sel, sel.Trace.Selected[0], path, steps) {
		if res.Winner < 0 {
			res.Explanation = pyExplain(f, res, nil)
		}
		return true
	}
	*res = *r.Evaluate(f, token, t)
	sel.Decide.Spend(len(res.Matches) + res.Omitted)
	return true
}

// pyPath is the path python compares, from s as written, with its steps:
// s unquoted (for a rule, parse did it), parsed with urlparse, put back
// together with urlunparse, and quoted. For the URL of a request it is
// what can_fetch compares: only path, params, query and fragment are put
// back, and an empty path is "/". For a rule's value it is the path
// RuleLine compares, quote(urlunparse(urlparse(…))), which keeps a scheme
// and host. The error is the ValueError urlparse raises.
func pyPath(s string, request bool) (string, []matcher.Step, error) {
	p := &py.Stepper{S: s}
	p.Do("%XX escapes are decoded (a broken UTF-8 sequence becomes U+FFFD)", py.SrcUnquote, py.Unquote(s))
	p.Do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", py.SrcSanitize, py.Sanitize(p.S))
	u, err := py.URLParse(p.S)
	if err != nil {
		return p.S, p.Steps, err
	}
	how := "the parts are put back together: empty ';', '?' and '#' are dropped"
	if request {
		u.Scheme, u.Netloc = "", ""
		how = "the scheme and host are dropped, and so are empty ';', '?' and '#'; the fragment is kept"
	}
	p.Do(how, py.SrcUnparse, py.URLUnparse(u))
	p.Do("everything but letters, digits, '_.-~' and '/' is percent-encoded, as UTF-8 with upper-case hex", py.SrcQuote, py.Quote(p.S))
	if request && p.S == "" {
		p.Do("an empty path is /", pySource+" (can_fetch)", "/")
	}
	return p.S, p.Steps, nil
}

// pyName is the crawler's name as Entry.applies_to compares it.
func pyName(token string) string {
	name, _, _ := strings.Cut(token, "/")
	return py.Lower(name)
}

// pySelect is can_fetch's choice of record: the first of rp.entries with a
// user-agent value that is a substring of the name, else the default
// (first '*') record, else none.
func pySelect(f *matcher.File, ext *pyFile, token string) matcher.GroupTrace {
	name := pyName(token)
	tr := matcher.GroupTrace{Token: token}
	chosen := -1
	for _, gi := range ext.entries {
		if slices.ContainsFunc(f.AgentsOf(f.Groups[gi]), func(a matcher.Agent) bool { return strings.Contains(name, py.Lower(f.TokenOf(a))) }) {
			chosen = gi
			break
		}
	}
	if chosen < 0 && ext.def >= 0 {
		chosen, tr.Global = ext.def, true
	}
	if chosen >= 0 {
		tr.Selected = []int{chosen}
	}
	tr.Agents = f.AgentMatches()
	for gi, g := range f.Groups {
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			m, _ := pyAgentMatch(ext, gi, a, name, chosen, false)
			tr.Agents = append(tr.Agents, m)
		}
	}
	tr.SetExplainer(pyExplainer{ext, name, chosen})
	tr.Summary = pySummary(f, ext, tr, name)
	return tr
}

// A pyExplainer writes the sentence of a user-agent line when it is read
// (matcher.AgentExplainer): made for each line of the selection, the
// sentences of a large file's user-agent lines would be kept for the
// token, though a check reads none of them.
type pyExplainer struct {
	ext    *pyFile
	name   string
	chosen int
}

func (e pyExplainer) How(m matcher.UserAgentMatch) string {
	_, how := pyAgentMatch(e.ext, m.Group, m.Agent, e.name, e.chosen, true)
	return how
}

// ignored says whether group gi is a record parse() dropped.
func ignored(ext *pyFile, gi int) bool {
	_, found := slices.BinarySearch(ext.ignored, gi)
	return found
}

// pyAgentMatch is how user-agent line a of group gi compared with name,
// and, when explain is set, the sentence that says so.
func pyAgentMatch(ext *pyFile, gi int, a matcher.AgentText, name string, chosen int, explain bool) (matcher.UserAgentMatch, string) {
	m := matcher.UserAgentMatch{Agent: a, Group: gi}
	quoted := func(format string) string {
		if !explain {
			return ""
		}
		return fmt.Sprintf(format, py.Lower(a.Token), name)
	}
	switch {
	case ignored(ext, gi):
		return m, "in a later record naming '*': python keeps only the first such record"
	case gi == ext.def && a.Global:
		m.Matched = gi == chosen
		return m, "'*': the default record, used only when no other record applies"
	case gi == ext.def:
		return m, "in the record naming '*': python files the whole record as the default and never compares this value"
	case !strings.Contains(name, py.Lower(a.Token)):
		return m, quoted("%q is not a substring of %q")
	case chosen >= 0 && gi > chosen:
		return m, quoted("%q is a substring of %q, but an earlier record already applies")
	}
	m.Matched = true
	return m, quoted("%q is a substring of %q")
}

func pySummary(f *matcher.File, ext *pyFile, tr matcher.GroupTrace, name string) string {
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
	// The value is read from the group and not the trace, which
	// ParseOptions.SkipAgentTrace drops.
	gi := tr.Selected[0]
	g := f.Groups[gi]
	var value string
	for _, ag := range f.AgentsOf(g) {
		a := f.AgentText(ag)
		if m, _ := pyAgentMatch(ext, gi, a, name, gi, false); m.Matched {
			value = a.Token
			break
		}
	}
	return fmt.Sprintf("The record at line %d applies: it is the first record whose token is a substring of %s, with %q.",
		g.FirstLine, how, value)
}

func pyExplain(f *matcher.File, res *matcher.Result, err error) string {
	switch res.Reason {
	case matcher.ReasonRaises:
		return fmt.Sprintf("No verdict: python's can_fetch raises %v for this URL; shown as disallowed, since a crawler whose check fails fetches nothing.", err)
	case matcher.ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case matcher.ReasonNoMatch:
		return firstmatch.NoMatch(f, res)
	}
	w := res.Matches[res.Winner].Rule
	s := firstmatch.Sentence(f, res, "")
	if w.Allow() && f.Line(int(w.Line)-1).Kind == matcher.KindDisallow {
		s = strings.TrimSuffix(s, ".") + ": python reads an empty Disallow as allowing everything."
	}
	return s + firstmatch.Later(f, res)
}
