package bench

import (
	"fmt"
	"math/rand"
	"strings"
)

// SiteFile returns the file of a large site to measure `check -urls` on:
// about size bytes of groups of 5-40 rules, wildcards in a third of them,
// and three groups of every five naming Token, so that at 500 KiB Token's
// merged groups hold over 10,000 rules; with n URLs of
// that site, a few of which its rules match. RealisticFile names Token in
// one group only, where the rule index has little to do.
func SiteFile(size, n int) (body []byte, urls []string) {
	rng := rand.New(rand.NewSource(7))
	sections := make([]string, 400)
	for i := range sections {
		sections[i] = fmt.Sprintf("%s-%d", []string{"shop", "blog", "media", "account", "search", "catalog", "help", "api"}[i%8], i)
	}
	var b strings.Builder
	b.Grow(size + 4096)
	for g := 0; b.Len() < size; g++ {
		if g%5 < 3 {
			fmt.Fprintf(&b, "User-agent: %s\n", Token)
		} else {
			fmt.Fprintf(&b, "User-agent: bot-%s\n", letters(g))
		}
		for range 5 + rng.Intn(36) {
			key := "Disallow"
			if rng.Intn(4) == 0 {
				key = "Allow"
			}
			p := "/" + sections[rng.Intn(len(sections))] + "/" + letters(rng.Intn(5000)) + "/"
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
	urls = make([]string, n)
	for i := range urls {
		urls[i] = fmt.Sprintf("%s/%s/%s/item-%d.pdf", Host, sections[rng.Intn(len(sections))], letters(rng.Intn(5000)), i)
	}
	return []byte(b.String()), urls
}
