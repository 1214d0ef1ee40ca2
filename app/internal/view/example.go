package view

import (
	"sync"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/register"
)

// ReadingOf is the reading an input names: RFC 9309 when it names none.
// Inputs from links are checked by Open; one that names a reading the
// matcher does not know is evaluated as written, and says so.
func ReadingOf(in permalink.State) matcher.Reading {
	if in.Reading == "" {
		return matcher.RFC9309
	}
	return matcher.Reading(in.Reading)
}

// URLLines reads the URL field's lines (or the redirect field's): one URL
// a line, surrounding white space and blank lines ignored.
func URLLines(lines []string) []string {
	var out []string
	for _, line := range lines {
		out = append(out, splitURLs(line)...)
	}
	return out
}

// RFC9309Example is the file of RFC 9309 §5.1 ("Simple Example"), shown on
// a first visit with URLs that exercise its rules: the * group used for a
// token no group names, an allow outweighing a disallow by length, the
// "*.gif$" pattern, and a full URL whose path is normalized. It is made on
// first use, not at start-up: every check process links this package, and
// only the page shows the example.
var RFC9309Example = sync.OnceValue(func() permalink.State {
	return permalink.State{
		Robots: rfc9309ExampleFile(),
		Token:  "Googlebot",
		URLs: []string{
			"/example/page.html",
			"/publications/report.html",
			"/images/cat.gif",
			"https://www.Example.com/publications/caf%c3%a9.gif#top",
			"/about",
		},
	}
})

// CommonTokens are offered in the product-token field; anything else may be
// typed. They are the tokens crawlers document for robots.txt.
var CommonTokens = []string{
	"Googlebot", "Googlebot-Image", "Googlebot-News", "Googlebot-Video", "Google-Extended",
	"Storebot-Google", "AdsBot-Google", "Mediapartners-Google",
	"Bingbot", "MSNBot", "Slurp", "DuckDuckBot", "Baiduspider", "YandexBot", "Applebot",
	"Applebot-Extended", "GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "CCBot",
	"PerplexityBot", "Bytespider", "facebookexternalhit", "Twitterbot", "LinkedInBot", "ia_archiver",
}

// rfc9309ExampleFile is the register's copy of RFC 9309 §5.1's file, the
// one the register checks every reading against. The register is embedded,
// so a missing case is a broken build, which panics in every test.
func rfc9309ExampleFile() string {
	c, err := register.Lookup(register.RFC9309Example)
	if err != nil {
		panic(err)
	}
	return string(c.Robots)
}
