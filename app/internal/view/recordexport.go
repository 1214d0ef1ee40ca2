package view

import (
	"errors"
	"strings"
	"time"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// The decision record of the chosen URL, as check -record writes it:
// record.New over the exact bytes of the editor's text, the token,
// the URL, the reading, the delivery facts, the time and the tool version.

// recordTool is the tool's name in records, as check -record writes it.
const recordTool = "robots-explorer"

var errNoRecord = errors.New("choose a URL that can be read to make its decision record")

// DecisionRecord builds the record of row chosen of a, from the editor's
// text parsed again as check -record parses it by default: the whole text,
// when the page analyses only AnalysedLimit bytes of it, so that its hash
// and verdict are of the exact bytes in the editor; and with the record's
// lists bounded (record.DefaultMax matches, diagnostics of each kind,
// user-agent lines, groups and redirect hops), which the page's own
// analysis shows whole.
func DecisionRecord(a *Analysis, chosen int, source string, facts *delivery.Facts, now time.Time, version string) (*record.Record, error) {
	if a == nil || chosen < 0 || chosen >= len(a.Rows) || a.Rows[chosen].Result == nil {
		return nil, errNoRecord
	}
	f := matcher.Parse(ReadingOf(a.In), []byte(source), matcher.ParseOptions{MaxMatches: record.DefaultMax, MaxDiagnostics: record.DefaultMax, Text: source})
	res, err := f.Evaluate(a.In.Token, a.Rows[chosen].URL)
	if err != nil {
		return nil, err
	}
	return NoteSizeCut(record.New(record.Input{File: f, Result: res, Delivery: facts, Time: now,
		Tool: recordTool, ToolVersion: version, Max: record.DefaultMax}), f, res), nil
}

// RecordFileName names a downloaded record after the URL's host or path
// and the time, with ext ("md" or "json"): only letters, digits, '-' and
// '.' survive, so the name is safe on every file system.
func RecordFileName(r *record.Record, ext string) string {
	what := r.URL
	if i := strings.Index(what, "://"); i >= 0 {
		what = what[i+3:]
	}
	var b strings.Builder
	dash := false
	for _, c := range what {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
		switch {
		case ok:
			b.WriteRune(c)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 48 {
			break
		}
	}
	name := strings.Trim(b.String(), "-.")
	if name == "" {
		name = "root"
	}
	return "crawl-decision-" + name + "-" + r.Time.UTC().Format("20060102T150405Z") + "." + ext
}

// RecordText is the record in the chosen form ("md" or "json") and its
// media type.
func RecordText(r *record.Record, ext string) (text, mime string, err error) {
	if ext == "json" {
		b, err := r.JSON()
		return string(b), "application/json", err
	}
	return r.Markdown(), "text/markdown;charset=utf-8", nil
}
