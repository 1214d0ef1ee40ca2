package compare

import (
	"maps"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/pattern"
)

// Why two readings decide one URL differently is found by counterfactual
// evaluation, not by comparing their explanations: each reading describes
// itself as a set of Choices (which keys it accepts, how it bounds groups,
// how it matches tokens, ...), a small model evaluates one URL from those
// choices, and CompareWith swaps one choice of one reading for the
// other's and sees whether the verdict then agrees. The factor named is
// the first, in factorOrder, whose swap alone makes the two agree.
//
// The model is held to the real readings: a difference is explained by
// swaps only when the model, given each reading's own choices, reaches
// that reading's real verdict; otherwise CompareWith says it cannot name
// the factor. A reading plugs in by giving its Reader a Choices method (see
// Chooser); a reading without one is compared by its explanations only.

// A modelLine is one line as a reading lexed it: what kind of record it is
// and its value. It is the "keys" choice: a reading's own File gives it.
type ModelLine struct {
	Line  int32
	Kind  matcher.Kind
	Empty bool // no character at all: CPython's robotparser ends a record only there
	Long  bool // longer than Google's line cut
	// Stop: the program stops reading here (CPython's parse() raised);
	// this line and those after it are not read.
	Stop  bool
	Value string
	Key   string // the key of another record (KindOther) as written
}

// A modelGroup is a group as a reading's group boundaries make it.
type modelGroup struct {
	Agents []*ModelLine // into the lines the group was made of
	Rules  []*ModelLine
}

// mergeRule is how the applying groups are chosen once each user-agent
// line is known to name the token or to be global.
type mergeRule uint8

const (
	// mergeAll: every group naming the token, else every global group,
	// merged (RFC 9309 §2.2.1, robots.cc).
	mergeAll mergeRule = iota
	// FirstNamed: the first group naming the token, else the first global
	// group (the 1996 draft).
	FirstNamed
	// FirstNamedNotGlobal: as firstNamed, but a group with a '*' line is
	// only ever the default (CPython's classic robotparser).
	FirstNamedNotGlobal
	// MergeByValue: groups are filed under each user-agent value (as
	// Choices.AgentKey writes it) and merged there; the value equal to the
	// token wins, else the first value naming it, else '*' (CPython's RFC
	// 9309 rewrite).
	MergeByValue
	// BestScore: rule sets filed under each value (Choices.AgentKeys); the
	// set whose key scores highest applies, the first filed on a tie: '*'
	// scores 1, a key naming the token its length in characters (protego).
	BestScore
)

// emptyRule is how a rule with an empty pattern is read.
type emptyRule uint8

const (
	emptyMatchesNothing emptyRule = iota // RFC 9309 §2.2.2; robots.cc gives it priority 0
	EmptyAllowsAll                       // the 1996 draft and CPython: an empty Disallow allows every path
)

// decideRule is how the matching rules decide.
type decideRule uint8

const (
	decideLongest decideRule = iota // highest priority wins, allow wins a tie (RFC 9309 §2.2.2)
	DecideFirst                     // the first matching rule in file order
)

// Choices describes a reading as the choices the comparison can swap. A
// nil function is the RFC 9309 choice. Says holds, for each factor, what
// the reading does in words, to complete a sentence that starts with the
// reading's name ("rfc9309 reads '*' as any run of characters").
type Choices struct {
	// Lines lexes the file (keys, typos, line cut); nil: the reading's own
	// parse.
	Lines func(f *matcher.File) []ModelLine
	// RobotsTxt reports whether the path as compared is /robots.txt
	// itself, always allowed; nil: not special.
	RobotsTxt func(path string) bool
	Bounds    func(lines []ModelLine) []modelGroup
	// Agent says whether a user-agent value names the token, or is the
	// global '*'.
	Agent func(value, token string) (named, global bool)
	Merge mergeRule
	// AgentKey is the form a value is filed under, for mergeByValue; nil:
	// lower-cased.
	AgentKey func(value string) string
	// AgentKeys are the keys a value is filed under, for bestScore.
	AgentKeys func(value string) []string
	// Index returns the directory pattern a rule ending in index.htm… also
	// stands for (robots.cc: allows only); nil: no such rule.
	Index func(pattern string, allow bool) (string, bool)
	// Match is how a pattern matches a path: the wildcards.
	Match func(pattern, path string) bool
	// Path is the URL as compared; false when the program cannot read it,
	// which then gives no verdict, or allows when BadURLAllows.
	Path         func(t *matcher.Target) (string, bool)
	BadURLAllows bool
	// Pattern is a rule's value as compared; false when the rule is dropped.
	Pattern func(value string) (string, bool)
	// Alternates are other forms the same rule is also tried as (protego
	// adds a pattern with '$' once more with a literal %24); nil: none.
	Alternates func(value string) []string
	Empty      emptyRule
	Decide     decideRule
	Priority   func(pattern, path string) int
	// Special names a decision outside the model (a program that gives no
	// verdict, a whole-file rule): when it reports true for the
	// reading's Result (beside the other reading's), that factor is named.
	Special func(res, other *matcher.Result) (Factor, string, bool)
	Says    map[Factor]string
}

