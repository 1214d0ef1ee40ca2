// Package robotsparser is the reading matcher.RobotsParser, behind matcher.Reader.
//
// RobotsParser is what the npm package robots-parser 3.0.1 (samclarke)
// answers under Node.js 20, for
//
//	robotsParser(robotsURL, body.toString("utf8")).isAllowed(url, token)
//
// (Robots.js of that version; behaviour checked against the package
// itself, see robotsparser_diff_test.go):
//
//   - the body is decoded as UTF-8, each bad sequence read as U+FFFD;
//     lines end at CR LF, CR or LF; a comment starts at the first '#';
//     a line without ':' is skipped; key and value are cut at the first
//     ':' and trimmed as JavaScript's trim() trims. Keys are compared
//     without ASCII case; there are no typos and no missing colon;
//   - a user-agent line that follows any other line with a key (a rule,
//     a Sitemap, a Host, an unknown key) starts a new list of names;
//     blank lines, comments and lines without a key end nothing. A name is the value
//     lower-cased, cut at its first '/' and trimmed; an empty value adds no
//     name. Allow, Disallow and Crawl-delay lines file the group's rules
//     under each of its names, so every group naming a robot is merged;
//     an empty pattern adds no rule but still files the names;
//   - the token is read the same way ("" as '*') and must equal a filed
//     name exactly; else the '*' name's rules apply; else everything is
//     allowed. A name filed with no rules allows everything, without
//     falling back to '*';
//   - a pattern is percent-encoded as encodeURI does, except that '%' is
//     kept, and its %xx escapes upper-cased; the URL is read by Node's
//     WHATWG URL parser, and its pathname and search, escapes upper-cased,
//     are compared. '*' matches any run and a final '$' the end (Google's
//     algorithm); the longest pattern wins, an allow winning a tie; no
//     match allows, and /robots.txt is not special;
//   - isAllowed returns undefined, no verdict, for a URL that does not
//     parse or is not on the robots.txt's scheme, host and port, and
//     throws a TypeError when neither the URL nor the robots.txt URL
//     parses. The reading shows both as disallowed, as isDisallowed does.
//
// A full URL is asked about as robots-parser would be given it, with the
// robots.txt URL that governs it (Target.RobotsURL), and a network-path
// reference ("//host/path") with http:'s robots.txt URL for its host; a
// path is asked about as a URL on the stand-in site rpStandIn, whose
// robots.txt the file is.
package robotsparser

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/internal/jstext"
	"robots-explorer/matcher/internal/lines"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/internal/whatwg"
)

const rpSource = "npm robots-parser 3.0.1 (Robots.js)"

// rpStandIn is the site a path is taken to be on.
const rpStandIn = "http://example.com"

// Reader is the RobotsParser reading; matcher/readings registers it.
type Reader struct{}

// rpFile is what the robots-parser reading keeps beside the line model.
type rpFile struct {
	// filed says, per group, whether an Allow, Disallow or Crawl-delay
	// line filed its names (robots-parser's rules[name] exists).
	filed []bool
}

// UsedBy: Crawlee, Apify's Node.js crawling framework: @crawlee/utils
// depends on robots-parser ^3.0.1, and its RobotsTxtFile answers with
// isAllowed, reading undefined as allowed (apify/crawlee,
// packages/utils/package.json and packages/utils/src/internals/robots.ts).
// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.RobotsParser,
	Title:   "robots-parser (npm)",
	Mirrors: "npm robots-parser 3.0.1 (samclarke)",
	UsedBy:  "Crawlee (@crawlee/utils RobotsTxtFile), which reads isAllowed's undefined as allowed",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// ReadTarget reads a URL as isAllowed does: it takes any string to the
// WHATWG URL parser (Node's URL class, against robots-parser's base URL;
// rpURLs), so no URL is refused before it; where the URL is off the
// robots.txt's site or does not parse, Evaluate gives no verdict
// (ReasonNoVerdict, ReasonRaises).
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.RobotsParser, src, text, o)
	f := s.File
	p := &rpParser{Scanner: s, group: -1, newRun: true, ext: &rpFile{}}
	ls := lines.NewScanner(src, 0) // a byte-order mark is trimmed with the first key
	for i := 0; ; i++ {
		start, end, ok := ls.Next()
		if !ok {
			break
		}
		s.Pace(i)
		p.line(s.BeginLine(start, end))
		s.EndLine()
	}
	p.finish()
	s.CheckBytes()
	p.checkEncoding()
	f.SetExt(p.ext)
	f.Diagnostics = s.SortedDiagnostics()
	return f
}

