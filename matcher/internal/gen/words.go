package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// pathWords are the vocabulary of WordSite: few enough that its rules
// repeat and nest, and that each URL starts with many of them.
var pathWords = []string{"shop", "blog", "img", "api", "cat", "tag", "p", "q", "user", "cart",
	"docs", "old", "new", "tmp", "js", "css", "en", "de", "faq", "help"}

// wildEnds are the endings of WordSite's rules that start with "/*".
var wildEnds = []string{".php", ".pdf", "?sort=", "&sessionid="}

// WordSite builds a file of groups of 5-40 rules over a vocabulary of
// twenty path words, a quarter of the groups naming Googlebot, a fifth of
// the rules ending in '*' and a tenth starting with "/*" and ending in
// .php, .pdf (half of those anchored with '$'), ?sort= or &sessionid=; and
// n URLs of the same words, so that each URL matches hundreds of the
// rules Googlebot's groups merge. With agents, one group in four names
// them in turn instead of a made-up bot: a file in which several
// crawlers, and the * group if agents holds it, have rules of their own.
func WordSite(groups, n int, agents ...string) (src []byte, urls []string) {
	rng := rand.New(rand.NewPCG(11, 12))
	words := func(most int) string {
		var b strings.Builder
		for range 1 + rng.IntN(most) {
			b.WriteString("/" + Pick(rng, pathWords))
		}
		return b.String()
	}
	var b strings.Builder
	for g := range groups {
		switch {
		case g%4 == 0:
			b.WriteString("User-agent: Googlebot\n")
		case g%4 == 1 && len(agents) > 0:
			fmt.Fprintf(&b, "User-agent: %s\n", agents[g/4%len(agents)])
		default:
			fmt.Fprintf(&b, "User-agent: bot-%s\n", Letters(g))
		}
		for range 5 + rng.IntN(36) {
			key := "Disallow"
			if rng.IntN(3) == 0 {
				key = "Allow"
			}
			p := words(3)
			switch k := rng.IntN(10); {
			case k < 2:
				p += "*"
			case k == 2:
				p = "/*" + Pick(rng, pathWords)[:rng.IntN(2)] + Pick(rng, wildEnds)
				if strings.HasPrefix(p[len(p)-4:], ".p") && rng.IntN(2) == 0 {
					p += "$"
				}
			case k == 3:
				p += "/"
			}
			fmt.Fprintf(&b, "%s: %s\n", key, p)
		}
		b.WriteString("\n")
	}
	for range n {
		u := words(5)
		switch rng.IntN(4) {
		case 0:
			u += "/x" + Pick(rng, wildEnds[:2])
		case 1:
			u += "?sort=date&sessionid=7"
		}
		urls = append(urls, u)
	}
	return []byte(b.String()), urls
}

// Matching is a file in which the URL "/shop/cart/item.php?sort=1"
// matches n of its rules, of every shape the Decider keeps (prefixes,
// trailing stars, whole paths, wildcards, repeated in merged groups),
// among 2,000 rules of the same shapes that do not match: the cost of a decision by the
// number of matching rules.
func Matching(n int) []byte {
	matching := []string{"/shop", "/shop/", "/shop/cart", "/shop/cart*", "/shop/c", "/*.php", "/*?sort=", "/*item", "/shop/*.php", "/shop/cart/item.php?sort=1$"}
	var b strings.Builder
	for i := 0; i < n || i < 2000; i++ {
		if i%20 == 0 {
			b.WriteString("\nUser-agent: Googlebot\n")
		}
		key := []string{"Disallow", "Allow"}[i%2]
		if i < n {
			fmt.Fprintf(&b, "%s: %s\n", key, matching[i%len(matching)])
		}
		switch {
		case i >= 2000:
		case i%4 == 0:
			fmt.Fprintf(&b, "%s: /*%s%s\n", key, Letters(i), wildEnds[i/4%4])
		default:
			fmt.Fprintf(&b, "%s: /%s/%s\n", key, pathWords[1+i%19], Letters(i))
		}
	}
	return []byte(b.String())
}
