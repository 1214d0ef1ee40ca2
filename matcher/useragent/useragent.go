// Package useragent reads what a person types where a product token is
// wanted: CheckToken says whether it is a token RFC 9309 §2.2.1 can match,
// finds the token inside a pasted User-Agent header, and names the known
// crawler it claims to be (KnownCrawler). It is built on the matcher's
// token rules; the matcher itself never needs it.
package useragent

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/ascii"
)

// People often paste a whole User-Agent header where a product token is
// wanted. RFC 9309 §2.2.1 matches groups against the product token (the
// crawler's name), so the header is read here for the token it carries.
// A token says who a client claims to be, never who it is.

// SourceGoogleVerify is Google's documented way to verify its crawlers.
const SourceGoogleVerify = "Google Search Central, Verifying Googlebot and other Google crawlers " +
	"(https://developers.google.com/search/docs/crawling-indexing/verifying-googlebot)"

// NotProof says what a product token does not establish, with an example.
const NotProof = "A product token is a name, not proof: any client can send any User-Agent. Whether a request " +
	"really comes from a crawler is verified by the operator's documented method, its published IP ranges or a " +
	"reverse-DNS check. For Googlebot: the reverse DNS of the requesting IP ends in googlebot.com, google.com or " +
	"googleusercontent.com, and a forward DNS lookup of that name returns the same IP."

// A Crawler is a known crawler: its product token, its operator and how the
// operator says to verify that a request is really from it.
type Crawler struct {
	Token    string `json:"token"`
	Operator string `json:"operator"`
	Verify   string `json:"verify"`
	Source   string `json:"source,omitempty"`
}

const (
	verifyGoogle = "reverse DNS of the IP ends in googlebot.com, google.com or googleusercontent.com, and forward DNS " +
		"of that name returns the same IP; or the IP is in Google's published crawler IP ranges"
	verifyBing   = "reverse DNS of the IP ends in search.msn.com, and forward DNS of that name returns the same IP"
	verifyApple  = "reverse DNS of the IP ends in applebot.apple.com, and forward DNS of that name returns the same IP"
	verifyOpenAI = "the IP is in the ranges OpenAI publishes for this crawler"
	verifyYandex = "reverse DNS of the IP ends in yandex.ru, yandex.net or yandex.com, and forward DNS of that name returns the same IP"
	verifyBaidu  = "reverse DNS of the IP ends in baidu.com or baidu.jp, and forward DNS of that name returns the same IP"
	verifyOther  = "follow the operator's documentation: published IP ranges or a reverse-DNS check"
	srcOpenAI    = "OpenAI, Overview of OpenAI crawlers (https://platform.openai.com/docs/bots)"
	srcApple     = "Apple, About Applebot (https://support.apple.com/en-us/119829)"
	srcBing      = "Bing Webmaster Tools, Verify Bingbot (https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26)"
)

// crawlers are the crawlers recognized in a User-Agent header. Tokens that
// exist only in robots.txt (Google-Extended, Applebot-Extended) are listed
// too: they name a use, not a client that sends requests.
var crawlers = []Crawler{
	{"Googlebot", "Google", verifyGoogle, SourceGoogleVerify},
	{"Googlebot-Image", "Google", verifyGoogle, SourceGoogleVerify},
	{"Googlebot-News", "Google", verifyGoogle, SourceGoogleVerify},
	{"Googlebot-Video", "Google", verifyGoogle, SourceGoogleVerify},
	{"Storebot-Google", "Google", verifyGoogle, SourceGoogleVerify},
	{"Google-InspectionTool", "Google", verifyGoogle, SourceGoogleVerify},
	{"GoogleOther", "Google", verifyGoogle, SourceGoogleVerify},
	{"AdsBot-Google", "Google", verifyGoogle, SourceGoogleVerify},
	{"AdsBot-Google-Mobile", "Google", verifyGoogle, SourceGoogleVerify},
	{"Mediapartners-Google", "Google", verifyGoogle, SourceGoogleVerify},
	{"APIs-Google", "Google", verifyGoogle, SourceGoogleVerify},
	{"Google-Extended", "Google", "a robots.txt token only: no request carries it, Google's crawlers send their own names", SourceGoogleVerify},
	{"bingbot", "Microsoft", verifyBing, srcBing},
	{"BingPreview", "Microsoft", verifyBing, srcBing},
	{"msnbot", "Microsoft", verifyBing, srcBing},
	{"AdIdxBot", "Microsoft", verifyBing, srcBing},
	{"GPTBot", "OpenAI", verifyOpenAI, srcOpenAI},
	{"OAI-SearchBot", "OpenAI", verifyOpenAI, srcOpenAI},
	{"ChatGPT-User", "OpenAI", verifyOpenAI, srcOpenAI},
	{"Applebot", "Apple", verifyApple, srcApple},
	{"Applebot-Extended", "Apple", "a robots.txt token only: no request carries it, Apple's crawler sends Applebot", srcApple},
	{"ClaudeBot", "Anthropic", verifyOther, ""},
	{"Claude-User", "Anthropic", verifyOther, ""},
	{"Claude-SearchBot", "Anthropic", verifyOther, ""},
	{"PerplexityBot", "Perplexity", verifyOther, ""},
	{"Perplexity-User", "Perplexity", verifyOther, ""},
	{"CCBot", "Common Crawl", verifyOther, ""},
	{"YandexBot", "Yandex", verifyYandex, ""},
	{"Baiduspider", "Baidu", verifyBaidu, ""},
	{"DuckDuckBot", "DuckDuckGo", verifyOther, ""},
	{"Amazonbot", "Amazon", verifyOther, ""},
	{"meta-externalagent", "Meta", verifyOther, ""},
	{"facebookexternalhit", "Meta", verifyOther, ""},
	{"Bytespider", "ByteDance", verifyOther, ""},
}

