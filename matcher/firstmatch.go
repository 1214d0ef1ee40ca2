package matcher

import (
	"slices"

	"robots-explorer/matcher/pattern"
)

// fileWide reports whether a diagnostic is about the whole file and so
// bears on every decision of a first-match reading.
func fileWide(c Code) bool {
	return c == CodeSizeLimit || c == CodeBOM || c == CodeRaises || c == CodeInvalidUTF8
}

// FirstMatchBearing returns the diagnostics on the lines of the applying
// record, and those about the whole file.
func FirstMatchBearing(f *File, res *Result) DiagnosticList {
	var out DiagnosticList
	for _, d := range f.Diagnostics {
		switch {
		case fileWide(d.Code) && (d.Code != CodeInvalidUTF8 || d.Severity == Error):
			out = append(out, d)
		case d.Pos.Line >= 1 && d.Pos.Line <= f.NumLines() && slices.Contains(res.Groups.Selected, int(f.LineGroup(d.Pos.Line-1))):
			out = append(out, d)
		}
	}
	return out
}

// DecideFirstMatch is a first-match reading's decision from its one
// record's rules alone (StrongestDecider): once the selection's Decider is
// built, the first rule of record gi whose normalized path starts path
// decides, found in time proportional to the path, and is the one match
// listed (Winner 0, priority -1 as the full evaluation gives it; the
// later ones are not looked for). Steps are the path's; what an
// evaluation names beyond that rule (a sentence for a rule that decided)
// AppendExplanation writes from a full evaluation. It returns false while
// the Decider is not built: the reading then evaluates in full, and
// notes the work with Spend.
func (r *Result) DecideFirstMatch(f *File, sel *Selection, gi int, path string, steps []Step) bool {
	d := sel.Decide.Get(func() int { return f.Groups[gi].Rules.Len() }, func(add func(pattern.DecideRule)) {
		rules := f.RulesOf(f.Groups[gi])
		for ri := range rules {
			// Minus its place: the strongest match is the first. The
			// path is compared as a literal prefix, '*' and '$'
			// included (neither reading knows wildcards).
			add(pattern.DecideRule{Pattern: pattern.Pattern{Body: f.NormalizedRule(&rules[ri])}, Priority: -ri,
				Allow: rules[ri].Allow(), Ref: pattern.Ref{Group: int32(gi), Rule: int32(ri)}})
		}
	})
	if d == nil {
		return false
	}
	r.strongestOnly = true
	r.Path, r.Steps, r.Groups = path, steps, sel.Trace
	var best pattern.Strongest
	best, r.refs = d.Decide(path, r.refs)
	first := best[0]
	if !first.Found || best[1].Found && best[1].Priority > first.Priority {
		first = best[1]
	}
	r.Matches, r.Allowed, r.Reason = nil, true, ReasonNoMatch
	if first.Found {
		m := f.MatchOf(f.RuleOf(first.Ref))
		m.Priority = -1
		r.Matches = append(r.matches[:0], m)
		r.matches, r.Winner = r.Matches, 0
		r.Allowed, r.Reason = m.Rule.Allow(), ReasonFirstMatch
	}
	r.Diagnostics = sel.firstMatchBearing(f)
	return true
}

// firstMatchBearing is FirstMatchBearing of the selection's groups, worked
// out once: it reads every diagnostic of the file.
func (s *Selection) firstMatchBearing(f *File) DiagnosticList {
	s.first.once.Do(func() { s.first.diags = FirstMatchBearing(f, &Result{Groups: s.Trace}) })
	return s.first.diags
}
