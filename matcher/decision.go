package matcher

import (
	"robots-explorer/matcher/internal/words"
	"robots-explorer/matcher/pattern"
	"strconv"
)

// DecideLongest is the decision RFC 9309 §2.2.2 and Google's parser share:
// no applying group or no matching rule allows; otherwise the longest
// match decides, an allow winning a tie.
func (r *Result) DecideLongest() {
	r.Winner, r.RunnerUp = longestMatch(r.Matches)
	switch {
	case len(r.Groups.Selected) == 0:
		r.Allowed, r.Reason = true, ReasonNoGroup
	case r.Winner < 0:
		r.Allowed, r.Reason = true, ReasonNoMatch
	default:
		w := r.Matches[r.Winner]
		r.Allowed, r.Reason = w.Rule.Allow(), ReasonLongest
		if r.RunnerUp >= 0 && r.Matches[r.RunnerUp].Priority == w.Priority {
			r.Reason = ReasonTieAllow
		}
	}
}

// DecideStrongest decides as DecideLongest from the strongest disallow
// and allow that d finds matching r.Path: they are the winner and the
// runner-up of the full list, and the only matches it lists, in file
// order, made by match. The other matches are not looked for, so Omitted
// does not count them. It returns the winner's ref, if a rule decided.
func (r *Result) DecideStrongest(d *pattern.Decider, match func(pattern.Ref) Match) (pattern.Ref, bool) {
	var best pattern.Strongest
	best, r.refs = d.Decide(r.Path, r.refs)
	return r.decideFrom(best, func(m *Match, ref pattern.Ref) { *m = match(ref) })
}

// decideFrom is DecideStrongest from the strongest rules a Decider found,
// fill writing the Match of a ref into a zero Match of r.Matches: a
// reading that decides many URLs for many tokens fills it in place rather
// than copying one made apart.
func (r *Result) decideFrom(best pattern.Strongest, fill func(*Match, pattern.Ref)) (pattern.Ref, bool) {
	r.strongestOnly = true
	if best[0].Found && best[1].Found && best[1].Ref.Before(best[0].Ref) {
		best[0], best[1] = best[1], best[0]
	}
	r.Matches = r.matches[:0]
	var refs [2]pattern.Ref // of Matches
	for _, b := range best {
		if b.Found {
			refs[len(r.Matches)] = b.Ref
			r.Matches = append(r.Matches, Match{})
			fill(&r.Matches[len(r.Matches)-1], b.Ref)
		}
	}
	if r.matches = r.Matches; len(r.Matches) == 0 {
		r.Matches = nil
	}
	r.DecideLongest()
	if r.Winner < 0 {
		return pattern.Ref{}, false
	}
	return refs[r.Winner], true
}

// AddMatch adds m, the next matching rule in file order, to r.Matches and
// returns where it stands, or -1 when it is not kept, for a reading that
// keeps a fact of its own beside each match (KeepBeside). It keeps every
// match, but under ParseOptions.MaxMatches, which bounds a Result however
// many rules match: it keeps the first MaxMatches matches, and past them
// one more place for each kind, where a later match is kept when it is
// stronger than every match of its kind kept so far, taking the place of
// the weaker one, so that the winner and the runner-up of DecideLongest
// are among them and the decision is the full evaluation's. A match not
// kept, or whose place a stronger one took, is counted in r.Omitted.
func (r *Result) AddMatch(f *File, m Match) int {
	k := &r.kept[kindIndex(m.Rule.Allow())]
	if !r.lean(f) {
		k.note(m.Priority)
		r.Matches = append(r.Matches, m)
		return len(r.Matches) - 1
	}
	if k.any && m.Priority <= k.best {
		r.Omitted++
		return -1
	}
	k.note(m.Priority)
	if k.slot > 0 {
		r.Matches[k.slot-1] = m
		r.Omitted++
		return k.slot - 1
	}
	r.Matches = append(r.Matches, m)
	k.slot = len(r.Matches)
	return len(r.Matches) - 1
}

