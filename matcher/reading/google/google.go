// Package google is the reading matcher.Google, behind matcher.Reader.
//
// Google reads a file as the open-source google/robotstxt library does
// (robots.cc at 22b355f, 2026): it is checked against Google's conformance
// suite and against robots_main's verdicts in the differential corpus.
package google

import (
	"bytes"
	"fmt"
	"strings"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/internal/keys"
	"robots-explorer/matcher/internal/words"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
)

// Reader is the reading of google/robotstxt's robots.cc: its line splitting
// and cut, its key recognition with typos and a missing colon, its groups,
// its pattern escaping, and its decision. matcher/readings registers it.
type Reader struct{}

// googleFile is what the google reading keeps beside the line model: the
// flags of every rule's pattern (its body is the rule's normalized
// pattern, File.NormalizedRule) and, for an allow whose pattern ends in
// /index.htm…, the compiled directory pattern it also stands for. A byte
// per rule and a map of the few index rules, rather than a compiled
// pattern and a pointer per rule: 32 bytes less for each rule, and a file
// of short lines holds millions of rules.
type googleFile struct {
	// pats are the flags of every rule's pattern, in the order of the
	// file's array of rules (File.RuleIndex): one array for the file,
	// since a slice per group would add a 24-byte header to every group,
	// and a file of tiny lines has a group every few lines.
	pats  []pattern.Flags
	index map[pattern.Ref]*indexRule
}

// An indexRule is the directory pattern robots.cc derives from an allow
// ending in /index.htm… ("/dir/index.html" also allows "/dir/$").
type indexRule struct {
	text string
	pat  pattern.Pattern
}

const googleSource = "google/robotstxt robots.cc"

// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.Google,
	Title:   "Google",
	Mirrors: "google/robotstxt robots.cc at 22b355f (2026), Google's open-source parser",
	UsedBy:  "Googlebot, whose production parser the library is, lightly adapted (google/robotstxt README)",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// ReadTarget reads a URL as robots_main does: it hands the string to the
// matcher as given, which takes its path with GetPathParamsQuery
// (robots.cc; GooglePath) whatever the string is, so no URL is refused.
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.Google, src, text, o)
	s.SplitLines()
	p := googleParser{Scanner: s, group: -1}
	s.ReadLines(func(i int, l *matcher.Line) {
		s.Pace(i)
		p.line(l)
	})
	p.finish()
	s.CheckBytes()
	s.File.Diagnostics = s.SortedDiagnostics()
	return s.File
}

type googleParser struct {
	*matcher.Scanner
	group int // current group, -1 before the first user-agent line
	// separator is robots.cc's seen_separator_: since the group's last
	// user-agent line there was an allow or disallow, so the next
	// user-agent line starts a new group. Since google/robotstxt c8ac4b1
	// (2021) a sitemap, unknown or garbage line sets nothing: it leaves
	// the group open.
	separator bool
	pats      []pattern.Flags
	index     map[pattern.Ref]*indexRule
}

// googleLineEnd returns where robots.cc stops reading the line [start, end):
// after GoogleLineLimit bytes (kMaxLineLen - 1, the rest is dropped) or at
// the first NUL byte, since the line is then handled as a C string.
func googleLineEnd(src []byte, start, end int) int {
	if end-start > matcher.GoogleLineLimit {
		end = start + matcher.GoogleLineLimit
	}
	if i := bytes.IndexByte(src[start:end], 0); i >= 0 {
		end = start + i
	}
	return end
}

func trimASCIISpace(src []byte, s, e int) (int, int) {
	for s < e && ascii.IsSpace(src[s]) {
		s++
	}
	for e > s && ascii.IsSpace(src[e-1]) {
		e--
	}
	return s, e
}

// A googleRecord is a line cut as robots.cc's GetKeyAndValueFrom cuts it,
// as offsets into the source.
type googleRecord struct {
	KeyStart, KeyEnd     int
	ValueStart, ValueEnd int
	CommentAt            int  // offset of '#', or -1
	empty                bool // nothing but white space and a comment
	ok                   bool // a key and a value were found
	noColon              bool // the key and value were parted by white space
}

