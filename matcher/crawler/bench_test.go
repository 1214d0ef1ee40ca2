package crawler

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
)

// siteFile is a site's robots.txt of the kind a release edits: groups for
// the big crawlers and AI crawlers, a * group, wildcards and anchors.
func siteFile(extra string) string {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /cart\nDisallow: /search?\nDisallow: /*.json$\nAllow: /search?q=\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "Disallow: /section-%d/private/\nAllow: /section-%d/private/public-*\n", i, i)
	}
	b.WriteString("\nUser-agent: Googlebot\nUser-agent: bingbot\nDisallow: /cart\nDisallow: /tmp/\nAllow: /\n" + extra)
	b.WriteString("\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nDisallow: /\n")
	b.WriteString("\nUser-agent: AdsBot-Google\nDisallow: /checkout\n")
	return b.String()
}

// benchURL is the i-th of a deterministic mix of site URLs.
func benchURL(i int) string {
	switch i % 5 {
	case 0:
		return fmt.Sprintf("/section-%d/private/page-%d", i%50, i)
	case 1:
		return fmt.Sprintf("/section-%d/private/public-%d.html", i%50, i)
	case 2:
		return fmt.Sprintf("/search?q=item-%d&page=%d", i, i%7)
	case 3:
		return fmt.Sprintf("https://example.com/products/%d/details.json", i)
	}
	return fmt.Sprintf("/tmp/export-%d.csv", i)
}

var benchCrawlers = "Googlebot,Googlebot-Image,bingbot,GPTBot,ClaudeBot,CCBot,AdsBot-Google,Applebot,PerplexityBot,YandexBot"

// BenchmarkPlanEvaluate is one crawler's verdict on one URL: the unit the
// release commands spend their time on.
func BenchmarkPlanEvaluate(b *testing.B) {
	f := matcher.Parse(matcher.RFC9309, []byte(siteFile("")), matcher.ParseOptions{})
	cs, _ := Select(benchCrawlers)
	plans := Plans(f, cs)
	targets := make([]*matcher.Target, 1000)
	for i := range targets {
		targets[i], _ = matcher.ParseTarget(benchURL(i))
	}
	n := 0
	for b.Loop() {
		p := &plans[n%len(plans)]
		p.Evaluate(f, targets[(n/len(plans))%len(targets)])
		n++
	}
}

// BenchmarkMatrix is one URL for ten crawlers, sharing selections; per
// evaluation, divide by 10.
func BenchmarkMatrix(b *testing.B) {
	f := matcher.Parse(matcher.RFC9309, []byte(siteFile("")), matcher.ParseOptions{})
	cs, _ := Select(benchCrawlers)
	m := NewMatrix(f, cs)
	targets := make([]*matcher.Target, 1000)
	for i := range targets {
		targets[i], _ = matcher.ParseTarget(benchURL(i))
	}
	out := make([]*matcher.Result, len(cs))
	n := 0
	for b.Loop() {
		m.Evaluate(targets[n%len(targets)], out)
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cs)), "ns/evaluation")
}

// BenchmarkMatrixDecideWordSite is Matrix.Decide, as diff and check
// -crawlers decide for text and CSV, for ten crawlers on gen.WordSite's
// file with groups for nine of them and the * group, whose URLs each
// match hundreds of a crawler's rules: evaluations (URL and crawler) per
// second.
func BenchmarkMatrixDecideWordSite(b *testing.B) {
	src, urls := gen.WordSite(2000, 1000, "*", "bingbot", "GPTBot", "ClaudeBot", "CCBot", "Applebot", "PerplexityBot", "YandexBot")
	f := matcher.Parse(matcher.RFC9309, src, matcher.ParseOptions{})
	cs, _ := Select(benchCrawlers)
	m := NewMatrix(f, cs)
	targets := make([]*matcher.Target, len(urls))
	for i, u := range urls {
		targets[i], _ = matcher.ParseTarget(u)
	}
	out := make([]*matcher.Result, len(cs))
	// The first decisions build what the later ones use.
	for i := range 20000 {
		m.Decide(targets[i%len(targets)], out)
	}
	n := 0
	for b.Loop() {
		m.Decide(targets[n%len(targets)], out)
		n++
	}
	b.ReportMetric(float64(b.N*len(cs))/b.Elapsed().Seconds(), "evaluations/s")
}
