package releaseview

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// Matrix is a run as a grid: one row per URL, one column per crawler, a
// verdict cell where they cross. It holds indices only, so a grid of
// 100,000 URLs × 40 crawlers costs one int32 per URL shown; the page draws
// the cells in view.
type Matrix struct {
	run  *Run
	cols []int   // the crawlers shown, as indices into the run's
	rows []int32 // the URLs shown, as their place among the URLs read
}

// Matrix is the grid the filter shows: the crawlers it names (all when
// none), and the URLs with at least one pair in those columns that the
// filter keeps. ByURL and ByChange order the URLs (the latter by the
// first change of the row, those now disallowed first); the other orders
// keep the list's.
func (r *Run) Matrix(f Filter) *Matrix {
	m := &Matrix{run: r}
	nc := len(r.in.Crawlers)
	for i, c := range r.in.Crawlers {
		if f.Crawler == "" || strings.EqualFold(c.Name, f.Crawler) {
			m.cols = append(m.cols, i)
		}
	}
	if nc == 0 || len(m.cols) == 0 {
		return m
	}
	found := r.searchURLs(f.Search)
	for k := 0; k < len(r.rows)/nc; k++ {
		if found != nil && !found[r.rows[k*nc].URL] {
			continue
		}
		for _, c := range m.cols {
			if r.keeps(f, r.rows[k*nc+c]) {
				m.rows = append(m.rows, int32(k))
				break
			}
		}
	}
	m.sort(f.Sort)
	if f.Desc {
		slices.Reverse(m.rows)
	}
	return m
}

// keeps reports whether the filter's verdict and change conditions keep
// a pair (the crawler and the search are the caller's).
func (r *Run) keeps(f Filter, row Row) bool {
	if !f.Unchanged && !r.changed(row) {
		return false
	}
	return f.Verdict == AnyVerdict || r.verdicts[row.New].Allowed == (f.Verdict == Allowed)
}

func (m *Matrix) sort(k SortKey) {
	r, nc := m.run, len(m.run.in.Crawlers)
	switch k {
	case ByURL:
		rank := r.urlRank()
		slices.SortStableFunc(m.rows, func(a, b int32) int {
			return cmp.Compare(rank[r.rows[int(a)*nc].URL], rank[r.rows[int(b)*nc].URL])
		})
	case ByChange:
		key := func(k int32) int {
			best := 2
			for _, c := range m.cols {
				best = min(best, r.changeRank(r.rows[int(k)*nc+c]))
			}
			return best
		}
		slices.SortStableFunc(m.rows, func(a, b int32) int { return cmp.Compare(key(a), key(b)) })
	}
}

// Rows is the number of URLs shown.
func (m *Matrix) Rows() int { return len(m.rows) }

// Columns is the number of crawlers shown.
func (m *Matrix) Columns() int { return len(m.cols) }

// Crawler is the name of column j.
func (m *Matrix) Crawler(j int) string { return m.run.in.Crawlers[m.cols[j]].Name }

// URL is the URL of row i.
func (m *Matrix) URL(i int) string { return m.run.in.URLs[m.row(i, 0).URL] }

func (m *Matrix) row(i, j int) Row {
	return m.run.rows[int(m.rows[i])*len(m.run.in.Crawlers)+m.cols[j]]
}

// A GridCell is a crossing of the grid: the verdict under each file.
type GridCell struct {
	Before, After bool // allowed
}

// Cell is the crossing of row i and column j.
func (m *Matrix) Cell(i, j int) GridCell {
	row := m.row(i, j)
	return GridCell{Before: m.run.verdicts[row.Old].Allowed, After: m.run.verdicts[row.New].Allowed}
}

// Changed reports whether the verdict differs between the files.
func (c GridCell) Changed() bool { return c.Before != c.After }

// Word is the verdict under the candidate, "allowed" or "disallowed".
func (c GridCell) Word() string { return word(c.After) }

// Mark is the cell's short text: the page's tick or cross under the candidate,
// preceded by the production file's and an arrow when they differ.
func (c GridCell) Mark() string {
	if c.Changed() {
		return mark(c.Before) + "→" + mark(c.After)
	}
	return mark(c.After)
}

// Label is the cell's verdict in words, for a screen reader.
func (c GridCell) Label() string {
	if c.Changed() {
		return "now " + word(c.After) + ", was " + word(c.Before)
	}
	return word(c.After) + " in both"
}

func word(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

func mark(allowed bool) string {
	if allowed {
		return "✔"
	}
	return "✘"
}

// A CellExplanation is what an opened cell says: the verdict under each
// file, the line that decided it and why.
type CellExplanation struct {
	Crawler, URL  string
	Headline      string // "GPTBot on /blog/x: now disallowed, was allowed"
	Before, After Side
}

// A Side is one file's part of an explanation.
type Side struct {
	File     string // which file: "Before (production)" or "After (candidate)"
	Verdict  string // "allowed" or "disallowed"
	Deciding string // "line 3: Disallow: /blog", or that no rule decided
	Reason   string // the reading's explanation, after the crawler's behaviour when it has one
}

// Explain is the explanation of the cell at row i, column j: both files'
// verdicts worked out again for that one pair, with the crawler's plan
// for each file (its documented fallback, or that it ignores the *
// group, said as the operator's behaviour).
func (m *Matrix) Explain(i, j int) CellExplanation {
	r := m.run
	row := m.row(i, j)
	u, c := r.in.URLs[row.URL], int(row.Crawler)
	name := r.in.Crawlers[c].Name
	e := CellExplanation{Crawler: name, URL: u, Headline: name + " on " + u + ": " + m.Cell(i, j).Label()}
	t := new(matcher.Target)
	err := r.rel.Old.File.ReadTargetInto(t, u)
	e.Before = side("Before (production)", r.rel.Old, c, t, err, r.verdicts[row.Old])
	e.After = side("After (candidate)", r.rel.New, c, t, err, r.verdicts[row.New])
	return e
}

func side(file string, mx *crawler.Matrix, c int, t *matcher.Target, err error, v release.Verdict) Side {
	s := Side{File: file, Verdict: v.Word(), Deciding: "no rule decided"}
	if v.Line > 0 {
		s.Deciding = "line " + strconv.Itoa(v.Line) + ": " + v.Rule
	}
	if err != nil { // a run keeps no pair of a URL it could not read
		return s
	}
	plan := &mx.Plans[c]
	s.Reason = plan.Evaluate(mx.File, t).Explanation
	if plan.Sentence != "" && !plan.NoRules { // a NoRules plan's explanation is its sentence
		s.Reason = plan.Sentence + " " + s.Reason // labelled as the operator's behaviour by crawler
	}
	return s
}

// Text is the explanation as a person reads it, one line each: the
// headline, then each file's verdict, deciding line and reason.
func (e CellExplanation) Text() []string {
	out := []string{e.Headline}
	for _, s := range []Side{e.Before, e.After} {
		out = append(out, s.File+": "+s.Verdict+", "+s.Deciding+".", s.Reason)
	}
	return out
}
