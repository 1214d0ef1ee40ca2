package crawler

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"robots-explorer/matcher/useragent"

	"robots-explorer/matcher"
)

// TestDirectoryEntries holds every entry to the directory's promises: a
// source page with the date it was read, tokens that are RFC 9309 §2.2.1
// product tokens, the crawler's own token first, no duplicates.
func TestDirectoryEntries(t *testing.T) {
	if n := len(directory); n < 35 {
		t.Errorf("the directory has %d entries, want about 40", n)
	}
	names := map[string]bool{}
	for _, c := range directory {
		if names[strings.ToLower(c.Name)] {
			t.Errorf("%s: listed twice", c.Name)
		}
		names[strings.ToLower(c.Name)] = true
		if len(c.Tokens) == 0 || c.Tokens[0] != c.Name {
			t.Errorf("%s: its tokens %q must start with its own name", c.Name, c.Tokens)
		}
		seen := map[string]bool{}
		for _, tok := range c.Tokens {
			if !matcher.ValidToken(tok) {
				t.Errorf("%s: %q is not an RFC 9309 §2.2.1 product token", c.Name, tok)
			}
			if seen[strings.ToLower(tok)] {
				t.Errorf("%s: token %q twice in its chain", c.Name, tok)
			}
			seen[strings.ToLower(tok)] = true
		}
		if c.Operator == "" {
			t.Errorf("%s: no operator", c.Name)
		}
		checkSource(t, c, c.Source)
		if c.Purpose != "" && !isPurpose(string(c.Purpose)) {
			t.Errorf("%s: unknown purpose %q", c.Name, c.Purpose)
		}
		for _, u := range c.Also {
			if !isPurpose(string(u.Purpose)) || u.Purpose == c.Purpose {
				t.Errorf("%s: further use %q is unknown or its own purpose again", c.Name, u.Purpose)
			}
			checkSource(t, c, u.Source)
		}
		if c.Source.ThirdParty && c.Note == "" {
			t.Errorf("%s: rests on a third party's page, and its note does not say what that page claims", c.Name)
		}
		if c.ControlOnly && c.Verify != "" {
			t.Errorf("%s: a control token sends no requests, so there is nothing to verify", c.Name)
		}
	}
}

// operatorDomains are the domains each operator publishes its crawler
// pages on: a source on another domain is not the operator's word.
var operatorDomains = map[string][]string{
	"Google": {"google.com"}, "Microsoft": {"bing.com"}, "OpenAI": {"openai.com"}, "Anthropic": {"claude.com"},
	"Apple": {"apple.com"}, "Perplexity": {"perplexity.ai"}, "Common Crawl": {"commoncrawl.org"}, "Meta": {"facebook.com"},
	"Amazon": {"amazon.com"}, "DuckDuckGo": {"duckduckgo.com"}, "Yandex": {"yandex.com"}, "Baidu": {"baidu.com"},
	"Ahrefs": {"ahrefs.com"}, "Semrush": {"semrush.com"}, "Internet Archive": {"archive.org"}, "ByteDance": {"bytedance.com"},
}

// checkSource holds a source to its promises: a titled https page read on
// a date, on the operator's own domain unless it is marked as a third
// party's (and then on no domain of the operator's, or the mark is wrong).
func checkSource(t *testing.T, c Crawler, s Source) {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" || s.Title == "" {
		t.Errorf("%s: source %+v is not a titled https page", c.Name, s)
		return
	}
	if _, err := time.Parse(time.DateOnly, s.Read); err != nil {
		t.Errorf("%s: read date %q: %v", c.Name, s.Read, err)
	}
	domains, ok := operatorDomains[c.Operator]
	if !ok {
		t.Errorf("%s: no domain known for its operator %q", c.Name, c.Operator)
		return
	}
	own := false
	for _, d := range domains {
		own = own || u.Hostname() == d || strings.HasSuffix(u.Hostname(), "."+d)
	}
	switch {
	case own && s.ThirdParty:
		t.Errorf("%s: source %s is on %s's own domain, yet marked as a third party's", c.Name, s.URL, c.Operator)
	case !own && !s.ThirdParty:
		t.Errorf("%s: source %s is on none of %s's domains %v, and not marked as a third party's", c.Name, s.URL, c.Operator, domains)
	}
}