// Chooser is implemented by the reader of a reading that describes itself
// as Choices; the comparison reads the choices once.
type Chooser interface {
	Choices() *Choices
}

// choicesOf returns the Choices of reading r, or nil.
func choicesOf(r matcher.Reading) *Choices {
	if c, ok := matcher.ReaderOf(r).(Chooser); ok {
		return c.Choices()
	}
	if r == matcher.RFC9309 {
		return &rfcChoices // the model's own defaults
	}
	return nil
}

// A groupBuilder makes the groups of a bounds function with a few
// allocations: every group's agents and rules are runs of two shared
// slices, since a group's lines all come before the next group's.
type groupBuilder struct {
	agents, rules []*ModelLine
	starts        [][2]int // where each group's agents and rules start
}

func (b *groupBuilder) open()              { b.starts = append(b.starts, [2]int{len(b.agents), len(b.rules)}) }
func (b *groupBuilder) agent(l *ModelLine) { b.agents = append(b.agents, l) }
func (b *groupBuilder) rule(l *ModelLine)  { b.rules = append(b.rules, l) }
func (b *groupBuilder) n() int             { return len(b.starts) }
func (b *groupBuilder) lastRules() int     { return len(b.rules) - b.starts[len(b.starts)-1][1] }

// drop removes the last group.
func (b *groupBuilder) drop() {
	s := b.starts[len(b.starts)-1]
	b.agents, b.rules, b.starts = b.agents[:s[0]], b.rules[:s[1]], b.starts[:len(b.starts)-1]
}

func (b *groupBuilder) groups() []modelGroup {
	out := make([]modelGroup, len(b.starts))
	for i, s := range b.starts {
		ae, re := len(b.agents), len(b.rules)
		if i+1 < len(b.starts) {
			ae, re = b.starts[i+1][0], b.starts[i+1][1]
		}
		out[i] = modelGroup{Agents: b.agents[s[0]:ae:ae], Rules: b.rules[s[1]:re:re]}
	}
	return out
}

// LinesOf is a File's own lexing as model lines.
func LinesOf(f *matcher.File) []ModelLine {
	out := make([]ModelLine, f.NumLines())
	for i := range out {
		l := f.Line(i)
		m := &out[i]
		m.Line, m.Kind, m.Empty, m.Long = l.Number, l.Kind, l.Start == l.End, l.End-l.Start > matcher.GoogleLineLimit
		switch {
		case l.Kind == matcher.KindUserAgent || l.Kind.IsRule():
			m.Value = f.TextOf(l.Value)
		case l.Kind == matcher.KindOther:
			m.Key, m.Value = f.TextOf(l.Key), f.TextOf(l.Value)
		}
	}
	return out
}

// BoundsAgentAfterRule is RFC 9309 §2.1's grouping, which robots.cc shares:
// a user-agent line after a rule starts a new group; no other line ends
// one; a rule before any user-agent line belongs to no group.
func BoundsAgentAfterRule(lines []ModelLine) []modelGroup { return afterRule{}.bounds(lines) }

// BoundsDelayEndsAgents is CPython's RFC 9309 rewrite: as RFC 9309, but a
// Crawl-delay or Request-rate line after the user-agent lines also ends
// them, and parse() raising loses the group being built.
func BoundsDelayEndsAgents(lines []ModelLine) []modelGroup {
	return afterRule{delayEnds: true, stopDrops: true}.bounds(lines)
}

// BoundsBlankLine is the 1996 draft's grouping (§3.3): a blank line ends a
// record, and a user-agent line after a rule starts a new one.
func BoundsBlankLine(lines []ModelLine) []modelGroup { return afterRule{blankEnds: true}.bounds(lines) }

