package matcher

import (
	"fmt"
	"robots-explorer/matcher/internal/ascii"
	"robots-explorer/matcher/internal/words"
	"robots-explorer/matcher/pattern"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Selection is what an evaluation needs that depends on the token alone:
// the group trace and the diagnostics that bear on the applying groups.
// Working it out walks every user-agent line and every diagnostic of the
// file, so a File keeps it per token: a crawler asks about many URLs for
// one token, and the trace then costs nothing per URL.
type Selection struct {
	Trace GroupTrace
	Diags DiagnosticList
	// Rules indexes the applying groups' rules, built by the first
	// evaluation that needs it, and shared by the tokens that select the
	// same groups (SelectionFor).
	Rules *pattern.LazyIndex
	// Decide finds the strongest rules of each kind for a decision
	// alone (File.DecideInto), shared as Rules is.
	Decide *pattern.LazyDecider
	// first is what a first-match reading's decisions alone report as
	// bearing on the selection (DecideFirstMatch).
	first struct {
		once  sync.Once
		diags DiagnosticList
	}
}

// selections caches selections by token, up to maxSelections of them, so
// that memory stays bounded whatever tokens come. A File is read by one
// goroutine at a time (check -urls evaluates its URLs in order), so the
// map needs no lock.
type selections map[string]*Selection

// MaxSelections bounds the cache: beyond it, a token's selection is worked
// out each time.
const MaxSelections = 64

func NewSelection(f *File, tr GroupTrace) *Selection {
	if f.opts.SkipAgentTrace {
		tr = tr.WithoutAgents()
	}
	// Full slice expressions: a caller that appends to a Result's slices
	// copies them instead of writing into the shared arrays.
	tr.Agents = tr.Agents[:len(tr.Agents):len(tr.Agents)]
	tr.Selected = tr.Selected[:len(tr.Selected):len(tr.Selected)]
	d := bearing(f, tr.Selected)
	return &Selection{Trace: tr, Diags: d[:len(d):len(d)], Rules: new(pattern.LazyIndex), Decide: new(pattern.LazyDecider)}
}

// SelectionFor returns the selection of token, chosen by choose (the
// reading's group selection), from the cache when it is there.
func (f *File) SelectionFor(token string, choose func(*File, string) GroupTrace) *Selection {
	if s, ok := f.selections[token]; ok {
		return s
	}
	s := NewSelection(f, choose(f, token))
	for _, other := range f.selections {
		// Most crawlers of a file fall back to its '*' group: an index
		// of their own each would repeat the same rules once per
		// crawler and file, and diff asks for all the directory's
		// crawlers of two files.
		if slices.Equal(other.Trace.Selected, s.Trace.Selected) {
			s.Rules, s.Decide = other.Rules, other.Decide
			break
		}
	}
	if len(f.selections) < MaxSelections {
		if f.selections == nil {
			f.selections = selections{}
		}
		f.selections[token] = s
	}
	return s
}

// selectGroups chooses the groups that apply to token as RFC 9309 §2.2.1
// Says: every group naming the token (compared without case) merged; else
// every global (*) group merged; else none. A named group with no rules
// still applies: it allows everything and does not fall back to '*'.
func selectGroups(f *File, token string) GroupTrace {
	token = strings.TrimSpace(token)
	w := NewTraceWriter(f, token, " equals %s, ignoring case", " is not %s")
	same := strings.EqualFold
	if isASCII(token) {
		// Unicode folding of two ASCII strings is ASCII's, and skipping
		// the rune decoding matters in the trace of a large file. A
		// non-ASCII token still needs EqualFold: it folds the Kelvin
		// sign to the k of a product token.
		same = ascii.EqualFold
	}
	for gi, g := range f.Groups {
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			switch {
			case a.Global:
				w.Global(a, gi)
			case a.Token == "" && strings.HasPrefix(a.Value, "*"):
				w.Add(a, gi, false, "names no product token: '*' is the global group only standing alone (RFC 9309 §2.2.1)")
			case a.Token == "":
				w.Add(a, gi, false, "names no product token")
			case token != "" && same(a.Token, token):
				w.Named(a, gi)
			default:
				w.NotNamed(a, gi)
			}
		}
	}
	return w.Finish(f)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// A traceWriter builds a group trace agent by agent; the token's quoted
// endings of the sentences are made once.
type TraceWriter struct {
	tr                        GroupTrace
	equals, isNot             string // the endings of a named agent's sentence and of another's
	namedGroups, globalGroups []int
}

// NewTraceWriter sizes a trace for f's agents; equals and isNot are the
// endings of the sentences, with %s for the quoted token.
func NewTraceWriter(f *File, token, equals, isNot string) *TraceWriter {
	q := strconv.Quote(token)
	w := &TraceWriter{
		tr:     GroupTrace{Token: token, Agents: f.AgentMatches()},
		equals: strings.Replace(equals, "%s", q, 1),
		isNot:  strings.Replace(isNot, "%s", q, 1),
	}
	w.tr.SetExplainer(notNamed(w.isNot))
	return w
}

// notNamed writes, when read, the sentence of an agent that does not name
// the token (NotNamed): made for each, they would be most of a large
// file's trace, which a check's text never reads.
type notNamed string

func (n notNamed) How(m UserAgentMatch) string { return quotedThen(m.Agent.Token, string(n)) }

func (w *TraceWriter) Add(a AgentText, gi int, matched bool, how string) {
	w.tr.Agents = append(w.tr.Agents, UserAgentMatch{Agent: a, Group: gi, Matched: matched, How: how})
}

// global notes a '*' agent, whose group applies when no group names the
// token.
func (w *TraceWriter) Global(a AgentText, gi int) {
	w.Add(a, gi, false, "'*': the global group, used only when no group names the token")
	w.globalGroups = AppendOnce(w.globalGroups, gi)
}

// named notes an agent that names the token, so its group applies.
func (w *TraceWriter) Named(a AgentText, gi int) {
	w.Add(a, gi, true, strconv.Quote(a.Token)+w.equals)
	w.namedGroups = AppendOnce(w.namedGroups, gi)
}

func (w *TraceWriter) NotNamed(a AgentText, gi int) {
	w.Add(a, gi, false, "") // written by notNamed when read
}

// quotedThen is strconv.Quote(s)+rest, made in one piece when s needs no
// escape, as a product token never does: a large file's trace quotes
// thousands of tokens, and Quote's own copy of each would weigh as much
// as the rest of the trace.
func quotedThen(s, rest string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return strconv.Quote(s) + rest
		}
	}
	return `"` + s + `"` + rest
}

