package matcher

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// A selection is what an evaluation needs that depends on the token alone:
// the group trace and the diagnostics that bear on the applying groups.
// Working it out walks every user-agent line and every diagnostic of the
// file, so a File keeps it per token: a crawler asks about many URLs for
// one token, and the trace then costs nothing per URL.
type selection struct {
	trace GroupTrace
	diags DiagnosticList
	// rules indexes the applying groups' rules, built by the first
	// evaluation that needs it.
	rules lazyIndex
}

// selections caches selections by token. Evaluations may run on several
// goroutines at once (check -urls, a million URLs for one token), so a
// lookup takes no lock: the map is replaced whole when a token is added,
// never changed in place, and a reader loads the current one. (A lock
// taken by every lookup moved its cache line between the processors for
// every URL.)
type selections struct {
	mu sync.Mutex // held by a goroutine adding a token
	m  atomic.Pointer[map[string]*selection]
}

// maxSelections bounds the cache: beyond it, a token's selection is worked
// out each time, so that memory stays bounded whatever tokens come.
const maxSelections = 64

func newSelection(f *File, tr GroupTrace) *selection {
	// Full slice expressions: a caller that appends to a Result's slices
	// copies them instead of writing into the shared arrays.
	tr.Agents = tr.Agents[:len(tr.Agents):len(tr.Agents)]
	tr.Selected = tr.Selected[:len(tr.Selected):len(tr.Selected)]
	d := bearing(f, tr.Selected)
	return &selection{trace: tr, diags: d[:len(d):len(d)]}
}

// selectionFor returns the selection of token, chosen by choose (the
// reading's group selection), from the cache when it is there.
func (f *File) selectionFor(token string, choose func(*File, string) GroupTrace) *selection {
	c := f.selections
	if c == nil {
		return newSelection(f, choose(f, token))
	}
	if m := c.m.Load(); m != nil {
		if s, ok := (*m)[token]; ok {
			return s
		}
	}
	s := newSelection(f, choose(f, token))
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	if old == nil {
		old = &map[string]*selection{}
	}
	if first, ok := (*old)[token]; ok {
		return first // another goroutine added it meanwhile
	}
	if len(*old) < maxSelections {
		m := make(map[string]*selection, len(*old)+1)
		maps.Copy(m, *old)
		m[token] = s
		c.m.Store(&m)
	}
	return s
}

// selectGroups chooses the groups that apply to token as RFC 9309 §2.2.1
// says: every group naming the token (compared without case) merged; else
// every global (*) group merged; else none. A named group with no rules
// still applies: it allows everything and does not fall back to '*'.
func selectGroups(f *File, token string) GroupTrace {
	token = strings.TrimSpace(token)
	w := newTraceWriter(f, token, " equals %s, ignoring case", " is not %s")
	for gi, g := range f.Groups {
		for _, a := range g.Agents {
			switch {
			case a.Global:
				w.global(a, gi)
			case a.Token == "" && strings.HasPrefix(a.Value, "*"):
				w.add(a, gi, false, "names no product token: '*' is the global group only standing alone (RFC 9309 §2.2.1)")
			case a.Token == "":
				w.add(a, gi, false, "names no product token")
			case token != "" && mayFold(a.Token, token) && strings.EqualFold(a.Token, token):
				w.named(a, gi)
			default:
				w.notNamed(a, gi)
			}
		}
	}
	return w.finish(f)
}

// mayFold is a quick test before strings.EqualFold, for the thousands of
// agents of a large file: two non-empty strings whose first bytes are
// both ASCII are equal without case only if those bytes are (an ASCII
// letter folds to another byte only outside ASCII: 'k' to the Kelvin sign,
// 's' to the long s, which start with a byte of 0x80 or more).
func mayFold(a, b string) bool {
	if a == "" || b == "" || a[0] >= 0x80 || b[0] >= 0x80 {
		return true
	}
	return lowerByte(a[0]) == lowerByte(b[0])
}

