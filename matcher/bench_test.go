package matcher

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

func BenchmarkParse500KiB(b *testing.B) {
	src := gen.RealisticFile(500 << 10)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse(RFC9309, src, ParseOptions{})
	}
}

func BenchmarkParseByReading(b *testing.B) {
	src := gen.RealisticFile(500 << 10)
	for _, r := range Readings() {
		b.Run(string(r), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Parse(r, src, ParseOptions{})
			}
		})
	}
}

func BenchmarkEvaluate2000Rules(b *testing.B) {
	f := Parse(RFC9309, gen.BigGroup(2000), ParseOptions{})
	for _, r := range Readings() {
		f := Parse(r, gen.BigGroup(2000), ParseOptions{})
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

// BenchmarkFirstEvaluation is the first evaluation for a token in a large
// file: it works out the group trace (every user-agent line) and the
// diagnostics that bear on the applying groups, which later evaluations
// for the token take from the cache. The cache is emptied each time, so
// every operation pays for the selection.
func BenchmarkFirstEvaluation(b *testing.B) {
	src := gen.RealisticFile(500 << 10)
	// A named group halfway, as large sites name the big crawlers, and
	// the '*' group last.
	half := len(src) / 2
	half += strings.Index(string(src[half:]), "\n\n") + 2
	src = append(src[:half:half], append([]byte("User-agent: Googlebot\nDisallow: /cart/\nCrawl-delay: 1\n\n"), src[half:]...)...)
	src = append(src, "User-agent: *\nDisallow: /admin/\n"...)
	for _, r := range []Reading{RFC9309, Google} {
		f := Parse(r, src, ParseOptions{})
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
		f := Parse(PythonRFC, []byte(tc.src), ParseOptions{})
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
