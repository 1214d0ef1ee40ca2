package crawler

import (
	"net/url"
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
		if u, err := url.Parse(c.Source.URL); err != nil || u.Scheme != "https" || u.Host == "" || c.Source.Title == "" {
			t.Errorf("%s: source %+v is not a titled https page", c.Name, c.Source)
		}
		if _, err := time.Parse(time.DateOnly, c.Source.Read); err != nil {
			t.Errorf("%s: read date %q: %v", c.Name, c.Source.Read, err)
		}
		if c.Purpose != "" && !isPurpose(string(c.Purpose)) {
			t.Errorf("%s: unknown purpose %q", c.Name, c.Purpose)
		}
		if c.ControlOnly && c.Verify != "" {
			t.Errorf("%s: a control token sends no requests, so there is nothing to verify", c.Name)
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
		{"ai-training", "Google-Extended,GPTBot,ClaudeBot,Applebot-Extended", ""},
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
