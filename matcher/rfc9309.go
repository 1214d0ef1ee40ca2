package matcher

import (
	"strconv"
	"strings"

	"robots-explorer/matcher/exposure"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/internal/keys"
	"robots-explorer/matcher/internal/lines"
	"robots-explorer/matcher/pattern"
)

// rfc9309 is RFC 9309 as written. Where the RFC is silent it makes these
// choices: only a final '$' anchors; a user-agent value is read up to its
// first character that may not stand in a product token; keys are compared
// without case; lines that are not records are ignored.
type rfc9309 struct{}

// rfcFile is what the rfc9309 reading keeps beside the line model: the
// pattern flags of every rule (the pattern is File.Normalized's), in the
// order of the file's array of rules (Group.Rules): one array for the
// file, since a slice per group would add a 24-byte header to every
// group, and a file of tiny lines has a group every few lines.
type rfcFile struct{ pats []pattern.Flags }

// flags are the flags of the rule ref names.
func (ext *rfcFile) flags(f *File, ref pattern.Ref) pattern.Flags { return ext.pats[f.RuleIndex(ref)] }

// rfcInfo is what the reading is, kept as data: Info returns a copy.
var rfcInfo = ReadingInfo{Name: RFC9309, Title: "RFC 9309", Mirrors: "RFC 9309 as written, with documented choices where it is silent"}

func (rfc9309) Info() ReadingInfo { return rfcInfo }

// Parse reads the lines in one pass in file order: each line's key,
// value and comment, its kind, its agent or rule, and its group (RFC 9309
// §2.1), stored as it is read. Reading the lines first and placing them
// in groups in a second pass would make and store every line twice
// (BenchmarkParse500KiB times the one pass).
func (rfc9309) Parse(src []byte, text string, o ParseOptions) *File {
	p := newRFCParser(newScanner(RFC9309, src, text, o))
	p.run()
	p.checkLastGroup()
	p.CheckBytes()
	p.File.derived = p.derived
	p.finish()
	p.File.Diagnostics = p.SortedDiagnostics()
	return p.File
}

// rfcParser reads the lines of a file and makes the groups of RFC 9309
// §2.1 out of them.
type rfcParser struct {
	*Scanner
	// pats are every rule's pattern flags, in file order: the rules and
	// agents go in the File's arrays, each group's one run of them.
	pats     []pattern.Flags
	group    int  // current group, -1 before the first user-agent line
	seenRule bool // a rule was read since the group's last user-agent line
	// firstSeen finds the first agent naming each token.
	firstSeen firstAgents
	// comments finds the '#' of each line's comment.
	comments commentFinder
	// derived holds the patterns normalization changed (see Rule.derived).
	derived []string
}

func newRFCParser(s *Scanner) *rfcParser {
	return &rfcParser{Scanner: s, group: -1, comments: newCommentFinder(s.File.Source)}
}

// run reads every line, in file order, and stores it.
func (p *rfcParser) run() {
	s := &p.File.lines
	ls := lines.NewScanner(p.File.Source, p.File.BOM)
	for i := 0; ; i++ {
		start, end, ok := ls.Next()
		if !ok {
			break
		}
		p.Pace(i)
		p.Longest = max(p.Longest, end-start)
		l := newLine(i+1, start, end)
		p.reading = lineAt{l.Number, l.Start, l.End}
		p.line(&l)
		s.addRead(&l)
	}
	p.reading = lineAt{}
}

// rfcKey returns the kind a key names. RFC 9309 §2.2 writes the keys as
// ABNF strings, which RFC 5234 §2.3 compares without case in US-ASCII
// only. The three keys differ in length: one comparison per line.
func rfcKey(key string) Kind {
	switch len(key) {
	case len("allow"):
		if ascii.EqualFold(key, "allow") {
			return KindAllow
		}
	case len("disallow"):
		if ascii.EqualFold(key, "disallow") {
			return KindDisallow
		}
	case len("user-agent"):
		if ascii.EqualFold(key, "user-agent") {
			return KindUserAgent
		}
	}
	return KindOther
}

