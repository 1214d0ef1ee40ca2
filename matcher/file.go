package matcher

import (
	"bytes"
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
// int32, which limits the source: offsets go up to maxSource, and ParseAs
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
// millions of groups, and a Group of two slices was 56 bytes, with two
// pointers for the collector to follow; of two runs it is 24 bytes and
// holds none (issue 16).
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
// line, and grown by append the array left twice its size behind for the
// collector (80 MiB for one token of the 100 MiB mixed file, issue 16).
func (f *File) AgentMatches() []UserAgentMatch {
	if n := f.NumAgents(); n > 0 {
		return make([]UserAgentMatch, 0, n)
	}
	return nil
}

// An Agent is one user-agent line of a group. Its texts are kept by the
// file (read them with File.ValueOf and File.TokenOf, or File.AgentText),
// so that an Agent is 16 bytes and holds no pointer: with two strings it
// was 40, and the two million agents of a 100 MiB file of short lines,
// which name a handful of tokens, were 80 MB and four million pointers
// for the collector (issue 16).
type Agent struct {
	Line int32 // 1-based line number
	// value and token are 1 + the indexes in File.names of the value as
	// written and of the product token the reading extracted from it
	// ("*" for the global group); 0, in an Agent not made by NewAgent,
	// reads as "".
	value, token int32
	// Global is set when the agent names the global group ('*').
	Global bool
}

// NewAgent is the agent of line whose value as written is value and whose
// product token, as the reading extracted it, is token.
func (f *File) NewAgent(line int32, value, token string, global bool) Agent {
	a := Agent{Line: line, value: f.names.add(value), Global: global}
	a.token = a.value
	if token != value {
		a.token = f.names.add(token)
	}
	return a
}

// ValueOf is the value of a, an agent of f, as written.
func (f *File) ValueOf(a Agent) string { return f.names.at(a.value) }

// TokenOf is the product token f's reading extracted from the value of a,
// an agent of f: "*" for the global group.
func (f *File) TokenOf(a Agent) string { return f.names.at(a.token) }

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
// gives the garbage collector nothing to scan. (At 24 bytes, with the
// index of its group, which its place in a group already says, the rules
// were a quarter of a check's peak on a 100 MiB file of short lines,
// issue 16.)
type Rule struct {
	Line int32 // 1-based line number
	// Pattern is where the pattern as written lies in File.Source.
	Pattern Span
	// bits is 1 when the rule allows, plus twice 1 + the index in
	// File.derived of the pattern as the reading compares it, or twice 0
	// when that is the pattern as written.
	bits uint32
}

// NewRuleAt is the rule of line whose pattern as written is pattern, the
// reading comparing the pattern as written.
func NewRuleAt(line int32, allow bool, pattern Span) Rule {
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
	// agentHint and ruleHint are 1 + AgentHint and RuleHint once worked
	// out (countHints), else 0.
	agentHint, ruleHint int
	// derived holds the rules' patterns that the reading's normalization
	// changed (see Rule.derived).
	derived stringTable
	// names holds the agents' values and tokens (see Agent).
	names stringTable
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

// NewFile is the empty model of src under reading r, for a Reader whose
// Parse splits the lines its own way (NewScanner splits them as RFC 9309
// does); text is string(src), which the File's strings are slices of.
func NewFile(r Reading, src []byte, text string, o ParseOptions) *File {
	return &File{Reading: r, Source: src, text: text, opts: o}
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
	if d := r.derived(); d > 0 && int(d) <= len(f.derived.strs) {
		return f.derived.strs[d-1]
	}
	return f.TextOf(r.Pattern)
}

// NormalizedRule is Normalized for a rule the file made, whose indexes need
// no checks: the matching loops call it for every rule of a group.
func (f *File) NormalizedRule(r *Rule) string {
	if d := r.derived(); d != 0 {
		return f.derived.strs[d-1]
	}
	return f.text[r.Pattern.Start:r.Pattern.End]
}

// MatchOf is r as a Match, with the rule's texts; the reading adds its
// priority and steps.
func (f *File) MatchOf(r *Rule) Match {
	return Match{Rule: *r, Pattern: f.TextOf(r.Pattern), Normalized: f.NormalizedRule(r)}
}

// NewRule makes the rule of line l whose pattern the reading compares as
// norm, keeping norm (in a stringTable) when it is not the pattern as
// written.
func (f *File) NewRule(l *Line, allow bool, norm string) Rule {
	r := NewRuleAt(l.Number, allow, l.Value)
	if norm != f.TextOf(l.Value) {
		r.setDerived(f.derived.add(norm))
	}
	return r
}

// A stringTable keeps the strings a file's rules and agents name by
// index: 1 + the index in strs, 0 standing for "". A string equal to one added
// recently is shared, not kept again: a file repeats its patterns and
// agents from group to group, and on the 100 MiB mixed file (bench's
// HugeFile) python's 1.1 million quoted patterns were 89 texts, kept 1.1
// million times in 69 MiB (issue 16).
type stringTable struct {
	strs []string
	// recent maps a hash of a string to 1 + its index, 0 when none: a
	// fixed table, so that a file whose strings all differ costs no more
	// than one that repeats them.
	recent [256]int32
}

// add is 1 + the index of s in t, s being kept unless a recent string
// equals it.
func (t *stringTable) add(s string) int32 {
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	slot := &t.recent[h%uint32(len(t.recent))]
	if d := *slot; d > 0 && t.strs[d-1] == s {
		return d
	}
	t.strs = append(t.strs, s)
	*slot = int32(len(t.strs))
	return *slot
}

// at is the string of index i (1 + its place in strs, 0 for "").
func (t *stringTable) at(i int32) string {
	if i <= 0 || int(i) > len(t.strs) {
		return ""
	}
	return t.strs[i-1]
}

// AddGroup is for a Reader's Parse that makes its groups as it reads its
// lines: it appends a group whose first line is first and returns its
// index. The first call makes room for AgentHint groups, whose pages no
// group reaches are never touched: grown by append, the array was copied
// some twenty times on a 100 MiB file of short lines (two million groups
// of 56 bytes), the last copy beside the one before it, and a parse's
// copy of exactly its size came beside both (issue 16).
func (f *File) AddGroup(first int32) int {
	if f.Groups == nil {
		f.Groups = make([]Group, 0, max(f.AgentHint(), 1))
	}
	f.Groups = append(f.Groups, Group{FirstLine: first})
	return len(f.Groups) - 1
}

// AgentHint is about how many user-agent lines, and so at most groups,
// f's source has, for a parse to size its arrays by: the lines that start
// with 'u' or 'U' after an LF, and the first. A user-agent line indented,
// misspelt or after a lone CR is not counted, and an array sized by it
// then grows as append grows it. A source under hintFrom bytes is not
// counted (0): its arrays are small and grow in a few copies.
func (f *File) AgentHint() int {
	f.countHints()
	return max(f.agentHint-1, 0)
}

// RuleHint is about how many rules f's source has at most, for a parse to
// size its array of rules by: lines, its number of lines, or, from
// hintFrom bytes, the lines that start with 'a', 'd' (either case), a
// space or a tab after an LF, and the first. A rule after a lone CR is
// not counted, and an array sized by it then grows as append grows it.
// Sized for a rule on every line, the array of a 100 MiB file of short
// lines (14 million lines, 6 million rules) was 224 MB, of which the
// 128 MB no rule reached cost no memory but counted towards the heap:
// held against the soft memory limit, it made -compare collect 85,000
// times, 81 s of CPU instead of 25 (issue 16).
func (f *File) RuleHint(lines int) int {
	if len(f.Source) < hintFrom {
		return lines
	}
	f.countHints()
	return min(f.ruleHint-1, lines)
}

// countHints works out AgentHint and RuleHint of a source of hintFrom
// bytes or more, once, in one pass: a pass for each was 7 % of the parse
// and evaluation of the 5 MiB realistic file (issue 18).
func (f *File) countHints() {
	if f.agentHint != 0 || len(f.Source) < hintFrom {
		return
	}
	agents, rules := countLineStarts(f.Source)
	if f.Source[0]|0x20 == 'u' {
		agents++
	}
	f.agentHint, f.ruleHint = 1+agents, 1+rules+1
}

// lineStartKinds marks the bytes that, after an LF, start a line
// AgentHint counts (1) or one RuleHint counts (2).
var lineStartKinds = func() (t [256]uint8) {
	for _, c := range []byte("uU") {
		t[c] = 1
	}
	for _, c := range []byte("aAdD \t") {
		t[c] = 2
	}
	return t
}()

// countLineStarts is how many LFs of src a byte AgentHint counts follows,
// and how many a byte RuleHint counts: one pass from LF to LF (bytes.Count
// of each two-byte pair was a search per pair, 14 ms for RuleHint of a
// 5 MiB file).
func countLineStarts(src []byte) (agents, rules int) {
	for i := bytes.IndexByte(src, '\n'); i >= 0 && i+1 < len(src); {
		switch lineStartKinds[src[i+1]] {
		case 1:
			agents++
		case 2:
			rules++
		}
		j := bytes.IndexByte(src[i+1:], '\n')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return agents, rules
}

// hintFrom is the size of source from which AgentHint and RuleHint count.
const hintFrom = 4 << 20

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
// a Reader's Parse is reading, in the file's one array of rules, sized
// once by RuleHint: growing a slice for each group left as
// much again behind for the collector, a third of a Python reading's peak
// on a 100 MiB file (issue 16).
func (f *File) AppendRule(run *Run, r Rule) {
	size := 0
	if cap(f.rules) == 0 { // worked out only when the array is made
		size = f.RuleHint(max(f.NumLines(), cap(f.lines.recs)))
	}
	appendRun(&f.rules, run, r, size)
}

// AppendAgent adds a to the end of run, the user-agent lines of the group
// (or record) a Reader's Parse is reading, in the file's one array of
// them, sized by AgentHint: a slice for each of the two million groups of
// a 100 MiB file of short lines was an allocation each (issue 16).
func (f *File) AppendAgent(run *Run, a Agent) {
	size := 0
	if cap(f.agents) == 0 {
		size = f.AgentHint()
	}
	appendRun(&f.agents, run, a, size)
}

// appendRun adds v to the end of run, a run of *all, for a parse that
// fills the array one run after another: an empty run starts at the end
// of the array, and a run that is not at its end (a parse that went back
// to an earlier group) is first copied there, leaving its old place
// unused. The first array has room for size elements, whose pages none
// reaches are never touched; past it, the array grows as append grows it.
func appendRun[T any](all *[]T, run *Run, v T, size int) {
	n := len(*all)
	switch {
	case cap(*all) == 0:
		*all = make([]T, 0, max(size, 8))
		run.Start, run.End = 0, 0
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
