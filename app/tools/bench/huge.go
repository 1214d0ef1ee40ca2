package bench

import (
	"fmt"
	"math/rand"
	"strings"
)

// The shapes of HugeFile.
const (
	// ShapeMixed is the realistic shape at any size: groups of one to
	// three user-agent lines, a quarter of them naming Token, rules of
	// which a third carry wildcards or a final '$', comments, Crawl-delay
	// and Sitemap lines, and now and then a line longer than Google's
	// parser reads (a long pattern, a long comment).
	ShapeMixed = "mixed"
	// ShapeTiny is a file of lines of one to a dozen bytes (blank lines,
	// bare '#', short rules, short user-agent lines): what costs a parser
	// most per byte is what it keeps per line.
	ShapeTiny = "tiny"
	// ShapeRules is one '*' group of the same rule, every one of which
	// RulesURL matches: what a result costs that lists its matches.
	ShapeRules = "rules"
)

// Shapes lists HugeFile's shapes.
var Shapes = []string{ShapeMixed, ShapeTiny, ShapeRules}

// rulesLine is ShapeRules' rule, and RulesURL a URL it matches.
const (
	rulesLine = "Disallow: /private/x\n"
	RulesURL  = "/private/x/report.html"
)

// HugeFile returns a robots.txt of at least size bytes (cut at a line end)
// of the given shape, for measuring memory on files far past what a
// crawler reads: a check's memory must grow with the file's bytes, not
// with its URLs or its readings. The last group is the '*' group.
func HugeFile(size int, shape string) ([]byte, error) {
	var b strings.Builder
	b.Grow(size + 64<<10)
	rng := rand.New(rand.NewSource(int64(size)))
	switch shape {
	case ShapeMixed:
		writeMixed(&b, rng, size)
	case ShapeTiny:
		writeTiny(&b, size)
	case ShapeRules:
		b.WriteString("User-agent: *\n")
		for b.Len() < size {
			b.WriteString(rulesLine)
		}
	default:
		return nil, fmt.Errorf("unknown shape %q (known: %s)", shape, strings.Join(Shapes, ", "))
	}
	b.WriteString("User-agent: *\n")
	writeRules(&b, rng, 40)
	return []byte(b.String()), nil
}

func writeMixed(b *strings.Builder, rng *rand.Rand, size int) {
	b.WriteString("# robots.txt for www.example.com\nSitemap: https://www.example.com/sitemap.xml\n\n")
	for g := 0; b.Len() < size; g++ {
		fmt.Fprintf(b, "# crawler family %d\n", g)
		fmt.Fprintf(b, "User-agent: bot-%s\n", letters(g))
		if g%2 == 0 {
			fmt.Fprintf(b, "User-agent: %s-crawler\n", letters(g+7))
		}
		if g%4 == 0 {
			fmt.Fprintf(b, "User-agent: %s\n", Token)
		}
		writeRules(b, rng, 5+rng.Intn(36))
		switch {
		case g%500 == 0: // over Google's 16,663-byte line limit
			fmt.Fprintf(b, "Disallow: /%s/*%s$\n", strings.Repeat("long-", 4000), exts[rng.Intn(len(exts))])
		case g%500 == 250:
			fmt.Fprintf(b, "# %s\n", strings.Repeat("a long comment ", 1500))
		case g%3 == 0:
			b.WriteString("Crawl-delay: 5\n")
		}
		b.WriteString("\n")
	}
}

// tinyLines are the lines ShapeTiny cycles through, one to a dozen bytes.
var tinyLines = []string{"\n", "#\n", "User-agent:a\n", "Allow:/a\n", "Disallow:/b*\n", "\n", "Allow:/c$\n",
	"#x\n", "Disallow:/\n", "User-agent:*\n", "Allow:/*.d\n", "\n", "Disallow:/e\n", "Foo:b\n"}

func writeTiny(b *strings.Builder, size int) {
	for i := 0; b.Len() < size; i++ {
		b.WriteString(tinyLines[i%len(tinyLines)])
	}
}
