// Package koster1996 is the reading matcher.Koster1996, behind matcher.Reader.
//
// Koster1996 is the 1996 Internet-Draft "A Method for Web Robots Control"
// (draft-koster-robots-00), the text RFC 9309 grew from:
//
//   - records are separated by blank lines (§3.3); comment lines do not
//     end a record. A user-agent line after rules without a blank line
//     between, which the grammar has no place for, starts a new record;
//   - the robot obeys the first record whose User-agent value contains its
//     name (cut at '/', the version), ignoring case; else the first record
//     whose value is '*' (§3.2.1);
//   - Allow and Disallow lines are tried in the order they occur, and the
//     first match is used; no match allows (§3.2.2);
//   - a rule matches when its path is a prefix of the URL's path, octet by
//     octet, after %XX escapes are decoded on both sides, except %2F, which
//     stands for a '/' inside a segment (§3.2.2 and its table). There are no
//     wildcards;
//   - /robots.txt is always allowed (§3.2.2; the §4 example allows it to
//     unhipbot, whose record is "Disallow: /");
//   - an empty Disallow disallows nothing (the §4 example: webcrawler and
//     excite, with "Disallow:", may fetch every URL). Like the 1994 text
//     ("any empty value indicates that all URLs can be retrieved") it is
//     read as an allow that matches every path, so the rules after it in
//     the record never decide.
//
// Keys are compared without case; other keys are extensions, which a robot
// may ignore. The URL is compared by its path and query.
package koster1996

import (
	"fmt"
	"strings"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/internal/firstmatch"
	"robots-explorer/matcher/internal/lines"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
)

const kosterSource = "draft-koster-robots-00"

// Reader is the Koster1996 reading; matcher/readings registers it.
type Reader struct{}

// kosterFile is what the koster1996 reading keeps beside the line model.
type kosterFile struct {
	def int // index in File.Groups of the first '*' record, or -1
}

// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.Koster1996,
	Title:   "1996 draft",
	Mirrors: "the 1996 Internet-Draft draft-koster-robots (norobots-rfc)",
	UsedBy:  "",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// codeRobotsTxtRule marks a rule that names /robots.txt, which the 1996
// draft always allows.
const codeRobotsTxtRule matcher.Code = "robots-txt-rule"

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.Koster1996, src, text, o)
	s.SplitLines()
	p := kosterParser{Scanner: s, group: -1, ext: &kosterFile{def: -1}}
	s.ReadLines(func(i int, l *matcher.Line) {
		s.Pace(i)
		p.line(l)
	})
	p.finish()
	s.CheckBytes()
	s.File.SetExt(p.ext)
	s.File.Diagnostics = s.SortedDiagnostics()
	return s.File
}

type kosterParser struct {
	*matcher.Scanner
	group    int  // the open record, or -1 after a blank line
	seenRule bool // the open record has a rule
	ext      *kosterFile
}

func (p *kosterParser) line(l *matcher.Line) {
	src := p.File.Source
	rec := lines.Split(src, int(l.Start), int(l.End))
	if rec.CommentAt >= 0 {
		l.Comment = matcher.SpanOf(rec.CommentAt+1, int(l.End))
	}
	switch {
	case rec.KeyStart < 0 && !rec.Colon && rec.CommentAt < 0:
		l.Kind = matcher.KindBlank
		p.group, p.seenRule = -1, false
		return
	case rec.KeyStart < 0 && !rec.Colon:
		l.Kind, l.Group = matcher.KindComment, int32(p.group)
		return
	case !rec.Colon || rec.KeyStart < 0:
		l.Kind, l.Group = matcher.KindInvalid, int32(p.group)
		p.Report(int(l.Start), int(l.End), matcher.CodeInvalidLine, matcher.Warning, kosterSource+" §3.3",
			"not a line of the form 'field: value': the draft's grammar has no place for it, and it is ignored")
		return
	}
	l.Key, l.Value = matcher.SpanOf(rec.KeyStart, rec.KeyEnd), matcher.SpanOf(rec.ValueStart, rec.ValueEnd)
	switch strings.ToLower(p.Key(l)) {
	case "user-agent":
		p.userAgent(l)
	case "allow":
		p.rule(l, true)
	case "disallow":
		p.rule(l, false)
	default:
		l.Kind, l.Group = matcher.KindOther, int32(p.group)
	}
}

