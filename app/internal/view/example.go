package view

import (
	"robots-explorer"
	"robots-explorer/matcher"
)

// An Example is a whole input: a file, a token, URLs and a reading, and
// what was observed about the file's delivery (blank: nothing).
type Example struct {
	Source   string
	Token    string
	URLs     string
	Reading  matcher.Reading
	Delivery DeliveryForm
}

// Rfc9309Example is the file of RFC 9309 §5.1 ("Simple Example"), shown on
// a first visit with URLs that exercise its rules: the * group used for a
// token no group names, an allow outweighing a disallow by length, the
// "*.gif$" pattern, and a full URL whose path is normalized.
var Rfc9309Example = Example{
	Source: rfc9309ExampleFile(),
	Token:  "Googlebot",
	URLs: `/example/page.html
/publications/report.html
/images/cat.gif
https://www.Example.com/publications/caf%c3%a9.gif#top
/about`,
	Reading: matcher.RFC9309,
}

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
