package matcher

// EvaluateInto is EvaluateTarget into res, which it overwrites: res then
// holds what EvaluateTarget returns, and refers to t. The RFC 9309 reading
// reuses the arrays res holds from an earlier call, so that deciding URL
// after URL into one Result allocates nothing per URL once the arrays
// have grown: a check of a million URLs would otherwise make a Result,
// its matches and its candidates for each, and the collector that frees
// them would run on the second core beside the check. What res held
// before, including its Matches, is not valid after the call.
func (f *File) EvaluateInto(res *Result, token string, t *Target) { f.into(res, token, t, true) }

// impl is the reading that parsed f, which evaluates it.
func (f *File) impl() Reader {
	if f.reader == nil {
		return readerOrRFC(f.Reading)
	}
	return f.reader
}

// A StrongestDecider is a reading that can decide from the strongest
// matching rule of each kind alone (pattern.Decider, Result.DecideStrongest),
// without listing every match: a reading whose decision is a longest
// match. DecideInto is handed res emptied, but for its Reading, Token,
// Target, Winner and RunnerUp (-1), and fills it as Evaluate would,
// Explanation left empty when a rule decided (AppendExplanation writes
// it); until the selection's Decider is built (pattern.LazyDecider), by
// the full evaluation. It says false when f holds nothing of the
// reading's to decide from: Evaluate then decides.
type StrongestDecider interface {
	DecideInto(f *File, token string, t *Target, res *Result) bool
}

// DecideInto is EvaluateInto without the sentence of a verdict no rule
// decided, which the RFC 9309 reading leaves out (Explanation empty) for
// AppendExplanation to write: most URLs of a check match no rule, and
// their sentence, which holds the path, would be a string per URL. Under
// a reading that is a StrongestDecider, res lists only the winner and the
// runner-up (Result.DecideStrongest), without the steps that normalized
// their patterns, and leaves the sentence of a verdict a rule decided to
// AppendExplanation too.
func (f *File) DecideInto(res *Result, token string, t *Target) { f.into(res, token, t, false) }

func (f *File) into(res *Result, token string, t *Target, explain bool) {
	impl := f.impl()
	matches, refs := res.matches, res.refs
	if d, ok := impl.(StrongestDecider); ok && !explain {
		*res = Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1, matches: matches[:0], refs: refs[:0]}
		if d.DecideInto(f, token, t, res) {
			return
		}
	}
	if rfc, ok := impl.(rfc9309); ok {
		rfc.evaluateInto(f, token, t, res, explain)
		return
	}
	*res = *impl.Evaluate(f, token, t)
	res.matches, res.refs = matches, refs
}