// afterRule is the grouping the three above share: a user-agent line
// after a rule starts a new group. blankEnds: a blank line ends the group
// too; delayEnds: a Crawl-delay or Request-rate line counts as a rule
// there; stopDrops: the group open where the program stops is lost.
type afterRule struct{ blankEnds, delayEnds, stopDrops bool }

func (o afterRule) bounds(lines []ModelLine) []modelGroup {
	var b groupBuilder
	open, seenRule := false, false
	for i := range lines {
		l := &lines[i]
		switch {
		case l.Stop:
			if open && o.stopDrops {
				b.drop()
			}
			return b.groups()
		case l.Kind == matcher.KindBlank && o.blankEnds:
			open, seenRule = false, false
		case l.Kind == matcher.KindUserAgent:
			if !open || seenRule {
				b.open()
				open, seenRule = true, false
			}
			b.agent(l)
		case l.Kind.IsRule() && open:
			b.rule(l)
			seenRule = true
		case l.Kind == matcher.KindOther && open && o.delayEnds && isDelayKey(l.Key):
			seenRule = true
		}
	}
	return b.groups()
}

func isDelayKey(k string) bool {
	return strings.EqualFold(k, "crawl-delay") || strings.EqualFold(k, "request-rate")
}

// BoundsAgentAfterAny is protego's grouping: a user-agent line after any
// other directive starts a new record (an empty user-agent line counts as
// one), a directive with an empty value is no rule, and what came before
// a raise is kept.
func BoundsAgentAfterAny(lines []ModelLine) []modelGroup {
	var b groupBuilder
	open, afterOther := false, false
	for i := range lines {
		l := &lines[i]
		switch {
		case l.Stop:
			return b.groups()
		case l.Kind == matcher.KindUserAgent && l.Value == "":
			afterOther = false
		case l.Kind == matcher.KindUserAgent:
			if !open || afterOther || b.lastRules() > 0 {
				b.open()
				open = true
			}
			b.agent(l)
			afterOther = false
		case (l.Kind.IsRule() || l.Kind == matcher.KindOther) && l.Value == "":
			afterOther = true
		case l.Kind.IsRule() && open:
			b.rule(l)
			afterOther = true
		case l.Kind == matcher.KindOther && (open || strings.EqualFold(l.Key, "sitemap")):
			afterOther = true
		}
	}
	return b.groups()
}

// BoundsAgentAfterKey is robots-parser's grouping: a user-agent line
// after any other line with a key starts a new list of names; a list
// whose group has no Allow, Disallow or Crawl-delay line files no name, so
// it is no group at all.
func BoundsAgentAfterKey(lines []ModelLine) []modelGroup {
	var b groupBuilder
	filed := []bool{}
	newRun := true
	for i := range lines {
		l := &lines[i]
		switch {
		case l.Kind == matcher.KindUserAgent:
			if newRun {
				b.open()
				filed = append(filed, false)
			}
			b.agent(l)
		case l.Kind.IsRule() && b.n() > 0:
			b.rule(l)
			filed[b.n()-1] = true
		case l.Kind == matcher.KindOther && b.n() > 0 && strings.EqualFold(l.Key, "crawl-delay"):
			filed[b.n()-1] = true
		}
		if l.Kind == matcher.KindUserAgent || l.Kind.IsRule() || l.Kind == matcher.KindOther {
			newRun = l.Kind != matcher.KindUserAgent
		}
	}
	out := b.groups()
	kept := out[:0]
	for i, g := range out {
		if filed[i] {
			kept = append(kept, g)
		}
	}
	return kept
}

// BoundsEmptyLine is CPython's classic RobotFileParser.parse: only an
// empty line ends a record, a record ended before any rule is dropped, and
// a user-agent line after a rule starts a new record; a Crawl-delay or
// Request-rate line counts as a rule there.
func BoundsEmptyLine(lines []ModelLine) []modelGroup {
	var b groupBuilder
	state := 0 // 0: start, 1: saw user-agent, 2: saw a rule
	end := func() {
		if state == 1 {
			b.drop()
		}
		state = 0
	}
	for i := range lines {
		l := &lines[i]
		switch {
		case l.Stop:
			if state != 0 {
				b.drop() // parse() raised: the record it was building is lost
			}
			return b.groups()
		case l.Empty:
			end()
		case l.Kind == matcher.KindUserAgent:
			if state == 2 {
				end()
			}
			if state == 0 {
				b.open()
			}
			b.agent(l)
			state = 1
		case l.Kind.IsRule() && state != 0:
			b.rule(l)
			state = 2
		case l.Kind == matcher.KindOther && state != 0 && isDelayKey(l.Key):
			state = 2
		}
	}
	end()
	return b.groups()
}

