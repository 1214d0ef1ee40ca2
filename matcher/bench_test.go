package matcher

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// realisticFile builds a deterministic robots.txt of about size bytes: many
// groups, wildcards, anchors, comments, sitemaps, percent-encoding.
func realisticFile(size int) []byte {
	rng := rand.New(rand.NewSource(1))
	words := []string{"shop", "cart", "search", "api", "static", "img", "user", "admin", "tag", "page", "ツ", "%7Euser"}
	var b strings.Builder
	for g := 0; b.Len() < size; g++ {
		name := letters(g)
		fmt.Fprintf(&b, "# group %d\nUser-agent: bot-%s\nUser-agent: crawler-%s\n", g, name, name)
		for r := 0; r < 20; r++ {
			key := "Disallow"
			if rng.Intn(3) == 0 {
				key = "Allow"
			}
			p := "/" + words[rng.Intn(len(words))] + "/" + words[rng.Intn(len(words))]
			switch rng.Intn(4) {
			case 0:
				p += "*.php$"
			case 1:
				p = "/*" + p + "?q="
			}
			fmt.Fprintf(&b, "%s: %s\n", key, p)
		}
		fmt.Fprintf(&b, "Crawl-delay: 2\nSitemap: https://example.com/sitemap-%d.xml\n\n", g)
	}
	return []byte(b.String())
}

func BenchmarkParse500KiB(b *testing.B) {
	src := realisticFile(500 << 10)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse(src)
	}
}

func BenchmarkParseByReading(b *testing.B) {
	src := realisticFile(500 << 10)
	for _, r := range Readings() {
		b.Run(string(r), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				ParseAs(r, src)
			}
		})
	}
}

// bigGroup is one group of n rules, a quarter of them with wildcards.
func bigGroup(n int) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /*/section-%d/*.pdf$\n", i)
		case 1:
			fmt.Fprintf(&b, "Allow: /section-%d/public/\n", i)
		default:
			fmt.Fprintf(&b, "Disallow: /section-%d/\n", i)
		}
	}
	return []byte(b.String())
}

func BenchmarkEvaluate2000Rules(b *testing.B) {
	f := Parse(bigGroup(2000))
	for _, r := range Readings() {
		f := ParseAs(r, bigGroup(2000))
		b.Run(string(r), func(b *testing.B) {
			for b.Loop() {
				if _, err := f.Evaluate("Googlebot", "/section-1999/public/a/section-1996/x.pdf"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	_ = f
}

// Time must grow linearly with path length for the classic blow-up
// pattern: compare the per-op times of the sub-benchmarks.
func BenchmarkPathologicalPattern(b *testing.B) {
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10} {
		path := "/" + strings.Repeat("a", n)
		c := CompilePattern("/*a*a*a*a*a*a*a*b")
		b.Run(fmt.Sprintf("path=%dKiB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				c.Match(path)
			}
		})
	}
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10} {
		pat := strings.Repeat("a*", n/2) + "b"
		path := strings.Repeat("a", 16<<10)
		c := CompilePattern(pat)
		b.Run(fmt.Sprintf("pattern=%dKiB", n>>10), func(b *testing.B) {
			for b.Loop() {
				c.Match(path)
			}
		})
	}
}

// letters names n in base 26 with letters only: product tokens hold no
// digits (RFC 9309 §2.2.1).
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}

// BenchmarkFirstEvaluation is the first evaluation for a token in a large
// file: it works out the group trace (every user-agent line) and the
// diagnostics that bear on the applying groups, which later evaluations
// for the token take from the cache. The cache is emptied each time, so
// every operation pays for the selection.
func BenchmarkFirstEvaluation(b *testing.B) {
	src := realisticFile(500 << 10)
	// A named group halfway, as large sites name the big crawlers, and
	// the '*' group last.
	half := len(src) / 2
	half += strings.Index(string(src[half:]), "\n\n") + 2
	src = append(src[:half:half], append([]byte("User-agent: Googlebot\nDisallow: /cart/\nCrawl-delay: 1\n\n"), src[half:]...)...)
	src = append(src, "User-agent: *\nDisallow: /admin/\n"...)
	for _, r := range []Reading{RFC9309, Google} {
		f := ParseAs(r, src)
		b.Run(string(r), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.selections = nil
				if _, err := f.Evaluate("Googlebot", "/shop/cart/x.php"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPythonRFCSelect is the first evaluation (the group choice and
// its trace) in files of many user-agent lines: thousands of '*' groups,
// merged under one key, and two groups of 12,000 values each that differ
// in case, merged key by key, asked with a token holding nine of them.
func BenchmarkPythonRFCSelect(b *testing.B) {
	var stars, cases strings.Builder
	for i := range 15000 {
		fmt.Fprintf(&stars, "User-agent: *\nDisallow: /%d\n", i)
	}
	for _, prefix := range []string{"Ab", "ab"} {
		for i := range 12000 {
			fmt.Fprintf(&cases, "User-agent: %s%d\n", prefix, i)
		}
		cases.WriteString("Disallow: /\n")
	}
	for _, tc := range []struct{ name, src, token string }{
		{"stars", stars.String(), "bot"},
		{"cases", cases.String(), "ab1ab2ab3ab4ab5ab6ab7ab8ab9"},
	} {
		f := ParseAs(PythonRFC, []byte(tc.src))
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				f.selections = nil // no cache: every operation chooses
				if _, err := f.Evaluate(tc.token, "/x"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
