package crawler

// The pages the directory was read from. Every date is the day the page
// was read; a fact that changed on the operator's page since then is out of
// date here, and the date says so.
const (
	read   = "2026-12-01"
	reread = "2026-12-07" // the pages the AI crawlers' entries were read from, or read again
)

var (
	srcGoogleOverview = Source{Title: "Google Search Central: Overview of Google crawlers and fetchers (user agents)",
		URL: "https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers", Read: read}
	srcGoogleSpecial = Source{Title: "Google Search Central: List of Google's special-case crawlers",
		URL: "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", Read: read}
	srcBing = Source{Title: "Bing Webmaster Tools: Which crawlers does Bing use?",
		URL: "https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0", Read: read}
	srcOpenAI    = Source{Title: "OpenAI: Overview of OpenAI crawlers", URL: "https://platform.openai.com/docs/bots", Read: read}
	srcAnthropic = Source{Title: "Anthropic: Does Anthropic crawl data from the web, and how can site owners block the crawler?",
		URL: "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler", Read: read}
	srcApple      = Source{Title: "Apple: About Applebot", URL: "https://support.apple.com/en-us/119829", Read: read}
	srcPerplexity = Source{Title: "Perplexity: Perplexity Crawlers", URL: "https://docs.perplexity.ai/docs/resources/perplexity-crawlers", Read: reread}
	srcCommon     = Source{Title: "Common Crawl: Frequently Asked Questions", URL: "https://commoncrawl.org/faq", Read: read}
	srcCommonUses = Source{Title: "Common Crawl blog: Balancing Discovery and Privacy: A Look Into Opt-Out Protocols",
		URL: "https://commoncrawl.org/blog/balancing-discovery-and-privacy-a-look-into-opt-out-protocols", Read: reread}
	srcMeta = Source{Title: "Meta for Developers: Meta Web Crawlers", URL: "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers", Read: reread}
	// ByteDance publishes no page on Bytespider; this community list is
	// the account there is, and the entry is marked as resting on it.
	srcBytespider = Source{Title: "ai.robots.txt: table of bot metrics (a community list, not ByteDance's)",
		URL: "https://github.com/ai-robots-txt/ai.robots.txt/blob/main/table-of-bot-metrics.md", Read: reread, ThirdParty: true}
	srcAmazon    = Source{Title: "Amazon Developer: About Amazonbot", URL: "https://developer.amazon.com/support/amazonbot", Read: read}
	srcDDGBot    = Source{Title: "DuckDuckGo Help Pages: About DuckDuckBot", URL: "https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot", Read: read}
	srcDDGAssist = Source{Title: "DuckDuckGo Help Pages: About DuckAssistBot", URL: "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot", Read: read}
	srcYandex    = Source{Title: "Yandex Webmaster: How to check that a robot belongs to Yandex",
		URL: "https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html", Read: read}
	srcBaidu   = Source{Title: "Baidu: Baiduspider help", URL: "https://www.baidu.com/search/spider.html", Read: read}
	srcAhrefs  = Source{Title: "Ahrefs: Ahrefs Bots", URL: "https://ahrefs.com/robot", Read: read}
	srcSemrush = Source{Title: "Semrush: SemrushBot", URL: "https://www.semrush.com/bot/", Read: read}
	srcArchive = Source{Title: "Internet Archive: information for webmasters (the page as kept in 2015)", URL: "https://www.archive.org/webmasters.html", Read: read}
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
	verifyPerplexity = "the IP is in the ranges Perplexity publishes for this crawler (a JSON file linked from its page)"
	verifyDDG        = "the IP is in the list of addresses DuckDuckGo's page publishes for this crawler"
	verifyYandex     = "reverse DNS of the IP ends in yandex.ru, yandex.net or yandex.com and forward DNS of that name returns the same IP"
	verifyAhrefs     = "the IP is in Ahrefs' published ranges; its reverse DNS ends in ahrefs.com or ahrefs.net"
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

	// Perplexity: each token is governed on its own, and a change to
	// robots.txt can take up to a day to reach its systems.
	{Name: "PerplexityBot", Tokens: []string{"PerplexityBot"}, Operator: "Perplexity", Purpose: AISearch, Verify: verifyPerplexity,
		Note: "surfaces and links sites in Perplexity's search results; not used to crawl content for AI foundation models; " +
			"robots.txt changes may take up to 24 hours to apply", Source: srcPerplexity},
	{Name: "Perplexity-User", Tokens: []string{"Perplexity-User"}, Operator: "Perplexity", Purpose: UserFetch, Verify: verifyPerplexity,
		Note: "visits a page when a user's question in Perplexity needs it, and links it in the answer; not a crawler, not used " +
			"for training; as the user asked for the fetch, it generally ignores robots.txt", Source: srcPerplexity},

	// Common Crawl's archive is open to everyone; its blog names machine
	// learning among the uses of the data, so CCBot also serves AI training.
	{Name: "CCBot", Tokens: []string{"CCBot"}, Operator: "Common Crawl", Purpose: Archive,
		Also: []Use{{Purpose: AITraining, Source: srcCommonUses}},
		Note: "builds Common Crawl's open copy of the web for research; obeys Crawl-delay", Source: srcCommon},

	{Name: "facebookexternalhit", Tokens: []string{"facebookexternalhit"}, Operator: "Meta", Purpose: SocialPreview,
		Verify: "allow-list the IP addresses the crawler uses, which Meta calls more secure than its user agent",
		Note:   "fetches links shared on Meta's apps for their title, description and image; may bypass robots.txt for security or integrity checks",
		Source: srcMeta},
	{Name: "meta-externalagent", Tokens: []string{"meta-externalagent"}, Operator: "Meta", Purpose: AITraining,
		Note: "crawls the web to train AI models and to improve products by indexing content directly", Source: srcMeta},

	{Name: "Bytespider", Tokens: []string{"Bytespider"}, Operator: "ByteDance", Purpose: AITraining,
		Note:   "no ByteDance page documents it; the community list gives LLM training as its use and says it does not obey robots.txt",
		Source: srcBytespider},

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