// matchWildcards is RFC 9309 §2.2.3's matching: '*' any run, a final '$'
// the end.
func matchWildcards(pat, path string) bool {
	if RejectsByPrefix(pat, path) {
		return false
	}
	return pattern.Compile(pat).Match(path)
}

// RejectsByPrefix reports whether the literal start of pattern, up to its
// first '*' or '$', already differs from path: such a pattern matches no
// wildcard reading's way. Most rules of a large group fail here, at their
// first few bytes, without the pattern being scanned whole.
func RejectsByPrefix(pattern, path string) bool {
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '*' || c == '$' {
			return false
		}
		if i >= len(path) || path[i] != c {
			return true
		}
	}
	return false
}

// MatchPrefix compares '*' and '$' as ordinary characters.
func MatchPrefix(pattern, path string) bool { return strings.HasPrefix(path, pattern) }

// priorityOctets is RFC 9309 §2.2.2's priority: the octets of the pattern.
func priorityOctets(pattern, _ string) int { return len(pattern) }

// withDefaults fills the nil choices with RFC 9309's.
func (c Choices) withDefaults() *Choices {
	if c.Lines == nil {
		c.Lines = LinesOf
	}
	if c.Bounds == nil {
		c.Bounds = BoundsAgentAfterRule
	}
	if c.Agent == nil {
		c.Agent = rfcAgent
	}
	if c.Match == nil {
		c.Match = matchWildcards
	}
	if c.Path == nil {
		c.Path = func(t *matcher.Target) (string, bool) {
			p, _ := pattern.Normalize(t.Path, pattern.RFCPathRules, false)
			return p, true
		}
	}
	if c.Pattern == nil {
		c.Pattern = func(v string) (string, bool) {
			p, _ := pattern.Normalize(v, pattern.RFCPatternRules, false)
			return p, true
		}
	}
	if c.AgentKey == nil {
		c.AgentKey = strings.ToLower
	}
	if c.AgentKeys == nil {
		key := c.AgentKey
		c.AgentKeys = func(v string) []string { return []string{key(v)} }
	}
	if c.Priority == nil {
		c.Priority = priorityOctets
	}
	return &c
}

// rfcAgent is RFC 9309 §2.2.1: the product token is the value's leading
// run of letters, '-' and '_', compared without case; '*' alone is global.
func rfcAgent(value, token string) (named, global bool) {
	tok, global, _ := ascii.ExtractToken(value)
	token = strings.TrimSpace(token)
	return !global && tok != "" && token != "" && strings.EqualFold(tok, token), global
}

// RFCSays is what RFC 9309 chooses, in words; the other readings start
// from it.
var RFCSays = map[Factor]string{
	FactorTypos:         "reads only the keys user-agent, allow and disallow, in any case (RFC 9309 §2.2)",
	FactorGroupBoundary: "ends a group only at a user-agent line after a rule; blank and other lines end nothing (RFC 9309 §2.1)",
	FactorTokenMatching: "compares the value's product token (its leading letters, '-' and '_') with the whole token, ignoring case (RFC 9309 §2.2.1)",
	FactorMerging:       "merges every group naming the token, else every '*' group (RFC 9309 §2.2.1)",
	FactorIndexHTML:     "has no index.html rule",
	FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (RFC 9309 §2.2.3)",
	FactorNormalization: "compares URL and pattern with their percent-encoding made the same (unreserved characters decoded, hex upper-cased, non-ASCII encoded; RFC 9309 §2.2.2)",
	FactorEmptyRule:     "reads an empty pattern as matching nothing (RFC 9309 §2.2.2)",
	FactorFirstMatch:    "lets the most specific matching rule decide (RFC 9309 §2.2.2)",
	FactorPriority:      "counts a rule's priority as the octets of its pattern (RFC 9309 §2.2.2)",
}

func Says(base map[Factor]string, over map[Factor]string) map[Factor]string {
	out := maps.Clone(base)
	maps.Copy(out, over)
	return out
}

// rfcChoices are RFC 9309's: the model's defaults, and the /robots.txt rule.
var rfcChoices = Choices{
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Says:      RFCSays,
}