// splitGoogle cuts the line content [start, end): the comment goes at the
// first '#'; the rest, trimmed, is "key: value", or, without any ':',
// exactly two words parted by spaces or tabs (robots.cc accepts the missing
// colon then, and only then). A line with an empty key is not a record.
func splitGoogle(src []byte, start, end int) googleRecord {
	r := googleRecord{CommentAt: -1}
	if i := bytes.IndexByte(src[start:end], '#'); i >= 0 {
		r.CommentAt, end = start+i, start+i
	}
	s, e := trimASCIISpace(src, start, end)
	if s == e {
		r.empty = true
		return r
	}
	sep := bytes.IndexByte(src[s:e], ':')
	if sep < 0 {
		ws := bytes.IndexAny(src[s:e], " \t")
		if ws < 0 {
			return r
		}
		v := s + ws
		for v < e && (src[v] == ' ' || src[v] == '\t') {
			v++
		}
		if bytes.ContainsAny(src[v:e], " \t") {
			return r
		}
		sep, r.noColon = ws, true
	}
	sep += s
	r.KeyStart, r.KeyEnd = trimASCIISpace(src, s, sep)
	if r.KeyStart == r.KeyEnd {
		return r
	}
	r.ValueStart, r.ValueEnd = trimASCIISpace(src, sep+1, e)
	r.ok = true
	return r
}

func (p *googleParser) line(l *matcher.Line) {
	src := p.File.Source
	end := googleLineEnd(src, int(l.Start), int(l.End))
	rec := splitGoogle(src, int(l.Start), end)
	if rec.CommentAt >= 0 {
		l.Comment = matcher.SpanOf(rec.CommentAt+1, end)
	}
	switch {
	case rec.empty:
		l.Kind = matcher.KindBlank
		if rec.CommentAt >= 0 {
			l.Kind = matcher.KindComment
		}
		l.Group = int32(p.group)
		return
	case !rec.ok:
		p.invalid(l, rec, end)
		return
	}
	l.Key, l.Value = matcher.SpanOf(rec.KeyStart, rec.KeyEnd), matcher.SpanOf(rec.ValueStart, rec.ValueEnd)
	if rec.noColon {
		p.Report(rec.KeyStart, rec.ValueEnd, matcher.CodeMissingColon, matcher.Warning, googleSource+" (GetKeyAndValueFrom)",
			"no ':' after %q: Google's parser reads the two words as %q; RFC 9309 parsers ignore the line", p.Key(l), p.Key(l)+": "+p.Value(l))
	}
	key := keys.Google(p.Key(l))
	if key != "" && !strings.EqualFold(p.Key(l), key) {
		p.Report(rec.KeyStart, rec.KeyEnd, matcher.CodeTypoKey, matcher.Warning, googleSource+" (ParsedRobotsKey, kAllowFrequentTypos)",
			"%q is read by Google's parser as %q (it accepts common typos and any key starting with a known one); RFC 9309 parsers ignore this line", p.Key(l), key)
	}
	switch key {
	case "user-agent":
		p.userAgent(l)
	case "allow":
		p.rule(l, true)
	case "disallow":
		p.rule(l, false)
	default:
		p.record(l, key)
	}
}

func (p *googleParser) invalid(l *matcher.Line, rec googleRecord, end int) {
	l.Kind = matcher.KindInvalid
	if rec.CommentAt >= 0 {
		end = rec.CommentAt
	}
	s, e := trimASCIISpace(p.File.Source, int(l.Start), end)
	msg := "not a record (no ':' and not exactly two words): Google's parser ignores the line"
	if bytes.IndexByte(p.File.Source[s:e], ':') >= 0 {
		msg = "a line starting with ':' has no key: Google's parser ignores it"
	}
	p.Report(s, e, matcher.CodeInvalidLine, matcher.Warning, googleSource+" (GetKeyAndValueFrom)", "%s", msg)
}

// googleAgent reads a user-agent value as robots.cc's HandleUserAgent does:
// '*' alone or followed by white space ("* anything") is the global agent;
// otherwise the token is the leading run of [A-Za-z_-] (ExtractUserAgent),
// possibly empty, as ascii.ExtractToken reads it.
func googleAgent(value string) (token string, global bool) {
	// C's isspace in the "C" locale is the same set as ascii.IsSpace,
	// wider than ExtractToken's space and tab.
	if value != "" && value[0] == '*' && (len(value) == 1 || ascii.IsSpace(value[1])) {
		return "*", true
	}
	token, _, _ = ascii.ExtractToken(value)
	return token, false
}

