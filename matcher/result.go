package matcher

import "robots-explorer/matcher/pattern"

// A Step is one normalization step (pattern.Step): results carry the
// steps of the path and of each matching pattern.
type Step = pattern.Step

// A Match is a rule of an applying group that matched the path.
type Match struct {
	Rule Rule
	// Pattern and Normalized are the rule's pattern as written and as the
	// reading compared it, so that a Result reads without its File.
	Pattern, Normalized string
	// Priority is the reading's measure of specificity: for RFC 9309 and
	// Google, the octets of the normalized pattern; for first-match
	// readings, -1 (order decides).
	Priority int
	// Steps are the normalization steps of the rule's pattern.
	Steps []Step
}

// Reason says why a verdict was reached.
type Reason string

// The reasons.
const (
	ReasonLongest    Reason = "longest"     // the most specific matching rule decided
	ReasonTieAllow   Reason = "tie-allow"   // an allow and a disallow of equal priority: allow wins
	ReasonNoMatch    Reason = "no-match"    // no rule of the applying groups matched: allowed
	ReasonRobotsTxt  Reason = "robots-txt"  // /robots.txt is always allowed
	ReasonNoGroup    Reason = "no-group"    // no group applies to the token: allowed
	ReasonFirstMatch Reason = "first-match" // the first matching rule in file order decided
	ReasonIndexHTML  Reason = "index-html"  // Google: an allow of /index.htm… also allows the directory
)

// A UserAgentMatch records how one user-agent line compared with the token.
type UserAgentMatch struct {
	Agent   AgentText
	Group   int  // index in File.Groups
	Matched bool // whether this line selects its group for the token
	// How says why, in a sentence; empty when the trace writes it on
	// demand: read it with GroupTrace.How.
	How string
}

// A GroupTrace explains how the token chose its groups.
type GroupTrace struct {
	Token    string           // the product token as given
	Agents   []UserAgentMatch // every user-agent line, in file order
	Selected []int            // indexes in File.Groups of the applying groups
	Global   bool             // the global (*) group(s) were used
	Merged   bool             // more than one group was merged
	Summary  string           // the whole trace in a sentence
	// explainer writes the How its reading left empty (SetExplainer).
	explainer AgentExplainer
}

// An AgentExplainer writes the sentence of a user-agent line of a trace
// when it is read, from what its reading kept of the selection: a file
// may hold hundreds of thousands of user-agent lines, and a sentence made
// for each would be most of a trace that a check's text never reads. It
// reads only the line's agent and group, never Matched, which a caller
// may change (crawler plans).
type AgentExplainer interface {
	How(m UserAgentMatch) string
}

// SetExplainer makes e write the How of the agents whose How is empty.
func (tr *GroupTrace) SetExplainer(e AgentExplainer) { tr.explainer = e }

// WithoutAgents is tr without the trace of every user-agent line, for a
// result kept in brief: its explainer goes too, which may hold the data
// of the file it read.
func (tr GroupTrace) WithoutAgents() GroupTrace {
	tr.Agents, tr.explainer = nil, nil
	return tr
}

// How is the sentence of m, one of tr's agents: m.How, or what the
// trace's explainer writes when the reading left it empty.
func (tr *GroupTrace) How(m UserAgentMatch) string {
	if m.How != "" || tr.explainer == nil {
		return m.How
	}
	return tr.explainer.How(m)
}

// A Target is a URL read for matching.
type Target struct {
	Input string // as given
	// Scheme, Host and Port are set for a full URL (Host and Port also for
	// a network-path reference, "//host/path"); Host is lower-cased and
	// IDNA-normalized, and Port is empty when it is the scheme's default.
	Scheme string
	Host   string
	Port   string
	// Path is the path and query as given (fragment dropped, "/" when
	// empty), before any reading's normalization.
	Path string
	// RobotsURL is the robots.txt URL that governs a full URL, or "".
	RobotsURL string
	// Steps are the steps that read the URL (host normalization, fragment
	// dropped, empty path).
	Steps []Step
}

// A Result is a verdict with its whole explanation.
type Result struct {
	Reading Reading
	Allowed bool
	Reason  Reason
	Token   string
	Target  *Target
	// Path is the path and query as the reading compared it.
	Path string
	// Steps are the normalization steps applied to Target.Path.
	Steps  []Step
	Groups GroupTrace
	// Matches holds every matching rule of the applying groups, in file
	// order.
	Matches []Match
	// Omitted is how many matching rules Matches leaves out
	// (ParseOptions.MaxMatches); 0 when it lists
	// them all.
	Omitted int
	// Winner is the index in Matches of the deciding rule, or -1.
	Winner int
	// RunnerUp is the index in Matches of the strongest rule of the other
	// kind, used to say why the winner won, or -1.
	RunnerUp int
	// Diagnostics are the file's diagnostics that bear on this decision.
	Diagnostics DiagnosticList
	// Explanation says why, in a sentence.
	Explanation string

	// matches is the array of Matches that EvaluateInto reuses from one
	// URL to the next (Matches stays nil when nothing matches, as
	// EvaluateTarget leaves it), and refs the array of the candidates.
	matches []Match
	refs    []pattern.Ref
	// strongestOnly says that Matches lists only the strongest match of
	// each kind (DecideStrongest) and that Explanation is empty when a
	// rule decided.
	strongestOnly bool
	// kept is what AddMatch knows of the matches kept, by kind
	// (disallow, allow).
	kept [2]keptKind
}

// Verdict returns "allowed" or "disallowed".
func (r *Result) Verdict() string {
	if r.Allowed {
		return "allowed"
	}
	return "disallowed"
}

// WinningRule returns the deciding rule, if there is one.
func (r *Result) WinningRule() (Match, bool) {
	if r.Winner < 0 || r.Winner >= len(r.Matches) {
		return Match{}, false
	}
	return r.Matches[r.Winner], true
}
