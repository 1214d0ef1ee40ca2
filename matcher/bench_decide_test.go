package matcher

import (
	"fmt"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// A decision per URL as check -urls makes it for text (DecideInto, one
// Result reused), for Googlebot against gen.WordSite's file, whose URLs
// each match hundreds of the merged rules.
func BenchmarkDecideWordSite(b *testing.B) {
	src, urls := gen.WordSite(2000, 1000)
	for _, r := range []Reading{RFC9309, Google} {
		f := Parse(r, src, ParseOptions{})
		targets := make([]*Target, len(urls))
		for i, u := range urls {
			targets[i], _ = ParseTarget(u)
		}
		var res Result
		// The first decisions for the token build what the later ones
		// use, once there were enough of them.
		for i := range 1000 {
			f.DecideInto(&res, "Googlebot", targets[i])
		}
		b.Run(string(r), func(b *testing.B) {
			i := 0
			for b.Loop() {
				f.DecideInto(&res, "Googlebot", targets[i%len(targets)])
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
		})
	}
}

// A decision by the number of rules the URL matches, among 2,000 that do
// not (gen.Matching): it should not grow with them.
func BenchmarkDecideByMatches(b *testing.B) {
	for _, r := range []Reading{RFC9309, Google} {
		for _, n := range []int{1, 10, 100, 1000} {
			f := Parse(r, gen.Matching(n), ParseOptions{})
			t, _ := ParseTarget("/shop/cart/item.php?sort=1")
			var res Result
			for range 1000 {
				f.DecideInto(&res, "Googlebot", t)
			}
			b.Run(fmt.Sprintf("%s/matches=%d", r, n), func(b *testing.B) {
				for b.Loop() {
					f.DecideInto(&res, "Googlebot", t)
				}
			})
		}
	}
}

// A decision by the number of rules the token's groups hold (gen.BigGroup,
// a quarter of them wildcards), for a URL that matches a few: it should
// not grow with them.
func BenchmarkDecideByRules(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		f := Parse(RFC9309, gen.BigGroup(n), ParseOptions{})
		t, _ := ParseTarget("/section-999/public/a/section-996/x.pdf")
		var res Result
		// Until the Decider is built, once the full evaluations made
		// instead cost about what its rules do.
		for !res.strongestOnly {
			f.DecideInto(&res, "Googlebot", t)
		}
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			for b.Loop() {
				f.DecideInto(&res, "Googlebot", t)
			}
		})
	}
}
