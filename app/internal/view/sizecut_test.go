package view

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/lesson"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/record"
)

// Under the google reading (and rfc9309's), a 2 MiB file's rule at 600 KiB
// decides /late/x, as in google/robotstxt, which reads the whole file;
// Google's crawler ignores everything past 500 KiB (Google Search Central,
// How Google interprets the robots.txt specification), where the URL is
// allowed. The row, the summary, the rule, the sentence and the record say
// so; a URL decided before the cut gets no such word; the size
// diagnostic gives the file's real size.
func TestSizeCutPast500KiB(t *testing.T) {
	src, late := testkit.TwoMegabytes()
	for _, r := range []matcher.Reading{matcher.Google, matcher.RFC9309} {
		t.Run(string(r), func(t *testing.T) {
			var in InputCheck
			ex := permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/late/x", "/early/x"}, Reading: string(r)}
			a := Analyze(in.Bound(ex), nil, nil).WithSize(len(src))
			if a.Rows[0].Verdict != "disallowed" || a.Rows[0].Line != late {
				t.Fatalf("/late/x: %s by line %d, want disallowed by line %d", a.Rows[0].Verdict, a.Rows[0].Line, late)
			}
			if n := a.Rows[0].CutNote(); n != "past 500 KiB: Googlebot never reads this line; on the first 500 KiB: allowed" {
				t.Errorf("the row of /late/x notes %q", n)
			}
			if n := a.Rows[1].CutNote(); n != "" {
				t.Errorf("the row of /early/x notes %q", n)
			}
			if s := a.Summary(); !strings.Contains(s, "1 allowed, 1 disallowed; 1 decided past 500 KiB") {
				t.Errorf("the summary: %q", s)
			}
			d := NewDetail(a, 0)
			if d.SizeCut == nil || d.SizeCut.Line != late || d.SizeCut.Verdict != "allowed" {
				t.Fatalf("size cut %+v", d.SizeCut)
			}
			for _, want := range []string{"That verdict applies the whole file", "Google's crawler, though, reads only the first 500 KiB", "ignores everything after it",
				"Googlebot never reads it", "on the first 500 KiB this URL is allowed", "developers.google.com"} {
				if !strings.Contains(d.Sentence, want) {
					t.Errorf("the verdict's sentence lacks %q: %s", want, d.Sentence)
				}
			}
			if !rowHasCode(d.Lines, late, SizeCutCode) {
				t.Errorf("line %d carries no note of the cut", late)
			}
			rec, err := DecisionRecord(a, 0, src, nil, testkit.DeliveryNow, "test")
			if err != nil {
				t.Fatal(err)
			}
			if md := rec.Markdown(); !strings.Contains(md, "Googlebot never reads it") || !strings.Contains(rec.Explanation, "this URL is allowed") {
				t.Errorf("the record does not say it: %s", rec.Explanation)
			}
			if !recordHasCode(rec, SizeCutCode) {
				t.Errorf("the record's diagnostics lack %s", SizeCutCode)
			}
			if e := NewDetail(a, 1); e.SizeCut != nil || strings.Contains(e.Sentence, "500 KiB") {
				t.Errorf("/early/x is decided before the cut, yet: %s", e.Sentence)
			}
			size := ""
			for _, ds := range a.DiagLines {
				for _, dg := range ds {
					if dg.Code == matcher.CodeSizeLimit {
						size = dg.Message
					}
				}
			}
			if !strings.Contains(size, "the file is 2097152 bytes (2.0 MiB)") {
				t.Errorf("the size diagnostic says %q", size)
			}
		})
	}
}

func rowHasCode(rows []FileRow, line int, code matcher.Code) bool {
	for _, r := range rows {
		if r.Number != line {
			continue
		}
		for _, d := range r.Diags {
			if d.Code == code {
				return true
			}
		}
	}
	return false
}

func recordHasCode(r *record.Record, code matcher.Code) bool {
	for _, d := range r.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

// The 500 KiB lesson says what the page does with a large file: the part
// it analyses (AnalysedLimit), Google's cut, and the word on a rule past it.
func TestSizeLessonSaysWhatThePageDoes(t *testing.T) {
	var body string
	for _, l := range lesson.All() {
		if l.ID == "size" {
			body = strings.Join(l.Body, " ")
		}
	}
	for _, want := range []string{fmt.Sprintf("first %d KiB of a file", AnalysedLimit>>10), "Google's crawler never reads it",
		"ignores everything after the first 500 KiB", "robots-explorer check reads all of it"} {
		if !strings.Contains(body, want) {
			t.Errorf("the size lesson lacks %q: %s", want, body)
		}
	}
	if strings.Contains(body, "reads everything") {
		t.Errorf("the size lesson says the page reads everything: %s", body)
	}
}
