package matcher

import (
	"robots-explorer/matcher/internal/suite"
	"testing"
)

// conformanceVerdict evaluates a case under reading r: true when allowed.
func conformanceVerdict(r Reading, c suite.ConformanceCase) (bool, error) {
	res, err := Parse(r, c.Body, ParseOptions{}).Evaluate(c.UserAgent, c.URL)
	if err != nil {
		return false, err
	}
	return res.Allowed, nil
}

// TestConformanceGoogle runs Google's conformance suite under the google
// reading: every case must give google/robotstxt's verdict.
func TestConformanceGoogle(t *testing.T) {
	cases := suite.Conformance(t)
	passed := 0
	for _, c := range cases {
		ok := t.Run(c.Name(), func(t *testing.T) {
			allowed, err := conformanceVerdict(Google, c)
			if err != nil {
				t.Fatalf("Evaluate(%q, %q): %v", c.UserAgent, c.URL, err)
			}
			if got := verdictWord(allowed); got != c.Expected {
				res, _ := Parse(Google, c.Body, ParseOptions{}).Evaluate(c.UserAgent, c.URL)
				t.Errorf("%s case (agent %q, url %q): got %s, want %s\nrobots.txt:\n%s\nexplanation: %s",
					c.Type, c.UserAgent, c.URL, got, c.Expected, c.Body, res.Explanation)
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("google reading: %d of %d conformance cases pass", passed, len(cases))
}

// rfc9309Departures are the conformance cases where the rfc9309 reading
// gives another verdict than google/robotstxt, each with the reason: it
// reads RFC 9309 as written where Google's parser departs from it.
var rfc9309Departures = map[string]string{
	"correctness/accepted-mistakes.textproto/2": "RFC 9309 §2.2: a line needs its colon; Google accepts \"disallow /\" without one",
	"correctness/index-page.textproto/0":        "Google's own index.html rule (an Allow of /dir/index.html allows /dir/); RFC 9309 has none",
	"correctness/non-ascii-paths.textproto/2":   "RFC 9309 §2.2.2: the URL is percent-encoded like the pattern, so the Allow of /foo/bar/ツ matches; Google takes the URL as given",
	"correctness/non-ascii-paths.textproto/4":   "RFC 9309 §2.2.2: the URL's ツ is encoded as %E3%83%84 and the Allow matches; Google takes the URL as given",
	"correctness/non-ascii-paths.textproto/5":   "RFC 3986 §2.3 as RFC 9309 §2.2.2 asks: %62%61%7A is unreserved and decodes to baz, so the Allow matches",
	"stress/327748.textproto/5":                 "RFC 9309 §2.2.2: /robots.txt is always allowed",
	"stress/369883.textproto/5":                 "RFC 9309 §2.2.2: /robots.txt is always allowed",
	"stress/369883.textproto/9":                 "RFC 9309 §2.2.2: /robots.txt is always allowed",
	"stress/860237.textproto/9":                 "RFC 9309 §2.2.2: /robots.txt is always allowed",
}

// TestConformanceRFC9309Agreement checks that the rfc9309 reading departs
// from Google's suite on exactly the cases of rfc9309Departures: a new
// departure, or one that went away, fails until it is listed with its reason
// or taken off the list.
func TestConformanceRFC9309Agreement(t *testing.T) {
	cases := suite.Conformance(t)
	departed := map[string]bool{}
	for _, c := range cases {
		allowed, err := conformanceVerdict(RFC9309, c)
		if err != nil {
			t.Errorf("%s: rfc9309 cannot read the URL %q: %v", c.Name(), c.URL, err)
			continue
		}
		if verdictWord(allowed) == c.Expected {
			continue
		}
		departed[c.Name()] = true
		if _, listed := rfc9309Departures[c.Name()]; !listed {
			t.Errorf("%s (%s): rfc9309 says %s, the suite %s (agent %q, url %q), and rfc9309Departures does not say why\nrobots.txt:\n%s",
				c.Name(), c.Type, verdictWord(allowed), c.Expected, c.UserAgent, c.URL, c.Body)
		}
	}
	for name, reason := range rfc9309Departures {
		if !departed[name] {
			t.Errorf("%s: listed as a departure (%s), but rfc9309 now agrees with the suite (or the case is gone)", name, reason)
		}
	}
	t.Logf("rfc9309 departs from %d of %d conformance cases, each listed with its reason", len(departed), len(cases))
}

func verdictWord(allowed bool) string {
	if allowed {
		return "ALLOWED"
	}
	return "DISALLOWED"
}
