package matcher

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// differentialEnv names the folder holding corpus.jsonl: generated
// questions, each answered by real robots.txt implementations (its README
// names their versions and calls). It is data read at test time, never
// copied here.
const differentialEnv = "ROBOTSTXT_DIFFERENTIAL"

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

type differentialCase struct {
	Robots   string            `json:"robots_b64"`
	Token    string            `json:"token"`
	URL      string            `json:"url"`
	Verdicts map[string]string `json:"verdicts"`
	line     int
	Body     []byte
}

// loadDifferential reads the corpus, or fails (under CI=true) or skips
// saying how to run it.
func loadDifferential(t testing.TB) []differentialCase {
	t.Helper()
	how := fmt.Sprintf("To read it, set %s to the absolute path of the folder holding corpus.jsonl, or run make "+
		"test-go, which sets it when ../shared/differential exists beside the repository", differentialEnv)
	return readSuite(t, differentialEnv, "corpus.jsonl", "differential corpus not read", how, func(c *differentialCase, n int) error {
		c.line = n
		var err error
		if c.Body, err = base64.StdEncoding.DecodeString(c.Robots); err != nil {
			return fmt.Errorf("robots_b64: %v", err)
		}
		for impl, v := range c.Verdicts {
			if v != "ALLOWED" && v != "DISALLOWED" {
				return fmt.Errorf("%s answered %q, want ALLOWED or DISALLOWED", impl, v)
			}
		}
		return nil
	})
}

// TestDifferentialMirrors holds every mirrored reading to the program it
// mirrors: on each case that program answered, the reading's verdict must be
// the program's.
func TestDifferentialMirrors(t *testing.T) {
	cases := loadDifferential(t)
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
					misses = append(misses, fmt.Sprintf("corpus line %d: token %q, url %q: %s says %s, %s reading says %s (%s)\nrobots.txt: %q",
						c.line, c.Token, c.URL, m.impl, want, m.reading, got, why, c.Body))
				}
			}
			if answered == 0 {
				t.Fatalf("%s answered no case of the corpus", m.impl)
			}
			t.Logf("%s reading agrees with %s on %d of %d answered cases", m.reading, m.impl, agree, answered)
			if agree != answered {
				t.Errorf("%s reading departs from %s on %d of %d cases; the first:\n%s",
					m.reading, m.impl, answered-agree, answered, strings.Join(misses, "\n\n"))
			}
		})
	}
}

// differentialVerdict is the reading's answer to a case, as the corpus
// writes it, and the explanation behind it.
func differentialVerdict(r Reading, c differentialCase) (verdict, why string) {
	res, err := ParseAs(r, c.Body).Evaluate(c.Token, c.URL)
	if err != nil {
		return "ERROR", err.Error()
	}
	return verdictWord(res.Allowed), res.Explanation
}
