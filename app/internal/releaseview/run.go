// Package releaseview is the page's release check without the page: two
// versions of a robots.txt file evaluated over a URL list for a set of
// crawlers, in steps small enough to yield to the browser between them,
// then filtered, sorted, searched, counted and exported. It imports no
// go-app, so its tests run natively; the evaluation itself is
// app/internal/release's.
package releaseview

import (
	"robots-explorer/app/internal/crawlerview"
	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// Input is what a check compares.
type Input struct {
	Before, After string
	Reading       matcher.Reading
	Crawlers      []crawler.Crawler
	URLs          []string
}

// A Row is one URL for one crawler under both files, packed: a run of
// 100,000 URLs for 40 crawlers keeps four million of them. Old and New
// index the run's table of distinct verdicts.
type Row struct {
	URL      int32
	Crawler  uint16
	Old, New uint32
}

// Run is one check, evaluated a few URLs at a time by Step.
type Run struct {
	in       Input
	rel      *release.Release
	next     int // the next URL to evaluate
	rows     []Row
	verdicts []release.Verdict
	interned map[release.Verdict]uint32
	// Unreadable counts the URLs the matcher could not read (a list
	// checked by urllist keeps none; a pasted one may).
	Unreadable int
	rank       []int32 // see urlRank
	// oldPlans and newPlans are the crawlers' plans for each file, for
	// the explanations Pair works out again; nil until then.
	oldPlans, newPlans []crawler.Plan
	// disallowed counts, per crawler, the URLs each file disallows.
	oldDisallowed, newDisallowed []int
	// host is the scheme and host the URLs share, once hostKnown.
	host      string
	hostKnown bool
}

// Start prepares a check: both files parsed, the crawlers' plans worked
// out. Nothing is evaluated until Step.
func Start(in Input) *Run {
	oldF, newF := matcher.Parse(in.Reading, []byte(in.Before), matcher.ParseOptions{Text: in.Before}), matcher.Parse(in.Reading, []byte(in.After), matcher.ParseOptions{Text: in.After})
	return &Run{in: in, rel: release.New(oldF, newF, in.Crawlers), interned: map[release.Verdict]uint32{},
		rows:          make([]Row, 0, min(len(in.URLs)*len(in.Crawlers), 1<<20)),
		oldDisallowed: make([]int, len(in.Crawlers)), newDisallowed: make([]int, len(in.Crawlers))}
}

// Step evaluates up to n more URLs for every crawler and reports whether
// the run is done.
func (r *Run) Step(n int) bool {
	end := min(r.next+n, len(r.in.URLs))
	for ; r.next < end; r.next++ {
		t := new(matcher.Target)
		if err := r.rel.Old.File.ReadTargetInto(t, r.in.URLs[r.next]); err != nil {
			r.Unreadable++
			continue
		}
		u := int32(r.next)
		r.rel.Check(t, true, func(p release.Pair) error {
			r.rows = append(r.rows, Row{URL: u, Crawler: uint16(p.Crawler), Old: r.intern(p.Old), New: r.intern(p.New)})
			if !p.Old.Allowed {
				r.oldDisallowed[p.Crawler]++
			}
			if !p.New.Allowed {
				r.newDisallowed[p.Crawler]++
			}
			return nil
		})
	}
	return r.Done()
}

// intern keeps one copy of each distinct verdict: a file has few deciding
// lines, so a run has few distinct verdicts however many pairs it has. The
// explanation of a verdict no rule decided names the URL, so it is not
// kept: Pair works it out again for the few rows spelled out.
func (r *Run) intern(v release.Verdict) uint32 {
	v.Why = ""
	if i, ok := r.interned[v]; ok {
		return i
	}
	i := uint32(len(r.verdicts))
	r.verdicts = append(r.verdicts, v)
	r.interned[v] = i
	return i
}

// Done reports whether every URL was evaluated.
func (r *Run) Done() bool { return r.next >= len(r.in.URLs) }

// Progress is how many URLs were evaluated, of how many.
func (r *Run) Progress() (done, total int) { return r.next, len(r.in.URLs) }

// Rows is the number of pairs evaluated so far.
func (r *Run) Rows() int { return len(r.rows) }

// Crawlers are the crawlers checked, in the order of the rows' Crawler.
func (r *Run) Crawlers() []crawler.Crawler { return r.in.Crawlers }

// A Pair is a row spelled out.
type Pair struct {
	URL      string
	Crawler  string
	Old, New release.Verdict
}

// Changed reports whether the verdict differs between the files.
func (p Pair) Changed() bool { return p.Old.Allowed != p.New.Allowed }

// Pair spells out row i.
func (r *Run) Pair(i int) Pair {
	row := r.rows[i]
	u := r.in.URLs[row.URL]
	p := Pair{URL: u, Crawler: r.in.Crawlers[row.Crawler].Name, Old: r.verdicts[row.Old], New: r.verdicts[row.New]}
	if p.Old.Line == 0 {
		p.Old.Why = r.why(r.rel.Old.File, &r.oldPlans, int(row.Crawler), u)
	}
	if p.New.Line == 0 {
		p.New.Why = r.why(r.rel.New.File, &r.newPlans, int(row.Crawler), u)
	}
	return p
}

// why is the explanation of crawler c's verdict on u under f, worked out
// again with the crawler's plan for f.
func (r *Run) why(f *matcher.File, plans *[]crawler.Plan, c int, u string) string {
	t := new(matcher.Target)
	if err := f.ReadTargetInto(t, u); err != nil {
		return ""
	}
	if *plans == nil {
		*plans = crawler.Plans(f, r.in.Crawlers)
	}
	return (*plans)[c].Evaluate(f, t).Explanation
}

// origin is the scheme and host all the URLs share (crawlerview.Origin),
// worked out once.
func (r *Run) origin() string {
	if !r.hostKnown {
		r.host, r.hostKnown = crawlerview.Origin(r.in.URLs), true
	}
	return r.host
}

func (r *Run) changed(row Row) bool {
	return r.verdicts[row.Old].Allowed != r.verdicts[row.New].Allowed
}

// LineDiff is the line diff of the two files with the changes each line
// decided (app/internal/release), for what was evaluated so far.
func (r *Run) LineDiff() []release.DiffLine { return r.rel.LineDiff() }