// TestAICrawlerEntries pins what the operators' pages say of the AI
// crawlers: the purpose that puts each on the AI preset, the further use
// CCBot's archive serves, and which entry rests on a third party's page.
func TestAICrawlerEntries(t *testing.T) {
	tests := []struct {
		name       string
		operator   string
		purpose    Purpose
		also       []Purpose
		verify     bool // the operator's page says how to verify it
		thirdParty bool
	}{
		{"PerplexityBot", "Perplexity", AISearch, nil, true, false},
		{"Perplexity-User", "Perplexity", UserFetch, nil, true, false},
		{"CCBot", "Common Crawl", Archive, []Purpose{AITraining}, false, false},
		{"meta-externalagent", "Meta", AITraining, nil, false, false},
		{"Bytespider", "ByteDance", AITraining, nil, false, true},
	}
	for _, tt := range tests {
		c, ok := Lookup(tt.name)
		if !ok {
			t.Errorf("%s: not in the directory", tt.name)
			continue
		}
		var also []Purpose
		for _, u := range c.Also {
			also = append(also, u.Purpose)
		}
		if c.Operator != tt.operator || c.Purpose != tt.purpose || !slices.Equal(also, tt.also) ||
			(c.Verify != "") != tt.verify || c.Source.ThirdParty != tt.thirdParty {
			t.Errorf("%s: %s, %s, also %v, verify %q, third-party %v; want %s, %s, also %v, verify given %v, third-party %v",
				tt.name, c.Operator, c.Purpose, also, c.Verify, c.Source.ThirdParty, tt.operator, tt.purpose, tt.also, tt.verify, tt.thirdParty)
		}
	}
}

func TestServes(t *testing.T) {
	tests := []struct {
		name string
		p    Purpose
		want bool
	}{
		{"CCBot", Archive, true},         // its own purpose
		{"CCBot", AITraining, true},      // a further use
		{"CCBot", AISearch, false},       // neither
		{"GPTBot", AITraining, true},     // no further uses
		{"Googlebot", AITraining, false}, // Google-Extended governs that, not Googlebot
	}
	for _, tt := range tests {
		c, _ := Lookup(tt.name)
		if got := c.Serves(tt.p); got != tt.want {
			t.Errorf("%s serves %s: %v, want %v", tt.name, tt.p, got, tt.want)
		}
	}
}

// TestDirectoryAgreesWithCore: where the core's token check knows a
// crawler too, both name the same operator.
func TestDirectoryAgreesWithCore(t *testing.T) {
	for _, c := range directory {
		if k, ok := useragent.KnownCrawler(c.Name); ok && k.Operator != c.Operator {
			t.Errorf("%s: the directory says %s, the core's token check %s", c.Name, c.Operator, k.Operator)
		}
	}
}

// TestDocumentedBehaviour pins the operator facts the plans rest on.
func TestDocumentedBehaviour(t *testing.T) {
	tests := []struct {
		name          string
		tokens        []string
		ignoresGlobal bool
		controlOnly   bool
	}{
		{"Googlebot-Image", []string{"Googlebot-Image", "Googlebot"}, false, false}, // Google's overview lists both tokens
		{"Googlebot-News", []string{"Googlebot-News", "Googlebot"}, false, false},
		{"Googlebot-Video", []string{"Googlebot-Video", "Googlebot"}, false, false},
		{"AdsBot-Google", []string{"AdsBot-Google"}, true, false}, // special-case crawlers ignore *
		{"Google-Extended", []string{"Google-Extended"}, false, true},
		{"Applebot", []string{"Applebot", "Googlebot"}, false, false}, // About Applebot: follows Googlebot's instructions
		{"Applebot-Extended", []string{"Applebot-Extended"}, false, true},
		{"GPTBot", []string{"GPTBot"}, false, false},
	}
	for _, tt := range tests {
		c, ok := Lookup(strings.ToUpper(tt.name))
		if !ok {
			t.Errorf("%s: not found", tt.name)
			continue
		}
		if strings.Join(c.Tokens, ",") != strings.Join(tt.tokens, ",") || c.IgnoresGlobal != tt.ignoresGlobal || c.ControlOnly != tt.controlOnly {
			t.Errorf("%s: tokens %q ignoresGlobal %v controlOnly %v, want %q %v %v", tt.name, c.Tokens, c.IgnoresGlobal, c.ControlOnly,
				tt.tokens, tt.ignoresGlobal, tt.controlOnly)
		}
	}
}

func TestSelect(t *testing.T) {
	tests := []struct {
		list    string
		want    string // names joined by ","
		wantErr string
	}{
		{"Googlebot, gptbot", "Googlebot,GPTBot", ""},
		{"GPTBot,GPTBot", "GPTBot", ""},
		{"ai-training", "Google-Extended,GPTBot,ClaudeBot,Applebot-Extended,CCBot,meta-externalagent,Bytespider", ""},
		{"AI-Search", "OAI-SearchBot,Claude-SearchBot,PerplexityBot,DuckAssistBot", ""},
		{"archive", "CCBot,ia_archiver", ""},
		{"Fishbot", "", `unknown crawler "Fishbot"`},
		{" , ", "", "no crawler named"},
	}
	for _, tt := range tests {
		got, err := Select(tt.list)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Select(%q) error %v, want %q", tt.list, err, tt.wantErr)
			}
			continue
		}
		var names []string
		for _, c := range got {
			names = append(names, c.Name)
		}
		if err != nil || strings.Join(names, ",") != tt.want {
			t.Errorf("Select(%q) = %q, %v; want %q", tt.list, names, err, tt.want)
		}
	}
	all, err := Select("all")
	if err != nil || len(all) != len(directory) {
		t.Errorf("Select(all) = %d crawlers, %v; want %d", len(all), err, len(directory))
	}
}
