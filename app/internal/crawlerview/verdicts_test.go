package crawlerview

import (
	"encoding/csv"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// testFile names GPTBot and Googlebot and has a * group; Googlebot-Image
// falls back to Googlebot's group and AdsBot-Google ignores the * group,
// as their operator documents; Bingbot reads the * group.
const testFile = "User-agent: GPTBot\nDisallow: /blog\n\nUser-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /tmp\n"

var testURLs = []string{"https://www.example.com/blog/x", "https://www.example.com/private/a", "https://www.example.com/tmp/z", "https://www.example.com/?q=1"}

func testCrawlers(t *testing.T, names ...string) []crawler.Crawler {
	t.Helper()
	var out []crawler.Crawler
	for _, n := range names {
		c, ok := crawler.Lookup(n)
		if !ok {
			t.Fatalf("%s is not in the directory", n)
		}
		out = append(out, c)
	}
	return out
}

func testVerdicts(t *testing.T, urls []string) *Verdicts {
	t.Helper()
	f := matcher.Parse(matcher.RFC9309, []byte(testFile), matcher.ParseOptions{Text: testFile})
	return New(f, testCrawlers(t, "GPTBot", "Googlebot-Image", "AdsBot-Google", "Bingbot"), urls)
}

// spell writes the grid a line per row: its path, then each cell's class.
func spell(g Grid) []string {
	var out []string
	for i := 0; i < g.Rows(); i++ {
		line := g.Path(i)
		for j := 0; j < g.Columns(); j++ {
			line += " " + g.Shown(i, j).Class
		}
		out = append(out, line)
	}
	return out
}

func TestVerdictsGrid(t *testing.T) {
	v := testVerdicts(t, testURLs)
	want := []string{
		"/blog/x m-dd m-aa m-aa m-aa",
		"/private/a m-aa m-dd m-aa m-aa",
		"/tmp/z m-aa m-aa m-aa m-dd",
		"/?q=1 m-aa m-aa m-aa m-aa",
	}
	if got := spell(v); !reflect.DeepEqual(got, want) {
		t.Errorf("grid\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if v.Host() != "https://www.example.com" || v.Crawler(1) != "Googlebot-Image" || v.Disallowed() != 3 {
		t.Errorf("host %q, column 1 %q, %d disallowed", v.Host(), v.Crawler(1), v.Disallowed())
	}
	if s := v.Shown(0, 0); s.Label != "disallowed" {
		t.Errorf("GPTBot on /blog/x is labelled %q", s.Label)
	}
}

// A URL the reading cannot read has no row; the others keep their place.
func TestVerdictsUnreadable(t *testing.T) {
	v := testVerdicts(t, []string{"/blog/x", "mailto:someone@example.com", "/tmp/z"})
	if v.Rows() != 2 || v.Unreadable != 1 || v.URL(1) != "/tmp/z" || v.Host() != "" || v.Path(1) != "/tmp/z" {
		t.Errorf("%d rows (%d unreadable), row 1 %q, host %q", v.Rows(), v.Unreadable, v.URL(1), v.Host())
	}
}

// An opened cell says the one file's verdict, its deciding line, and the
// crawler's documented behaviour where it decides.
func TestVerdictsExplain(t *testing.T) {
	v := testVerdicts(t, testURLs)
	for _, tc := range []struct {
		name     string
		i, j     int
		headline string
		deciding string
		reason   []string
	}{
		{"its own group", 0, 0, "GPTBot on https://www.example.com/blog/x: disallowed", "line 2: Disallow: /blog", []string{"line 2"}},
		{"a documented fallback", 1, 1, "Googlebot-Image on https://www.example.com/private/a: disallowed", "line 5: Disallow: /private",
			[]string{"No group names Googlebot-Image", "the operator's behaviour"}},
		{"the * group ignored", 2, 2, "AdsBot-Google on https://www.example.com/tmp/z: allowed", "no rule decided",
			[]string{"ignores the * group"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := v.Explain(tc.i, tc.j)
			if e.Headline != tc.headline || len(e.Sides) != 1 || e.Sides[0].File != "This file" || e.Sides[0].Deciding != tc.deciding {
				t.Fatalf("explanation %+v", e)
			}
			for _, r := range tc.reason {
				if !strings.Contains(e.Sides[0].Reason, r) {
					t.Errorf("reason %q does not say %q", e.Sides[0].Reason, r)
				}
			}
			if got := e.Text(); len(got) != 3 || got[1] != "This file: "+e.Sides[0].Verdict+", "+tc.deciding+"." {
				t.Errorf("text %q", got)
			}
		})
	}
}

// The exports hold a row per cell, URL by URL, each cell that would run
// as a formula neutralised; the JSON has the verdict's fields.
func TestVerdictsExport(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte(testFile), matcher.ParseOptions{Text: testFile})
	v := New(f, append(testCrawlers(t, "GPTBot"), crawler.Bare("-bot")), []string{"/blog/x", "/tmp/z"})
	recs, err := csv.NewReader(strings.NewReader(v.CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"crawler", "url", "verdict", "line", "rule"},
		{"GPTBot", "/blog/x", "disallowed", "2", "Disallow: /blog"},
		{"'-bot", "/blog/x", "allowed", "", recs[2][4]},
		{"GPTBot", "/tmp/z", "allowed", "", recs[3][4]},
		{"'-bot", "/tmp/z", "disallowed", "8", "Disallow: /tmp"},
	}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("CSV\n%q\nwant\n%q", recs, want)
	}
	if !strings.Contains(recs[2][4], "/blog/x") {
		t.Errorf("no rule decided -bot on /blog/x: the rule column says %q, want the reading's explanation", recs[2][4])
	}
	var rows []struct {
		Crawler, URL string
		Allowed      bool
		Line         int
		Rule, Reason string
	}
	if err := json.Unmarshal([]byte(v.JSON()), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0].Crawler != "GPTBot" || rows[0].URL != "/blog/x" || rows[0].Allowed || rows[0].Line != 2 || rows[0].Rule != "Disallow: /blog" ||
		rows[3].Crawler != "-bot" || rows[3].Allowed || rows[3].Line != 8 {
		t.Errorf("JSON rows %+v", rows)
	}
}