func (p *googleParser) userAgent(l *matcher.Line) {
	l.Kind = matcher.KindUserAgent
	if p.group < 0 || p.separator {
		p.group, p.separator = p.File.AddGroup(l.Number), false
	}
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	l.Group = int32(p.group)
	tok, global := googleAgent(p.Value(l))
	p.File.AppendAgent(&g.Agents, p.File.NewAgent(l.Number, p.Value(l), tok, global))
	end := int(l.Value.End)
	switch {
	case global && len(p.Value(l)) > 1:
		p.Report(int(l.Value.Start), end, matcher.CodeTokenCut, matcher.Info, googleSource+" (HandleUserAgent)",
			"%q is read as '*', the global group: Google's parser reads a '*' followed by white space so", p.Value(l))
	case global:
	case tok == "":
		p.Report(int(l.Value.Start), end, matcher.CodeEmptyUserAgent, matcher.Warning, googleSource+" (ExtractUserAgent)",
			"this user-agent value starts with no letter, '-' or '_', so Google's parser reads an empty product token: it matches only a crawler asking with an empty token")
	case len(tok) < len(p.Value(l)):
		p.Report(int(l.Value.Start)+len(tok), end, matcher.CodeTokenCut, matcher.Info, googleSource+" (ExtractUserAgent)",
			"%q is read as the product token %q: Google's parser keeps only the leading letters, '-' and '_'", p.Value(l), tok)
	}
}

func (p *googleParser) rule(l *matcher.Line, allow bool) {
	l.Kind = matcher.RuleKind(allow)
	if p.group < 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, googleSource+" (HandleAllow, HandleDisallow)",
			"this rule comes before any user-agent line, so Google's parser ignores it")
		return
	}
	p.separator = true
	l.Group = int32(p.group)
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	norm := EscapeGooglePattern(p.Value(l))
	p.File.AppendRule(&g.Rules, p.File.NewRule(l, allow, norm))
	if d, ok := indexDirectory(norm); allow && ok {
		if p.index == nil {
			p.index = map[pattern.Ref]*indexRule{}
		}
		p.index[pattern.Ref{Group: int32(p.group), Rule: int32(g.Rules.Len() - 1)}] = &indexRule{text: d, pat: pattern.Compile(d)}
	}
	p.pats = append(p.pats, pattern.FlagsOf(norm))
	p.checkPattern(l)
}

// checkPattern reports what Google's matcher does with unusual patterns.
func (p *googleParser) checkPattern(l *matcher.Line) {
	v, at := p.Value(l), int(l.Value.Start)
	switch {
	case v == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, googleSource+" (RobotsMatcher::disallow)",
			"an empty %s matches with priority 0 in Google's parser, which never decides: it has no effect", ascii.Lower(p.Key(l)))
		return
	case v[0] != '/' && v[0] != '*':
		p.Report(at, at+len(v), matcher.CodePatternStart, matcher.Warning, googleSource+" (Matches)",
			"Google's parser anchors a pattern at the start of the path, which always begins with '/'; %q matches nothing", v)
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		p.Report(at+i, at+i+1, matcher.CodeDollarInside, matcher.Info, googleSource+" (Matches)",
			"Google's parser reads '$' as the end of the path only as the last character; here it is a literal '$'")
	}
}

// record handles a sitemap or unknown record: robots.cc ignores it
// entirely (HandleSitemap and HandleUnknownAction do nothing since
// google/robotstxt c8ac4b1), so a user-agent line after it still joins the
// group when no rule came between.
func (p *googleParser) record(l *matcher.Line, key string) {
	l.Kind = matcher.KindOther
	l.Group = int32(p.group)
	end := int(l.Value.End)
	lower := ascii.Lower(p.Key(l))
	msg, nonStd := keys.NonStandard(lower)
	switch {
	case key == "sitemap":
		if !matcher.IsAbsoluteURL(p.Value(l)) {
			p.Report(int(l.Value.Start), end, matcher.CodeSitemapNotAbs, matcher.Warning, "sitemaps.org protocol; RFC 9309 §2.2.4",
				"a Sitemap must be an absolute URL (https://example.com/sitemap.xml); %q is not", p.Value(l))
		}
	case nonStd:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeNonStandardRecord, matcher.Info, googleSource+" (HandleUnknownAction)",
			"%s%s", p.Key(l), msg[len(lower):])
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, googleSource+" (HandleUnknownAction)",
			"%q is not a key Google's parser knows: it ignores the line", p.Key(l))
	}
}

