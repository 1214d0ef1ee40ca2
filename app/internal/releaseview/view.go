package releaseview

import (
	"cmp"
	"slices"
	"strings"
)

// Verdict filters rows by the new file's verdict.
type Verdict string

// The verdict filters.
const (
	AnyVerdict Verdict = ""
	Allowed    Verdict = "allowed"
	Disallowed Verdict = "disallowed"
)

// SortKey orders the visible rows.
type SortKey string

// The orders: the list's own (URL by URL, crawlers in the chosen order),
// by URL text, by crawler, and changes first (those now disallowed, then
// those now allowed).
const (
	ByList    SortKey = ""
	ByURL     SortKey = "url"
	ByCrawler SortKey = "crawler"
	ByChange  SortKey = "change"
)

// Filter is what the table shows of a run.
type Filter struct {
	Verdict   Verdict
	Unchanged bool // show the pairs whose verdict did not change too
	Crawler   string
	Search    string // a part of the URL, compared without case
	Sort      SortKey
	Desc      bool
}

// View is the rows a filter shows, in its order: indices into the run.
type View struct {
	run  *Run
	rows []int32
}

// Len is the number of rows shown.
func (v *View) Len() int { return len(v.rows) }

// Pair spells out the i-th row shown.
func (v *View) Pair(i int) Pair { return v.run.Pair(int(v.rows[i])) }

// View filters and sorts the rows evaluated so far. Each step is one pass
// or one sort on small integer keys, so that 400,000 rows stay quick:
// the search matches each URL once, not each row.
func (r *Run) View(f Filter) *View {
	crawler := -1
	for i, c := range r.in.Crawlers {
		if strings.EqualFold(c.Name, f.Crawler) {
			crawler = i
		}
	}
	if f.Crawler != "" && crawler < 0 {
		return &View{run: r}
	}
	found := r.searchURLs(f.Search)
	out := make([]int32, 0, 1024)
	for i, row := range r.rows {
		if crawler >= 0 && int(row.Crawler) != crawler || found != nil && !found[row.URL] {
			continue
		}
		if !f.Unchanged && !r.changed(row) {
			continue
		}
		if f.Verdict != AnyVerdict && r.verdicts[row.New].Allowed != (f.Verdict == Allowed) {
			continue
		}
		out = append(out, int32(i))
	}
	v := &View{run: r, rows: out}
	v.sort(f.Sort)
	if f.Desc {
		slices.Reverse(v.rows)
	}
	return v
}

// searchURLs marks the URLs that contain s; nil when s is empty.
func (r *Run) searchURLs(s string) []bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	lower := strings.ToLower(s)
	found := make([]bool, len(r.in.URLs))
	for i, u := range r.in.URLs {
		found[i] = strings.Contains(u, s) || strings.Contains(strings.ToLower(u), lower)
	}
	return found
}

func (v *View) sort(k SortKey) {
	r := v.run
	switch k {
	case ByURL:
		rank := r.urlRank()
		slices.SortStableFunc(v.rows, func(a, b int32) int { return cmp.Compare(rank[r.rows[a].URL], rank[r.rows[b].URL]) })
	case ByCrawler:
		rank := crawlerRank(r)
		slices.SortStableFunc(v.rows, func(a, b int32) int { return cmp.Compare(rank[r.rows[a].Crawler], rank[r.rows[b].Crawler]) })
	case ByChange:
		slices.SortStableFunc(v.rows, func(a, b int32) int { return cmp.Compare(r.changeRank(r.rows[a]), r.changeRank(r.rows[b])) })
	}
}

// urlRank is each URL's place in the URLs sorted by text, worked out once
// per run: the rows then sort on integers.
func (r *Run) urlRank() []int32 {
	if r.rank != nil {
		return r.rank
	}
	order := make([]int32, len(r.in.URLs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(r.in.URLs[a], r.in.URLs[b]) })
	r.rank = make([]int32, len(order))
	for place, u := range order {
		r.rank[u] = int32(place)
	}
	return r.rank
}

// crawlerRank is each crawler's place by name.
func crawlerRank(r *Run) []int {
	order := make([]int, len(r.in.Crawlers))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(r.in.Crawlers[a].Name, r.in.Crawlers[b].Name) })
	rank := make([]int, len(order))
	for place, c := range order {
		rank[c] = place
	}
	return rank
}

// changeRank puts the pairs now disallowed first, then those now allowed,
// then the rest.
func (r *Run) changeRank(row Row) int {
	o, n := r.verdicts[row.Old].Allowed, r.verdicts[row.New].Allowed
	switch {
	case o && !n:
		return 0
	case !o && n:
		return 1
	}
	return 2
}