func (p *kosterParser) userAgent(l *matcher.Line) {
	l.Kind = matcher.KindUserAgent
	if p.group >= 0 && p.seenRule {
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeRecordBreak, matcher.Warning, kosterSource+" §3.3",
			"records are separated by blank lines: this user-agent line follows rules without one, and is read as starting a new record")
	}
	if p.group < 0 || p.seenRule {
		p.group, p.seenRule = p.File.AddGroup(l.Number), false
	}
	g := &p.File.Groups[p.group]
	g.LastLine, l.Group = l.Number, int32(p.group)
	a := p.File.NewAgent(l.Number, p.Value(l), p.Value(l), p.Value(l) == "*")
	p.File.AppendAgent(&g.Agents, a)
	switch {
	case a.Global && p.ext.def < 0:
		p.ext.def = p.group
	case a.Global && p.ext.def != p.group:
		p.Report(int(l.Value.Start), int(l.End), matcher.CodeIgnoredRecord, matcher.Warning, kosterSource+" §3.2.1",
			"only the first record naming '*' (line %d) is the default: this one is never used", p.File.Groups[p.ext.def].FirstLine)
	case p.Value(l) == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, kosterSource+" §3.3",
			"this user-agent line names no robot")
	}
}

func (p *kosterParser) rule(l *matcher.Line, allow bool) {
	l.Kind = matcher.RuleKind(allow)
	if p.group < 0 {
		p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, kosterSource+" §3.3",
			"this rule is in no record (none started since the last blank line): it applies to no robot")
		return
	}
	p.seenRule, l.Group = true, int32(p.group)
	g := &p.File.Groups[p.group]
	g.LastLine = l.Number
	norm, _ := kosterNormalize(p.Value(l), false)
	p.File.AppendRule(&g.Rules, p.File.NewRule(l, allow || p.Value(l) == "", norm))
	at, end := int(l.Value.Start), int(l.Value.End)
	switch {
	case p.Value(l) == "":
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, kosterSource+" §4",
			"an empty %s allows everything: it matches every path, so the rules after it in this record never decide", p.Key(l))
	case strings.ContainsAny(p.Value(l), "*$"):
		p.Report(at, end, matcher.CodeNoWildcards, matcher.Warning, kosterSource+" §3.2.2",
			"the draft has no wildcards: '*' and '$' are compared literally, so this rule matches only paths that contain them")
	case strings.HasPrefix(norm, "/robots.txt"):
		p.Report(at, end, codeRobotsTxtRule, matcher.Info, kosterSource+" §3.2.2",
			"/robots.txt is always allowed and must not appear in a rule: this rule has no effect on it")
	}
}

func (p *kosterParser) finish() {
	for _, g := range p.File.Groups {
		if g.Rules.Len() == 0 {
			l := p.File.Line(int(g.FirstLine) - 1)
			p.Report(int(l.Start), int(l.End), matcher.CodeEmptyGroup, matcher.Info, kosterSource+" §3.3",
				"this record has no Allow or Disallow line: the robots it names may fetch everything, and do not fall back to the * record")
		}
	}
}

// kosterNormalize decodes every %XX escape to its octet, except %2F, which
// stays an escape (upper-cased) because a '/' there is data, not a segment
// boundary (§3.2.2). A '%' that starts no escape stays as it is.
func kosterNormalize(s string, steps bool) (string, []matcher.Step) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	out := pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if !pattern.IsEscape(s, i) {
			return "", 0, false
		}
		c := pattern.Unhex(s[i+1])<<4 | pattern.Unhex(s[i+2])
		if c == '/' {
			return "%2F", 3, s[i:i+3] != "%2F"
		}
		return string([]byte{c}), 3, true
	})
	if !steps || out == s {
		return out, nil
	}
	return out, []matcher.Step{{Input: s, Output: out, Source: kosterSource + " §3.2.2",
		Rule: "%XX escapes are decoded to their octets, except %2F, which stays an escape"}}
}