func (p *googleParser) finish() {
	for _, g := range p.File.Groups {
		if g.Rules.Len() > 0 {
			continue
		}
		l := p.File.Line(int(g.FirstLine) - 1)
		p.Report(int(l.Start), int(l.End), matcher.CodeEmptyGroup, matcher.Info, googleSource+" (RobotsMatcher::disallow)",
			"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
	}
	p.File.SetExt(&googleFile{pats: p.pats, index: p.index})
}

var googleChoices = compare.Choices{
	Agent: func(value, token string) (bool, bool) {
		tok, global := googleAgent(value)
		return !global && ascii.EqualFold(tok, token), global
	},
	Index: func(p string, allow bool) (string, bool) {
		if !allow {
			return "", false
		}
		return indexDirectory(p)
	},
	Path:    func(t *matcher.Target) (string, bool) { return GooglePath(t.Input), true },
	Pattern: func(v string) (string, bool) { return EscapeGooglePattern(v), true },
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "also reads common typos (disalow, useragent, …), any key starting with a known one, and a missing colon (robots.cc), and cuts lines at 16,663 bytes",
		compare.FactorTokenMatching: "compares the value's product token with the token exactly as given, ignoring ASCII case (robots.cc)",
		compare.FactorIndexHTML:     "lets an Allow ending in /index.htm… also allow its directory (robots.cc)",
		compare.FactorNormalization: "takes the URL as given and only escapes non-ASCII bytes of a pattern (robots.cc)",
		compare.FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (robots.cc)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &googleChoices }

// Evaluate is robots.cc's decision (RobotsMatcher::disallow): the rules of
// the groups naming the token if any group does (ever_seen_specific_agent_),
// else those of the '*' groups; of the matching rules the longest pattern
// wins, an allow wins a tie, and an empty pattern (priority 0) never
// decides. An allow of …/index.htm… that does not match still counts when
// its directory does. The URL is taken as given and /robots.txt is not
// special.
func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	path := GooglePath(t.Input)
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Path: path, Steps: googlePathSteps(t.Input, path), Winner: -1, RunnerUp: -1}
	sel := f.SelectionFor(token, googleSelect)
	res.Groups = sel.Trace
	ext, _ := f.Ext().(*googleFile)
	var viaIndex []bool // parallel to res.Matches: matched through the index.html rule
	if ext != nil {
		var local [16]pattern.Ref
		for _, ref := range sel.Rules.Candidates(path, local[:0], ext.indexed(f, res.Groups.Selected)) {
			m, index, ok := googleMatch(f, ext, ref, path)
			if ok {
				viaIndex = matcher.KeepBeside(viaIndex, res.AddMatch(f, m), index)
			}
		}
	}
	res.DecideLongest()
	if res.Winner >= 0 && viaIndex[res.Winner] {
		res.Reason = matcher.ReasonIndexHTML
	}
	res.Diagnostics = sel.Diags
	res.Explanation = googleExplain(f, res)
	return res
}

// DecideInto is Evaluate from the strongest matching rules alone
// (matcher.StrongestDecider): robots.cc's decision is the longest match,
// an allow winning a tie, as a pattern.Decider finds it.
func (r Reader) DecideInto(f *matcher.File, token string, t *matcher.Target, res *matcher.Result) bool {
	ext, _ := f.Ext().(*googleFile)
	if ext == nil {
		return false
	}
	sel := f.SelectionFor(token, googleSelect)
	d := sel.Decide.Get(func() int { return matcher.RulesIn(f, sel.Trace.Selected) },
		func(add func(pattern.DecideRule)) { ext.decideRules(f, sel.Trace.Selected, add) })
	if d == nil {
		// Until the Decider is built, whose cost this counts towards.
		*res = *r.Evaluate(f, token, t)
		sel.Decide.Spend(len(res.Matches) + res.Omitted)
		return true
	}
	path := GooglePath(t.Input)
	res.Path, res.Steps, res.Groups, res.Diagnostics = path, googlePathSteps(t.Input, path), sel.Trace, sel.Diags
	ref, ok := res.DecideStrongest(d, func(ref pattern.Ref) matcher.Match {
		m, _, _ := googleMatch(f, ext, ref, path)
		return m
	})
	switch {
	case !ok:
		res.Explanation = googleExplain(f, res)
	case ext.index[ref] != nil:
		if _, index, _ := googleMatch(f, ext, ref, path); index {
			res.Reason = matcher.ReasonIndexHTML
		}
	}
	return true
}

