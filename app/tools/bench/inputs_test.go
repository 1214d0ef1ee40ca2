package bench

import (
	"bytes"
	"testing"

	"github.com/jimsmart/grobotstxt"

	"robots-explorer/matcher"
)

// The generators are deterministic: the same call gives the same bytes, so
// every side and every run measure the same input.
func TestGeneratorsAreDeterministic(t *testing.T) {
	if !bytes.Equal(RealisticFile(50<<10), RealisticFile(50<<10)) {
		t.Fatal("RealisticFile differs between two calls")
	}
	a, b := URLs(100), URLs(100)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("URLs differ at %d: %q, %q", i, a[i], b[i])
		}
	}
	for _, sz := range sizes {
		if got := len(RealisticFile(sz.n)); got < sz.n || got > sz.n+4096 {
			t.Errorf("RealisticFile(%d) has %d bytes", sz.n, got)
		}
	}
}

// Every side must read the inputs for real: some URLs allowed, some
// disallowed, so that no benchmark measures a side that gave up.
func TestEverySideDecidesBothWays(t *testing.T) {
	// grobotstxt parses the whole file for each URL: few URLs on the
	// large file keep the test short.
	for _, c := range []struct{ size, urls int }{{5 << 10, 2000}, {500 << 10, 50}} {
		body, urls := RealisticFile(c.size), URLs(c.urls)
		for _, s := range Sides {
			n := s.Run(body, urls)
			if n == 0 || n == len(urls) {
				t.Errorf("%s on %d bytes: %d of %d URLs disallowed", s.Name, len(body), n, len(urls))
			}
		}
	}
}

// The google reading is robots.cc's; grobotstxt is a port of the same
// code, so on the generated inputs the two must agree URL by URL.
func TestGoogleReadingAgreesWithGrobotstxt(t *testing.T) {
	body := RealisticFile(50 << 10)
	f := matcher.Parse(matcher.Google, body, matcher.ParseOptions{})
	for _, u := range URLs(500) {
		res, err := f.Evaluate(Token, u)
		if err != nil {
			t.Fatal(err)
		}
		if want := grobotstxt.AgentAllowed(string(body), Token, u); res.Allowed != want {
			t.Errorf("%s: google reading says allowed=%v (%s), grobotstxt %v", u, res.Allowed, res.Explanation, want)
		}
	}
}

// The pathological URL is the worst case: every pattern almost matches and
// none does, so ours allows it with no match; with a final 'b' the three
// disallows match and the longest decides.
func TestPathologicalIsDecided(t *testing.T) {
	body, url := Pathological(1 << 10)
	f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
	res, err := f.Evaluate(Token, url)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Allowed || len(res.Matches) != 0 {
		t.Fatalf("%d rules match the worst-case URL: %s", len(res.Matches), res.Explanation)
	}
	if res, _ = f.Evaluate(Token, url+"b"); res.Allowed || len(res.Matches) != 3 {
		t.Fatalf("with a final b: allowed=%v, %d matches: %s", res.Allowed, len(res.Matches), res.Explanation)
	}
	for _, s := range Sides {
		if n := s.Run(body, []string{url, url + "b"}); n != 1 {
			t.Errorf("%s disallows %d of the 2 pathological URLs, want 1", s.Name, n)
		}
	}
}

// ApplyingRules holds n rules for Token, of which the URL matches five
// whatever n is; the longest match, "Disallow: /target/deep/page",
// decides (RFC 9309 §2.2.2).
func TestApplyingRulesMatchFive(t *testing.T) {
	for _, n := range []int{5, 1000, 20000} {
		body, url := ApplyingRules(n)
		f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
		res, err := f.Evaluate(Token, url)
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Count(body, []byte("\n")) - 1; got != n {
			t.Errorf("ApplyingRules(%d) has %d rules", n, got)
		}
		if len(res.Matches) != 5 || res.Allowed {
			t.Errorf("n=%d: %d rules match, allowed=%v, want 5 matching and disallowed: %s",
				n, len(res.Matches), res.Allowed, res.Explanation)
		}
	}
}

// ours counts writing every sentence of the group trace, which the
// readings write only when read: the sides must do the whole job.
func TestOursReadsTheWholeTrace(t *testing.T) {
	body := TypicalFile()
	for _, s := range Sides[:2] {
		before := traceWords
		s.Run(body, URLs(1))
		if traceWords == before {
			t.Errorf("%s wrote no trace sentence for a file with user-agent lines", s.Name)
		}
	}
}

// SiteFile has the shape the -urls benchmark is for: at 500 KiB, the
// token's merged groups hold 10,000 rules or more, and some URLs match.
func TestSiteFileHoldsTenThousandRules(t *testing.T) {
	body, urls := SiteFile(500<<10, 2000)
	f := matcher.Parse(matcher.RFC9309, body, matcher.ParseOptions{})
	disallowed := 0
	var selected []int
	for _, u := range urls {
		res, err := f.Evaluate(Token, u)
		if err != nil {
			t.Fatal(err)
		}
		selected = res.Groups.Selected
		if !res.Allowed {
			disallowed++
		}
	}
	if n := matcher.RulesIn(f, selected); n < 10000 {
		t.Errorf("%d rules apply to %s, want 10,000 or more", n, Token)
	}
	if disallowed == 0 || disallowed == len(urls) {
		t.Errorf("%d of %d URLs disallowed: the URLs should meet the rules sometimes", disallowed, len(urls))
	}
}