type rpParser struct {
	*matcher.Scanner
	group int // the group being read, or -1 before the first user-agent line
	// newRun is robots-parser's isNoneUserAgentState: the last line with a
	// key was not a user-agent line, so the next one starts a new group.
	newRun bool
	ext    *rpFile
}

func (p *rpParser) line(l *matcher.Line) {
	src := p.File.Source
	start, end := int(l.Start), int(l.End)
	content := end
	if i := bytes.IndexByte(src[start:end], '#'); i >= 0 {
		content = start + i
		l.Comment = matcher.SpanOf(content+1, end)
	}
	l.Group = int32(p.group)
	colon := bytes.IndexByte(src[start:content], ':')
	ks, ke := jstext.TrimSpan(src, start, content)
	switch {
	case colon < 0 && ks == ke && content < end:
		l.Kind = matcher.KindComment
		return
	case colon < 0 && ks == ke:
		l.Kind, l.Group = matcher.KindBlank, -1
		return
	case colon < 0:
		l.Kind = matcher.KindInvalid
		p.Report(ks, ke, matcher.CodeInvalidLine, matcher.Warning, rpSource+" (splitLine)", "no ':' on this line: robots-parser skips it")
		return
	}
	colon += start
	ks, ke = jstext.TrimSpan(src, start, colon)
	vs, ve := jstext.TrimSpan(src, colon+1, content)
	if ks == ke {
		l.Kind = matcher.KindInvalid
		p.Report(start, content, matcher.CodeInvalidLine, matcher.Warning, rpSource+" (parseRobots)", "no key before the ':': robots-parser skips this line")
		return
	}
	l.Key, l.Value = matcher.SpanOf(ks, ke), matcher.SpanOf(vs, ve)
	key := p.Key(l)
	switch {
	case ascii.EqualFold(key, "user-agent"):
		p.userAgent(l)
	case ascii.EqualFold(key, "allow"):
		p.rule(l, true)
	case ascii.EqualFold(key, "disallow"):
		p.rule(l, false)
	default:
		p.other(l, key)
	}
	p.newRun = l.Kind != matcher.KindUserAgent
}

func (p *rpParser) userAgent(l *matcher.Line) {
	l.Kind = matcher.KindUserAgent
	if p.newRun {
		p.group = p.File.AddGroup(l.Number)
		p.ext.filed = append(p.ext.filed, false)
	}
	g := &p.File.Groups[p.group]
	g.LastLine, l.Group = l.Number, int32(p.group)
	value := p.Value(l)
	token := rpName(py.Decode([]byte(value)))
	p.File.AppendAgent(&g.Agents, p.File.NewAgent(l.Number, value, token, token == "*"))
	switch {
	case value == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, rpSource+" (parseRobots)",
			"an empty user-agent value adds no name: robots-parser files this group's rules under its other names only")
	case strings.IndexByte(value, '/') >= 0:
		p.Report(int(l.Value.Start), int(l.Value.End), matcher.CodeTokenCut, matcher.Info, rpSource+" (formatUserAgent)",
			"robots-parser cuts the value at its first '/': this line names %q", token)
	}
}

func (p *rpParser) rule(l *matcher.Line, allow bool) {
	l.Kind = matcher.RuleKind(allow)
	if p.group < 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, rpSource+" (parseRobots)",
			"this rule comes before any user-agent line: robots-parser files it under no name")
		return
	}
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	p.ext.filed[p.group] = true
	value := p.Value(l)
	p.File.AppendRule(&g.Rules, p.File.NewRule(l, allow, rpPattern(py.Decode([]byte(value)))))
	if value == "" {
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, rpSource+" (addRule)",
			"an empty %s adds no rule, but it files this group's names: a robot named here no longer falls back to the * group", p.Key(l))
	}
}

func (p *rpParser) other(l *matcher.Line, key string) {
	l.Kind = matcher.KindOther
	if p.group >= 0 {
		p.File.Groups[p.group].LastLine = l.Number
	}
	switch {
	case ascii.EqualFold(key, "crawl-delay"):
		if p.group >= 0 {
			p.ext.filed[p.group] = true
		}
	case ascii.EqualFold(key, "sitemap"), ascii.EqualFold(key, "host"):
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, rpSource+" (parseRobots)",
			"robots-parser ignores %q, but the line still ends a run of user-agent lines", key)
	}
}

