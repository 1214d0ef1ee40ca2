// Package crawlerview is a grid of verdicts, URLs by crawlers, without the
// page: what the explorer's crawler matrix (one file, Verdicts) and the
// release check's (two files, releaseview.Matrix) have in common, so that
// one component (ui/crawlergrid) draws both. It imports no go-app, so its
// tests run natively.
package crawlerview

import (
	"strconv"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// A Grid is what the page draws of a matrix: rows of URLs, columns of
// crawlers, a verdict where they cross, and its explanation on demand.
type Grid interface {
	Rows() int
	Columns() int
	Crawler(j int) string // the whole name, for the column's header
	URL(i int) string     // the whole URL of row i
	// Host is the scheme and host every row's URL shares, shown once
	// above the grid; "" when they do not share one.
	Host() string
	// Path is what row i's header shows: its URL without Host.
	Path(i int) string
	Shown(i, j int) Shown
	Explain(i, j int) Explanation
}

// Shown is a cell as the page draws it: the class the stylesheet draws
// a mark for, and the verdict in words for a screen reader.
type Shown struct {
	Class, Label string
}

// MarkClass names a cell's verdicts, before then after ("m-ad": allowed,
// now disallowed); a grid of one file names its verdict twice ("m-aa").
func MarkClass(before, after bool) string {
	letter := func(allowed bool) string {
		if allowed {
			return "a"
		}
		return "d"
	}
	return "m-" + letter(before) + letter(after)
}

// An Explanation is what an opened cell says: its headline, then each
// file's verdict, deciding line and why.
type Explanation struct {
	Crawler, URL string
	Headline     string // "GPTBot on /blog/x: now disallowed, was allowed"
	Sides        []Side
}

// A Side is one file's part of an explanation.
type Side struct {
	File     string // which file: "Before (production)", "After (candidate)", "This file"
	Verdict  string // "allowed" or "disallowed"
	Deciding string // "line 3: Disallow: /blog", or that no rule decided
	Reason   string // the reading's explanation, after the crawler's behaviour when it has one
}

// Text is the explanation as a person reads it, one line each: the
// headline, then each file's verdict and deciding line, and its reason.
func (e Explanation) Text() []string {
	out := []string{e.Headline}
	for _, s := range e.Sides {
		out = append(out, s.File+": "+s.Verdict+", "+s.Deciding+".", s.Reason)
	}
	return out
}

// SideOf is file's side of crawler c's verdict v on t under mx, worked
// out again with the crawler's plan (its documented fallback, or that it
// ignores the * group, said as the operator's behaviour). err is the
// reading of the URL's, when it could not be read.
func SideOf(file string, mx *crawler.Matrix, c int, t *matcher.Target, err error, v release.Verdict) Side {
	s := Side{File: file, Verdict: v.Word(), Deciding: "no rule decided"}
	if v.Line > 0 {
		s.Deciding = "line " + strconv.Itoa(v.Line) + ": " + v.Rule
	}
	if err != nil { // no verdict is kept of a URL that could not be read
		return s
	}
	plan := &mx.Plans[c]
	s.Reason = plan.Evaluate(mx.File, t).Explanation
	if plan.Sentence != "" && !plan.NoRules { // a NoRules plan's explanation is its sentence
		s.Reason = plan.Sentence + " " + s.Reason // labelled as the operator's behaviour by crawler
	}
	return s
}
