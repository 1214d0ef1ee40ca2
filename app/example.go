package main

import "robots-explorer/matcher"

// An example is a whole input: a file, a token, URLs and a reading, and
// what was observed about the file's delivery (blank: nothing).
type example struct {
	Source   string
	Token    string
	URLs     string
	Reading  matcher.Reading
	Delivery deliveryForm
}

// rfc9309Example is the file of RFC 9309 §5.1 ("Simple Example"), shown on
// a first visit with URLs that exercise its rules: the * group used for a
// token no group names, an allow outweighing a disallow by length, the
// "*.gif$" pattern, and a full URL whose path is normalized.
var rfc9309Example = example{
	Source: `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot
`,
	Token: "Googlebot",
	URLs: `/example/page.html
/publications/report.html
/images/cat.gif
https://www.Example.com/publications/caf%c3%a9.gif#top
/about`,
	Reading: matcher.RFC9309,
}

// commonTokens are offered in the product-token field; anything else may be
// typed. They are the tokens crawlers document for robots.txt.
var commonTokens = []string{
	"Googlebot", "Googlebot-Image", "Googlebot-News", "Googlebot-Video", "Google-Extended",
	"Storebot-Google", "AdsBot-Google", "Mediapartners-Google",
	"Bingbot", "MSNBot", "Slurp", "DuckDuckBot", "Baiduspider", "YandexBot", "Applebot",
	"Applebot-Extended", "GPTBot", "ChatGPT-User", "OAI-SearchBot", "ClaudeBot", "CCBot",
	"PerplexityBot", "Bytespider", "facebookexternalhit", "Twitterbot", "LinkedInBot", "ia_archiver",
}
