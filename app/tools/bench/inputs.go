// Package bench compares the matcher with the Go robots.txt libraries people
// use instead, on inputs that every side reads alike. It is a module of its
// own so that the main module never requires the libraries it is compared
// with.
//
// Every input comes from a deterministic generator (a fixed seed), so a run
// on any machine measures the same bytes.
package bench

import (
	"fmt"
	"math/rand"
	"strings"
)

// Token is the product token every side evaluates for. The realistic file
// names it in one group among many, as large sites do.
const Token = "Googlebot"

// Host is the host of every generated URL.
const Host = "https://www.example.com"

var (
	dirs  = []string{"shop", "cart", "search", "api", "static", "img", "user", "admin", "tag", "page", "checkout", "blog", "de", "fr"}
	exts  = []string{".php", ".pdf", ".json", ".html", ".js"}
	names = []string{"index", "item", "list", "detail", "print", "export", "feed"}
)

// RealisticFile returns a robots.txt of at least size bytes (cut at a line
// end): many groups of two or three user-agent lines, each with rules where
// a third carry wildcards or a final '$', plus comments, Crawl-delay and
// Sitemap lines; one group names Token and the last is the '*' group. It is
// the shape of the large files of shops and publishers.
func RealisticFile(size int) []byte {
	rng := rand.New(rand.NewSource(int64(size)))
	var b strings.Builder
	b.Grow(size + 4096)
	b.WriteString("# robots.txt for www.example.com\nSitemap: https://www.example.com/sitemap.xml\n\n")
	named := false
	for g := 0; b.Len() < size; g++ {
		fmt.Fprintf(&b, "# crawler family %d\n", g)
		fmt.Fprintf(&b, "User-agent: bot-%s\nUser-agent: %s-crawler\n", letters(g), letters(g+7))
		if !named && b.Len() > size/2 {
			fmt.Fprintf(&b, "User-agent: %s\n", Token)
			named = true
		}
		writeRules(&b, rng, 8+rng.Intn(24))
		if g%3 == 0 {
			b.WriteString("Crawl-delay: 5\n")
		}
		b.WriteString("\n")
	}
	if !named {
		fmt.Fprintf(&b, "User-agent: %s\n", Token)
		writeRules(&b, rng, 12)
		b.WriteString("\n")
	}
	b.WriteString("User-agent: *\n")
	writeRules(&b, rng, 40)
	return []byte(b.String())
}

// TypicalFile is a file of about 5 KiB: a handful of groups, as most sites
// have.
func TypicalFile() []byte { return RealisticFile(5 << 10) }

func writeRules(b *strings.Builder, rng *rand.Rand, n int) {
	for r := 0; r < n; r++ {
		key := "Disallow"
		if rng.Intn(3) == 0 {
			key = "Allow"
		}
		d1, d2 := dirs[rng.Intn(len(dirs))], dirs[rng.Intn(len(dirs))]
		switch rng.Intn(6) {
		case 0:
			fmt.Fprintf(b, "%s: /%s/*%s$\n", key, d1, exts[rng.Intn(len(exts))])
		case 1:
			fmt.Fprintf(b, "%s: /*/%s/*?sort=\n", key, d1)
		case 2:
			fmt.Fprintf(b, "%s: /%s/%s/\n", key, d1, d2)
		case 3:
			fmt.Fprintf(b, "%s: /%s/%s-%d.html # old\n", key, d1, names[rng.Intn(len(names))], rng.Intn(1000))
		default:
			fmt.Fprintf(b, "%s: /%s/%s\n", key, d1, d2)
		}
	}
}

// URLs returns n full URLs on Host whose paths meet the generated rules:
// some match none, some one, some several.
func URLs(n int) []string {
	rng := rand.New(rand.NewSource(int64(n)))
	out := make([]string, n)
	for i := range out {
		var p strings.Builder
		p.WriteString(Host)
		for d := 0; d < 1+rng.Intn(3); d++ {
			p.WriteString("/" + dirs[rng.Intn(len(dirs))])
		}
		p.WriteString("/" + names[rng.Intn(len(names))])
		if rng.Intn(2) == 0 {
			fmt.Fprintf(&p, "-%d", rng.Intn(1000))
		}
		p.WriteString(exts[rng.Intn(len(exts))])
		if rng.Intn(4) == 0 {
			fmt.Fprintf(&p, "?sort=%d&page=%d", rng.Intn(5), rng.Intn(50))
		}
		out[i] = p.String()
	}
	return out
}

// PathOf returns the path and query of a generated URL, for the libraries
// that take a path.
func PathOf(u string) string { return strings.TrimPrefix(u, Host) }

// Pathological is a file whose patterns make a backtracking matcher take
// time exponential or quadratic in their length, with the URL that meets
// them: the classic /*a*a*a…b against a long run of a's, a pattern of n
// stars, and long literal prefixes that almost match.
func Pathological(n int) (file []byte, url string) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	b.WriteString("Disallow: /*a*a*a*a*a*a*a*a*a*a*b\n")
	b.WriteString("Disallow: /" + strings.Repeat("*", n) + "b$\n")
	b.WriteString("Disallow: /" + strings.Repeat("a*", n/2) + "b\n")
	b.WriteString("Allow: /" + strings.Repeat("a", n-1) + "b\n")
	return []byte(b.String()), Host + "/" + strings.Repeat("a", n)
}

// ApplyingRules is one group for Token of n rules (n >= 5) and a URL that
// exactly five of them match: the other n-5 are filler that never matches
// it, a quarter of them starting with a wildcard (which no index by literal
// prefix can set aside), the rest literal paths, some allows. It measures
// how one URL's time grows with the applying rules when the matches stay
// the same.
func ApplyingRules(n int) (file []byte, url string) {
	var b strings.Builder
	b.WriteString("User-agent: " + Token + "\n")
	for i := 0; i < n-5; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /*/section-%d/*.pdf$\n", i)
		case 1:
			fmt.Fprintf(&b, "Allow: /section-%d/public/\n", i)
		default:
			fmt.Fprintf(&b, "Disallow: /section-%d/\n", i)
		}
	}
	// The five that match /target/deep/page.pdf.
	b.WriteString("Disallow: /\nAllow: /target/\nDisallow: /target/*.pdf$\nAllow: /*/deep/\nDisallow: /target/deep/page\n")
	return []byte(b.String()), Host + "/target/deep/page.pdf"
}

// letters names n with lower-case letters only: product tokens hold no
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
