package releaseview

import (
	"strconv"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// A CrawlerSummary is one crawler's line: how many URLs each file
// disallows it, and how many changed which way.
type CrawlerSummary struct {
	Crawler                 string
	URLs                    int
	Disallowed, WasDisallow int
	NowDisallowed           int
	NowAllowed              int
}

// Summaries are the crawlers' lines, in the crawlers' order.
func (r *Run) Summaries() []CrawlerSummary {
	urls := r.next - r.Unreadable
	out := make([]CrawlerSummary, len(r.in.Crawlers))
	for i, c := range r.rel.Counts {
		out[i] = CrawlerSummary{Crawler: c.Crawler, URLs: urls, Disallowed: r.newDisallowed[i], WasDisallow: r.oldDisallowed[i],
			NowDisallowed: c.NowDisallowed, NowAllowed: c.NowAllowed}
	}
	return out
}

// Line is the crawler's line under the new file: "GPTBot: 3 of 10 URLs
// disallowed".
func (s CrawlerSummary) Line() string {
	return s.Crawler + ": " + strconv.Itoa(s.Disallowed) + " of " + Plural(s.URLs, "URL") + " disallowed"
}

// Changes are the crawler's changes in words ("14 URLs now disallowed for
// Googlebot"), none when nothing changed.
func (s CrawlerSummary) Changes() []string {
	var out []string
	if s.NowDisallowed > 0 {
		out = append(out, Plural(s.NowDisallowed, "URL")+" now disallowed for "+s.Crawler)
	}
	if s.NowAllowed > 0 {
		out = append(out, Plural(s.NowAllowed, "URL")+" now allowed for "+s.Crawler)
	}
	return out
}

// Changed is the number of pairs whose verdict changed so far.
func (r *Run) Changed() int {
	n := 0
	for _, c := range r.rel.Counts {
		n += c.NowAllowed + c.NowDisallowed
	}
	return n
}

// Plural writes n and word, with an s when n is not 1.
func Plural(n int, word string) string {
	s := Thousands(n) + " " + word
	if n != 1 {
		s += "s"
	}
	return s
}

// A HomeVerdict is whether a crawler may fetch a site's home page under
// each file.
type HomeVerdict struct {
	Crawler string
	Purpose crawler.Purpose // the AI purpose it serves, which may be a further use beside its own (CCBot's archive)
	Before  release.Verdict
	After   release.Verdict
}

// AIPurposes are the purposes the home-page answer asks about.
var AIPurposes = []crawler.Purpose{crawler.AITraining, crawler.AISearch, crawler.UserFetch}

// AIHomePage answers the question site owners ask most: which AI crawlers
// of the directory may fetch the home page ("/"), under both files.
func AIHomePage(before, after string, reading matcher.Reading) []HomeVerdict {
	cs := ByPurpose(AIPurposes...)
	rel := release.New(matcher.ParseText(reading, before), matcher.ParseText(reading, after), cs)
	t, err := matcher.ParseTarget("/")
	if err != nil {
		return nil
	}
	out := make([]HomeVerdict, 0, len(cs))
	rel.Check(t, true, func(p release.Pair) error {
		c := cs[p.Crawler]
		out = append(out, HomeVerdict{Crawler: c.Name, Purpose: aiPurpose(c), Before: p.Old, After: p.New})
		return nil
	})
	return out
}

// aiPurpose is the first of AIPurposes the crawler serves, so that the
// home-page answer says why a crawler is on a list of AI crawlers.
func aiPurpose(c crawler.Crawler) crawler.Purpose {
	for _, p := range AIPurposes {
		if c.Purpose == p {
			return p
		}
	}
	for _, p := range AIPurposes {
		if c.Serves(p) {
			return p
		}
	}
	return c.Purpose
}

// AllChanges is every crawler's changes in words, in the crawlers' order.
func AllChanges(sums []CrawlerSummary) []string {
	var out []string
	for _, s := range sums {
		out = append(out, s.Changes()...)
	}
	return out
}

// Edited is the lines of a line diff that were edited or decided a
// change: the ones the release check lists as causes.
func Edited(diff []release.DiffLine) []release.DiffLine {
	var out []release.DiffLine
	for _, d := range diff {
		if d.Op != release.Same || d.Caused > 0 {
			out = append(out, d)
		}
	}
	return out
}
