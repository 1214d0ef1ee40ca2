//go:build !wasm

package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const crawlersFile = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart\n"

func TestCheckCrawlers(t *testing.T) {
	p := writeRobots(t, crawlersFile)
	tests := []commandCase{
		{"crawlers with their chains", []string{"check", "-crawlers", "Googlebot-Image,AdsBot-Google,GPTBot", p, "/cart", "/private/a"}, exitDisallowed,
			[]string{"disallowed\tGooglebot-Image\t/cart\tline 5: Disallow: /cart",
				"allowed\tAdsBot-Google\t/cart\tAllowed: no group names AdsBot-Google, and Google documents that this crawler ignores the * group, " +
					"so no rules apply (the operator's behaviour, not the parser's; https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers).",
				"allowed\tGPTBot\t/cart\tAllowed: no rule of the applying group matches /cart.",
				"allowed\tGooglebot-Image\t/private/a\tAllowed: no rule of the applying group matches /private/a.",
				"disallowed\tGPTBot\t/private/a\tline 2: Disallow: /private/"},
			"robots-explorer check: note: Googlebot-Image: No group names Googlebot-Image; Google documents"},
		{"bare tokens", []string{"check", "-tokens", "Googlebot-Image", p, "/cart"}, exitAllowed,
			[]string{"allowed\tGooglebot-Image\t/cart\tAllowed: no rule of the applying group matches /cart."}, ""},
		{"csv with a token", []string{"check", "-csv", p, "Googlebot", "/cart"}, exitDisallowed,
			[]string{"crawler,url,verdict,line,rule,token", "Googlebot,/cart,disallowed,5,Disallow: /cart,Googlebot"}, ""},
		{"csv and crawlers", []string{"check", "-csv", "-crawlers", "Applebot", p, "/cart"}, exitDisallowed,
			[]string{"crawler,url,verdict,line,rule,token", "Applebot,/cart,disallowed,5,Disallow: /cart,Googlebot"}, "Apple documents"},
		{"csv and json", []string{"check", "-csv", "-json", p, "Googlebot", "/"}, ExitUsage, nil, "-csv and -json exclude each other"},
		{"crawlers and record", []string{"check", "-record", "-crawlers", "GPTBot", p, "/"}, ExitUsage, nil, "do not combine with -record"},
		{"crawlers and compare", []string{"check", "-compare", "-crawlers", "GPTBot", p, "/"}, ExitUsage, nil, "do not combine with -record or -compare"},
		{"unknown crawler", []string{"check", "-crawlers", "Fishbot", p, "/"}, ExitUsage, nil, `unknown crawler "Fishbot"`},
		{"no URL", []string{"check", "-crawlers", "GPTBot", p}, ExitUsage, nil, "at least one URL"},
		{"unreadable URL", []string{"check", "-crawlers", "GPTBot", p, "mailto:x"}, ExitUsage,
			[]string{"error\t\tmailto:x\t\"mailto:x\" has a scheme, mailto:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)"}, "no URL could be checked"},
	}
	runCommandCases(t, tests)
}

// TestCheckCrawlersStream: a -urls file of several batches is checked on
// every core and printed in input order, with one CSV header.
func TestCheckCrawlersStream(t *testing.T) {
	p := writeRobots(t, crawlersFile)
	var urls strings.Builder
	const n = 3000
	for i := range n {
		fmt.Fprintf(&urls, "/private/%d\n", i)
	}
	code, out, errOut := runArgs(urls.String(), "check", "-csv", "-crawlers", "Googlebot,GPTBot", "-urls", "-", p)
	if code != exitDisallowed {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 1+2*n {
		t.Fatalf("%d records (%v)", len(recs), err)
	}
	for i := range n {
		g, o := recs[1+2*i], recs[2+2*i]
		if g[0] != "Googlebot" || g[1] != fmt.Sprintf("/private/%d", i) || g[2] != "allowed" || o[0] != "GPTBot" || o[2] != "disallowed" {
			t.Fatalf("rows %d: %q %q", i, g, o)
		}
	}
}

func TestCheckCrawlersJSON(t *testing.T) {
	p := writeRobots(t, crawlersFile)
	code, out, _ := runArgs("", "check", "-json", "-crawlers", "Googlebot-Image", p, "/cart")
	if code != exitDisallowed {
		t.Fatalf("exit %d", code)
	}
	var got crawlerCheckJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Crawler != "Googlebot-Image" || got.Token != "Googlebot" || got.Winner == nil || got.Winner.Line != 5 ||
		!strings.Contains(got.Chain, "obeys the Googlebot group") || got.Scope == "" {
		t.Errorf("got %+v", got)
	}
}

// TestCheckCrawlersEscapes: a URL with terminal controls reaches neither
// the text nor the CSV raw.
func TestCheckCrawlersEscapes(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nDisallow: /a\x1b[2J\n")
	for _, flag := range []string{"-csv", "-json"} {
		_, out, errOut := runArgs("", "check", flag, "-crawlers", "GPTBot", p, "/a\x1b[2J\u009b")
		if strings.ContainsAny(out+errOut, "\x1b\u009b") {
			t.Errorf("%s: raw control in %q %q", flag, out, errOut)
		}
	}
	_, out, errOut := runArgs("", "check", "-crawlers", "GPTBot", p, "/a\x1b[2J\u009b")
	if strings.ContainsAny(out+errOut, "\x1b\u009b") {
		t.Errorf("text: raw control in %q %q", out, errOut)
	}
}
