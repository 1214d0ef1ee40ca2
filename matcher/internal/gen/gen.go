// Package gen generates robots.txt files, user-agent tokens and URLs at
// random, seeded, for the tests that hold a reading against the program it
// mirrors (python3, robots-parser) and for the comparison's property tests.
package gen

import (
	"math/rand/v2"
	"strings"
)

var (
	pyKeys = []string{"User-agent", "user-agent", "USER-AGENT", "User-Agent ", " user-agent", "useragent", "User agent",
		"Allow", "allow", "ALLOW", "Disallow", "disallow", "DISALLOW", "Disalow", "Crawl-delay", "Request-rate",
		"Sitemap", "Host", "", "\u00a0Disallow", "\x1fAllow"}
	pyAgents = []string{"*", "Googlebot", "googlebot", "Googlebot/2.1", "Google", "bot", "Bingbot", "*bot", "* ", "",
		"Bücher", "ÜBER", "googlebot-news", "%2A", "Goo%67le", "ΣΑΣ", "İbot", "a/b", "Google bot", "%E2%82", "ς"}
	pyPaths = []string{"/", "/a", "/a/b", "/fish", "/fish*", "/*.php$", "/$", "*", "/%7Efoo", "/~foo", "/a%2Fb", "/a%2fb",
		"/%", "/%zz", "/%E2%82", "/é", "/%C3%A9", "/a b", "//x", "http://example.com/x", "HTTP://x/y", "/a?b", "/a?",
		"/a;", "/a;b", "/a%23b", "/[x", "//[::1]/a", "//[1.2.3.4]/", "//[v1.x]/", "//[zz]/", "//[fe80::1%25eth0]/",
		"http:/x", "mailto:x", "/a%09b", "%20/x", "/tmp/", "/tmp", "", "/a%00", "/a%3cd.html", "/robots.txt",
		"/%E2%82%AC", "/€", "foo:bar", "/x:y", "//ex℀mple/", "/a%3Fb", "?q", "//"}
	pyNumbers = []string{"5", "x", "²", "%1C5", "5%20", "١٢", "", "1/5", "1/x", "²/5", "%1F1/2", " 7 "}
	Breaks    = []string{"\n", "\r\n", "\r"}
	pyOdd     = []string{"\v", "\f", "\x1c", "\x1d", "\x1e", "\u0085", "\u2028", "\u2029", "\x1f", "\r\r", "\n\n"}
	Junk      = []string{"\xff", "\xe2\x82", "\xc3", "\xed\xa0\x80", "\xf0\x80\x80", "\xef\xbb"}
	Tokens    = []string{"Googlebot", "googlebot/2.1", "Googlebot-News", "Bingbot", "*", "", "Bücher", "über", "bot",
		"google", "ΣΑΣ", "İbot", "x/y/z", "Mozilla/5.0", "GOOGLE BOT", "ς"}
	pyURLs = []string{"", "/", "/robots.txt", "/fish.php", "/a/b?x=1", "/a#frag", "/a%23frag", "http://example.com/a/b",
		"https://Example.com", "https://ex.com?x", "//x/y", "/%7Efoo/bar", "/~foo/bar", "/a%2Fb", "/é", "/%C3%A9",
		"/%E2%82", "http://[::1]/a", "http://[1.2.3.4]/a", "http://[zz/", "http://ex℀mple.com/", "*", "/a;b", "/a;",
		"/a?", "?q", "/a%09b", " /a", "foo:bar/x", "/tmp", "/tmp.html", "/tmp/a.html", "/a%3cd.html", "/fish*",
		"/*.php$", "/x:y", "/a b", "/%", "/€/x", "http://[v1.x]/", "/a%00"}
	pySuffixes = []string{"", "", "", "/b", "?x=1", "#f", ".html", "/", "%2F", ";p", "?", "#", "/é"}
)

func Pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// PyLine writes one random line (without its break).
func PyLine(r *rand.Rand) string {
	switch n := r.IntN(20); {
	case n == 0:
		return ""
	case n == 1:
		return Pick(r, []string{" ", "\t", "\u00a0", "  "})
	case n == 2:
		return "# " + Pick(r, pyPaths)
	case n == 3:
		return Pick(r, []string{"Disallow /a", "no colon here", ":", ": /x"})
	}
	key := Pick(r, pyKeys)
	sep := Pick(r, []string{": ", ":", " : ", ":\t", ": "})
	var value string
	switch k := strings.ToLower(strings.TrimSpace(key)); {
	case strings.Contains(k, "agent"):
		value = Pick(r, pyAgents)
	case strings.Contains(k, "delay"), strings.Contains(k, "rate"):
		value = Pick(r, pyNumbers)
	default:
		value = Pick(r, pyPaths)
		if r.IntN(3) == 0 {
			value += Pick(r, pySuffixes)
		}
	}
	line := key + sep + value
	if r.IntN(8) == 0 {
		line += Pick(r, []string{" # comment", "#x", " \t"})
	}
	return line
}

// PyBody writes a random file: a few records of user-agent and rule
// lines, with the noise of real files mixed in.
func PyBody(r *rand.Rand) []byte {
	var b strings.Builder
	if r.IntN(30) == 0 {
		b.WriteString("\ufeff")
	}
	brk := Pick(r, Breaks)
	for range 1 + r.IntN(4) {
		for range 1 + r.IntN(3) {
			b.WriteString(Pick(r, []string{"User-agent: ", "user-agent:", "USER-AGENT : "}) + Pick(r, pyAgents) + brk)
		}
		for range r.IntN(6) {
			if r.IntN(2) == 0 {
				b.WriteString(PyRule(r))
			} else {
				b.WriteString(PyLine(r))
			}
			switch n := r.IntN(25); {
			case n == 0:
				b.WriteString(Pick(r, pyOdd))
			case n == 1:
				b.WriteString(Pick(r, Junk) + brk)
			case n == 2:
				b.WriteString(Pick(r, Breaks))
			default:
				b.WriteString(brk)
			}
		}
		if r.IntN(2) == 0 {
			b.WriteString(brk)
		}
	}
	body := b.String()
	if r.IntN(4) == 0 {
		body = strings.TrimRight(body, "\r\n")
	}
	return []byte(body)
}

// PyRule writes a well-formed rule with a short path, so that many
// questions end in a disallow.
func PyRule(r *rand.Rand) string {
	key := Pick(r, []string{"Disallow: ", "Disallow: ", "Allow: ", "disallow:"})
	return key + Pick(r, []string{"/", "/a", "/t", "/tmp", "/%7E", "/~", "/é", "/fish", "/a%2F", ""})
}

func PyURL(r *rand.Rand) string {
	u := Pick(r, pyURLs)
	if r.IntN(2) == 0 {
		u += Pick(r, pySuffixes)
	}
	return u
}