func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	ext, _ := f.Ext().(*kosterFile)
	if ext == nil {
		ext = &kosterFile{def: -1}
	}
	res.Path, res.Steps = kosterNormalize(kosterPath(t), true)
	res.Groups = f.SelectionFor(token, func(f *matcher.File, token string) matcher.GroupTrace { return kosterSelect(f, ext, token) }).Trace
	if len(res.Groups.Selected) > 0 {
		rules := f.RulesOf(f.Groups[res.Groups.Selected[0]])
		for i := range rules {
			if r := &rules[i]; strings.HasPrefix(res.Path, f.NormalizedRule(r)) && res.Weighs(f, r.Allow(), -1) {
				m := f.MatchOf(r)
				m.Priority = -1
				_, m.Steps = kosterNormalize(m.Pattern, true)
				res.AddMatch(f, m)
			}
		}
	}
	if len(res.Matches) > 0 {
		res.Winner = 0
	}
	pathOnly, _, _ := strings.Cut(res.Path, "?")
	switch {
	case pathOnly == "/robots.txt":
		// The matches stay listed, but none of them decided.
		res.Allowed, res.Reason, res.Winner = true, matcher.ReasonRobotsTxt, -1
	case len(res.Groups.Selected) == 0:
		res.Allowed, res.Reason = true, matcher.ReasonNoGroup
	case res.Winner < 0:
		res.Allowed, res.Reason = true, matcher.ReasonNoMatch
	default:
		res.Allowed, res.Reason = res.Matches[0].Rule.Allow(), matcher.ReasonFirstMatch
	}
	res.Diagnostics = matcher.FirstMatchBearing(f, res)
	res.Explanation = kosterExplain(f, res)
	return res
}

// DecideInto is Evaluate from the first matching rule alone
// (matcher.StrongestDecider, Result.DecideFirstMatch): the draft obeys the
// first record that applies, and in it the first rule whose path starts
// the URL's. /robots.txt, which the draft always allows, and a URL no
// record applies to are evaluated in full, as is every URL until the
// selection's Decider is built.
func (r Reader) DecideInto(f *matcher.File, token string, t *matcher.Target, res *matcher.Result) bool {
	ext, _ := f.Ext().(*kosterFile)
	if ext == nil {
		return false
	}
	sel := f.SelectionFor(token, func(f *matcher.File, token string) matcher.GroupTrace { return kosterSelect(f, ext, token) })
	path, steps := kosterNormalize(kosterPath(t), true)
	if pathOnly, _, _ := strings.Cut(path, "?"); pathOnly != "/robots.txt" && len(sel.Trace.Selected) > 0 &&
		res.DecideFirstMatch(f, sel, sel.Trace.Selected[0], path, steps) {
		if res.Winner < 0 {
			res.Explanation = kosterExplain(f, res)
		}
		return true
	}
	*res = *r.Evaluate(f, token, t)
	sel.Decide.Spend(len(res.Matches) + res.Omitted)
	return true
}

// kosterName is the robot's name as the draft compares it: the token up to
// its version ("Googlebot/2.1" names "Googlebot"), without case.
func kosterName(token string) string {
	name, _, _ := strings.Cut(strings.TrimSpace(token), "/")
	return strings.ToLower(strings.TrimSpace(name))
}

// kosterSelect picks the first record with a User-agent value containing
// the robot's name, else the first '*' record. An empty name names no
// record.
func kosterSelect(f *matcher.File, ext *kosterFile, token string) matcher.GroupTrace {
	name := kosterName(token)
	tr := matcher.GroupTrace{Token: token}
	tr.Agents = f.AgentMatches()
	chosen := -1
	for gi, g := range f.Groups {
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			contains := kosterContains(a.Value, name)
			if contains && chosen < 0 {
				chosen = gi
			}
			tr.Agents = append(tr.Agents, matcher.UserAgentMatch{Agent: a, Group: gi, Matched: contains && chosen == gi})
		}
	}
	tr.SetExplainer(kosterExplainer{name, chosen})
	if chosen < 0 && ext.def >= 0 {
		chosen, tr.Global = ext.def, true
		for i := range tr.Agents {
			tr.Agents[i].Matched = tr.Agents[i].Group == chosen && tr.Agents[i].Agent.Global
		}
	}
	if chosen >= 0 {
		tr.Selected = []int{chosen}
	}
	tr.Summary = kosterSummary(f, tr, name)
	return tr
}

// kosterContains says whether a User-agent value names the robot; '*'
// names none.
func kosterContains(value, name string) bool {
	return value != "*" && name != "" && strings.Contains(strings.ToLower(value), name)
}

// kosterPath is the path and query asked about, "/" when there is none.
func kosterPath(t *matcher.Target) string {
	if t != nil && t.Path != "" {
		return t.Path
	}
	return "/"
}