// finish notes the groups whose names were never filed.
func (p *rpParser) finish() {
	for gi, g := range p.File.Groups {
		if p.ext.filed[gi] {
			continue
		}
		l := p.File.Line(int(g.FirstLine) - 1)
		p.Report(int(l.Start), int(l.End), matcher.CodeEmptyGroup, matcher.Info, rpSource+" (addRule)",
			"no Allow, Disallow or Crawl-delay line follows these user-agent lines before another record ends them: robots-parser files none of their names, so those robots fall back to the * group")
	}
}

// checkEncoding says what robots-parser's caller does with invalid UTF-8:
// decoding replaces it.
func (p *rpParser) checkEncoding() {
	p.DropDiagnostics(matcher.CodeInvalidUTF8)
	switch n := lines.BOM(p.File.Source); {
	case n == 3:
		p.Report(0, 3, matcher.CodeBOM, matcher.Info, rpSource+" (trimLine)",
			"a UTF-8 byte-order mark starts the file: decoding keeps it as U+FEFF, which trim() removes with the first key's white space")
	case n > 0:
		p.Report(0, n, matcher.CodeBOM, matcher.Warning, "Node.js Buffer toString(\"utf8\")",
			"the file starts with part of a byte-order mark: decoding reads it as U+FFFD, which hides the first line's key from robots-parser")
	}
	if utf8.Valid(p.File.Source) {
		return
	}
	off := lines.FirstInvalidUTF8(p.File.Source)
	p.Report(off, off+1, matcher.CodeInvalidUTF8, matcher.Warning, "Node.js Buffer toString(\"utf8\")",
		"invalid UTF-8: decoding the body reads each bad sequence as U+FFFD, which robots-parser then percent-encodes as %%EF%%BF%%BD")
}

// rpName is a name as formatUserAgent makes it: lower-cased, cut at the
// first '/', trimmed.
func rpName(s string) string {
	s = jstext.Lower(s)
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = s[:i]
	}
	return jstext.Trim(s)
}

// rpTokenName is the token as _getRule reads it: an empty one is '*'.
func rpTokenName(token string) string {
	if token == "" {
		return "*"
	}
	return rpName(token)
}

// rpPattern is normaliseEncoding: encodeURI, with '%' kept, then every
// %xx escape upper-cased. The text is valid UTF-8 (decoded), so encodeURI
// never throws.
func rpPattern(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case pattern.IsEscape(s, i):
			b.WriteByte('%')
			b.WriteByte(pattern.UpperHex[pattern.Unhex(s[i+1])])
			b.WriteByte(pattern.UpperHex[pattern.Unhex(s[i+2])])
			i += 2
		case c == '%' || c < 0x80 && jstext.EncodeURIKeeps(c):
			b.WriteByte(c)
		default:
			// Each byte of a character outside ASCII is encoded.
			b.WriteByte('%')
			b.WriteByte(pattern.UpperHex[c>>4])
			b.WriteByte(pattern.UpperHex[c&15])
		}
	}
	return b.String()
}

// rpPatternSteps are the steps from a rule's value as written to the
// pattern robots-parser compares.
func rpPatternSteps(value string) []matcher.Step {
	var steps []matcher.Step
	s := value
	if d := py.Decode([]byte(s)); d != s {
		steps = append(steps, matcher.Step{Input: s, Output: d, Source: "Node.js Buffer toString(\"utf8\")",
			Rule: "invalid UTF-8 is decoded as U+FFFD"})
		s = d
	}
	if out := rpPattern(s); out != s {
		steps = append(steps, matcher.Step{Input: s, Output: out, Source: rpSource + " (normaliseEncoding)",
			Rule: "what encodeURI escapes is percent-encoded as UTF-8 ('%' is kept), and %xx escapes are upper-cased"})
	}
	return steps
}

var errOtherSite = errors.New("it is not on the robots.txt's scheme, host and port")

// rpThrows: neither URL parses, so parseUrl gives two empty objects, which
// _getRule finds on the same site; it then upper-cases the escapes of a
// path that is not a string, and throws.
type rpThrows struct{ why string }

func (e *rpThrows) Error() string { return e.why }

