package lesson

import (
	"strings"
	"sync"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// pastTheLimit is a file whose last rule starts after the first 500 KiB.
func pastTheLimit() string {
	var b strings.Builder
	const pad = "# This comment line pads the file past the 500 KiB parsing limit.\n"
	b.Grow(matcher.ParseLimit + 2*len(pad))
	b.WriteString("User-agent: *\nDisallow: /early/\n")
	for b.Len() <= matcher.ParseLimit {
		b.WriteString(pad)
	}
	b.WriteString("Disallow: /late/\n")
	return b.String()
}

// All returns the lessons, in the order they are taught. They are built on
// first use, not at start-up: one example is a file past 500 KiB, which
// every process (the check command too) would otherwise build and keep.
var All = sync.OnceValue(lessons)

func lessons() []Lesson {
	return []Lesson{
		{
			ID:      "group",
			Title:   "Finding the group for a token",
			Summary: "A crawler obeys the group whose user-agent line names its product token, compared without regard to case.",
			Body: []string{
				"Rules come in groups. A group starts with one or more User-agent lines and holds the Allow and Disallow lines that follow, up to the next User-agent line that comes after a rule.",
				"The crawler looks for a group naming its product token, such as Googlebot. The comparison ignores case, and only the token counts: in the file, a value like Googlebot/2.1 names Googlebot, because a token holds only letters, '-' and '_'.",
				"A crawler does not pick the group that best fits or the first that partly fits: Googlebot-Image does not obey a Googlebot group, and Googlebot does not obey a Googlebot-Image group.",
				"Crawler authors meet parsers that do match partly. CPython's urllib.robotparser (both its classic and its RFC 9309 form) and Scrapy's protego apply a group whose value is a substring of the crawler's name: User-agent: google binds Googlebot there, and nowhere under RFC 9309, Google's parser, crawler-commons or npm's robots-parser.",
				"A * inside a value is no wildcard either: User-agent: *bot names no crawler under RFC 9309, but protego also files the group under bot, which is a substring of every name ending in bot.",
			},
			Section: "2.2.1",
			Examples: []Example{
				{
					Caption: "Case does not matter; the token must be the same",
					State: permalink.State{
						Robots: "User-agent: googlebot\nDisallow: /private/\n\nUser-agent: Googlebot-Image\nDisallow: /\n",
						Token:  "Googlebot",
						URLs:   []string{"/private/a.html", "/photos/cat.jpg"},
					},
					Expect: []string{"disallowed", "allowed"},
				},
				{
					Caption: "A version after the token is read away",
					State: permalink.State{
						Robots: "User-agent: Googlebot/2.1\nDisallow: /drafts/\n",
						Token:  "Googlebot",
						URLs:   []string{"/drafts/post"},
					},
					Expect: []string{"disallowed"},
				},
				{
					Caption: "A part of the name binds some crawlers",
					State: permalink.State{
						Robots: "User-agent: google\nDisallow: /\n",
						Token:  "Googlebot",
						URLs:   []string{"/page"},
					},
					Expect: []string{"allowed"},
					Others: map[string][]string{"google": {"allowed"}, "crawler-commons": {"allowed"}, "robots-parser": {"allowed"},
						"python": {"disallowed"}, "python-rfc": {"disallowed"}, "protego": {"disallowed"}},
				},
				{
					Caption: "* inside a name is no wildcard, except to protego",
					State: permalink.State{
						Robots: "User-agent: *bot\nDisallow: /\n",
						Token:  "examplebot",
						URLs:   []string{"/page"},
					},
					Expect: []string{"allowed"},
					Others: map[string][]string{"google": {"allowed"}, "crawler-commons": {"allowed"}, "python": {"allowed"},
						"python-rfc": {"allowed"}, "robots-parser": {"allowed"}, "protego": {"disallowed"}},
				},
			},
		},
		{
			ID:      "merge",
			Title:   "Merging groups and the * fallback",
			Summary: "All groups naming the token are merged; only when none does, all * groups are merged and used.",
			Body: []string{
				"If several groups name the same token, their rules count as one group. The order of the groups does not matter.",
				"The * group is a fallback, not a base: a crawler with a group of its own ignores the * group entirely, even for paths its own group does not mention.",
				"A group naming the token with no rules at all still counts: it allows everything, and the crawler does not fall back to *.",
			},
			Section: "2.2.1",
			Examples: []Example{
				{
					Caption: "Two groups for one token are merged",
					State: permalink.State{
						Robots: "User-agent: examplebot\nDisallow: /a/\n\nUser-agent: *\nDisallow: /\n\nUser-agent: ExampleBot\nDisallow: /b/\n",
						Token:  "examplebot",
						URLs:   []string{"/a/1", "/b/1", "/c/1"},
					},
					Expect: []string{"disallowed", "disallowed", "allowed"},
				},
				{
					Caption: "Its own group replaces the * group",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /admin/\n\nUser-agent: examplebot\nDisallow: /tmp/\n",
						Token:  "examplebot",
						URLs:   []string{"/admin/", "/tmp/x"},
					},
					Expect: []string{"allowed", "disallowed"},
				},
				{
					Caption: "An empty group allows everything and does not fall back",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /\n\nUser-agent: examplebot\n",
						Token:  "examplebot",
						URLs:   []string{"/anything"},
					},
					Expect: []string{"allowed"},
				},
			},
		},
		{
			ID:      "longest",
			Title:   "The longest match wins, counted in octets",
			Summary: "Of all matching rules, the one whose pattern has the most octets decides; file order does not matter.",
			Body: []string{
				"Every Allow and Disallow of the group is tried against the path. Of those that match, the most specific wins, and specific means long: the number of octets in the pattern.",
				"Octets, not characters: a non-ASCII character counts as the octets of its percent-encoded UTF-8 form, and * and $ count too.",
				"The order of the lines in the file plays no part, unlike in some older parsers that take the first match.",
				"It is the pattern that is measured, not the part of the URL it matches. CPython's RFC 9309 rewrite of urllib.robotparser measures the other: Disallow: /a* matches all five characters of /abcd, more than Allow: /abc matches, so there the disallow wins.",
			},
			Section: "2.2.2",
			Examples: []Example{
				{
					Caption: "The longer allow wins wherever it is written",
					State: permalink.State{
						Robots: "User-agent: *\nAllow: /shop/public/\nDisallow: /shop/\n",
						Token:  "examplebot",
						URLs:   []string{"/shop/public/item", "/shop/cart"},
					},
					Expect: []string{"allowed", "disallowed"},
				},
				{
					Caption: "The pattern's length, not the length of the URL it matches",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /a*\nAllow: /abc\n",
						Token:  "examplebot",
						URLs:   []string{"/abcd"},
					},
					Expect: []string{"allowed"},
					Others: map[string][]string{"google": {"allowed"}, "crawler-commons": {"allowed"}, "protego": {"allowed"},
						"robots-parser": {"allowed"}, "python-rfc": {"disallowed"}},
				},
				{
					Caption: "Wildcards count as octets",
					State: permalink.State{
						Robots: "User-agent: *\nAllow: /page\nDisallow: /*.htm\n",
						Token:  "examplebot",
						URLs:   []string{"/page.htm", "/page"},
					},
					Expect: []string{"disallowed", "allowed"},
				},
			},
		},
		{
			ID:      "tie",
			Title:   "On a tie, allow wins",
			Summary: "When an allow and a disallow match with patterns of the same length, the allow wins.",
			Body: []string{
				"Two rules of equal length can both match: Allow: /folder and Disallow: /folder, say. RFC 9309 says the crawler should then use the least restrictive rule, the allow.",
				"Equal length is about the patterns, not the paths they match: Allow: /a* and Disallow: /ab are not a tie.",
			},
			Section: "2.2.2",
			Examples: []Example{
				{
					Caption: "Equal patterns: allowed",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /folder\nAllow: /folder\n",
						Token:  "examplebot",
						URLs:   []string{"/folder/page"},
					},
					Expect: []string{"allowed"},
				},
				{
					Caption: "Equal length, different patterns",
					State: permalink.State{
						Robots: "User-agent: *\nAllow: /a*\nDisallow: /ab\n",
						Token:  "examplebot",
						URLs:   []string{"/abc", "/axe"},
					},
					Expect: []string{"allowed", "allowed"},
				},
			},
		},
		{
			ID:      "wildcards",
			Title:   "* and $",
			Summary: "* stands for any run of characters, and $ at the end of a pattern means the path must end there.",
			Body: []string{
				"A pattern matches from the first octet of the path, and it matches as a prefix: Disallow: /fish also blocks /fish.html and /fishheads. A trailing * adds nothing.",
				"* matches any sequence of characters, including none. $ anchors only as the last character of a pattern; anywhere else it is an ordinary character.",
				"To name a literal * or $ in a pattern, write %2A or %24.",
			},
			Section: "2.2.3",
			Examples: []Example{
				{
					Caption: "Only .php at the very end",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /*.php$\n",
						Token:  "examplebot",
						URLs:   []string{"/index.php", "/index.php?lang=en", "/index.php5"},
					},
					Expect: []string{"disallowed", "allowed", "allowed"},
				},
				{
					Caption: "Only the home page",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /\nAllow: /$\n",
						Token:  "examplebot",
						URLs:   []string{"/", "/about"},
					},
					Expect: []string{"allowed", "disallowed"},
				},
			},
		},
		{
			ID:      "encoding",
			Title:   "Percent-encoding and reserved characters",
			Summary: "Paths and patterns are compared after normalizing their percent-encoding; an encoded reserved character stays different from the character itself.",
			Body: []string{
				"Before comparing, characters outside ASCII are written as percent-encoded UTF-8, so a rule with ツ matches a URL with %E3%83%84 and the other way round.",
				"An encoded unreserved character (a letter, a digit, - . _ ~) means the same as the character: %7E and ~ are one. Hex digits compare without case.",
				"An encoded reserved character is not the same as the raw one: %2F is not a path separator, so Disallow: /a%2Fb does not block /a/b.",
				"Parsers disagree here more than anywhere. CPython's urllib.robotparser, classic and rewritten, decodes %2F, so there Disallow: /a%2Fb blocks /a/b. Both forms of that module and the 1996 draft also read a path's %3D as =, so /p%3D1 is /p=1 to them. And protego encodes the = of a URL's path but keeps the = of a pattern, so its Disallow: /p=1 never blocks /p=1.",
			},
			Section: "2.2.2",
			Examples: []Example{
				{
					Caption: "Non-ASCII and its encoding are the same",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /café\n",
						Token:  "examplebot",
						URLs:   []string{"/caf%C3%A9", "/cafe"},
					},
					Expect: []string{"disallowed", "allowed"},
				},
				{
					Caption: "%7E is ~, but %2F is not /",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /%7Ejoe/\nDisallow: /a%2Fb\n",
						Token:  "examplebot",
						URLs:   []string{"/~joe/index.html", "/a/b", "/a%2fb"},
					},
					Expect: []string{"disallowed", "allowed", "disallowed"},
				},
				{
					Caption: "%2F and = read four ways",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /a%2Fb\nDisallow: /p=1\n",
						Token:  "examplebot",
						URLs:   []string{"https://example.com/a/b", "https://example.com/p=1", "https://example.com/p%3D1"},
					},
					Expect: []string{"allowed", "disallowed", "allowed"},
					Others: map[string][]string{
						"google":          {"allowed", "disallowed", "allowed"},
						"crawler-commons": {"allowed", "disallowed", "allowed"},
						"robots-parser":   {"allowed", "disallowed", "allowed"},
						"python":          {"disallowed", "disallowed", "disallowed"},
						"python-rfc":      {"disallowed", "disallowed", "disallowed"},
						"koster1996":      {"allowed", "disallowed", "disallowed"},
						"protego":         {"allowed", "allowed", "allowed"},
					},
				},
			},
		},
		{
			ID:      "robots-txt",
			Title:   "/robots.txt itself",
			Summary: "The /robots.txt URL is always allowed, whatever the rules say.",
			Body: []string{
				"A crawler must be able to read the rules, so RFC 9309 makes /robots.txt implicitly allowed. Disallow: / does not forbid it.",
				"Not every parser knows this: Google's open-source library and Python's robotparser report /robots.txt as disallowed under Disallow: /. In practice crawlers fetch it anyway.",
			},
			Section: "2.2.2",
			Examples: []Example{
				{
					Caption: "Disallow everything, and still read the rules",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /\n",
						Token:  "examplebot",
						URLs:   []string{"/robots.txt", "/index.html"},
					},
					Expect: []string{"allowed", "disallowed"},
				},
			},
		},
		{
			ID:      "size",
			Title:   "The 500 KiB limit",
			Summary: "A crawler must read at least the first 500 KiB of the file; rules past that point may be ignored.",
			Body: []string{
				"RFC 9309 lets a crawler stop parsing after 500 kibibytes (512,000 bytes), and Google's crawler does: it ignores everything after the first 500 KiB (Google Search Central, How Google interprets the robots.txt specification). Rules beyond that point may never be read, so a huge file can behave as if it ended early.",
				"Keep the file small, and put the important rules first. The explorer's readings apply every rule they read and mark where the 500 KiB point falls; when a rule past it decides a URL, the verdict, the rule and the decision record say that Google's crawler never reads it, and give the verdict on the first 500 KiB.",
				"The page analyses at most the first 1000 KiB of a file, so that a pasted 10 MiB file keeps the tab responsive: a notice gives the file's size and how much was analysed, and the rest is kept, not dropped (links, saved states and records carry the whole file, and robots-explorer check reads all of it).",
			},
			Section: "2.5",
			Examples: []Example{
				{
					Caption: "A rule past the 500 KiB point: the explorer applies it and says Google's crawler never reads it",
					State: permalink.State{
						Robots: pastTheLimit(),
						Token:  "examplebot",
						URLs:   []string{"/late/page", "/early/page"},
					},
					Expect: []string{"disallowed", "disallowed"},
				},
				{
					Caption: "A file within the limit",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /search\n# Long files should keep their key rules near the top.\n",
						Token:  "examplebot",
						URLs:   []string{"/search?q=robots"},
					},
					Expect: []string{"disallowed"},
				},
			},
		},
		{
			ID:      "status",
			Title:   "What HTTP status codes mean for the file",
			Summary: "How robots.txt was delivered changes everything: a 404 allows all, a 5xx disallows all.",
			Body: []string{
				"The rules apply when the file was fetched with a 2xx status. Redirects should be followed for at least five hops.",
				"A 4xx status (such as 404) means there is no file: the crawler may crawl everything.",
				"A 5xx status or a network failure means the crawler must assume complete disallow, until the file can be read again; after a long outage (30 days) it may use a cached copy or treat the file as missing.",
				"A verdict for a pasted file is therefore a local rule decision: it holds only if the server really delivers that file with a 2xx status.",
			},
			Section: "2.3.1",
			Examples: []Example{
				{
					Caption: "The rules as delivered with 200 OK",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /checkout/\n",
						Token:  "examplebot",
						URLs:   []string{"/checkout/step1", "/products"},
					},
					Expect: []string{"disallowed", "allowed"},
				},
			},
		},
		{
			ID:      "not",
			Title:   "What robots.txt is not",
			Summary: "robots.txt asks well-behaved crawlers not to fetch URLs; it is neither access control nor a way to keep pages out of search.",
			Body: []string{
				"The file is public, and anyone can read it: listing /admin/ or /secret-report.pdf there points straight at them. Protect private areas with authentication.",
				"A disallowed URL can still appear in search results when other pages link to it, without its content. To keep a page out of search, let it be crawled and use a noindex meta tag or an X-Robots-Tag header. Noindex lines in robots.txt are not part of the standard, and Google stopped reading them in 2019.",
			},
			Section: "3",
			Examples: []Example{
				{
					Caption: "Disallowed, but still public",
					State: permalink.State{
						Robots: "User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\n",
						Token:  "examplebot",
						URLs:   []string{"/admin/login", "/drafts/post"},
					},
					Expect: []string{"disallowed", "allowed"},
				},
			},
		},
	}
}
