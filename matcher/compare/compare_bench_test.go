package compare

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
)

// A comparison runs after each edit in the page, on files up to 500 KiB:
// these time one URL compared under every reading, with the files parsed
// once (as the page and check -compare keep them), against evaluating the
// readings alone, so that the cost of explaining the differences shows.

func compareBenchFiles() map[string]struct {
	src        []byte
	token, url string
} {
	typo := []byte(strings.Replace(string(gen.BigGroup(30000)), "Disallow: /section-7/", "Disalow: /section-7/", 1))
	return map[string]struct {
		src        []byte
		token, url string
	}{
		"realistic500KiB": {gen.RealisticFile(500 << 10), "bot-a", "/user/cartx.php"},
		"oneGroup500KiB":  {typo[:500<<10], "bot", "/section-7/a.pdf"},
	}
}

func BenchmarkCompareWith(b *testing.B) {
	for name, c := range compareBenchFiles() {
		files := ParseAll(string(c.src))
		cmp, err := CompareWith(files, matcher.RFC9309, c.token, c.url)
		if err != nil || len(cmp.Differences) == 0 {
			b.Fatalf("%s: no difference to explain (%v)", name, err)
		}
		b.Run(name+"/explained", func(b *testing.B) {
			for b.Loop() {
				CompareWith(files, matcher.RFC9309, c.token, c.url)
			}
		})
		b.Run(name+"/evaluated", func(b *testing.B) {
			t, _ := matcher.ParseTarget(c.url)
			for b.Loop() {
				for _, f := range files {
					f.EvaluateTarget(c.token, t)
				}
			}
		})
	}
}

// agentsFile is one group of n user-agent lines that each name "bot"
// under rfc9309's product-token matching and none under python-rfc's
// substring matching, so that the comparison explains a difference by the
// user-agent lines alone.
func agentsFile(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
	}
	b.WriteString("Disallow: /x\n")
	return b.String()
}

// BenchmarkCompareAgents times a comparison as the file's user-agent lines
// grow: it must grow no faster than n log n.
func BenchmarkCompareAgents(b *testing.B) {
	for _, n := range []int{1000, 8000, 64000} {
		files := ParseAll(agentsFile(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := CompareWith(files, matcher.RFC9309, "bot", "/x"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