// rpURLs are the two URLs robots-parser is given for a target: the
// robots.txt URL and the URL asked about.
func rpURLs(t *matcher.Target) (robots, url string) {
	in := py.TargetInput(t)
	u, err := whatwg.Parse(in)
	switch {
	case err == nil && u.Hostname != "" && u.Hostname != whatwg.BaseHost:
		// A URL that names its host as the URL class reads it
		// (`http://example.com\a`, `\\example.com/a`): the robots.txt of
		// that site.
		port := ""
		if u.Port != "" {
			port = ":" + u.Port
		}
		return u.Protocol + "//" + u.Hostname + port + "/robots.txt", in
	case t != nil && t.Scheme != "" && t.RobotsURL != "":
		return t.RobotsURL, t.Input
	case t != nil && t.Scheme == "" && t.Host != "":
		// A network-path reference: the URL class reads it with the
		// scheme of robots-parser's base URL, http.
		authority := t.Host
		if t.Port != "" {
			authority += ":" + t.Port
		}
		return "http://" + authority + "/robots.txt", t.Input
	}
	path := "/"
	if t != nil && strings.HasPrefix(t.Path, "/") {
		path = t.Path
	}
	return rpStandIn + "/robots.txt", rpStandIn + path
}

// rpPort is the port parseUrl leaves: with none given it sets 443 for
// https and 80 for any other scheme, which the URL class then drops when
// it is the scheme's default (and ignores for file: and a URL without a
// host, which cannot have a port).
func rpPort(u whatwg.URL) string {
	if u.Port != "" || u.Protocol == "file:" || u.Hostname == "" {
		return u.Port
	}
	p := "80"
	if u.Protocol == "https:" {
		p = "443"
	}
	if def, special := whatwg.Special[strings.TrimSuffix(u.Protocol, ":")]; special && def == p {
		return ""
	}
	return p
}

// rpRequestPath is what _getRule compares when the file is robots and raw
// the URL asked about: raw's pathname and search with escapes upper-cased,
// once raw is known to be on the robots.txt's site.
func rpRequestPath(robots, raw string) (string, []matcher.Step, error) {
	shown := raw // a path asked on the stand-in site is shown as the path
	if robots == rpStandIn+"/robots.txt" && strings.HasPrefix(raw, rpStandIn+"/") {
		shown = raw[len(rpStandIn):]
	}
	base, errBase := whatwg.Parse(robots)
	u, err := whatwg.Parse(raw)
	switch {
	case errBase != nil && err != nil:
		return "", nil, &rpThrows{fmt.Sprintf("the URL class can read neither the robots.txt URL %q (%v) nor %q (%v)", robots, errBase, raw, err)}
	case errBase != nil:
		return "", nil, fmt.Errorf("the URL class cannot read the robots.txt URL %q: %v", robots, errBase)
	case err != nil:
		return "", nil, fmt.Errorf("the URL class cannot read %q: %v", raw, err)
	}
	if u.Protocol != base.Protocol || u.Hostname != base.Hostname || rpPort(u) != rpPort(base) {
		return "", nil, fmt.Errorf("%q: %v (%s)", raw, errOtherSite, robots)
	}
	var steps []matcher.Step
	read := u.Pathname + u.Search
	if read != shown {
		steps = append(steps, matcher.Step{Input: shown, Output: read, Source: "WHATWG URL Standard (Node.js URL); " + rpSource + " (_getRule)",
			Rule: "the URL class reads the URL: its pathname and search are kept (percent-encoded where the standard says, dot segments resolved, an empty query and the fragment dropped)"})
	}
	path := pattern.UpperEscapes(read)
	if path != read {
		steps = append(steps, matcher.Step{Input: read, Output: path, Source: rpSource + " (urlEncodeToUpper)",
			Rule: "%xx escapes are upper-cased"})
	}
	return path, steps, nil
}

func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	robots, url := rpURLs(t)
	return Reader{}.EvaluateAt(f, token, t, robots, url)
}