// Weighs says whether AddMatch would keep a match of this kind and
// priority, for a reading whose Match costs more to make than to test. It
// is asked of a rule that matched: one it says no to is counted in
// r.Omitted, as AddMatch counts it.
func (r *Result) Weighs(f *File, allow bool, priority int) bool {
	k := r.kept[kindIndex(allow)]
	if !r.lean(f) || !k.any || priority > k.best {
		return true
	}
	r.Omitted++
	return false
}

// lean says whether AddMatch keeps only the matches a decision weighs:
// once MaxMatches are listed.
func (r *Result) lean(f *File) bool {
	return f.opts.MaxMatches > 0 && len(r.Matches) >= f.opts.MaxMatches
}

// keptKind is what AddMatch knows of the matches of one kind it kept: the
// highest priority among them, and the place that a stronger match of the
// kind takes once the Result is lean (1 + its index; 0 when none).
type keptKind struct {
	any  bool
	best int
	slot int
}

func (k *keptKind) note(priority int) {
	if !k.any || priority > k.best {
		k.any, k.best = true, priority
	}
}

func kindIndex(allow bool) int {
	if allow {
		return 1
	}
	return 0
}

// WithEveryMatch is f evaluating with every match kept, sharing f's
// model: f itself when it does. A comparison explains a difference, whose
// sentences name the other matching rules, from a full evaluation
// (compare.CompareEach).
func (f *File) WithEveryMatch() *File {
	if f.opts.MaxMatches == 0 {
		return f
	}
	every := *f
	every.opts.MaxMatches = 0
	return &every
}

// KeepBeside keeps v, a reading's fact about the match that AddMatch
// placed at i, in facts, which stand beside Result.Matches.
func KeepBeside(facts []bool, i int, v bool) []bool {
	switch {
	case i == len(facts):
		return append(facts, v)
	case i >= 0:
		facts[i] = v
	}
	return facts
}

func sortMatchesByLine(m []Match) {
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && m[j].Rule.Line < m[j-1].Rule.Line; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
}

// longestMatch returns the index of the winning match (highest priority; an
// allow wins a tie; among equals the first in file order) and of the
// strongest match of the other kind, or -1.
func longestMatch(m []Match) (winner, runnerUp int) {
	winner, runnerUp = -1, -1
	better := func(i, j int) bool { // is m[i] stronger than m[j]?
		if j < 0 {
			return true
		}
		if m[i].Priority != m[j].Priority {
			return m[i].Priority > m[j].Priority
		}
		return m[i].Rule.Allow() && !m[j].Rule.Allow()
	}
	for i := range m {
		if better(i, winner) {
			winner = i
		}
	}
	for i := range m {
		if winner >= 0 && m[i].Rule.Allow() != m[winner].Rule.Allow() && better(i, runnerUp) {
			runnerUp = i
		}
	}
	return winner, runnerUp
}

// bearing returns the diagnostics on the lines that took part in the
// decision (the applying groups), and those about the whole file.
func bearing(f *File, selected []int) DiagnosticList {
	// A bit per group rather than a map: the first evaluation for a token
	// looks up every diagnostic of the file, thousands in a large one.
	in := make([]uint64, (len(f.Groups)+63)/64)
	for _, gi := range selected {
		in[gi/64] |= 1 << (gi % 64)
	}
	var out DiagnosticList
	for i := range f.Diagnostics {
		d := &f.Diagnostics[i] // not a copy of each diagnostic
		if d.Code == CodeSizeLimit || d.Code == CodeBOM || d.Pos.Line >= 1 && d.Pos.Line <= f.NumLines() && inGroups(in, f.LineGroup(d.Pos.Line-1)) {
			out = append(out, *d)
		}
	}
	return out
}

// inGroups reports whether group gi, which may be -1 (no group), has its
// bit set.
func inGroups(in []uint64, gi int32) bool {
	return gi >= 0 && int(gi/64) < len(in) && in[gi/64]&(1<<(gi%64)) != 0
}

// RuleText returns a rule as "line 7, `Disallow: /*.php`".
func RuleText(f *File, r Rule) string { return string(appendRuleText(nil, f, r)) }

func appendRuleText(b []byte, f *File, r Rule) []byte {
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = append(b, ", `"...)
	b = append(b, f.TextOf(f.Line(int(r.Line)-1).Key)...)
	b = append(b, ": "...)
	b = append(b, f.TextOf(r.Pattern)...)
	return append(b, '`')
}