// A traceWriter builds a group trace agent by agent. A file may name
// thousands of agents, so their sentences share one arena and the token's
// quoted endings are made once, rather than a Sprintf each.
type traceWriter struct {
	tr GroupTrace
	// words holds the sentences; its first block is sized for all of them.
	words                     arena
	equals, isNot             string // the endings of a named agent's sentence and of another's
	namedGroups, globalGroups []int
}

// newTraceWriter sizes a trace for f's agents; equals and isNot are the
// endings of the sentences, with %s for the quoted token.
func newTraceWriter(f *File, token, equals, isNot string) *traceWriter {
	q := strconv.Quote(token)
	w := &traceWriter{
		equals: strings.Replace(equals, "%s", q, 1),
		isNot:  strings.Replace(isNot, "%s", q, 1),
	}
	// One block that holds every sentence, "quoted agent" and an ending,
	// so that a large file's trace makes one allocation for its words.
	// Few agents name the token: room for a few longer endings is enough,
	// and a token that needs escapes or one more named agent just starts
	// a new block.
	n, size := 0, 0
	for _, g := range f.Groups {
		for i := range g.Agents {
			size += len(g.Agents[i].Token)
		}
		n += len(g.Agents)
	}
	size += n*(2+len(w.isNot)) + 4*max(0, len(w.equals)-len(w.isNot))
	w.tr = GroupTrace{Token: token, Agents: make([]UserAgentMatch, 0, n)}
	w.words = arena{buf: make([]byte, 0, size)}
	return w
}

func (w *traceWriter) add(a Agent, gi int, matched bool, how string) {
	w.tr.Agents = append(w.tr.Agents, UserAgentMatch{Agent: a, Group: gi, Matched: matched, How: how})
}

// global notes a '*' agent, whose group applies when no group names the
// token.
func (w *traceWriter) global(a Agent, gi int) {
	w.add(a, gi, false, "'*': the global group, used only when no group names the token")
	w.globalGroups = appendOnce(w.globalGroups, gi)
}

// named notes an agent that names the token, so its group applies.
func (w *traceWriter) named(a Agent, gi int) {
	w.add(a, gi, true, w.words.quoted("", a.Token, w.equals))
	w.namedGroups = appendOnce(w.namedGroups, gi)
}

func (w *traceWriter) notNamed(a Agent, gi int) {
	w.add(a, gi, false, w.words.quoted("", a.Token, w.isNot))
}

func (w *traceWriter) finish(f *File) GroupTrace {
	return finishTrace(f, w.tr, w.namedGroups, w.globalGroups)
}

// finishTrace applies RFC 9309 §2.2.1's choice, which Google's parser
// shares: the groups naming the token, else the global ones, merged.
func finishTrace(f *File, tr GroupTrace, named, global []int) GroupTrace {
	switch {
	case len(named) > 0:
		tr.Selected = named
	case len(global) > 0:
		tr.Selected, tr.Global = global, true
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

func appendOnce(s []int, v int) []int {
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
		return fmt.Sprintf("No group names %s, so the * %s %s.", who, groupWords(f, tr.Selected), verb)
	}
	s := fmt.Sprintf("%s is named by the %s.", capitalize(who), groupWords(f, tr.Selected))
	if tr.Merged {
		s += " Their rules are merged into one group."
	}
	if rulesIn(f, tr.Selected) == 0 {
		s += " It has no rules, so everything is allowed; the * group is not used."
	}
	return s
}

// groupWords names groups by their lines: "group at line 3" or "groups at
// lines 3 and 9".
func groupWords(f *File, groups []int) string {
	lines := make([]string, len(groups))
	for i, gi := range groups {
		lines[i] = fmt.Sprint(f.Groups[gi].FirstLine)
	}
	if len(lines) == 1 {
		return "group at line " + lines[0]
	}
	return "groups at lines " + strings.Join(lines[:len(lines)-1], ", ") + " and " + lines[len(lines)-1]
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