// A kosterExplainer writes the sentence of a user-agent line when it is
// read (matcher.AgentExplainer), as for the other readings, so that a
// selection keeps no sentence per line; named is the first record naming
// the robot, or -1.
type kosterExplainer struct {
	name  string
	named int
}

func (e kosterExplainer) How(m matcher.UserAgentMatch) string {
	a := m.Agent
	switch {
	case a.Global:
		return "'*': the default record, used only when no record names the robot"
	case e.name == "":
		return "an empty name is contained in no value"
	case !kosterContains(a.Value, e.name):
		return fmt.Sprintf("%q does not contain %q, ignoring case", a.Value, e.name)
	case e.named != m.Group:
		return fmt.Sprintf("%q contains %q, but an earlier record already names the robot", a.Value, e.name)
	}
	return fmt.Sprintf("%q contains %q, ignoring case", a.Value, e.name)
}

func kosterSummary(f *matcher.File, tr matcher.GroupTrace, name string) string {
	switch {
	case len(tr.Selected) == 0 && len(f.Groups) == 0:
		return "The file has no records, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No record names %q and there is no * record, so no rules apply: everything is allowed.", name)
	case tr.Global:
		return fmt.Sprintf("No record names %q, so the first * record (line %d) applies.", name, f.Groups[tr.Selected[0]].FirstLine)
	}
	// The group's first line naming the robot, read from the group and
	// not the trace, which ParseOptions.SkipAgentTrace drops.
	g := f.Groups[tr.Selected[0]]
	for _, ag := range f.AgentsOf(g) {
		a := f.AgentText(ag)
		if kosterContains(a.Value, name) {
			return fmt.Sprintf("The record at line %d is the first record naming the robot: its User-agent value %q contains %q, ignoring case.",
				g.FirstLine, a.Value, name)
		}
	}
	return ""
}

func kosterExplain(f *matcher.File, res *matcher.Result) string {
	switch res.Reason {
	case matcher.ReasonRobotsTxt:
		return "Allowed: /robots.txt itself is always allowed (draft-koster-robots-00 §3.2.2)."
	case matcher.ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case matcher.ReasonNoMatch:
		return firstmatch.NoMatch(f, res)
	}
	g := f.Groups[res.Groups.Selected[0]]
	where := fmt.Sprintf(" in the first record naming the robot (line %d)", g.FirstLine)
	if res.Groups.Global {
		where = fmt.Sprintf(" in the * record (line %d), as no record names the robot", g.FirstLine)
	}
	s := firstmatch.Sentence(f, res, where)
	if w := res.Matches[res.Winner]; w.Rule.Allow() && w.Pattern == "" {
		s = strings.TrimSuffix(s, ".") + ": an empty rule allows everything."
	}
	return s + firstmatch.Later(f, res)
}

var kosterChoices = compare.Choices{
	RobotsTxt: func(path string) bool {
		p, _, _ := strings.Cut(path, "?")
		return p == "/robots.txt"
	},
	Bounds: compare.BoundsBlankLine,
	Agent: func(value, token string) (bool, bool) {
		return kosterContains(value, kosterName(token)), value == "*"
	},
	Merge: compare.FirstNamed,
	Match: compare.MatchPrefix,
	Path: func(t *matcher.Target) (string, bool) {
		p, _ := kosterNormalize(kosterPath(t), false)
		return p, true
	},
	Pattern: func(v string) (string, bool) {
		p, _ := kosterNormalize(v, false)
		return p, true
	},
	Empty:  compare.EmptyAllowsAll,
	Decide: compare.DecideFirst,
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "reads only the exact keys, in any case (draft-koster-robots §3.3)",
		compare.FactorGroupBoundary: "ends a record at a blank line (draft-koster-robots §3.3)",
		compare.FactorTokenMatching: "applies a record whose value contains the robot's name, ignoring case (draft-koster-robots §3.2.1)",
		compare.FactorMerging:       "obeys only the first record that names the robot, else the first '*' record (draft-koster-robots §3.2.1)",
		compare.FactorWildcards:     "has no wildcards: '*' and '$' are ordinary characters, compared as a prefix (draft-koster-robots §3.2.2)",
		compare.FactorNormalization: "decodes every %XX but %2F on both sides (draft-koster-robots §3.2.2)",
		compare.FactorEmptyRule:     "reads an empty Disallow as allowing every path (draft-koster-robots §4)",
		compare.FactorFirstMatch:    "lets the first matching rule in file order decide (draft-koster-robots §3.2.2)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &kosterChoices }
