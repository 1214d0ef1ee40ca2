package bench

import (
	"fmt"
	"testing"

	"robots-explorer/matcher"
)

// Sizes for the growth series: time per byte should stay flat from 50 KiB
// to 5 MiB (linear growth).
var sizes = []struct {
	name string
	n    int
}{
	{"5KiB", 5 << 10}, {"50KiB", 50 << 10}, {"500KiB", 500 << 10}, {"5MiB", 5 << 20},
}

// BenchmarkParseEvaluate reads a file and decides one URL: what a crawler
// does for the first URL of a site. Compare with
// `benchstat -col /side`.
func BenchmarkParseEvaluate(b *testing.B) {
	url := URLs(1)
	for _, sz := range sizes {
		body := RealisticFile(sz.n)
		for _, s := range Sides {
			b.Run(fmt.Sprintf("file=%s/side=%s", sz.name, s.Name), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				var cpu cpuTimer
				cpu.start()
				for b.Loop() {
					s.Run(body, url)
				}
				cpu.stop()
				cpu.report(b)
			})
		}
	}
}

// BenchmarkURLs decides many URLs against the typical 5 KiB file: time per
// URL should stay flat from 1,000 to 10,000 URLs.
func BenchmarkURLs(b *testing.B) {
	body := TypicalFile()
	for _, n := range []int{1000, 10000} {
		urls := URLs(n)
		for _, s := range Sides {
			b.Run(fmt.Sprintf("urls=%d/side=%s", n, s.Name), func(b *testing.B) {
				var cpu cpuTimer
				cpu.start()
				for b.Loop() {
					s.Run(body, urls)
				}
				cpu.stop()
				cpu.report(b)
			})
		}
	}
}

// BenchmarkPathological reads the file of patterns that make backtracking
// matchers blow up and decides the URL that meets them; time should grow
// with path × pattern at worst. (A peer that backtracks is too slow to
// time past 4 KiB, so the series stops there.)
func BenchmarkPathological(b *testing.B) {
	for _, n := range []int{1 << 10, 2 << 10, 4 << 10} {
		body, url := Pathological(n)
		for _, s := range Sides {
			b.Run(fmt.Sprintf("n=%dKiB/side=%s", n>>10, s.Name), func(b *testing.B) {
				for b.Loop() {
					s.Run(body, []string{url})
				}
			})
		}
	}
}

// BenchmarkApplyingRules decides one URL against n applying rules of which
// five match (ApplyingRules). step=first is the first evaluation for the
// token after the parse, which chooses the groups and tries every rule;
// step=second is the next, which builds the rule index later evaluations
// reuse; step=url is each later one, with the whole explanation. The
// first two grow with n; step=url should grow with the matches, not
// with n.
func BenchmarkApplyingRules(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		body, url := ApplyingRules(n)
		for _, step := range []string{"first", "second"} {
			b.Run(fmt.Sprintf("rules=%d/step=%s", n, step), func(b *testing.B) {
				var cpu cpuTimer
				for b.Loop() {
					b.StopTimer()
					f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
					if step == "second" {
						evaluate(b, f, url)
					}
					b.StartTimer()
					cpu.start()
					evaluate(b, f, url)
					cpu.stop()
				}
				cpu.report(b)
			})
		}
		b.Run(fmt.Sprintf("rules=%d/step=url", n), func(b *testing.B) {
			f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
			evaluate(b, f, url)
			evaluate(b, f, url)
			var cpu cpuTimer
			cpu.start()
			for b.Loop() {
				evaluate(b, f, url)
			}
			cpu.stop()
			cpu.report(b)
		})
	}
}

func evaluate(b *testing.B, f *matcher.File, url string) {
	if _, err := f.Evaluate(Token, url); err != nil {
		b.Fatal(err)
	}
}