// byLength returns the crawlers longest token first, so that a header
// naming Googlebot-Image is not read as Googlebot. It is sorted on first
// use: only a pasted header needs it, and every process pays for what a
// package does when it starts. (A sync.Once and a variable rather than
// sync.OnceValue, whose closures are themselves allocated at start.)
func byLength() []Crawler {
	crawlersByLengthOnce.Do(func() {
		c := slices.Clone(crawlers)
		slices.SortStableFunc(c, func(a, b Crawler) int { return len(b.Token) - len(a.Token) })
		crawlersByLength = c
	})
	return crawlersByLength
}

var (
	crawlersByLengthOnce sync.Once
	crawlersByLength     []Crawler
)

// KnownCrawler returns the known crawler with the given product token,
// compared without case.
func KnownCrawler(token string) (Crawler, bool) {
	for _, c := range crawlers {
		if strings.EqualFold(c.Token, token) {
			return c, true
		}
	}
	return Crawler{}, false
}

// ProductTokenFromUserAgent returns the product token a User-Agent header
// most likely carries: a known crawler's name, else the name in
// "(compatible; Name/1.0)", else a product whose name says bot, crawler or
// spider, else the first product that is not a browser's.
func ProductTokenFromUserAgent(header string) (string, bool) {
	lower := strings.ToLower(header)
	for _, c := range byLength() {
		if containsWord(lower, strings.ToLower(c.Token)) {
			return c.Token, true
		}
	}
	words := uaWords(header)
	for i, w := range words {
		if strings.EqualFold(w, "compatible") && i+1 < len(words) {
			if tok, _, _ := ascii.ExtractToken(words[i+1]); matcher.ValidToken(tok) {
				return tok, true
			}
		}
	}
	var first string
	for _, w := range words {
		tok, _, _ := ascii.ExtractToken(w)
		tok = strings.TrimRight(tok, "-_") // "fishbot-3000" is fishbot
		if !matcher.ValidToken(tok) || isBrowserWord(strings.ToLower(tok)) {
			continue
		}
		l := strings.ToLower(tok)
		if strings.Contains(l, "bot") || strings.Contains(l, "crawler") || strings.Contains(l, "spider") {
			return tok, true
		}
		if first == "" && strings.Contains(w, "/") {
			first = tok
		}
	}
	return first, first != ""
}

// isBrowserWord reports whether a lower-cased product name is one browsers
// send, never a crawler's token. A switch rather than a map: the program
// builds nothing for it when it starts.
func isBrowserWord(w string) bool {
	switch w {
	case "mozilla", "applewebkit", "khtml", "like", "gecko", "chrome",
		"safari", "version", "mobile", "firefox", "edg", "compatible",
		"linux", "android", "windows", "macintosh", "intel", "mac",
		"iphone", "cpu", "build", "x", "nt", "u", "http", "https":
		return true
	}
	return false
}

// uaWords splits a header at spaces, parentheses, ';' and ','.
func uaWords(h string) []string {
	return strings.FieldsFunc(h, func(r rune) bool {
		return r == ' ' || r == '(' || r == ')' || r == ';' || r == ',' || r == '\t' || r == '+'
	})
}

