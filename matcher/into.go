package matcher

import "robots-explorer/matcher/pattern"

// An intoEvaluator is a Reader that can decide into a Result it is given,
// reusing its arrays (see File.EvaluateInto).
type intoEvaluator interface {
	evaluateInto(f *File, token string, t *Target, res *Result, explain bool)
}

// EvaluateInto is EvaluateTarget into res, which it overwrites: res then
// holds what EvaluateTarget returns, and refers to t. A reading that can
// reuses the arrays res holds from an earlier call, so that deciding URL
// after URL into one Result allocates nothing per URL once the arrays
// have grown: a check of a million URLs made a Result, its matches and
// its candidates for each, and the collector that freed them ran on the
// second core beside the check (issue 18). What res held before,
// including its Matches, is not valid after the call.
func (f *File) EvaluateInto(res *Result, token string, t *Target) { f.into(res, token, t, true) }

// impl is the reading that parsed f, which evaluates it.
func (f *File) impl() Reader {
	if f.reader == nil {
		return readerOrRFC(f.Reading)
	}
	return f.reader
}

// DecideInto is EvaluateInto without the sentence of a verdict no rule
// decided, which a reading that can leaves out (Explanation empty) for
// AppendExplanation to write: most URLs of a check match no rule, and
// their sentence, which holds the path, was a string per URL (issue 18).
func (f *File) DecideInto(res *Result, token string, t *Target) { f.into(res, token, t, false) }

func (f *File) into(res *Result, token string, t *Target, explain bool) {
	impl := f.impl()
	if into, ok := impl.(intoEvaluator); ok {
		into.evaluateInto(f, token, t, res, explain)
		return
	}
	matches, refs := res.matches, res.refs
	*res = *impl.Evaluate(f, token, t)
	res.matches, res.refs = matches, refs
}

// evaluateInto is rfc9309's Evaluate (rfc9309.go) into res, with the
// arrays res keeps: the same decision, RFC 9309 §2.2.2, reached the same
// way, which TestEvaluateIntoAgrees holds it to.
func (rfc9309) evaluateInto(f *File, token string, t *Target, res *Result, explain bool) {
	path, steps := pattern.NormalizePath(t.Path)
	*res = Result{Reading: f.Reading, Token: token, Target: t, Path: path, Steps: steps, Winner: -1, RunnerUp: -1,
		matches: res.matches[:0], refs: res.refs[:0]}
	sel := f.SelectionFor(token, selectGroups)
	res.Groups = sel.Trace
	if ext, _ := f.ext.(*rfcFile); ext != nil {
		if x := sel.Rules.Built(); x != nil {
			res.refs = x.Candidates(path, res.refs)
		} else {
			res.refs = sel.Rules.Candidates(path, res.refs, ext.indexed(f, res.Groups.Selected))
		}
		for _, ref := range res.refs {
			r := &f.Groups[ref.Group].Rules[ref.Rule]
			if !ext.patterns[ref.Group][ref.Rule].Pattern(f.NormalizedRule(r)).Match(path) {
				continue
			}
			m := f.MatchOf(r)
			m.Priority = len(m.Normalized)
			_, m.Steps = pattern.NormalizeRule(m.Pattern)
			res.matches = append(res.matches, m)
		}
	}
	if len(res.matches) > 0 {
		res.Matches = res.matches
	}
	sortMatchesByLine(res.Matches)
	res.DecideLongest()
	if path == "/robots.txt" {
		// The matches stay listed, but none of them decided.
		res.Allowed, res.Reason, res.Winner, res.RunnerUp = true, ReasonRobotsTxt, -1, -1
	}
	res.Diagnostics = sel.Diags
	if res.Winner < 0 && explain || res.Winner >= 0 && f.ExplainsRules() {
		res.Explanation = Explain(f, res)
	}
}
