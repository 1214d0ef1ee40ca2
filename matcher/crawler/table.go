package crawler

// The pages the directory was read from. Every date is the day the page
// was read; a fact that changed on the operator's page since then is out of
// date here, and the date says so.
const read = "2026-12-01"

var (
	srcGoogleOverview = Source{"Google Search Central: Overview of Google crawlers and fetchers (user agents)",
		"https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers", read}
	srcGoogleSpecial = Source{"Google Search Central: List of Google's special-case crawlers",
		"https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", read}
	srcBing = Source{"Bing Webmaster Tools: Which crawlers does Bing use?",
		"https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0", read}
	srcOpenAI    = Source{"OpenAI: Overview of OpenAI crawlers", "https://platform.openai.com/docs/bots", read}
	srcAnthropic = Source{"Anthropic: Does Anthropic crawl data from the web, and how can site owners block the crawler?",
		"https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler", read}
	srcApple      = Source{"Apple: About Applebot", "https://support.apple.com/en-us/119829", read}
	srcPerplexity = Source{"Perplexity: Perplexity Crawlers", "https://docs.perplexity.ai/docs/resources/perplexity-crawlers", read}
	srcCommon     = Source{"Common Crawl: Frequently Asked Questions", "https://commoncrawl.org/faq", read}
	srcMeta       = Source{"Meta for Developers: Meta Web Crawlers", "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers", read}
	srcAmazon     = Source{"Amazon Developer: About Amazonbot", "https://developer.amazon.com/support/amazonbot", read}
	srcDDGBot     = Source{"DuckDuckGo Help Pages: About DuckDuckBot", "https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot", read}
	srcDDGAssist  = Source{"DuckDuckGo Help Pages: About DuckAssistBot", "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot", read}
	srcYandex     = Source{"Yandex Webmaster: How to check that a robot belongs to Yandex",
		"https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html", read}
	srcBaidu   = Source{"Baidu: Baiduspider help", "https://www.baidu.com/search/spider.html", read}
	srcAhrefs  = Source{"Ahrefs: Ahrefs Bots", "https://ahrefs.com/robot", read}
	srcSemrush = Source{"Semrush: SemrushBot", "https://www.semrush.com/bot/", read}
	srcArchive = Source{"Internet Archive: information for webmasters (the page as kept in 2015)", "https://www.archive.org/webmasters.html", read}
)

const (
	verifyGoogle = "reverse DNS of the IP ends in googlebot.com, google.com or googleusercontent.com and forward DNS " +
		"of that name returns the same IP; or the IP is in Google's googlebot.json ranges"
	verifyGoogleSpecial = "reverse DNS of the IP matches rate-limited-proxy-*.google.com; or the IP is in Google's special-crawlers.json ranges"
	verifyBing          = "reverse DNS of the IP ends in search.msn.com and forward DNS of that name returns the same IP"
	verifyOpenAI        = "the IP is in the ranges OpenAI publishes for this crawler (a JSON file linked from its page)"
	verifyAnthropic     = "the IP is in the list of addresses Anthropic's page publishes for its bots"
	verifyApple         = "reverse DNS of the IP ends in applebot.apple.com and forward DNS of that name returns the same IP; " +
		"or the IP is in Apple's published Applebot CIDR list"
	verifyDDG    = "the IP is in the list of addresses DuckDuckGo's page publishes for this crawler"
	verifyYandex = "reverse DNS of the IP ends in yandex.ru, yandex.net or yandex.com and forward DNS of that name returns the same IP"
	verifyAhrefs = "the IP is in Ahrefs' published ranges; its reverse DNS ends in ahrefs.com or ahrefs.net"
)

