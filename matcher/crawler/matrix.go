package crawler

import (
	"fmt"

	"robots-explorer/matcher"
)

// A Matrix evaluates several crawlers on one file. Crawlers whose plans
// select the same groups get the same verdict and rules on every URL (a
// reading decides from the applying groups and the URL alone), so each
// distinct selection is evaluated once per URL: a file usually has a few
// groups, and a release checks many crawlers.
type Matrix struct {
	File  *matcher.File
	Plans []Plan
	// rep is, for each plan, the index of the first plan that selects the
	// same groups; a plan is its own representative when rep[i] == i.
	rep []int
	// rules says, for each plan, whether its groups hold a rule.
	rules []bool
	// deciders decide the representatives' tokens at once for Decide
	// (reps are their plans, results their Results).
	deciders *matcher.Deciders
	reps     []int
	results  []matcher.Result
	lean     []matcher.Decision // of reps, for DecideLean
}

// NewMatrix works out the plans of cs on f and which of them share a
// selection.
func NewMatrix(f *matcher.File, cs []Crawler) *Matrix {
	m := &Matrix{File: f, Plans: Plans(f, cs), rep: make([]int, len(cs)), rules: make([]bool, len(cs))}
	first := map[string]int{}
	for i := range m.Plans {
		k := "none" // the key of the groups the plan's token selects
		if !m.Plans[i].NoRules {
			tr := f.EvaluateTarget(m.Plans[i].Token, root).Groups
			for _, gi := range tr.Selected {
				m.rules[i] = m.rules[i] || f.Groups[gi].Rules.Len() > 0
			}
			k = fmt.Sprint(tr.Global, tr.Selected)
		}
		j, ok := first[k]
		if !ok {
			j = i
			first[k] = i
		}
		m.rep[i] = j
	}
	var tokens []string
	for i, r := range m.rep {
		if r == i && !m.Plans[i].NoRules {
			m.reps, tokens = append(m.reps, i), append(tokens, m.Plans[i].Token)
		}
	}
	m.deciders, m.results = f.Deciders(tokens), make([]matcher.Result, len(tokens))
	return m
}

// Evaluate fills out[i] with plan i's Result on t; plans that share a
// selection share one Result, whose Token, Groups and Explanation are
// those of the first of them. Use Plan.Evaluate for a Result of one's own.
func (m *Matrix) Evaluate(t *matcher.Target, out []*matcher.Result) {
	for i, r := range m.rep {
		if r == i {
			out[i] = m.Plans[i].Evaluate(m.File, t)
		} else {
			out[i] = out[r]
		}
	}
}

// Decide is Evaluate through Plan.Decide, for the verdicts and their
// deciding rules alone, into Results the Matrix holds and reuses: a check
// of many URLs makes none per URL, and the distinct selections are
// decided in one walk along the URL's path (matcher.Deciders). out[i] is
// valid until the next call.
func (m *Matrix) Decide(t *matcher.Target, out []*matcher.Result) {
	m.deciders.DecideInto(m.results, t)
	for k, i := range m.reps {
		out[i] = &m.results[k]
	}
	for i, r := range m.rep {
		switch {
		case r != i:
			out[i] = out[r]
		case m.Plans[i].NoRules:
			m.NoRulesInto(i, t, out)
		}
	}
}

// NoRulesInto fills out[i] with plan i's Result on t as Decide does, for a
// plan that selects no rules (Plan.NoRules).
func (m *Matrix) NoRulesInto(i int, t *matcher.Target, out []*matcher.Result) {
	if out[i] == nil {
		out[i] = new(matcher.Result)
	}
	*out[i] = matcher.Result{Reading: m.File.Reading, Token: m.Plans[i].Token, Target: t}
	m.Plans[i].noRules(out[i])
}

// DecideLean writes into out[i] plan i's Decision on t, the verdict and
// deciding rule Decide's Result gives, without making the Results. It
// reports false, having decided nothing, until the selections are decided
// in one walk (matcher.Deciders.DecideLean): Decide then decides, and
// builds the walk in time.
func (m *Matrix) DecideLean(t *matcher.Target, out []matcher.Decision) bool {
	if m.lean == nil {
		m.lean = make([]matcher.Decision, len(m.reps))
	}
	if !m.deciders.DecideLean(m.lean, t) {
		return false
	}
	for k, i := range m.reps {
		out[i] = m.lean[k]
	}
	for i, r := range m.rep {
		switch {
		case r != i:
			out[i] = out[r]
		case m.Plans[i].NoRules:
			out[i] = matcher.Decision{Allowed: true, Reason: matcher.ReasonNoGroup}
		}
	}
	return true
}

// Fork is m for another goroutine: the Results Decide fills are its own,
// and what m's decisions build is shared.
func (m *Matrix) Fork() *Matrix {
	f := *m
	f.deciders, f.results, f.lean = m.deciders.Fork(), make([]matcher.Result, len(m.reps)), nil
	return &f
}

// Explained returns plan i's Result on t with its own explanation: the
// shared Result from Evaluate when its sentence holds for plan i too (a
// deciding rule, /robots.txt, or no match in groups that have rules, which
// say nothing of the token), else plan i's own evaluation. Token and
// Groups may still be another plan's: use Plan.Evaluate where they matter.
func (m *Matrix) Explained(i int, t *matcher.Target, shared *matcher.Result) *matcher.Result {
	if m.Shares(i, shared) {
		return shared
	}
	return m.Plans[i].Evaluate(m.File, t)
}

// Shares reports whether Explained returns shared for plan i. When it
// does not, plan i's own Result has shared's verdict and reason, and its
// sentence says what no group or no rule means for plan i's crawler alone,
// the same for every URL: a caller that prints only the verdict and the
// sentence can keep the sentence of plan i's first such Result for each
// reason.
func (m *Matrix) Shares(i int, shared *matcher.Result) bool {
	return m.rep[i] == i || shared.Winner >= 0 || shared.Reason == matcher.ReasonRobotsTxt ||
		shared.Reason == matcher.ReasonNoMatch && m.rules[i]
}