// checkLastGroup reports the last group when it has no rules. No other
// group can be empty: a user-agent line starts a new group only after a
// rule.
func (p *rfcParser) checkLastGroup() {
	groups := p.File.Groups
	if len(groups) == 0 || groups[len(groups)-1].Rules.Len() > 0 {
		return
	}
	l := p.File.Line(int(groups[len(groups)-1].FirstLine) - 1)
	p.Report(int(l.Start), int(l.End), CodeEmptyGroup, Info, "RFC 9309 §2.2.1",
		"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
}

// finish gives each group its last line, and the file the compiled
// patterns.
func (p *rfcParser) finish() {
	f := p.File
	for gi := range f.Groups {
		g := &f.Groups[gi]
		g.LastLine = f.agents[g.Agents.End-1].Line
		if g.Rules.Len() > 0 {
			g.LastLine = max(g.LastLine, f.rules[g.Rules.End-1].Line)
		}
	}
	f.ext = &rfcFile{pats: p.pats}
}

func IsAbsoluteURL(s string) bool {
	return hasScheme(s) && len(s) > strings.Index(s, "://")+3
}

// line reads one line (RFC 9309 §2.2): its key, value and comment, its
// kind, and what is wrong with it. A line that is not a record is in no
// group; a blank line, a comment and another record are in the current
// one.
func (p *rfcParser) line(l *Line) {
	src := p.File.Source
	kind, n := leadingKey(src[l.Start:l.End])
	var key, value Span
	var colon, comment bool
	if n > 0 {
		key, value, comment = cutAfterKey(src, l, int(l.Start)+n, &p.comments)
		colon = true
	} else {
		key, value, colon, comment = cutLine(src, l, &p.comments)
	}
	switch {
	case key.Start == key.End && !colon:
		l.Kind, l.Group = KindBlank, int32(p.group)
		if comment {
			l.Kind = KindComment
		}
		return
	case !colon:
		p.noColon(l, key)
		return
	case key.Start == key.End:
		l.Kind = KindInvalid
		p.Report(int(l.Start), int(l.End), CodeInvalidLine, Warning, "RFC 9309 §2.2", "a line starting with ':' has no key and is ignored")
		return
	}
	l.Key, l.Value = key, value
	if n == 0 {
		kind = rfcKey(p.Key(l))
	}
	switch kind {
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

// userAgent reads a user-agent line (RFC 9309 §2.2.1): it starts a group
// when it follows a rule or comes first.
func (p *rfcParser) userAgent(l *Line) {
	l.Kind = KindUserAgent
	f := p.File
	if p.group < 0 || p.seenRule {
		a, r := int32(len(f.agents)), int32(len(f.rules))
		f.Groups = append(f.Groups, Group{Agents: Run{a, a}, Rules: Run{r, r}, FirstLine: l.Number})
		p.group, p.seenRule = len(f.Groups)-1, false
	}
	l.Group = int32(p.group)
	tok, global, cut := ascii.ExtractToken(p.Value(l))
	f.agents = append(f.agents, f.NewAgent(l.Number, p.Value(l), tok, global))
	f.Groups[p.group].Agents.End++
	end := int(l.Value.End)
	switch {
	case tok == "" && strings.HasPrefix(p.Value(l), "*"):
		p.Report(int(l.Value.Start), end, CodeEmptyUserAgent, Warning, "RFC 9309 §2.2.1",
			"%q is not the global group: only '*' by itself is, and '*' is no wildcard inside a product token, so this line names no product token and matches no crawler (Google's parser and crawler-commons read it so too)", p.Value(l))
	case tok == "":
		p.Report(int(l.Value.Start), end, CodeEmptyUserAgent, Warning, "RFC 9309 §2.2.1",
			"this user-agent line names no product token (letters, '-' and '_'), so it matches no crawler")
	case cut && !global:
		p.Report(int(l.Value.Start)+len(tok), end, CodeTokenCut, Warning, "RFC 9309 §2.2.1",
			"%q is read as the product token %q: a token holds only letters, '-' and '_' (write just %q)", p.Value(l), tok, tok)
	case cut:
		p.Report(int(l.Value.Start), end, CodeTokenCut, Info, "RFC 9309 §2.2.1; google/robotstxt robots.cc",
			"%q is read as '*', the global group", p.Value(l))
	}
	if tok != "" {
		p.checkDuplicate(l, tok)
	}
}

// checkDuplicate reports a token that an earlier group names too, whose
// rules RFC 9309 §2.2.1 merges with this one's.
func (p *rfcParser) checkDuplicate(l *Line, tok string) {
	agents := p.File.agents
	first, seen := p.firstSeen.first(p.File, len(agents)-1)
	if !seen {
		return
	}
	// The current group's agents start at its start: an agent before it
	// is in an earlier group. Asked of the first agent's line, the group
	// read a line record the parse wrote long before, a cache miss each.
	if first < int(p.File.Groups[p.group].Agents.Start) {
		line := agents[first].Line
		p.reportMsg(int(l.Value.Start), int(l.Value.End), CodeDuplicateAgent, Info, "RFC 9309 §2.2.1",
			strconv.Quote(tok)+" is also named on line "+strconv.Itoa(int(line))+": the rules of both groups are merged")
	}
}

// rule reads an allow or disallow line (RFC 9309 §2.2.2), a rule of the
// current group.
func (p *rfcParser) rule(l *Line, allow bool) {
	l.Kind = RuleKind(allow)
	if p.group < 0 {
		p.Report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, "RFC 9309 §2.1",
			"this rule comes before any user-agent line, so it belongs to no group and applies to no crawler")
		return
	}
	p.seenRule = true
	l.Group = int32(p.group)
	v := p.Value(l)
	cls, exposing := classifyRule(v)
	r, flags := newRuleAt(l.Number, allow, l.Value), cls.Flags(v)
	if cls != 0 && cls.Changes(v) {
		norm, _ := pattern.Normalize(v, pattern.RFCPatternRules, false)
		p.derived = append(p.derived, norm)
		r.setDerived(int32(len(p.derived)))
		flags = pattern.FlagsOf(norm)
	}
	p.File.rules = append(p.File.rules, r)
	p.File.Groups[p.group].Rules.End++
	p.pats = append(p.pats, flags)
	p.checkPattern(l, cls)
	p.checkExposure(l, exposing)
}

func (p *rfcParser) noColon(l *Line, key Span) {
	l.Kind = KindInvalid
	ks, ke := int(key.Start), int(key.End)
	fields := strings.Fields(p.Text[ks:ke])
	if len(fields) == 2 && keys.Google(strings.ToLower(fields[0])) != "" {
		p.Report(ks, ke, CodeMissingColon, Warning, "RFC 9309 §2.2; google/robotstxt robots.cc",
			"no ':' after %q: RFC 9309 ignores this line, Google's parser reads it as %q", fields[0], fields[0]+": "+fields[1])
		return
	}
	p.Report(ks, ke, CodeInvalidLine, Warning, "RFC 9309 §2.2",
		"not a record (no ':' between key and value): the line is ignored")
}

// checkPattern reports what RFC 9309 §2.2.2 and §2.2.3 say of a pattern;
// cls tells which checks can find anything.
func (p *rfcParser) checkPattern(l *Line, cls pattern.Class) {
	v, at := p.Value(l), int(l.Value.Start)
	const sec = "RFC 9309 §2.2.2"
	if v == "" {
		p.Report(int(l.Key.Start), int(l.End), CodeEmptyPattern, Info, sec,
			"an empty %s matches nothing: it has no effect", strings.ToLower(p.Key(l)))
		return
	}
	if v[0] != '/' && v[0] != '*' {
		p.Report(at, at+len(v), CodePatternStart, Warning, sec,
			"a pattern should start with '/' or '*'; %q can only match paths that the URL syntax does not produce", v)
	}
	if cls == 0 {
		return
	}
	if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
		p.Report(at+i, at+i+1, CodeDollarInside, Warning, "RFC 9309 §2.2.3",
			"'$' anchors only at the end of a pattern; here it is a literal '$' (write %%24 to say so)")
	}
	if cls&pattern.ClassSpace != 0 {
		i := strings.IndexAny(v, " \t")
		p.Report(at+i, at+i+1, CodeSpaceInPattern, Warning, sec,
			"a space inside a pattern is compared as %%20; crawlers that stop at the space read %q", v[:i])
	}
	for i := 0; i < len(v) && cls&pattern.ClassPercent != 0; i++ {
		if v[i] == '%' && !pattern.IsEscape(v, i) {
			end := min(i+3, len(v))
			p.Report(at+i, at+end, CodeBadPercent, Warning, "RFC 3986 §2.1",
				"%q is not a valid percent-encoding (%%XX with two hex digits); it is compared as %%25", v[i:end])
		}
	}
}

func (p *rfcParser) other(l *Line) {
	l.Kind, l.Group = KindOther, int32(p.group)
	lower := strings.ToLower(p.Key(l))
	end := int(l.Value.End)
	if lower == "sitemap" {
		if !IsAbsoluteURL(p.Value(l)) {
			p.reportMsg(int(l.Value.Start), end, CodeSitemapNotAbs, Warning, "RFC 9309 §2.2.4; sitemaps.org protocol",
				"a Sitemap must be an absolute URL (https://example.com/sitemap.xml); "+strconv.Quote(p.Value(l))+" is not")
		}
		return
	}
	if msg, ok := keys.NonStandard(lower); ok {
		p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeNonStandardRecord, Info, "RFC 9309 §2.2.4", msg)
		return
	}
	if k := keys.Google(lower); k != "" {
		p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeTypoKey, Warning, "RFC 9309 §2.2; google/robotstxt robots.cc",
			strconv.Quote(p.Key(l))+" is not a key RFC 9309 knows, so this line is ignored here; Google's parser reads it as \""+k+"\"")
		return
	}
	p.reportMsg(int(l.Key.Start), int(l.Key.End), CodeUnknownKey, Info, "RFC 9309 §2.2.4",
		strconv.Quote(p.Key(l))+" is not a record RFC 9309 defines; crawlers may ignore it")
}