// Finish applies RFC 9309 §2.2.1's choice, which Google's parser shares:
// the groups naming the token, else the global ones, merged.
func (w *TraceWriter) Finish(f *File) GroupTrace {
	tr := w.tr
	switch {
	case len(w.namedGroups) > 0:
		tr.Selected = w.namedGroups
	case len(w.globalGroups) > 0:
		tr.Selected, tr.Global = w.globalGroups, true
		for i := range tr.Agents {
			if tr.Agents[i].Agent.Global {
				tr.Agents[i].Matched = true
			}
		}
	}
	tr.Merged = len(tr.Selected) > 1
	tr.Summary = traceSummary(f, tr)
	return tr
}

func AppendOnce(s []int, v int) []int {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}

func traceSummary(f *File, tr GroupTrace) string {
	who := fmt.Sprintf("%q", tr.Token)
	if tr.Token == "" {
		who = "an empty token"
	}
	switch {
	case len(tr.Selected) == 0 && len(f.Groups) == 0:
		return "The file has no groups, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No group names %s and there is no * group, so no rules apply: everything is allowed.", who)
	case tr.Global:
		verb := "applies"
		if len(tr.Selected) > 1 {
			verb = "apply, merged"
		}
		return fmt.Sprintf("No group names %s, so the * %s %s.", who, GroupWords(f, tr.Selected), verb)
	}
	s := fmt.Sprintf("%s is named by the %s.", words.Capitalize(who), GroupWords(f, tr.Selected))
	if tr.Merged {
		s += " Their rules are merged into one group."
	}
	if RulesIn(f, tr.Selected) == 0 {
		s += " It has no rules, so everything is allowed; the * group is not used."
	}
	return s
}

// GroupWords names groups by their lines: "group at line 3", "groups at
// lines 3 and 9", or, past maxListedGroups, the first maxListedGroups
// lines and then "and 40 more, the last at line 700". It is written into
// one buffer: a string per group would be garbage by the million for a
// file of short lines that is all '*' groups.
func GroupWords(f *File, groups []int) string {
	if len(groups) == 1 {
		return "group at line " + strconv.Itoa(int(f.Groups[groups[0]].FirstLine))
	}
	shown := groups[:min(len(groups), maxListedGroups)]
	b := make([]byte, 0, len("groups at lines ")+8*len(shown)+40)
	b = append(b, "groups at lines "...)
	for i, gi := range shown {
		switch {
		case i == len(groups)-1:
			b = append(b, " and "...)
		case i > 0:
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(f.Groups[gi].FirstLine), 10)
	}
	if rest := len(groups) - len(shown); rest > 0 {
		b = append(b, " and "...)
		b = strconv.AppendInt(b, int64(rest), 10)
		b = append(b, " more, the last at line "...)
		b = strconv.AppendInt(b, int64(f.Groups[groups[len(groups)-1]].FirstLine), 10)
	}
	return string(b)
}

// maxListedGroups is the most groups GroupWords names by line: a sentence
// naming every group of a file of a million '*' groups would be kept
// with the token's selection, and be a wall of numbers for a person to
// read.
const maxListedGroups = 20