// DecideInto is Evaluate from the strongest matching rules alone
// (matcher.StrongestDecider): isAllowed's rule is the longest matching
// pattern of the merged groups in octets, an allow winning a tie, each
// pattern matched as Pattern.Match does, which a pattern.Decider finds. A
// URL it throws for or gives no verdict on is evaluated in full, as is
// every URL until the selection's Decider is built.
func (r Reader) DecideInto(f *matcher.File, token string, t *matcher.Target, res *matcher.Result) bool {
	robots, url := rpURLs(t)
	path, steps, err := rpRequestPath(robots, url)
	sel := f.SelectionFor(token, rpSelect)
	var d *pattern.Decider
	if err == nil {
		d = sel.Decide.Get(func() int { return matcher.RulesIn(f, sel.Trace.Selected) },
			func(add func(pattern.DecideRule)) { rpDecideRules(f, sel.Trace.Selected, add) })
	}
	if d == nil {
		*res = *r.Evaluate(f, token, t)
		sel.Decide.Spend(len(res.Matches) + res.Omitted)
		return true
	}
	res.Path, res.Steps, res.Groups, res.Diagnostics = path, steps, sel.Trace, sel.Diags
	if _, ok := res.DecideStrongest(d, func(ref pattern.Ref) matcher.Match {
		m := f.MatchOf(f.RuleOf(ref))
		m.Priority = len(m.Normalized)
		return m
	}); !ok {
		res.Explanation = rpExplain(f, res)
	}
	return true
}

// rpDecideRules yields the rules of the selected groups for a Decider,
// with the octets of the pattern as priority; an empty pattern never
// matches and is left out, as EvaluateAt skips it.
func rpDecideRules(f *matcher.File, selected []int, add func(pattern.DecideRule)) {
	for _, gi := range selected {
		rules := f.RulesOf(f.Groups[gi])
		for ri := range rules {
			if r := &rules[ri]; r.Pattern.Start != r.Pattern.End {
				norm := f.NormalizedRule(r)
				add(pattern.DecideRule{Pattern: pattern.Compile(norm), Priority: len(norm), Allow: r.Allow(),
					Ref: pattern.Ref{Group: int32(gi), Rule: int32(ri)}})
			}
		}
	}
}

// EvaluateAt is isAllowed(url, token) on f read as the robots.txt at the
// URL robots, as robots-parser is asked when the caller gives both URLs
// (Evaluate asks with the robots.txt URL that governs t); t may be nil.
func (Reader) EvaluateAt(f *matcher.File, token string, t *matcher.Target, robots, url string) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	path, steps, err := rpRequestPath(robots, url)
	res.Path, res.Steps = path, steps
	sel := f.SelectionFor(token, rpSelect)
	res.Groups, res.Diagnostics = sel.Trace, sel.Diags
	var throws *rpThrows
	switch {
	case errors.As(err, &throws):
		res.Reason = matcher.ReasonRaises
		res.Explanation = fmt.Sprintf("No verdict: robots-parser's isAllowed throws a TypeError, since %s: it takes the two unread URLs for the same site, then finds no path to compare; shown as disallowed, since a crawler whose check fails fetches nothing.", throws.why)
		return res
	case err != nil:
		res.Reason = matcher.ReasonNoVerdict
		res.Explanation = fmt.Sprintf("No verdict: robots-parser's isAllowed returns undefined, since %v; shown as disallowed, as its isDisallowed says.", err)
		return res
	}
	for _, gi := range res.Groups.Selected {
		rules := f.RulesOf(f.Groups[gi])
		for ri := range rules {
			r := &rules[ri]
			if r.Pattern.Start == r.Pattern.End || !pattern.Compile(f.NormalizedRule(r)).Match(path) {
				continue
			}
			m := f.MatchOf(r)
			m.Priority, m.Steps = len(m.Normalized), rpPatternSteps(m.Pattern)
			res.AddMatch(f, m)
		}
	}
	res.DecideLongest()
	res.Explanation = rpExplain(f, res)
	return res
}

// rpSelect is _getRule's choice: the rules filed under the token's name,
// else those filed under '*', else none. Every group naming it is merged.
func rpSelect(f *matcher.File, token string) matcher.GroupTrace {
	ext, _ := f.Ext().(*rpFile)
	if ext == nil {
		ext = &rpFile{}
	}
	name := rpTokenName(token)
	tr := matcher.GroupTrace{Token: token}
	chosen, found := name, rpFiled(f, ext, name)
	if !found && name != "*" {
		chosen, found = "*", rpFiled(f, ext, "*")
	}
	tr.Global = found && chosen == "*"
	tr.Agents = f.AgentMatches()
	notName := fmt.Sprintf(", not %q", name)
	for gi, g := range f.Groups {
		filed := gi < len(ext.filed) && ext.filed[gi]
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			m := matcher.UserAgentMatch{Agent: a, Group: gi}
			m.Matched = a.Value != "" && a.Token == chosen && found && filed
			if m.Matched {
				tr.Selected = matcher.AppendOnce(tr.Selected, gi)
			}
			m.How = rpHow(a, m.Matched, name, chosen, notName)
			tr.Agents = append(tr.Agents, m)
		}
	}
	tr.Merged = len(tr.Selected) > 1
	tr.Summary = rpSummary(f, tr, name)
	return tr
}