// Evaluate is RFC 9309's decision (§2.2.2): of the matching rules of the
// applying groups, the one with the most octets in its pattern wins; an
// allow wins a tie; no match allows; /robots.txt is always allowed.
func (r rfc9309) Evaluate(f *File, token string, t *Target) *Result {
	res := new(Result)
	r.evaluateInto(f, token, t, res, true)
	// A Result of its own keeps no spare arrays: they are for the next
	// URL of an EvaluateInto.
	res.matches, res.refs = nil, nil
	return res
}

// evaluateInto is Evaluate into res, with the arrays res keeps
// (File.EvaluateInto); explain false leaves the sentence of a verdict no
// rule decided to AppendExplanation (File.DecideInto).
func (rfc9309) evaluateInto(f *File, token string, t *Target, res *Result, explain bool) {
	path, steps := pattern.NormalizePath(t.Path)
	*res = Result{Reading: f.Reading, Token: token, Target: t, Path: path, Steps: steps, Winner: -1, RunnerUp: -1,
		matches: res.matches[:0], refs: res.refs[:0]}
	sel := f.SelectionFor(token, selectGroups)
	res.Groups = sel.Trace
	res.Matches = res.matches
	if ext, _ := f.ext.(*rfcFile); ext != nil {
		if x := sel.Rules.Built(); x != nil {
			res.refs = x.Candidates(path, res.refs)
		} else {
			res.refs = sel.Rules.Candidates(path, res.refs, ext.indexed(f, res.Groups.Selected))
		}
		for _, ref := range res.refs {
			i := f.RuleIndex(ref)
			r := &f.rules[i]
			norm := f.NormalizedRule(r)
			if !ext.pats[i].Pattern(norm).Match(path) || !res.Weighs(f, r.Allow(), len(norm)) {
				continue
			}
			res.AddMatch(f, rfcMatch(f, r))
		}
	}
	if res.matches = res.Matches; len(res.Matches) == 0 {
		res.Matches = nil
	}
	sortMatchesByLine(res.Matches)
	res.DecideLongest()
	rfcFinish(res, sel)
	res.Explanation = Explain(f, res)
}