// directory is kept by operator, the operator's main crawler first.
var directory = []Crawler{
	// Google's common crawlers "always respect robots.txt rules for
	// automatic crawls"; the image, news and video crawlers list Googlebot
	// as a second token, which they obey where no group names them.
	{Name: "Googlebot", Tokens: []string{"Googlebot"}, Operator: "Google", Purpose: Search, Verify: verifyGoogle, Source: srcGoogleOverview},
	{Name: "Googlebot-Image", Tokens: []string{"Googlebot-Image", "Googlebot"}, Operator: "Google", Purpose: Search, Verify: verifyGoogle,
		Note: "crawls image URLs for Google Images and products that depend on images", Source: srcGoogleOverview},
	{Name: "Googlebot-News", Tokens: []string{"Googlebot-News", "Googlebot"}, Operator: "Google", Purpose: Search, Verify: verifyGoogle,
		Note: "crawls news articles with Googlebot, and respects its historic token Googlebot-News", Source: srcGoogleOverview},
	{Name: "Googlebot-Video", Tokens: []string{"Googlebot-Video", "Googlebot"}, Operator: "Google", Purpose: Search, Verify: verifyGoogle,
		Note: "crawls video URLs for Google Video and products that depend on videos", Source: srcGoogleOverview},
	{Name: "Storebot-Google", Tokens: []string{"Storebot-Google"}, Operator: "Google", Purpose: Other, Verify: verifyGoogle,
		Note: "Google Shopping: product detail, cart and checkout pages", Source: srcGoogleOverview},
	{Name: "Google-InspectionTool", Tokens: []string{"Google-InspectionTool"}, Operator: "Google", Purpose: Other, Verify: verifyGoogle,
		Note: "Search testing tools such as the Rich Result Test and URL inspection in Search Console", Source: srcGoogleOverview},
	{Name: "GoogleOther", Tokens: []string{"GoogleOther"}, Operator: "Google", Verify: verifyGoogle, Source: srcGoogleOverview},
	{Name: "Google-Extended", Tokens: []string{"Google-Extended"}, ControlOnly: true, Operator: "Google", Purpose: AITraining,
		Note: "a standalone product token with no user agent of its own: it says whether content Google crawls may be used " +
			"for training Gemini models and for grounding; it does not affect inclusion or ranking in Google Search",
		Source: srcGoogleOverview},
	// Special-case crawlers: "the global user agent (*) is ignored".
	{Name: "AdsBot-Google", Tokens: []string{"AdsBot-Google"}, IgnoresGlobal: true, Operator: "Google", Purpose: Ads,
		Verify: verifyGoogleSpecial, Note: "checks the ad quality of web pages", Source: srcGoogleSpecial},
	{Name: "AdsBot-Google-Mobile", Tokens: []string{"AdsBot-Google-Mobile"}, IgnoresGlobal: true, Operator: "Google", Purpose: Ads,
		Verify: verifyGoogleSpecial, Note: "checks the ad quality of pages for mobile devices", Source: srcGoogleSpecial},
	{Name: "Mediapartners-Google", Tokens: []string{"Mediapartners-Google"}, IgnoresGlobal: true, Operator: "Google", Purpose: Ads,
		Verify: verifyGoogleSpecial, Note: "ad-related products such as AdSense and Ad Manager", Source: srcGoogleSpecial},
	{Name: "APIs-Google", Tokens: []string{"APIs-Google"}, IgnoresGlobal: true, Operator: "Google", Purpose: Other,
		Verify: verifyGoogleSpecial, Note: "delivers push notification messages of Google APIs", Source: srcGoogleSpecial},

	{Name: "bingbot", Tokens: []string{"bingbot"}, Operator: "Microsoft", Purpose: Search, Verify: verifyBing, Source: srcBing},
	{Name: "AdIdxBot", Tokens: []string{"AdIdxBot"}, Operator: "Microsoft", Purpose: Ads, Verify: verifyBing,
		Note: "Bing Ads: crawls ads and the sites they lead to, for quality control", Source: srcBing},
	{Name: "BingPreview", Tokens: []string{"BingPreview"}, Operator: "Microsoft", Purpose: Other, Verify: verifyBing,
		Note: "generates page snapshots", Source: srcBing},

	{Name: "GPTBot", Tokens: []string{"GPTBot"}, Operator: "OpenAI", Purpose: AITraining, Verify: verifyOpenAI,
		Note: "each OpenAI token is independent of the others", Source: srcOpenAI},
	{Name: "OAI-SearchBot", Tokens: []string{"OAI-SearchBot"}, Operator: "OpenAI", Purpose: AISearch, Verify: verifyOpenAI,
		Note: "surfaces sites in ChatGPT's search features; not used for training", Source: srcOpenAI},
	{Name: "ChatGPT-User", Tokens: []string{"ChatGPT-User"}, Operator: "OpenAI", Purpose: UserFetch, Verify: verifyOpenAI,
		Note: "visits pages for user actions in ChatGPT and Custom GPTs; not used to crawl automatically", Source: srcOpenAI},

	{Name: "ClaudeBot", Tokens: []string{"ClaudeBot"}, Operator: "Anthropic", Purpose: AITraining, Verify: verifyAnthropic,
		Note: "supports Crawl-delay; an opt-out is needed on every subdomain", Source: srcAnthropic},
	{Name: "Claude-User", Tokens: []string{"Claude-User"}, Operator: "Anthropic", Purpose: UserFetch, Verify: verifyAnthropic,
		Note: "fetches pages when a user asks Claude", Source: srcAnthropic},
	{Name: "Claude-SearchBot", Tokens: []string{"Claude-SearchBot"}, Operator: "Anthropic", Purpose: AISearch, Verify: verifyAnthropic,
		Note: "indexes content to improve Claude's search results", Source: srcAnthropic},

	// "If robots instructions don't mention Applebot but do mention
	// Googlebot, the Apple robot will follow Googlebot instructions."
	{Name: "Applebot", Tokens: []string{"Applebot", "Googlebot"}, Operator: "Apple", Purpose: Search, Verify: verifyApple,
		Note: "used by products such as Siri and Spotlight Suggestions", Source: srcApple},
	{Name: "Applebot-Extended", Tokens: []string{"Applebot-Extended"}, ControlOnly: true, Operator: "Apple", Purpose: AITraining,
		Note: "does not crawl: it decides whether what Applebot crawled may train Apple's foundation models; pages that " +
			"disallow it can still appear in search results", Source: srcApple},

	{Name: "PerplexityBot", Tokens: []string{"PerplexityBot"}, Operator: "Perplexity", Source: srcPerplexity},
	{Name: "Perplexity-User", Tokens: []string{"Perplexity-User"}, Operator: "Perplexity", Source: srcPerplexity},

	{Name: "CCBot", Tokens: []string{"CCBot"}, Operator: "Common Crawl", Purpose: Archive,
		Note: "builds Common Crawl's open copy of the web for research; obeys Crawl-delay", Source: srcCommon},

	{Name: "facebookexternalhit", Tokens: []string{"facebookexternalhit"}, Operator: "Meta", Purpose: SocialPreview,
		Verify: "allow-list the IP addresses the crawler uses, which Meta calls more secure than its user agent",
		Note:   "fetches links shared on Meta's apps for their title, description and image; may bypass robots.txt for security or integrity checks",
		Source: srcMeta},
	{Name: "meta-externalagent", Tokens: []string{"meta-externalagent"}, Operator: "Meta", Source: srcMeta},

	{Name: "Amazonbot", Tokens: []string{"Amazonbot"}, Operator: "Amazon", Purpose: Other,
		Verify: "reverse DNS of the IP ends in crawl.amazonbot.amazon and forward DNS of that name returns the same IP",
		Note:   "improves Amazon's services, such as Alexa's answers; does not support Crawl-delay", Source: srcAmazon},

	{Name: "DuckDuckBot", Tokens: []string{"DuckDuckBot"}, Operator: "DuckDuckGo", Purpose: Search, Verify: verifyDDG, Source: srcDDGBot},
	{Name: "DuckAssistBot", Tokens: []string{"DuckAssistBot"}, Operator: "DuckDuckGo", Purpose: AISearch, Verify: verifyDDG,
		Note: "crawls pages in real time for DuckAssist answers, which cite their sources; not used to train AI models", Source: srcDDGAssist},

	{Name: "YandexBot", Tokens: []string{"YandexBot"}, Operator: "Yandex", Purpose: Search, Verify: verifyYandex, Source: srcYandex},
	{Name: "Baiduspider", Tokens: []string{"Baiduspider"}, Operator: "Baidu", Purpose: Search,
		Verify: "reverse DNS of the IP gives a host name ending in baidu.com or baidu.jp", Source: srcBaidu},

	{Name: "AhrefsBot", Tokens: []string{"AhrefsBot"}, Operator: "Ahrefs", Purpose: SEO, Verify: verifyAhrefs,
		Note: "powers the Ahrefs database and the Yep search engine; obeys Crawl-delay", Source: srcAhrefs},
	{Name: "AhrefsSiteAudit", Tokens: []string{"AhrefsSiteAudit"}, Operator: "Ahrefs", Purpose: SEO, Verify: verifyAhrefs,
		Note: "Ahrefs' Site Audit; a verified owner may have it disregard robots.txt on their own site", Source: srcAhrefs},
	{Name: "SemrushBot", Tokens: []string{"SemrushBot"}, Operator: "Semrush", Purpose: SEO,
		Note: "feeds Semrush's backlink index and its audit tools", Source: srcSemrush},

	{Name: "ia_archiver", Tokens: []string{"ia_archiver"}, Operator: "Internet Archive", Purpose: Archive,
		Note: "the name the Internet Archive's 2015 webmasters page gives its crawler", Source: srcArchive},
}
