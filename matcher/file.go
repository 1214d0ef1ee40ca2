package matcher

import (
	"fmt"
	"math"
	"slices"

	"robots-explorer/matcher/pattern"
)

// Kind classifies a line of a robots.txt file.
type Kind uint8

// The kinds of line.
const (
	KindBlank     Kind = iota // empty or only white space
	KindComment               // only a comment
	KindUserAgent             // user-agent: starts or extends a group
	KindAllow                 // allow rule
	KindDisallow              // disallow rule
	KindOther                 // another record (sitemap, crawl-delay, unknown keys)
	KindInvalid               // a line that is not a record: no key, no colon
)

var kindNames = [...]string{"blank", "comment", "user-agent", "allow", "disallow", "other", "invalid"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// MarshalText makes a Kind read as its name in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a Kind from its name, so that JSON round-trips.
func (k *Kind) UnmarshalText(b []byte) error {
	i := slices.Index(kindNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown kind %q", b)
	}
	*k = Kind(i)
	return nil
}

// IsRule reports whether the kind is allow or disallow.
func (k Kind) IsRule() bool { return k == KindAllow || k == KindDisallow }

// A Line is one line of the file as the reading understood it. It holds
// offsets only, no strings. File.TextOf gives the text of a span.
//
// A File does not keep its Lines as they are: File.Line makes one from a
// compact record of 20 bytes (lines.go), and a Reader's Parse stores one
// through Scanner.ReadLines or BeginLine, or with AddLine. The numbers are
// int32, which limits the source: offsets go up to maxSource, and Parse
// reads only that many bytes of a larger source, saying so in a
// diagnostic.
type Line struct {
	Number int32 // 1-based
	Start  int32 // byte offset of the line's first byte in File.Source
	End    int32 // byte offset just past the line's last byte, before its terminator
	Kind   Kind  // how the reading classified it
	// Group is the index in File.Groups of the group this line belongs to,
	// or -1 when it belongs to none.
	Group int32
	// Key and Value are where the record's key and value lie as written,
	// with white space around them and the comment removed. Both are empty
	// spans at Start for blank, comment and invalid lines.
	Key, Value Span
	// Comment is where the text after '#' lies; an empty span at End when
	// the line has no comment.
	Comment Span
}

// maxSource is the largest source, in bytes, whose offsets a Line and a
// Span can hold (see Line).
const maxSource = math.MaxInt32

// A Span is the bytes [Start, End) of File.Source.
type Span struct{ Start, End int32 }

// SpanOf is the span [start, end) of a source no larger than maxSource.
func SpanOf(start, end int) Span { return Span{int32(start), int32(end)} }

// A Group is a run of user-agent lines and the rules that follow them,
// File.Groups[i] being group i. Its lines are runs of the file's arrays,
// read with File.AgentsOf and File.RulesOf: a file of short lines holds
// millions of groups, and a Group of two slices would be 56 bytes, with
// two pointers for the collector to follow; of two runs it is 24 bytes and
// holds none.
type Group struct {
	Agents Run // the user-agent lines that start the group
	Rules  Run // its allow and disallow rules, in file order
	// FirstLine and LastLine are the 1-based numbers of the group's first
	// and last lines that are not blank.
	FirstLine int32
	LastLine  int32
}

// A Run is the elements [Start, End) of one of a File's arrays: of its
// user-agent lines (File.AgentsOf) or its rules (File.RulesOf).
type Run struct{ Start, End int32 }

// Len is the number of elements of r.
func (r Run) Len() int { return int(r.End - r.Start) }

// AgentsOf is the user-agent lines of g, a group of f. The slice has no
// room to spare: a caller's append copies it.
func (f *File) AgentsOf(g Group) []Agent {
	return f.agents[g.Agents.Start:g.Agents.End:g.Agents.End]
}

// RulesOf is the rules of g, a group of f, in file order. The slice has
// no room to spare: a caller's append copies it.
func (f *File) RulesOf(g Group) []Rule {
	return f.rules[g.Rules.Start:g.Rules.End:g.Rules.End]
}

// NumAgents is the number of user-agent lines of f's groups: what a group
// trace holds one UserAgentMatch for.
func (f *File) NumAgents() int {
	n := 0
	for _, g := range f.Groups {
		n += g.Agents.Len()
	}
	return n
}

// AgentMatches is room for a trace of every user-agent line of f (nil when
// there is none): a reading's selection appends one UserAgentMatch per
// line, and grown by append the array would leave its smaller copies
// behind for the collector.
func (f *File) AgentMatches() []UserAgentMatch {
	if n := f.NumAgents(); n > 0 {
		return make([]UserAgentMatch, 0, n)
	}
	return nil
}

// An Agent is one user-agent line of a group (read its texts with
// File.ValueOf and File.TokenOf, or File.AgentText).
type Agent struct {
	Line int32 // 1-based line number
	// value and token are the value as written and the product token the
	// reading extracted from it ("*" for the global group).
	value, token string
	// Global is set when the agent names the global group ('*').
	Global bool
}

// NewAgent is the agent of line whose value as written is value and whose
// product token, as the reading extracted it, is token.
func (f *File) NewAgent(line int32, value, token string, global bool) Agent {
	return Agent{Line: line, value: value, token: token, Global: global}
}

// ValueOf is the value of a, an agent of f, as written.
func (f *File) ValueOf(a Agent) string { return a.value }

// TokenOf is the product token f's reading extracted from the value of a,
// an agent of f: "*" for the global group.
func (f *File) TokenOf(a Agent) string { return a.token }

// An AgentText is an agent with its texts: what a group trace keeps of each
// user-agent line, readable without the File.
type AgentText struct {
	Line   int32 // 1-based line number
	Global bool  // the agent names the global group ('*')
	Value  string
	Token  string
}

// AgentText is a, an agent of f, with its texts.
func (f *File) AgentText(a Agent) AgentText {
	return AgentText{Line: a.Line, Global: a.Global, Value: f.ValueOf(a), Token: f.TokenOf(a)}
}

// A Rule is an allow or disallow line of a group. A file may hold millions
// of rules, so a Rule holds no pointers and only 16 bytes: its texts are
// spans of the source or indexes into the file (read them with
// File.TextOf and File.Normalized), which keeps a parse's memory small and
// gives the garbage collector nothing to scan. (It holds no index of its
// group: its place in a group already says it, and the index would make
// it 24 bytes.)
type Rule struct {
	Line int32 // 1-based line number
	// Pattern is where the pattern as written lies in File.Source.
	Pattern Span
	// bits is 1 when the rule allows, plus twice 1 + the index in
	// File.derived of the pattern as the reading compares it, or twice 0
	// when that is the pattern as written.
	bits uint32
}

// newRuleAt is the rule of line whose pattern as written is pattern, the
// reading comparing the pattern as written.
func newRuleAt(line int32, allow bool, pattern Span) Rule {
	r := Rule{Line: line, Pattern: pattern}
	if allow {
		r.bits = 1
	}
	return r
}

// Allow reports whether r allows (an allow rule) rather than disallows.
func (r Rule) Allow() bool { return r.bits&1 != 0 }

// derived is 1 + the index in File.derived of the pattern as the reading
// compares it, or 0 when that is the pattern as written.
func (r Rule) derived() int32 { return int32(r.bits >> 1) }

// setDerived records that the reading compares the pattern File.derived[d-1].
func (r *Rule) setDerived(d int32) { r.bits = r.bits&1 | uint32(d)<<1 }

// Kind returns KindAllow or KindDisallow.
func (r Rule) Kind() Kind { return RuleKind(r.Allow()) }

// RuleKind is the kind of an allow rule (KindAllow) or a disallow rule.
func RuleKind(allow bool) Kind {
	if allow {
		return KindAllow
	}
	return KindDisallow
}

// A File is a robots.txt file parsed under one reading.
type File struct {
	Reading     Reading
	Source      []byte
	Groups      []Group
	Diagnostics DiagnosticList
	// BOM is the number of bytes of a UTF-8 byte-order mark (whole or
	// partial) skipped at the start.
	BOM int

	// text is Source as a string, made once per parse; the strings of the
	// model (patterns, agents, TextOf) are slices of it.
	text string
	// rules is the array of the groups' rules (Group.Rules), which
	// AppendRule fills, one group's after another's.
	rules []Rule
	// agents is the array of their user-agent lines (Group.Agents), which
	// AppendAgent fills.
	agents []Agent
	// derived holds the rules' patterns that the reading's normalization
	// changed (see Rule.derived).
	derived []string
	// ext holds reading-specific data (e.g. compiled patterns).
	ext any
	// reader is the reading that parsed the file, which evaluates it.
	reader Reader
	// lines are its lines (read them with Line and NumLines, or store).
	lines lineStore
	// opts are the options it was parsed with.
	opts ParseOptions
	// selections caches each token's group trace (see selectionFor).
	selections selections
}

// Ext returns what the reading that parsed f keeps beside the line model
// for its evaluation (compiled patterns, its own record structure), as
// SetExt was given it; nil when the reading keeps nothing.
func (f *File) Ext() any { return f.ext }

// SetExt is for a Reader's Parse: it keeps x with the file, for the same
// reader's Evaluate to read back with Ext.
func (f *File) SetExt(x any) { f.ext = x }

// TextOf returns the text of a span of the source, or "" when the span is
// not inside it.
func (f *File) TextOf(s Span) string {
	if s.Start < 0 || s.Start > s.End || int(s.End) > len(f.text) {
		return ""
	}
	return f.text[s.Start:s.End]
}

// Normalized returns the pattern of r, a rule of f, as f's reading
// compares it.
func (f *File) Normalized(r Rule) string {
	if d := r.derived(); d > 0 && int(d) <= len(f.derived) {
		return f.derived[d-1]
	}
	return f.TextOf(r.Pattern)
}

// NormalizedRule is Normalized for a rule the file made, whose indexes need
// no checks: the matching loops call it for every rule of a group.
func (f *File) NormalizedRule(r *Rule) string {
	if d := r.derived(); d != 0 {
		return f.derived[d-1]
	}
	return f.text[r.Pattern.Start:r.Pattern.End]
}

// MatchOf is r as a Match, with the rule's texts; the reading adds its
// priority and steps.
func (f *File) MatchOf(r *Rule) Match {
	return Match{Rule: *r, Pattern: f.TextOf(r.Pattern), Normalized: f.NormalizedRule(r)}
}

// NewRule makes the rule of line l whose pattern the reading compares as
// norm, keeping norm when it is not the pattern as written.
func (f *File) NewRule(l *Line, allow bool, norm string) Rule {
	r := newRuleAt(l.Number, allow, l.Value)
	if norm != f.TextOf(l.Value) {
		f.derived = append(f.derived, norm)
		r.setDerived(int32(len(f.derived)))
	}
	return r
}

// AddGroup is for a Reader's Parse that makes its groups as it reads its
// lines: it appends a group whose first line is first and returns its
// index.
func (f *File) AddGroup(first int32) int {
	f.Groups = append(f.Groups, Group{FirstLine: first})
	return len(f.Groups) - 1
}

// RuleOf is the rule ref names: rule ref.Rule of group ref.Group.
func (f *File) RuleOf(ref pattern.Ref) *Rule { return &f.rules[f.RuleIndex(ref)] }

// RuleIndex is the place of the rule ref names in the file's array of
// rules, one group's after another's: what a reading that keeps something
// for every rule in an array of its own, in the order it appended the
// rules, reads it by.
func (f *File) RuleIndex(ref pattern.Ref) int {
	return int(f.Groups[ref.Group].Rules.Start + ref.Rule)
}

// AppendRule adds r to the end of run, the rules of the group (or record)
// a Reader's Parse is reading, in the file's one array of rules.
func (f *File) AppendRule(run *Run, r Rule) { appendRun(&f.rules, run, r) }

// AppendAgent adds a to the end of run, the user-agent lines of the group
// (or record) a Reader's Parse is reading, in the file's one array of
// them.
func (f *File) AppendAgent(run *Run, a Agent) { appendRun(&f.agents, run, a) }

// appendRun adds v to the end of run, a run of *all, for a parse that
// fills the array one run after another: an empty run starts at the end
// of the array, and a run that is not at its end (a parse that went back
// to an earlier group) is first copied there, leaving its old place
// unused.
func appendRun[T any](all *[]T, run *Run, v T) {
	n := len(*all)
	switch {
	case run.Start == run.End:
		run.Start, run.End = int32(n), int32(n)
	case int(run.End) != n:
		*all = append(*all, (*all)[run.Start:run.End]...)
		run.Start, run.End = int32(n), int32(len(*all))
	}
	*all = append(*all, v)
	run.End++
}

// Text returns the source text of the line with the given 1-based number, or
// "" when there is no such line.
func (f *File) Text(line int) string {
	if line < 1 || line > f.NumLines() {
		return ""
	}
	return f.TextOf(Span{f.lines.recs[line-1].start, f.lines.end(line - 1)})
}

// Verify reports where the line model does not hold together: lines out of
// order, outside the source or without a kind, a line in a group that does
// not exist, a rule outside its line's group. Every reading's parse must
// give a File that passes; the fuzz tests hold them to it.
func (f *File) Verify() error {
	prev := f.BOM
	for i := range f.NumLines() {
		l := f.Line(i)
		start, end := int(l.Start), int(l.End)
		if int(l.Number) != i+1 || start < prev || end < start || end > len(f.Source) {
			return fmt.Errorf("line %d spans [%d,%d) after %d in %d bytes", i+1, start, end, prev, len(f.Source))
		}
		if l.Kind > KindInvalid {
			return fmt.Errorf("line %d has no kind", i+1)
		}
		if int(l.Group) >= len(f.Groups) {
			return fmt.Errorf("line %d in group %d of %d", i+1, l.Group, len(f.Groups))
		}
		prev = end
	}
	for gi, g := range f.Groups {
		if g.Agents.Start < 0 || g.Agents.Start > g.Agents.End || int(g.Agents.End) > len(f.agents) ||
			g.Rules.Start < 0 || g.Rules.Start > g.Rules.End || int(g.Rules.End) > len(f.rules) {
			return fmt.Errorf("group %d holds agents %v of %d and rules %v of %d", gi, g.Agents, len(f.agents), g.Rules, len(f.rules))
		}
		for _, rule := range f.RulesOf(g) {
			if rule.Line < 1 || int(rule.Line) > f.NumLines() {
				return fmt.Errorf("group %d holds a rule of line %d of %d", gi, rule.Line, f.NumLines())
			}
			if l := f.Line(int(rule.Line) - 1); int(l.Group) != gi || l.Value != rule.Pattern {
				return fmt.Errorf("the rule of line %d (group %d, pattern %v) is not its line's (group %d, value %v)", rule.Line, gi, rule.Pattern, l.Group, l.Value)
			}
		}
	}
	return nil
}