// rpHow is the sentence of how user-agent line a compared with the name
// (the token as robots-parser reads it), when chosen is the name whose
// groups apply.
func rpHow(a matcher.AgentText, matched bool, name, chosen, notName string) string {
	switch {
	case a.Value == "":
		return "an empty value adds no name"
	case a.Token != chosen && a.Token == name:
		return fmt.Sprintf("names %q, the token as robots-parser reads it, but no rule line follows it", name)
	case a.Token != chosen && a.Global:
		return "'*': used only when no group files the token's name"
	case a.Token != chosen:
		return "names " + strconv.Quote(a.Token) + notName
	case !matched:
		return fmt.Sprintf("names %q, but no rule line follows it in its group", a.Token)
	}
	return fmt.Sprintf("names %q: lower-cased and cut at '/', the value equals %q", a.Token, chosen)
}

// rpFiled says whether a group with rule lines names name.
func rpFiled(f *matcher.File, ext *rpFile, name string) bool {
	for gi, g := range f.Groups {
		if gi >= len(ext.filed) || !ext.filed[gi] {
			continue
		}
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			if a.Value != "" && a.Token == name {
				return true
			}
		}
	}
	return false
}

func rpSummary(f *matcher.File, tr matcher.GroupTrace, name string) string {
	how := fmt.Sprintf("%q (robots-parser lower-cases the token, cuts it at '/' and trims it; an empty one is *)", name)
	switch {
	case len(tr.Selected) == 0 && len(f.Groups) == 0:
		return "The file has no groups, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No group with rule lines names %s and none names *, so no rules apply: everything is allowed.", how)
	}
	names, apply := "names", "applies"
	if len(tr.Selected) > 1 {
		names, apply = "name", "apply"
	}
	s := fmt.Sprintf("The token reads as %s; the %s %s it exactly", how, matcher.GroupWords(f, tr.Selected), names)
	if tr.Global {
		s = fmt.Sprintf("No group with rule lines names %s, so the %s naming * %s", how, matcher.GroupWords(f, tr.Selected), apply)
	}
	if tr.Merged {
		s += ", their rules merged"
	}
	return s + "."
}

func rpExplain(f *matcher.File, res *matcher.Result) string {
	switch res.Reason {
	case matcher.ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case matcher.ReasonNoMatch:
		for _, gi := range res.Groups.Selected {
			for _, r := range f.RulesOf(f.Groups[gi]) {
				if r.Pattern.Start != r.Pattern.End {
					return "Allowed: no rule of the applying groups matches " + res.Path + "."
				}
			}
		}
		return "Allowed: the applying groups have no rule with a pattern, and robots-parser does not fall back to the * group for a name it has filed. " + res.Groups.Summary
	}
	return matcher.Explain(f, res)
}

var robotsParserChoices = compare.Choices{
	Bounds: compare.BoundsAgentAfterKey,
	Agent: func(value, token string) (bool, bool) {
		if value == "" {
			return false, false
		}
		name := rpName(py.Decode([]byte(value)))
		return name != "*" && name == rpTokenName(token), name == "*"
	},
	Path: func(t *matcher.Target) (string, bool) {
		robots, url := rpURLs(t)
		p, _, err := rpRequestPath(robots, url)
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) { return rpPattern(py.Decode([]byte(v))), true },
	Special: func(res, _ *matcher.Result) (compare.Factor, string, bool) {
		return compare.FactorNoVerdict, res.Explanation, res.Reason == matcher.ReasonNoVerdict
	},
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorGroupBoundary: "starts a new list of names at a user-agent line after any other line with a key, and files no name of a list without a rule or Crawl-delay (robots-parser)",
		compare.FactorTokenMatching: "compares the value, lower-cased and cut at its first '/', with the token read the same way (robots-parser)",
		compare.FactorNormalization: "reads the URL with the WHATWG URL parser and encodes a pattern as encodeURI does, keeping '%' (robots-parser)",
		compare.FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (robots-parser)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &robotsParserChoices }