// decideRules yields the rules of the groups selected for a Decider, with
// robots.cc's priority, the length of the pattern; an allow ending in
// /index.htm… twice, also as its directory pattern with that one's
// length. The pattern is longer than its directory's, so the stronger of
// the two that match is the one googleMatch finds. An empty pattern never
// decides and is left out, as indexed does.
func (ext *googleFile) decideRules(f *matcher.File, selected []int, add func(pattern.DecideRule)) {
	for _, gi := range selected {
		for ri, r := range f.RulesOf(f.Groups[gi]) {
			if r.Pattern.Start == r.Pattern.End {
				continue
			}
			ref := pattern.Ref{Group: int32(gi), Rule: int32(ri)}
			add(pattern.DecideRule{Pattern: ext.pattern(f, ref), Priority: len(f.NormalizedRule(&r)), Allow: r.Allow(), Ref: ref})
			if ix := ext.index[ref]; ix != nil {
				add(pattern.DecideRule{Pattern: ix.pat, Priority: len(ix.text), Allow: r.Allow(), Ref: ref})
			}
		}
	}
}

// indexed yields the rules of the groups selected to index (see
// pattern.Index); an allow ending in /index.htm… by its directory pattern,
// which requires less of a path than its own. An empty pattern never
// decides (robots.cc gives it priority 0), and escaping never empties
// one: it is left out.
func (ext *googleFile) indexed(f *matcher.File, selected []int) pattern.Rules {
	// It captures nothing, so that the Rules stay off the heap.
	body := func(ext *googleFile, f *matcher.File, ref pattern.Ref) string {
		if ix := ext.index[ref]; ix != nil {
			return ix.pat.Body
		}
		return ext.pattern(f, ref).Body
	}
	return pattern.Rules{
		Each: func(add func(string, pattern.Ref)) {
			for _, gi := range selected {
				for ri, r := range f.RulesOf(f.Groups[gi]) {
					if r.Pattern.Start == r.Pattern.End {
						continue
					}
					ref := pattern.Ref{Group: int32(gi), Rule: int32(ri)}
					add(body(ext, f, ref), ref)
				}
			}
		},
		// The index reads a body again instead of keeping a key per rule
		// (see pattern.NewIndex).
		Bodies: func() func(pattern.Ref) string {
			return func(ref pattern.Ref) string { return body(ext, f, ref) }
		},
	}
}

// googleMatch tries the rule ref names on path. An allow that does not
// match is tried again as its directory when it ends in /index.htm…
// (robots.cc HandleAllow); the priority is then that pattern's length.
func googleMatch(f *matcher.File, ext *googleFile, ref pattern.Ref, path string) (m matcher.Match, index, ok bool) {
	i := f.RuleIndex(ref)
	r := f.RuleOf(ref)
	if ext.pats[i].Pattern(f.NormalizedRule(r)).Match(path) {
		m = f.MatchOf(r)
		m.Priority, m.Steps = len(m.Normalized), googlePatternSteps(m.Pattern)
		return m, false, true
	}
	ix := ext.index[ref]
	if ix == nil || !ix.pat.Match(path) {
		return matcher.Match{}, false, false
	}
	m = f.MatchOf(r)
	m.Priority = len(ix.text)
	m.Steps = append(googlePatternSteps(m.Pattern), matcher.Step{Input: m.Normalized, Output: ix.text,
		Rule:   "an allow ending in /index.htm… also allows its directory: the pattern is tried again as the directory followed by '$'",
		Source: googleSource + " (HandleAllow)"})
	return m, true, true
}

// pattern is the compiled pattern of the rule ref names.
func (ext *googleFile) pattern(f *matcher.File, ref pattern.Ref) pattern.Pattern {
	return ext.pats[f.RuleIndex(ref)].Pattern(f.NormalizedRule(f.RuleOf(ref)))
}

// googlePatternSteps are the escaping steps of a pattern, worked out only
// for the rules that match.
func googlePatternSteps(p string) []matcher.Step {
	_, steps := pattern.Normalize(p, googlePatternRules, true)
	return steps
}

func googlePathSteps(input, path string) []matcher.Step {
	if input == path {
		return nil
	}
	return []matcher.Step{{Input: input, Output: path,
		Rule:   "the path, params and query are taken from the URL as given (scheme, host and fragment dropped, no percent-encoding or decoding)",
		Source: googleSource + " (GetPathParamsQuery)"}}
}

