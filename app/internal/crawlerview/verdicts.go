package crawlerview

import (
	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// Verdicts is one file's grid: each URL's verdict for each crawler, as
// the crawler reads the file (crawler.Matrix: its plan, its documented
// fallback). The explorer's URL list is short (a few hundred), so every
// verdict is kept whole, its explanation with it.
type Verdicts struct {
	mx    *crawler.Matrix
	urls  []string          // the URLs read, in the list's order
	cells []release.Verdict // row by row, a column per crawler
	host  string
	// Unreadable counts the URLs the reading could not read: they have
	// no row.
	Unreadable int
}

// New evaluates every URL of urls for every crawler of cs under f.
func New(f *matcher.File, cs []crawler.Crawler, urls []string) *Verdicts {
	v := &Verdicts{mx: crawler.NewMatrix(f, cs)}
	shared := make([]*matcher.Result, len(cs))
	t := new(matcher.Target)
	for _, u := range urls {
		if err := f.ReadTargetInto(t, u); err != nil {
			v.Unreadable++
			continue
		}
		v.urls = append(v.urls, u)
		v.mx.Evaluate(t, shared)
		for j := range cs {
			v.cells = append(v.cells, release.VerdictOf(f, v.mx.Explained(j, t, shared[j])))
		}
	}
	v.host = Origin(v.urls)
	return v
}

// Rows is the number of URLs read.
func (v *Verdicts) Rows() int { return len(v.urls) }

// Columns is the number of crawlers.
func (v *Verdicts) Columns() int { return len(v.mx.Plans) }

// Crawler is the name of column j.
func (v *Verdicts) Crawler(j int) string { return v.mx.Plans[j].Crawler.Name }

// URL is the URL of row i.
func (v *Verdicts) URL(i int) string { return v.urls[i] }

// Host is the scheme and host every URL shares, "" when they do not.
func (v *Verdicts) Host() string { return v.host }

// Path is row i's URL without Host.
func (v *Verdicts) Path(i int) string { return PathOf(v.urls[i], v.host) }

// Verdict is the crawler of column j's verdict on row i's URL.
func (v *Verdicts) Verdict(i, j int) release.Verdict { return v.cells[i*v.Columns()+j] }

// Shown is the cell at row i, column j as the page draws it: the
// release check's mark of a verdict that did not change.
func (v *Verdicts) Shown(i, j int) Shown {
	c := v.Verdict(i, j)
	return Shown{Class: MarkClass(c.Allowed, c.Allowed), Label: c.Word()}
}

// Explain is the explanation of the cell at row i, column j, with the
// crawler's plan (SideOf).
func (v *Verdicts) Explain(i, j int) Explanation {
	u, name, c := v.urls[i], v.Crawler(j), v.Verdict(i, j)
	t := new(matcher.Target)
	err := v.mx.File.ReadTargetInto(t, u)
	return Explanation{Crawler: name, URL: u, Headline: name + " on " + u + ": " + c.Word(),
		Sides: []Side{SideOf("This file", v.mx, j, t, err, c)}}
}

// Disallowed is how many cells are disallowed.
func (v *Verdicts) Disallowed() int {
	n := 0
	for _, c := range v.cells {
		if !c.Allowed {
			n++
		}
	}
	return n
}