// rfcMatch is the Match of r, a rule that matched.
func rfcMatch(f *File, r *Rule) Match {
	m := rfcDecidingMatch(f, r)
	_, m.Steps = pattern.NormalizeRule(m.Pattern)
	return m
}

// rfcDecidingMatch is rfcMatch without the steps that normalized the
// pattern: a decision alone (DecideInto) prints the rule, never its steps,
// and working them out again for every URL would cost more than deciding.
func rfcDecidingMatch(f *File, r *Rule) Match {
	var m Match
	rfcFillDecidingMatch(f, &m, r)
	return m
}

// rfcFillDecidingMatch writes rfcDecidingMatch(f, r) into m, a zero Match.
func rfcFillDecidingMatch(f *File, m *Match, r *Rule) {
	m.Rule, m.Pattern, m.Normalized = *r, f.TextOf(r.Pattern), f.NormalizedRule(r)
	m.Priority = len(m.Normalized)
}

// rfcFinish is what an evaluation does once the matches decided.
func rfcFinish(res *Result, sel *Selection) {
	if res.Path == "/robots.txt" {
		// The matches stay listed, but none of them decided.
		res.Allowed, res.Reason, res.Winner, res.RunnerUp = true, ReasonRobotsTxt, -1, -1
	}
	res.Diagnostics = sel.Diags
}

