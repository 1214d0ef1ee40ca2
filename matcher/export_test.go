package matcher

// WithoutSpares is res without the arrays EvaluateInto keeps for the next
// URL, which no reader of a Result sees: what EvaluateTarget returns.
func WithoutSpares(res Result) Result {
	res.matches, res.refs = nil, nil
	return res
}

// A GroupLines is a group as its agents and rules, for a test that
// compares the groups of two parses whatever runs of their arrays hold
// them.
type GroupLines struct {
	Agents              []Agent
	Rules               []Rule
	FirstLine, LastLine int32
}

// GroupsOf is f's groups as their agents and rules.
func GroupsOf(f *File) []GroupLines {
	out := make([]GroupLines, len(f.Groups))
	for i, g := range f.Groups {
		out[i] = GroupLines{f.AgentsOf(g), f.RulesOf(g), g.FirstLine, g.LastLine}
	}
	return out
}

// StrongestOnly says whether res was decided from the strongest rules
// alone (Result.DecideStrongest).
func StrongestOnly(res *Result) bool { return res.strongestOnly }

// WithMatches is res, decided from the strongest rules alone, with the
// matches of full, the full evaluation: what it would be had it listed
// them all.
func WithMatches(res Result, full *Result) Result {
	res.Matches, res.Winner, res.RunnerUp, res.Omitted, res.kept = full.Matches, full.Winner, full.RunnerUp, full.Omitted, full.kept
	res.strongestOnly = false
	return res
}

// Walked reports whether e decides in one walk for all its tokens.
func Walked(e *Deciders) bool { return e.walk.built.Load() }

// ParseTargetInto is parseTargetInto, for the tests of a Target reused
// from URL to URL.
var ParseTargetInto = parseTargetInto
