package matcher

import (
	"fmt"
	"robots-explorer/matcher/internal/suite"
	"strings"
	"testing"
)

// differentialMirrors pairs each implementation of the corpus with the
// reading that claims to decide as it does. A reading listed here must give
// that program's verdict on every case the program answered.
var differentialMirrors = []struct {
	impl    string
	reading Reading
}{
	{"cpython-classic", Python},
	{"google", Google},
	{"cpython-rfc", PythonRFC},
	{"crawler-commons", CrawlerCommons},
	{"protego", Protego},
	{"robots-parser", RobotsParser},
}

// TestDifferentialMirrors holds every mirrored reading to the program it
// mirrors: on each case that program answered, the reading's verdict must be
// the program's.
func TestDifferentialMirrors(t *testing.T) { testMirrors(t, "corpus.jsonl", suite.Differential(t)) }

// TestDifferentialURLMirrors is TestDifferentialMirrors on urls.jsonl,
// whose URLs each program read its own way.
func TestDifferentialURLMirrors(t *testing.T) {
	testMirrors(t, "urls.jsonl", suite.DifferentialURLs(t))
}

func testMirrors(t *testing.T, file string, cases []suite.DifferentialCase) {
	for _, m := range differentialMirrors {
		t.Run(m.impl, func(t *testing.T) {
			answered, agree := 0, 0
			var misses []string
			for _, c := range cases {
				want, ok := c.Verdicts[m.impl]
				if !ok {
					continue
				}
				answered++
				got, why := differentialVerdict(m.reading, c)
				if got == want {
					agree++
					continue
				}
				if len(misses) < 10 {
					misses = append(misses, fmt.Sprintf("%s line %d: token %q, url %q: %s says %s, %s reading says %s (%s)\nrobots.txt: %q",
						file, c.Line, c.Token, c.URL, m.impl, want, m.reading, got, why, c.Body))
				}
			}
			if answered == 0 {
				t.Fatalf("%s answered no case of %s", m.impl, file)
			}
			t.Logf("%s: %s reading agrees with %s on %d of %d answered cases", file, m.reading, m.impl, agree, answered)
			if agree != answered {
				t.Errorf("%s reading departs from %s on %d of %d cases; the first:\n%s",
					m.reading, m.impl, answered-agree, answered, strings.Join(misses, "\n\n"))
			}
		})
	}
}

// differentialVerdict is the reading's answer to a case, as the corpus
// writes it, and the explanation behind it.
func differentialVerdict(r Reading, c suite.DifferentialCase) (verdict, why string) {
	res, err := Parse(r, c.Body, ParseOptions{}).Evaluate(c.Token, c.URL)
	if err != nil {
		return "ERROR", err.Error()
	}
	return verdictWord(res.Allowed), res.Explanation
}
