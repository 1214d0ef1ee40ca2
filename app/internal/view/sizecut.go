package view

import (
	"fmt"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// Google's crawler reads the first 500 KiB of a robots.txt and ignores the
// rest (Google Search Central, How Google interprets the robots.txt
// specification, "File format": Google enforces a size limit of 500 KiB
// and ignores the content after it; the page now lives at
// https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec,
// delivery.SourceGoogleRobotsTxt names its former address); RFC 9309 §2.5
// lets any crawler stop there. The readings apply every rule of the file,
// as the programs they mirror do (google/robotstxt's robots.cc has no size
// limit: the cut is Googlebot's fetch, not its parser), so when a rule
// past that point decides a URL (or would change its verdict), the page
// says so on the URL's row, on the rule, in the verdict's sentence and in
// the record, with the verdict on the first 500 KiB: the verdict a person
// relies on for Googlebot.

// A sizeCut is what the 500 KiB cut makes of one verdict.
type sizeCut struct {
	// Line is the deciding rule past the cut, 0 when the winner lies
	// before it (and only the verdict on the first 500 KiB differs).
	Line int
	// Verdict and Why are the verdict on the first 500 KiB.
	Verdict string
	Why     string
	// Sentence says it all, for the explanation and the record.
	Sentence string
}

// SizeCutCode marks the note put on the deciding rule.
const SizeCutCode matcher.Code = "google-size-cut"

// newSizeCut returns what the cut makes of res on f, or nil when no
// matching rule lies past it. cut is f's first 500 KiB parsed under f's
// reading (firstPart), asked for only then.
func newSizeCut(f *matcher.File, res *matcher.Result, cut func() *matcher.File) *sizeCut {
	if res == nil || len(f.Source) <= matcher.ParseLimit {
		return nil
	}
	past := false
	for _, m := range res.Matches {
		if int(f.Line(int(m.Rule.Line)-1).End) > matcher.ParseLimit {
			past = true
		}
	}
	if !past {
		return nil
	}
	rc, err := cut().Evaluate(res.Token, res.Target.Input)
	if err != nil {
		return nil
	}
	c := &sizeCut{Verdict: rc.Verdict(), Why: rc.Explanation}
	if m, ok := res.WinningRule(); ok && int(f.Line(int(m.Rule.Line)-1).End) > matcher.ParseLimit {
		c.Line = int(m.Rule.Line)
	}
	if c.Line == 0 && c.Verdict == res.Verdict() {
		return nil // a rule past the cut matched, but decides nothing
	}
	what := "A matching rule past that point changes the verdict"
	if c.Line > 0 {
		what = fmt.Sprintf("Line %d, which decides here, lies past that point (from byte %d), so Googlebot never reads it",
			c.Line, f.Line(c.Line-1).Start+1)
	}
	c.Sentence = fmt.Sprintf("That verdict applies the whole file, as every reading here does; Google's crawler, though, reads only "+
		"the first 500 KiB (%d bytes) of a robots.txt and ignores everything after it "+
		"(RFC 9309 §2.5 lets any crawler stop there). %s: on the first 500 KiB this URL is %s. %s. Source: %s.",
		matcher.ParseLimit, what, c.Verdict, strings.TrimSuffix(rc.Explanation, "."), delivery.SourceGoogleRobotsTxt)
	return c
}

// firstPart returns f's first 500 KiB parsed under f's reading, parsed on
// the first call only.
func firstPart(f *matcher.File) func() *matcher.File {
	var cut *matcher.File
	return func() *matcher.File {
		if cut == nil {
			cut = matcher.Parse(f.Reading, f.Source[:min(len(f.Source), matcher.ParseLimit)], matcher.ParseOptions{})
		}
		return cut
	}
}

// CutNote is what the cut makes of a row, in the words its table shows
// beside the deciding line; "" when the cut changes nothing.
func (r ResultRow) CutNote() string {
	switch {
	case r.cut == nil:
		return ""
	case r.cut.Line > 0:
		return "past 500 KiB: Googlebot never reads this line; on the first 500 KiB: " + r.cut.Verdict
	}
	return "a matching rule lies past 500 KiB, which Googlebot never reads; on the first 500 KiB: " + r.cut.Verdict
}

// ruleNote is the note the deciding rule past the cut carries in the
// annotated file.
func (c *sizeCut) ruleNote() matcher.Diagnostic {
	return matcher.Diagnostic{Pos: matcher.Position{Line: c.Line, Column: 1}, Code: SizeCutCode, Severity: matcher.Warning,
		Message: "past 500 KiB: Google's crawler ignores this rule, and everything after the first 500 KiB; on them this URL is " + c.Verdict,
		Source:  delivery.SourceGoogleRobotsTxt}
}

// NoteSizeCut adds what the 500 KiB cut makes of the verdict to its record:
// the sentence to the explanation, the note on the deciding rule to the
// diagnostics. The page's records and check -record's say the same.
func NoteSizeCut(rec *record.Record, f *matcher.File, res *matcher.Result) *record.Record {
	c := newSizeCut(f, res, firstPart(f))
	if c == nil {
		return rec
	}
	rec.Explanation += " " + c.Sentence
	if c.Line > 0 {
		n := c.ruleNote()
		rec.Diagnostics = append(rec.Diagnostics, record.Diagnostic{Line: n.Pos.Line, Column: n.Pos.Column,
			Code: n.Code, Severity: n.Severity, Message: n.Message, Source: n.Source})
	}
	return rec
}

// WithSize is a for a file of size bytes, of which a analysed the first
// part (AnalysedLimit): the size diagnostic at the 500 KiB point gives
// the file's real size, not the size of the part analysed.
func (a *Analysis) WithSize(size int) *Analysis {
	if size <= len(a.In.Robots) {
		return a
	}
	out := *a
	out.DiagLines = make(map[int]matcher.DiagnosticList, len(a.DiagLines))
	for line, ds := range a.DiagLines {
		out.DiagLines[line] = ds
		for i, d := range ds {
			if d.Code != matcher.CodeSizeLimit {
				continue
			}
			ds = append(matcher.DiagnosticList(nil), ds...)
			ds[i].Message = fmt.Sprintf("the file is %d bytes (%s), of which the page analyses the first %d; a crawler may stop "+
				"reading at 500 KiB (%d bytes), so the rules past this point may be ignored", size, ByteSize(size), len(a.In.Robots), matcher.ParseLimit)
			out.DiagLines[line] = ds
		}
	}
	return &out
}
