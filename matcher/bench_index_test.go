package matcher

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// siteFile builds the file of a large site, in the shape such files have:
// about size bytes of groups of 5-40 rules, a quarter of the groups naming
// Googlebot, wildcards in a third of the rules; and urls of that site, some
// of which its rules match.
func siteFile(size int) (src []byte, urls []string) {
	rng := rand.New(rand.NewSource(7))
	sections := make([]string, 400)
	for i := range sections {
		sections[i] = fmt.Sprintf("%s-%d", []string{"shop", "blog", "media", "account", "search", "catalog", "help", "api"}[i%8], i)
	}
	var b strings.Builder
	for g := 0; b.Len() < size; g++ {
		if g%4 == 0 {
			b.WriteString("User-agent: Googlebot\n")
		} else {
			fmt.Fprintf(&b, "User-agent: bot-%s\n", gen.Letters(g))
		}
		for range 5 + rng.Intn(36) {
			key := "Disallow"
			if rng.Intn(4) == 0 {
				key = "Allow"
			}
			p := "/" + sections[rng.Intn(len(sections))] + "/" + gen.Letters(rng.Intn(5000)) + "/"
			switch rng.Intn(6) {
			case 0:
				p += "*.pdf$"
			case 1:
				p = "/*" + p
			}
			fmt.Fprintf(&b, "%s: %s\n", key, p)
		}
		b.WriteString("\n")
	}
	for i := range 1000 {
		urls = append(urls, "/"+sections[rng.Intn(len(sections))]+"/"+gen.Letters(rng.Intn(5000))+"/"+fmt.Sprintf("item-%d.pdf", i))
	}
	return []byte(b.String()), urls
}

// One URL at a time against a 500 KiB file whose Googlebot groups hold
// about 10,000 rules, after the first two evaluations for the token (the
// second builds the rule index).
func BenchmarkEvaluateSiteFile(b *testing.B) {
	src, urls := siteFile(500 << 10)
	for _, r := range []Reading{RFC9309, Google} {
		f := Parse(r, src, ParseOptions{})
		targets := make([]*Target, len(urls))
		for i, u := range urls {
			targets[i], _ = ParseTarget(u)
		}
		f.EvaluateTarget("Googlebot", targets[0])
		f.EvaluateTarget("Googlebot", targets[0])
		b.Run(string(r), func(b *testing.B) {
			i := 0
			for b.Loop() {
				f.EvaluateTarget("Googlebot", targets[i%len(targets)])
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
		})
		// As check -urls decides: into one Result, reused.
		b.Run(string(r)+"/into", func(b *testing.B) {
			var res Result
			i := 0
			for b.Loop() {
				f.DecideInto(&res, "Googlebot", targets[i%len(targets)])
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
		})
	}
}

// How evaluation grows with the applying rules: it should grow with the
// matches, not with the rules.
func BenchmarkEvaluateByRules(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		f := Parse(RFC9309, gen.BigGroup(n), ParseOptions{})
		f.Evaluate("Googlebot", "/")
		f.Evaluate("Googlebot", "/") // the second builds the index
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				f.Evaluate("Googlebot", "/section-999/public/a/section-996/x.pdf")
			}
		})
	}
}

// The first evaluation for a token against 20,000 applying rules, which
// tries every rule, and the second, which builds the index of them, less
// the parse.
func BenchmarkFirstEvaluation20000Rules(b *testing.B) {
	src := gen.BigGroup(20000)
	for _, step := range []string{"first", "second"} {
		b.Run(step, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				f := Parse(RFC9309, src, ParseOptions{})
				if step == "second" {
					f.Evaluate("Googlebot", "/section-999/public/x")
				}
				b.StartTimer()
				f.Evaluate("Googlebot", "/section-999/public/x")
			}
		})
	}
}
