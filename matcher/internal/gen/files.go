package gen

import (
	"fmt"
	"math/rand"
	"strings"
)

// RealisticFile builds a deterministic robots.txt of about size bytes: many
// groups, wildcards, anchors, comments, sitemaps, percent-encoding.
func RealisticFile(size int) []byte {
	rng := rand.New(rand.NewSource(1))
	words := []string{"shop", "cart", "search", "api", "static", "img", "user", "admin", "tag", "page", "ツ", "%7Euser"}
	var b strings.Builder
	for g := 0; b.Len() < size; g++ {
		name := Letters(g)
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

// BigGroup is one group of n rules, a quarter of them with wildcards.
func BigGroup(n int) []byte {
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

// Letters names n in base 26 with letters only: product tokens hold no
// digits (RFC 9309 §2.2.1).
func Letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}
