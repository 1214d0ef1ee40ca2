package useragent

import (
	"strings"
	"testing"
)

// TestProductTokenFromUserAgent reads the User-Agent headers the operators
// document for their crawlers (Google's crawler overview, Bing, OpenAI,
// Apple) for the product token RFC 9309 §2.2.1 matches groups against.
func TestProductTokenFromUserAgent(t *testing.T) {
	tests := []struct{ header, token string }{
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot"},
		{"Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"Googlebot-Image/1.0", "Googlebot-Image"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", "bingbot"},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot", "GPTBot"},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)", "Applebot"},
		// Not in our table: the compatible product, then a bot-like name.
		{"Mozilla/5.0 (compatible; ExampleCrawler/1.0; +https://example.com/bot)", "ExampleCrawler"},
		{"fishbot-3000/1.2 libcurl/8.0", "fishbot"},
		{"Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0", ""},
	}
	for _, tt := range tests {
		got, ok := ProductTokenFromUserAgent(tt.header)
		if got != tt.token || ok != (tt.token != "") {
			t.Errorf("%s\n  got %q %v, want %q", tt.header, got, ok, tt.token)
		}
	}
}

// TestCheckToken checks the token field against RFC 9309 §2.2.1's alphabet:
// product-token = identifier / "*"; identifier = 1*(%x2D / %x41-5A / %x5F / %x61-7A).
func TestCheckToken(t *testing.T) {
	tests := []struct {
		input      string
		valid      bool
		token      string
		fromHeader bool
		message    string
		operator   string
	}{
		{"Googlebot", true, "Googlebot", false, "valid product token", "Google"},
		{"  my_bot-x ", true, "my_bot-x", false, "valid", ""},
		{"", false, "", false, "is needed", ""},
		{"*", false, "", false, "global group", ""},
		{"Googlebot/2.1", false, "Googlebot", true, "whole User-Agent header", "Google"},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", false, "Googlebot", true, `most likely "Googlebot"`, "Google"},
		{"Googlebot2", false, "Googlebot", false, "the digit \"2\" at byte 10", "Google"},
		{"Bücherbot", false, "B", false, "non-ASCII character at byte 2", ""},
		{"é", false, "", false, "non-ASCII character at byte 1", ""},
		// A known crawler's name with a space for its '-' (RFC 9309
		// §2.2.1 allows no space) is that crawler, not the shorter token
		// it starts with.
		{"Googlebot Image", false, "Googlebot-Image", false, `most likely the crawler "Googlebot-Image"`, "Google"},
		{"Google Extended", false, "Google-Extended", false, "A space may not stand", "Google"},
	}
	for _, tt := range tests {
		c := CheckToken(tt.input)
		if c.Valid != tt.valid || c.Token != tt.token || c.FromHeader != tt.fromHeader || !strings.Contains(c.Message, tt.message) {
			t.Errorf("%q: got valid=%v token=%q header=%v %q", tt.input, c.Valid, c.Token, c.FromHeader, c.Message)
		}
		op := ""
		if c.Crawler != nil {
			op = c.Crawler.Operator
		}
		if op != tt.operator {
			t.Errorf("%q: operator %q, want %q", tt.input, op, tt.operator)
		}
		if c.Source != "RFC 9309 §2.2.1" || c.NotProof == "" {
			t.Errorf("%q: every check cites §2.2.1 and says a token is no proof", tt.input)
		}
	}
}

// TestNotProof: the statement names the verification method with an example
// (Google Search Central, Verifying Googlebot).
func TestNotProof(t *testing.T) {
	for _, want := range []string{"not proof", "reverse", "googlebot.com", "google.com", "forward DNS", "same IP"} {
		if !strings.Contains(NotProof, want) {
			t.Errorf("NotProof lacks %q", want)
		}
	}
	c, ok := KnownCrawler("GOOGLEBOT")
	if !ok || !strings.Contains(c.Verify, "googlebot.com") || !strings.Contains(c.Source, "verifying-googlebot") {
		t.Errorf("%+v", c)
	}
}
