package releaseview

import (
	"encoding/csv"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"robots-explorer/app/internal/urllist"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// The before file lets GPTBot everywhere; the after file shuts it out of
// /private and /blog, and opens /blog/ again for everyone else.
const (
	before = "User-agent: *\nDisallow: /private\n"
	after  = "User-agent: GPTBot\nDisallow: /private\nDisallow: /blog\n\nUser-agent: *\nAllow: /\n"
)

var testURLs = []string{"/", "/private/a", "/blog/x", "/Blog/y", "/about"}

func testRun(t *testing.T, step int) *Run {
	t.Helper()
	cs := []crawler.Crawler{mustLookup(t, "GPTBot"), mustLookup(t, "Googlebot")}
	r := Start(Input{Before: before, After: after, Reading: matcher.RFC9309, Crawlers: cs, URLs: testURLs})
	for steps := 0; !r.Step(step); steps++ {
		if steps > len(testURLs) {
			t.Fatal("the run does not end")
		}
	}
	return r
}

func mustLookup(t *testing.T, name string) crawler.Crawler {
	t.Helper()
	c, ok := crawler.Lookup(name)
	if !ok {
		t.Fatalf("%s is not in the directory", name)
	}
	return c
}

func shown(v *View) []string {
	var out []string
	for i := 0; i < v.Len(); i++ {
		p := v.Pair(i)
		out = append(out, p.Crawler+" "+p.URL+" "+p.Old.Word()+">"+p.New.Word())
	}
	return out
}

func TestStepsGiveTheSameRowsAsOneGo(t *testing.T) {
	one, sliced := testRun(t, len(testURLs)), testRun(t, 2)
	if !reflect.DeepEqual(shown(one.View(Filter{Unchanged: true})), shown(sliced.View(Filter{Unchanged: true}))) {
		t.Error("evaluating two URLs a step gives other rows than all at once")
	}
	if done, total := sliced.Progress(); done != total || total != len(testURLs) || sliced.Rows() != 2*len(testURLs) {
		t.Errorf("progress %d of %d with %d rows, want %d of %d with %d", done, total, sliced.Rows(), len(testURLs), len(testURLs), 2*len(testURLs))
	}
}

func TestViewFilters(t *testing.T) {
	r := testRun(t, 1)
	for _, tc := range []struct {
		name string
		f    Filter
		want []string
	}{
		{"changed only, list order", Filter{}, []string{
			"Googlebot /private/a disallowed>allowed",
			"GPTBot /blog/x allowed>disallowed",
		}},
		{"unchanged too, for one crawler", Filter{Unchanged: true, Crawler: "gptbot"}, []string{
			"GPTBot / allowed>allowed",
			"GPTBot /private/a disallowed>disallowed",
			"GPTBot /blog/x allowed>disallowed",
			"GPTBot /Blog/y allowed>allowed",
			"GPTBot /about allowed>allowed",
		}},
		{"disallowed under the new file", Filter{Unchanged: true, Verdict: Disallowed}, []string{
			"GPTBot /private/a disallowed>disallowed",
			"GPTBot /blog/x allowed>disallowed",
		}},
		{"allowed and changed", Filter{Verdict: Allowed}, []string{"Googlebot /private/a disallowed>allowed"}},
		{"search without case", Filter{Unchanged: true, Search: "BLOG"}, []string{
			"GPTBot /blog/x allowed>disallowed",
			"Googlebot /blog/x allowed>allowed",
			"GPTBot /Blog/y allowed>allowed",
			"Googlebot /Blog/y allowed>allowed",
		}},
		{"a crawler not checked shows nothing", Filter{Unchanged: true, Crawler: "Bingbot"}, nil},
		{"sorted by URL", Filter{Unchanged: true, Crawler: "Googlebot", Sort: ByURL}, []string{
			"Googlebot / allowed>allowed",
			"Googlebot /Blog/y allowed>allowed",
			"Googlebot /about allowed>allowed",
			"Googlebot /blog/x allowed>allowed",
			"Googlebot /private/a disallowed>allowed",
		}},
		{"sorted by URL, descending", Filter{Search: "/b", Unchanged: true, Crawler: "GPTBot", Sort: ByURL, Desc: true}, []string{
			"GPTBot /blog/x allowed>disallowed",
			"GPTBot /Blog/y allowed>allowed",
		}},
		{"sorted by crawler", Filter{Search: "/about", Unchanged: true, Sort: ByCrawler}, []string{
			"GPTBot /about allowed>allowed",
			"Googlebot /about allowed>allowed",
		}},
		{"changes first", Filter{Search: "/private", Unchanged: true, Sort: ByChange}, []string{
			"Googlebot /private/a disallowed>allowed",
			"GPTBot /private/a disallowed>disallowed",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := shown(r.View(tc.f)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestCounts(t *testing.T) {
	r := testRun(t, 3)
	var lines []string
	for _, s := range r.Summaries() {
		lines = append(lines, s.Line())
	}
	changes := AllChanges(r.Summaries())
	wantLines := []string{"GPTBot: 2 of 5 URLs disallowed", "Googlebot: 0 of 5 URLs disallowed"}
	wantChanges := []string{"1 URL now disallowed for GPTBot", "1 URL now allowed for Googlebot"}
	if !reflect.DeepEqual(lines, wantLines) || !reflect.DeepEqual(changes, wantChanges) {
		t.Errorf("lines %q, changes %q; want %q, %q", lines, changes, wantLines, wantChanges)
	}
	if r.Changed() != 2 {
		t.Errorf("Changed() = %d, want 2", r.Changed())
	}
}

func TestDecidingLines(t *testing.T) {
	p := testRun(t, 5).View(Filter{Crawler: "GPTBot"}).Pair(0)
	if p.Old.Line != 0 || p.New.Line != 3 || p.New.Rule != "Disallow: /blog" || p.Old.Why == "" {
		t.Errorf("GPTBot /blog/x decided by %+v before and %+v after; want no rule before (with why), line 3 after", p.Old, p.New)
	}
}

func TestAIHomePage(t *testing.T) {
	const shut = "User-agent: GPTBot\nDisallow: /\n"
	got := map[string]bool{}
	for _, h := range AIHomePage("", shut, matcher.RFC9309) {
		if !h.Before.Allowed {
			t.Errorf("%s may not fetch / under an empty file", h.Crawler)
		}
		got[h.Crawler] = h.After.Allowed
	}
	if allowed, ok := got["GPTBot"]; !ok || allowed {
		t.Errorf("GPTBot on / under %q: present %v, allowed %v; want present and disallowed", shut, ok, allowed)
	}
	if !got["ClaudeBot"] {
		t.Error("ClaudeBot should fetch / when only GPTBot is shut out")
	}
	if _, ok := got["Googlebot"]; ok {
		t.Error("Googlebot is not an AI crawler")
	}
	for _, h := range AIHomePage("", shut, matcher.RFC9309) {
		if !slices.Contains(AIPurposes, h.Purpose) {
			t.Errorf("%s is on the AI crawlers' home-page list for %q, not an AI purpose", h.Crawler, h.Purpose)
		}
	}
}

func TestCSVNeutralisesFormulas(t *testing.T) {
	cs := []crawler.Crawler{mustLookup(t, "GPTBot")}
	r := Start(Input{Before: "User-agent: *\nDisallow: /=\n", After: "", Reading: matcher.RFC9309, Crawlers: cs, URLs: []string{"/=cmd", "/@x"}})
	r.Step(10)
	recs, err := csv.NewReader(strings.NewReader(r.View(Filter{Unchanged: true}).CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{csvHeader,
		{"GPTBot", "/=cmd", "true", "disallowed", "2", "Disallow: /=", "allowed", "", recs[1][8]},
		{"GPTBot", "/@x", "false", "allowed", "", recs[2][5], "allowed", "", recs[2][8]},
	}
	if !reflect.DeepEqual(recs, want) || recs[1][8] == "" {
		t.Errorf("CSV\n%q\nwant\n%q", recs, want)
	}
}

func TestJSONExport(t *testing.T) {
	var got []pairJSON
	if err := json.Unmarshal([]byte(testRun(t, 5).View(Filter{}).JSON()), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1].Crawler != "GPTBot" || got[1].URL != "/blog/x" || !got[1].Changed || !got[1].Before.Allowed || got[1].After.Allowed ||
		!strings.Contains(got[1].Before.Why, "/blog/x") {
		t.Errorf("JSON rows %+v", got)
	}
	if empty := (&View{run: testRun(t, 5)}).JSON(); strings.TrimSpace(empty) != "[\n]" {
		t.Errorf("no rows give %q", empty)
	}
}

func TestReadList(t *testing.T) {
	for _, tc := range []struct {
		name, text, column string
		urls               []string
		summary            string
	}{
		{"urls.txt", "https://a.example/\n/x\nhttps://a.example/\nnot a url\x00\n", "",
			[]string{"https://a.example/", "/x"}, "2 URLs from urls.txt; 1 duplicate (checked once); 1 malformed line (left out)"},
		{"sitemap.xml", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/p</loc></url></urlset>`, "",
			[]string{"https://a.example/p"}, "1 URL from sitemap.xml"},
		{"crawl.csv", "Address,Status\nhttps://a.example/1,200\nhttps://a.example/2,404\n", "address",
			[]string{"https://a.example/1", "https://a.example/2"}, "2 URLs from crawl.csv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ReadList(tc.name, []byte(tc.text), tc.column)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(l.URLs, tc.urls) || l.Summary() != tc.summary {
				t.Errorf("URLs %q, summary %q; want %q, %q (problems %v)", l.URLs, l.Summary(), tc.urls, tc.summary, l.Problems)
			}
		})
	}
	// A list of duplicates is counted whole, and keeps the first of them.
	l, err := ReadList("dups.txt", []byte(strings.Repeat("/a\n", 1001)), "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Summary(), "1 URL from dups.txt; 1,000 duplicates (checked once)"; got != want || len(l.Problems) != urllist.MaxProblems || l.AllProblems() != 1000 {
		t.Errorf("summary %q (want %q), %d problems kept of %d", got, want, len(l.Problems), l.AllProblems())
	}
	if cols := CSVColumns([]byte("Address,Status,Title\nx,1,y\n")); !reflect.DeepEqual(cols, []string{"Address", "Status", "Title"}) {
		t.Errorf("CSV columns %q", cols)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 50000: "50,000", 1234567: "1,234,567"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// The verdicts are kept once each: a thousand URLs no rule decides add
// no verdicts, though each explanation names its URL.
func TestVerdictsAreKeptOnce(t *testing.T) {
	urls := make([]string, 1000)
	for i := range urls {
		urls[i] = "/page/" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "/" + strings.Repeat("y", i)
	}
	r := Start(Input{Before: before, After: after, Reading: matcher.RFC9309, Crawlers: []crawler.Crawler{mustLookup(t, "GPTBot")}, URLs: urls})
	r.Step(len(urls))
	if len(r.verdicts) > 4 {
		t.Errorf("%d distinct verdicts kept for %d rows", len(r.verdicts), r.Rows())
	}
	if p := r.Pair(999); !strings.Contains(p.Old.Why, urls[999]) {
		t.Errorf("the explanation %q does not name its URL", p.Old.Why)
	}
}

func TestChoose(t *testing.T) {
	names := func(cs []crawler.Crawler) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	all, err := Choose("all", "")
	if err != nil || len(all) != len(crawler.All()) {
		t.Fatalf("all: %d crawlers, %v; want %d", len(all), err, len(crawler.All()))
	}
	own, err := Choose(Own, "gptbot, My-Bot, GPTBot,, ai-training")
	if err != nil || len(own) < 3 || own[0].Name != "GPTBot" || own[1].Name != "My-Bot" || own[1].Operator != "" {
		t.Errorf("own list: %q, %v", names(own), err)
	}
	if _, err := Choose(Own, "not a token!"); err == nil {
		t.Error("an item that is neither a crawler, a purpose nor a token is accepted")
	}
}
