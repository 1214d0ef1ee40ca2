package releaseview

import (
	"cmp"
	"slices"
	"strings"

	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/matcher"
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

// Explain is the explanation of the cell at row i, column j: both files'
// verdicts worked out again for that one pair, with the crawler's plan
// for each file (crawlerview.SideOf).
func (m *Matrix) Explain(i, j int) crawlerview.Explanation {
	r := m.run
	row := m.row(i, j)
	u, c := r.in.URLs[row.URL], int(row.Crawler)
	name := r.in.Crawlers[c].Name
	e := crawlerview.Explanation{Crawler: name, URL: u, Headline: name + " on " + u + ": " + m.Cell(i, j).Label()}
	t := new(matcher.Target)
	err := r.rel.Old.File.ReadTargetInto(t, u)
	e.Sides = []crawlerview.Side{
		crawlerview.SideOf("Before (production)", r.rel.Old, c, t, err, r.verdicts[row.Old]),
		crawlerview.SideOf("After (candidate)", r.rel.New, c, t, err, r.verdicts[row.New]),
	}
	return e
}

// Shown is the cell at row i, column j as the page draws it.
func (m *Matrix) Shown(i, j int) crawlerview.Shown {
	c := m.Cell(i, j)
	return crawlerview.Shown{Class: crawlerview.MarkClass(c.Before, c.After), Label: c.Label()}
}

// Host is the scheme and host all the run's URLs share, "" when they do
// not (crawlerview.Origin).
func (m *Matrix) Host() string { return m.run.origin() }

// Path is row i's URL without Host.
func (m *Matrix) Path(i int) string { return crawlerview.PathOf(m.URL(i), m.Host()) }
