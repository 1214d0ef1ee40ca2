package releaseview

import (
	"strconv"
	"strings"

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
	rel := release.New(matcher.Parse(reading, []byte(before), matcher.ParseOptions{Text: before}), matcher.Parse(reading, []byte(after), matcher.ParseOptions{Text: after}), cs)
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

// AllChanges is every crawler's changes in words, one line for the
// crawlers that share a count and a direction ("14 URLs now disallowed for
// GPTBot, ClaudeBot and CCBot"), in the order of their first crawler: a
// preset of forty crawlers, most of them changed alike, reads in a few
// lines rather than forty near-identical ones.
func AllChanges(sums []CrawlerSummary) []string {
	type change struct {
		n       int
		allowed bool
	}
	var order []change
	names := map[change][]string{}
	add := func(c change, name string) {
		if c.n == 0 {
			return
		}
		if _, ok := names[c]; !ok {
			order = append(order, c)
		}
		names[c] = append(names[c], name)
	}
	for _, s := range sums {
		add(change{s.NowDisallowed, false}, s.Crawler)
		add(change{s.NowAllowed, true}, s.Crawler)
	}
	var out []string
	for _, c := range order {
		way := " now disallowed for "
		if c.allowed {
			way = " now allowed for "
		}
		out = append(out, Plural(c.n, "URL")+way+listed(names[c]))
	}
	return out
}

// listed is names as a sentence lists them: "a", "a and b", "a, b and c".
func listed(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// BlanksNote says that n blank lines edited are not listed, and why.
func BlanksNote(n int) string {
	if n == 1 {
		return "1 blank line added or removed is not listed: it changed no verdict."
	}
	return Plural(n, "blank line") + " added or removed are not listed: they changed no verdict."
}

// Edited is the lines of a line diff that were edited or decided a
// change: the ones the release check lists as causes. A blank line added
// or removed that decided nothing is left out, and counted in blanks: it
// changes no verdict's rule, and lists of edits run long with them.
func Edited(diff []release.DiffLine) (edited []release.DiffLine, blanks int) {
	for _, d := range diff {
		switch {
		case d.Caused > 0:
		case d.Op == release.Same:
			continue
		case strings.TrimSpace(d.Text) == "":
			blanks++
			continue
		}
		edited = append(edited, d)
	}
	return edited, blanks
}
