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
	// robotsTxt says, per row, that the reading always allows the URL
	// (/robots.txt itself, RFC 9309 §2.2.2), whatever the crawler.
	robotsTxt []bool
	host      string
	// delivered, when set, is the verdict of every URL but /robots.txt
	// whatever the rules say, because of how the file was delivered
	// (release.Release.OldDelivered has the same meaning).
	delivered *release.Verdict
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
		v.robotsTxt = append(v.robotsTxt, f.EvaluateTarget("*", t).Reason == matcher.ReasonRobotsTxt)
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

// Delivered is v with every verdict the delivery's d, nil for the rules'
// own; nothing is evaluated again.
func (v *Verdicts) Delivered(d *release.Verdict) *Verdicts {
	out := *v
	out.delivered = d
	return &out
}

// Delivery is the verdict the delivery gives every URL, nil when the rules
// decide.
func (v *Verdicts) Delivery() *release.Verdict { return v.delivered }

// Verdict is the crawler of column j's verdict on row i's URL: the
// delivery's when it decides, else the rules'.
func (v *Verdicts) Verdict(i, j int) release.Verdict {
	if v.delivered == nil || v.robotsTxt[i] {
		return v.Rules(i, j) // fetching /robots.txt itself is how a crawler retries (RFC 9309 §2.2.2)
	}
	return *v.delivered
}

// Rules is the verdict of the file's rules alone.
func (v *Verdicts) Rules(i, j int) release.Verdict { return v.cells[i*v.Columns()+j] }

// Shown is the cell at row i, column j as the page draws it: the
// release check's mark of a verdict that did not change.
func (v *Verdicts) Shown(i, j int) Shown {
	c := v.Verdict(i, j)
	return Shown{Class: MarkClass(c.Allowed, c.Allowed), Label: c.Word()}
}

// Explain is the explanation of the cell at row i, column j, with the
// crawler's plan (SideOf); when the delivery decides, it comes first, and
// what the rules alone say after it.
func (v *Verdicts) Explain(i, j int) Explanation {
	u, name, c, rules := v.urls[i], v.Crawler(j), v.Verdict(i, j), v.Rules(i, j)
	t := new(matcher.Target)
	err := v.mx.File.ReadTargetInto(t, u)
	e := Explanation{Crawler: name, URL: u, Headline: name + " on " + u + ": " + c.Word()}
	if c.Reason == release.ReasonDelivery {
		e.Sides = append(e.Sides, Side{File: "The delivery", Verdict: c.Word(), Deciding: "whatever the rules say", Reason: c.Why})
		e.Sides = append(e.Sides, SideOf("The rules alone", v.mx, j, t, err, rules))
		return e
	}
	e.Sides = append(e.Sides, SideOf("This file", v.mx, j, t, err, rules))
	return e
}

// Disallowed is how many cells are disallowed.
func (v *Verdicts) Disallowed() int {
	n := 0
	for i := 0; i < v.Rows(); i++ {
		for j := 0; j < v.Columns(); j++ {
			if !v.Verdict(i, j).Allowed {
				n++
			}
		}
	}
	return n
}
