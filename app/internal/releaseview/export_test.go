package releaseview

import (
	"bytes"
	"encoding/json"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// An export written a row or three at a time is the same file as one
// written at once, in both formats, and says how far it got.
func TestExportInSteps(t *testing.T) {
	v := testRun(t, 5).View(Filter{Unchanged: true})
	for _, f := range []Format{CSV, JSON} {
		for _, n := range []int{1, 3} {
			e := v.Export(f)
			var out bytes.Buffer
			steps := 0
			for !e.Step(n) {
				out.Write(e.Take())
				if done, total := e.Progress(); done != min((steps+1)*n, total) || total != v.Len() {
					t.Fatalf("%s by %d: progress %d of %d after %d steps", f, n, done, total, steps+1)
				}
				steps++
			}
			out.Write(e.Take())
			if want := (v.Len() + n - 1) / n; steps+1 != want {
				t.Errorf("%s by %d: %d steps for %d rows, want %d", f, n, steps+1, v.Len(), want)
			}
			if whole := v.all(f); out.String() != whole {
				t.Errorf("%s by %d:\n%s\nat once:\n%s", f, n, out.String(), whole)
			}
			if !e.Step(n) || len(e.Take()) != 0 {
				t.Errorf("%s: a step after the end writes more", f)
			}
		}
	}
}

// The JSON export writes each row as json.Encoder writes its pairJSON,
// escapes included (HTML characters, U+2028, invalid UTF-8), with and
// without an explanation.
func TestJSONAsTheEncoderWritesIt(t *testing.T) {
	cs := []crawler.Crawler{mustLookup(t, "GPTBot"), mustLookup(t, "Googlebot"), crawler.Bare("Odd-Bot")}
	urls := []string{"/", "/a<b>&c", "/é", "/x\u2028y", "/bad\xff", "/private/<1>", "/blog/\"q\""}
	r := Start(Input{Before: before, After: after + "Disallow: /a<b\n", Reading: matcher.RFC9309, Crawlers: cs, URLs: urls})
	r.Step(len(urls))
	v := r.View(Filter{Unchanged: true})
	var want bytes.Buffer
	want.WriteString("[")
	enc := json.NewEncoder(&want)
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			want.WriteString(",")
		}
		want.WriteString("\n")
		p := v.Pair(i)
		if err := enc.Encode(pairJSON{Crawler: p.Crawler, URL: p.URL, Changed: p.Changed(), Before: p.Old, After: p.New}); err != nil {
			t.Fatal(err)
		}
		want.Truncate(want.Len() - 1)
	}
	want.WriteString("\n]\n")
	if got := v.JSON(); got != want.String() {
		t.Errorf("JSON export\n%s\nthe encoder\n%s", got, want.String())
	}
	if v.Len() != len(cs)*len(urls) {
		t.Errorf("%d rows, want %d", v.Len(), len(cs)*len(urls))
	}
}