// DecideInto is Evaluate from the strongest matching rules alone
// (StrongestDecider), once the selection's Decider is built; the
// Explanation stays empty. Until then it is evaluateInto, whose work it
// notes towards the build.
func (r rfc9309) DecideInto(f *File, token string, t *Target, res *Result) bool {
	ext, _ := f.ext.(*rfcFile)
	if ext == nil {
		return false
	}
	sel := f.SelectionFor(token, selectGroups)
	d := sel.Decide.Get(func() int { return RulesIn(f, sel.Trace.Selected) },
		func(add func(pattern.DecideRule)) { ext.decideRules(f, sel.Trace.Selected, add) })
	if d == nil {
		r.evaluateInto(f, token, t, res, false)
		sel.Decide.Spend(len(res.Matches) + res.Omitted)
		return true
	}
	res.Path, res.Steps = pattern.NormalizePath(t.Path)
	var best pattern.Strongest
	best, res.refs = d.Decide(res.Path, res.refs)
	rfcDecideFrom(f, res, sel, best)
	return true
}

// rfcDecideFrom fills res, whose Path is set, from the strongest rules of
// each kind a Decider found for sel: DecideInto's decision for one token,
// and Deciders' for each of several.
func rfcDecideFrom(f *File, res *Result, sel *Selection, best pattern.Strongest) {
	res.Groups = sel.Trace
	res.decideFrom(best, func(m *Match, ref pattern.Ref) { rfcFillDecidingMatch(f, m, f.RuleOf(ref)) })
	rfcFinish(res, sel)
}

// decideRules yields the rules of the groups selected for a Decider, with
// RFC 9309's priority, the octets of the normalized pattern (§2.2.2).
// An empty pattern matches nothing and is left out, as indexed does.
func (ext *rfcFile) decideRules(f *File, selected []int, add func(pattern.DecideRule)) {
	for _, gi := range selected {
		if gi >= len(f.Groups) {
			continue
		}
		rules := f.RulesOf(f.Groups[gi])
		for ri := range rules {
			r := &rules[ri]
			if r.Pattern.Start == r.Pattern.End {
				continue
			}
			ref := pattern.Ref{Group: int32(gi), Rule: int32(ri)}
			norm := f.NormalizedRule(r)
			add(pattern.DecideRule{Pattern: ext.flags(f, ref).Pattern(norm), Priority: len(norm), Allow: r.Allow(), Ref: ref})
		}
	}
}

// indexed yields the rules of the groups selected to index (see
// pattern.Index). An empty pattern matches nothing (RFC 9309 §2.2.2), and
// normalization never empties one: it is left out.
func (ext *rfcFile) indexed(f *File, selected []int) pattern.Rules {
	return pattern.Rules{
		Each: func(add func(string, pattern.Ref)) {
			for _, gi := range selected {
				if gi >= len(f.Groups) {
					continue
				}
				rules := f.RulesOf(f.Groups[gi])
				for ri := range rules {
					r := &rules[ri]
					if r.Pattern.Start == r.Pattern.End {
						continue
					}
					ref := pattern.Ref{Group: int32(gi), Rule: int32(ri)}
					add(ext.flags(f, ref).Pattern(f.NormalizedRule(r)).Body, ref)
				}
			}
		},
		// The index reads a body again instead of keeping a key per rule
		// (see pattern.NewIndex).
		Bodies: func() func(pattern.Ref) string {
			return func(ref pattern.Ref) string {
				return ext.flags(f, ref).Pattern(f.NormalizedRule(f.RuleOf(ref))).Body
			}
		},
	}
}

// checkExposure reports a rule that seems to rely on robots.txt to keep a
// secret or a private area (RFC 9309 §3).
func (p *rfcParser) checkExposure(l *Line, exposing bool) {
	v, at := p.Value(l), int(l.Value.Start)
	secret, private := exposure.Of(v, exposing)
	if secret != "" {
		p.reportMsg(at, at+len(v), CodeSecretInPath, Warning, "RFC 9309 §3", exposure.SecretAdvice(secret))
		return
	}
	// An allow opens a path; only a disallow tries to hide one.
	if l.Kind == KindDisallow && private != "" {
		p.reportMsg(at, at+len(v), CodePrivatePath, Info, "RFC 9309 §3", exposure.PrivateAdvice(private))
	}
}