// containsWord reports whether w occurs in s with no token byte on either
// side.
func containsWord(s, w string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(w)
		if (i == 0 || !ascii.IsTokenByte(s[i-1])) && (end == len(s) || !ascii.IsTokenByte(s[end])) {
			return true
		}
		from = i + 1
	}
}

// A TokenCheck is what the product-token field says of its input.
type TokenCheck struct {
	Input string `json:"input"`
	Valid bool   `json:"valid"` // Input is a product token (RFC 9309 §2.2.1)
	// Token is the token to use: Input when valid, else the likely token,
	// or "" when none could be found.
	Token string `json:"token"`
	// FromHeader says Input looked like a whole User-Agent header.
	FromHeader bool     `json:"from_header"`
	Crawler    *Crawler `json:"crawler,omitempty"` // the known crawler Token names
	Message    string   `json:"message"`
	Source     string   `json:"source"`
	NotProof   string   `json:"not_proof"`
}

// CheckToken checks a typed product token against RFC 9309 §2.2.1's
// alphabet (letters, '-' and '_'), and reads a whole User-Agent header for
// the token it likely carries. The message quotes the input as typed:
// what shows it escapes it (escape.Text), once.
func CheckToken(input string) TokenCheck {
	s := strings.TrimSpace(input)
	c := TokenCheck{Input: input, Source: "RFC 9309 §2.2.1", NotProof: NotProof}
	switch {
	case s == "":
		c.Message = "A product token is needed: the crawler's name, in letters, '-' and '_' (for example Googlebot)."
	case s == "*":
		c.Message = "'*' names the global group inside a file; a crawler's product token is its name (for example Googlebot)."
	case matcher.ValidToken(s):
		c.Valid, c.Token = true, s
		c.Message = fmt.Sprintf("\"%s\" is a valid product token.", s)
	case spelledApart(s) != "":
		// "Googlebot Image" is Googlebot-Image written with a space, not a
		// header naming Googlebot: offer the whole name.
		c.Token = spelledApart(s)
		c.Message = fmt.Sprintf("A space may not stand in a product token: only the letters A-Z and a-z, '-' and '_' may. "+
			"\"%s\" is most likely the crawler \"%s\".", s, c.Token)
	case looksLikeHeader(s):
		c.FromHeader = true
		if tok, ok := ProductTokenFromUserAgent(s); ok {
			c.Token = tok
			c.Message = fmt.Sprintf("This looks like a whole User-Agent header; groups are matched against the product token it carries, most likely \"%s\".", tok)
		} else {
			c.Message = "This looks like a whole User-Agent header, and no product token could be found in it: type the crawler's name."
		}
	default:
		c.Message = badByte(s)
		if tok, _, _ := ascii.ExtractToken(s); matcher.ValidToken(tok) {
			c.Token = tok
			c.Message += fmt.Sprintf(" A file's user-agent line \"%s\" would be read as \"%s\".", s, tok)
		}
	}
	if k, ok := KnownCrawler(c.Token); ok {
		c.Crawler = &k
		c.Message += fmt.Sprintf(" %s is %s's crawler.", k.Token, k.Operator)
	}
	return c
}

// spelledApart returns the known crawler's token that s spells with
// spaces for its '-' (or with spaces inside the name), such as
// "Googlebot Image" or "Google Other"; "" when s is not a few words of
// token bytes or names no known crawler.
func spelledApart(s string) string {
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 4 {
		return ""
	}
	for _, w := range words {
		if !matcher.ValidToken(w) {
			return ""
		}
	}
	for _, joined := range [...]string{strings.Join(words, "-"), strings.Join(words, "")} {
		if k, ok := KnownCrawler(joined); ok {
			return k.Token
		}
	}
	return ""
}

func looksLikeHeader(s string) bool {
	return strings.ContainsAny(s, "/( ;")
}

// badByte names the first byte that may not stand in a product token.
func badByte(s string) string {
	for i := 0; i < len(s); i++ {
		if !ascii.IsTokenByte(s[i]) {
			what := `"` + s[i:i+1] + `"`
			if s[i] >= '0' && s[i] <= '9' {
				what = "the digit " + what
			} else if s[i] >= 0x80 {
				what = "a non-ASCII character"
			}
			return fmt.Sprintf("%s at byte %d may not stand in a product token: only the letters A-Z and a-z, '-' and '_' may.", what, i+1)
		}
	}
	return ""
}
