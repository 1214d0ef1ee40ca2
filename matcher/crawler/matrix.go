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
}

// NewMatrix works out the plans of cs on f and which of them share a
// selection.
func NewMatrix(f *matcher.File, cs []Crawler) *Matrix {
	m := &Matrix{File: f, Plans: Plans(f, cs), rep: make([]int, len(cs))}
	first := map[string]int{}
	for i := range m.Plans {
		k := selectionKey(f, &m.Plans[i])
		j, ok := first[k]
		if !ok {
			j = i
			first[k] = i
		}
		m.rep[i] = j
	}
	return m
}

// selectionKey names the groups a plan's token selects.
func selectionKey(f *matcher.File, p *Plan) string {
	if p.NoRules {
		return "none"
	}
	tr := f.EvaluateTarget(p.Token, root).Groups
	return fmt.Sprint(tr.Global, tr.Selected)
}

// Distinct is how many evaluations one URL costs: the number of distinct
// selections.
func (m *Matrix) Distinct() int {
	n := 0
	for i, r := range m.rep {
		if r == i {
			n++
		}
	}
	return n
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