// A delivery that decides (a 5xx: nothing may be crawled) sets every
// verdict but /robots.txt's, in the cells, the count and the exports; an
// opened cell says it first, then what the rules alone say.
func TestVerdictsDelivered(t *testing.T) {
	rules := testVerdicts(t, []string{"/blog/x", "/robots.txt"})
	d := &release.Verdict{Reason: release.ReasonDelivery, Why: "the file counts as unreachable"}
	v := rules.Delivered(d)
	if got, want := spell(v), []string{"/blog/x m-dd m-dd m-dd m-dd", "/robots.txt m-aa m-aa m-aa m-aa"}; !reflect.DeepEqual(got, want) {
		t.Errorf("grid %q, want %q", got, want)
	}
	if v.Disallowed() != 4 || rules.Disallowed() != 1 || rules.Delivery() != nil || v.Delivery() != d {
		t.Errorf("%d disallowed under the delivery, %d by the rules", v.Disallowed(), rules.Disallowed())
	}
	e := v.Explain(0, 1)
	if len(e.Sides) != 2 || e.Headline != "Googlebot-Image on /blog/x: disallowed" || e.Sides[0].Reason != d.Why ||
		e.Sides[1].File != "The rules alone" || e.Sides[1].Verdict != "allowed" {
		t.Errorf("explanation %+v", e)
	}
	if !strings.Contains(v.CSV(), "Googlebot-Image,/blog/x,disallowed,,the file counts as unreachable\n") {
		t.Errorf("CSV\n%s", v.CSV())
	}
}
