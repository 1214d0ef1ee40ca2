package matcher

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
	body     []byte
}

// loadDifferential reads the corpus, or fails (under CI=true) or skips
// saying how to run it.
func loadDifferential(t testing.TB) []differentialCase {
	t.Helper()
	dir := os.Getenv(differentialEnv)
	path := filepath.Join(dir, "corpus.jsonl")
	f, err := os.Open(path)
	if dir == "" {
		err = errors.New(differentialEnv + " is not set")
	}
	if err != nil {
		msg := fmt.Sprintf("differential corpus not read: %v. To read it, set %s to the absolute path of the folder "+
			"holding corpus.jsonl, or run make test-go, which sets it when ../shared/differential exists beside "+
			"the repository", err, differentialEnv)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	defer f.Close()
	var cases []differentialCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		c := differentialCase{line: n}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c.body, err = base64.StdEncoding.DecodeString(c.Robots); err != nil {
			t.Fatalf("%s:%d: robots_b64: %v", path, n, err)
		}
		for impl, v := range c.Verdicts {
			if v != "ALLOWED" && v != "DISALLOWED" {
				t.Fatalf("%s:%d: %s answered %q, want ALLOWED or DISALLOWED", path, n, impl, v)
			}
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s holds no cases", path)
	}
	return cases
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
						c.line, c.Token, c.URL, m.impl, want, m.reading, got, why, c.body))
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
	res, err := ParseAs(r, c.body).Evaluate(c.Token, c.URL)
	if err != nil {
		return "ERROR", err.Error()
	}
	return verdictWord(res.Allowed), res.Explanation
}