// googleSelect chooses the groups as robots.cc does: a group applies when
// one of its user-agent tokens equals the token given, ASCII letters
// compared without case (absl::EqualsIgnoreCase; the token given is not
// trimmed or cut, so "Googlebot/2.1" matches no group); else every '*'
// group applies; else none.
func googleSelect(f *matcher.File, token string) matcher.GroupTrace {
	w := matcher.NewTraceWriter(f, token, " equals %s, ignoring ASCII case", " is not %s (Google compares the whole token given)")
	for gi, g := range f.Groups {
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			switch {
			case a.Global:
				w.Global(a, gi)
			case ascii.EqualFold(a.Token, token):
				w.Named(a, gi)
			case a.Token == "":
				w.Add(a, gi, false, "names an empty product token (the value starts with no letter, '-' or '_')")
			default:
				w.NotNamed(a, gi)
			}
		}
	}
	return w.Finish(f)
}

// googleExplain says why, in Google's terms; only the index.html rule needs
// words of its own.
func googleExplain(f *matcher.File, res *matcher.Result) string {
	if res.Reason != matcher.ReasonIndexHTML {
		return matcher.Explain(f, res)
	}
	w := res.Matches[res.Winner]
	dir := w.Steps[len(w.Steps)-1].Output
	s := fmt.Sprintf("Allowed by %s: Google's parser reads an allow ending in /index.htm… as also allowing its directory, so %s (%s) matches %s",
		matcher.RuleText(f, w.Rule), dir, words.Octets(w.Priority), res.Path)
	if res.RunnerUp < 0 {
		return s + "."
	}
	r := res.Matches[res.RunnerUp]
	if r.Priority == w.Priority {
		return fmt.Sprintf("%s and ties with %s (%s): on a tie, allow wins.", s, matcher.RuleText(f, r.Rule), words.Octets(r.Priority))
	}
	return fmt.Sprintf("%s, longer than %s (%s).", s, matcher.RuleText(f, r.Rule), words.Octets(r.Priority))
}

// googlePatternRules are the only changes robots.cc makes to an allow or
// disallow value before matching (MaybeEscapePattern). Run one after the
// other they give the same result as its single pass: an escape it writes
// is already upper-case, and the bytes after a valid %XX are hex digits, so
// no escape can start inside one.
var googlePatternRules = []pattern.NormRule{
	{Rule: "characters outside ASCII are written as their UTF-8 octets, each as %XX", Source: googleSource + " (MaybeEscapePattern)", Apply: pattern.EncodeNonASCII},
	{Rule: "hex digits of %XX escapes are upper-cased", Source: googleSource + " (MaybeEscapePattern)", Apply: pattern.UpperEscapes},
}

// EscapeGooglePattern returns a pattern as Google's parser compares it:
// non-ASCII bytes percent-encoded, the hex digits of escapes upper-cased,
// nothing else (no decoding, '%2A' stays three characters).
func EscapeGooglePattern(p string) string {
	s, _ := pattern.Normalize(p, googlePatternRules, false)
	return s
}

// indexDirectory returns the pattern robots.cc's HandleAllow also tries for
// an allow that does not match: when the part from the pattern's last '/'
// starts with "/index.htm", the directory up to that '/' followed by '$'
// ("/a/index.html" → "/a/$").
func indexDirectory(p string) (string, bool) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 || !strings.HasPrefix(p[i:], "/index.htm") {
		return "", false
	}
	return p[:i+1] + "$", true
}

// GooglePath returns the path robots.cc matches for a URL given as a string
// (GetPathParamsQuery): the URL is taken as given, without any
// percent-encoding or decoding. A leading "//" is skipped; a "://" before
// the first '/', '?' or ';' ends the scheme; the path starts at the first
// '/', '?' or ';' after that and ends at '#'; a result not starting with '/'
// gets one; no path, or a '#' before it, gives "/". The path then stops at
// a NUL byte, as robots.cc hands it on as a C string.
func GooglePath(url string) string {
	// Cutting at '#' first gives the same path: a '#' before the path's
	// start leaves no path, hence "/".
	s, _, _ := strings.Cut(strings.TrimPrefix(url, "//"), "#")
	if proto := strings.Index(s, "://"); proto >= 0 && !strings.ContainsAny(s[:proto], "/?;") {
		s = s[proto+3:]
	}
	i := strings.IndexAny(s, "/?;")
	if i < 0 {
		return "/"
	}
	path := s[i:]
	if path[0] != '/' {
		path = "/" + path
	}
	path, _, _ = strings.Cut(path, "\x00")
	return path
}