// Explain is RFC 9309's explanation of res in a sentence. Every result
// carries one, and a check of a million URLs makes a million: the sentence
// is appended into one buffer, with no string per part.
func Explain(f *File, res *Result) string {
	if b, ok := appendNoRule(nil, f, res, appendString); ok {
		return string(b)
	}
	var buf [256]byte
	b := append(buf[:0], "Allowed"...)
	if !res.Allowed {
		b = append(buf[:0], "Disallowed"...)
	}
	w := res.Matches[res.Winner]
	b = appendRuleAndOctets(append(b, " by "...), f, w)
	switch {
	case res.RunnerUp < 0 && len(res.Matches)+res.Omitted == 1:
		return string(append(b, ", the only rule that matches."...))
	case res.RunnerUp < 0 && w.Rule.Allow():
		return string(append(b, ", the longest of the matching rules; no disallow matches."...))
	case res.RunnerUp < 0:
		return string(append(b, ", the longest of the matching rules; no allow matches."...))
	}
	r := res.Matches[res.RunnerUp]
	if res.Reason == ReasonTieAllow {
		return string(append(appendRuleAndOctets(append(b, ", which ties with "...), f, r), ": on a tie, allow wins."...))
	}
	return string(append(appendRuleAndOctets(append(b, ", which is longer than "...), f, r), '.'))
}

// appendNoRule appends RFC 9309's explanation of a verdict no rule
// decided (/robots.txt, no group, no matching rule), the parts that come
// from the file or the URL through text, and says whether res is such a
// verdict.
func appendNoRule(b []byte, f *File, res *Result, text func([]byte, string) []byte) ([]byte, bool) {
	switch {
	case res.Reason == ReasonRobotsTxt:
		return append(b, "Allowed: /robots.txt itself is always allowed (RFC 9309 §2.2.2)."...), true
	case res.Reason == ReasonNoGroup, res.Reason == ReasonNoMatch && !anyRules(f, res.Groups.Selected):
		return text(append(b, "Allowed: "...), res.Groups.Summary), true
	case res.Reason == ReasonNoMatch:
		return append(text(append(b, "Allowed: no rule of the applying group matches "...), res.Path), '.'), true
	}
	return b, false
}

func appendString(b []byte, s string) []byte { return append(b, s...) }

// AppendExplanation appends res's explanation through text (escape.AppendText,
// say): its Explanation, or when a verdict no rule decided has none
// (File.DecideInto, under rfc9309), the sentence Explain makes, in parts,
// with no string made for it: its own words as they are, and through text
// only the parts from the file and the URL (the path, the groups'
// summary). The words are printable, so that escape.AppendText would
// leave them as they are.
func AppendExplanation(b []byte, f *File, res *Result, text func([]byte, string) []byte) []byte {
	if res.strongestOnly && res.Winner >= 0 {
		// The sentence weighs every match, which DecideStrongest did
		// not list.
		return text(b, f.EvaluateTarget(res.Token, res.Target).Explanation)
	}
	if _, ok := f.impl().(rfc9309); res.Explanation != "" || !ok {
		return text(b, res.Explanation)
	}
	if b, ok := appendNoRule(b, f, res, text); ok {
		return b
	}
	return text(b, Explain(f, res))
}

// appendRuleAndOctets appends "line 7, `Disallow: /*.php` (6 octets)".
func appendRuleAndOctets(b []byte, f *File, m Match) []byte {
	b = append(appendRuleText(b, f, m.Rule), " ("...)
	return append(words.AppendOctets(b, m.Priority), ')')
}

// anyRules reports whether one of the groups has a rule. It stops at the
// first, where RulesIn counts them all, a group at a time: a URL that no
// rule matches would pay for every group that names its token, and a file
// can hold hundreds.
func anyRules(f *File, groups []int) bool {
	for _, gi := range groups {
		if f.Groups[gi].Rules.Len() > 0 {
			return true
		}
	}
	return false
}

// RulesIn is how many rules the groups of f hold, all of them merged.
func RulesIn(f *File, groups []int) int {
	n := 0
	for _, gi := range groups {
		n += f.Groups[gi].Rules.Len()
	}
	return n
}
