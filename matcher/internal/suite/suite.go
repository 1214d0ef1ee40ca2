// Package suite reads the two collections of answers the readings are held
// to: Google's conformance suite (ROBOTSTXT_CONFORMANCE) and the
// differential corpus of what real programs answered
// (ROBOTSTXT_DIFFERENTIAL). Both are data read at test time, never copied
// into the project; it serves the tests of the core and of the readings.
package suite

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Read reads the JSON-lines file name from the folder the environment
// variable env names, one T a line, each completed and checked by check
// (given its line number). A missing folder or file fails the test under
// CI=true and skips it elsewhere; either way the message says what was not
// run and how to run it (howTo).
func Read[T any](t testing.TB, env, name, notRun, howTo string, check func(c *T, line int) error) []T {
	t.Helper()
	dir := os.Getenv(env)
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if dir == "" {
		err = errors.New(env + " is not set")
	}
	if err != nil {
		msg := fmt.Sprintf("%s: %v. %s", notRun, err, howTo)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	defer f.Close()
	var cases []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		var c T
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if err := check(&c, n); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
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

// ConformanceEnv names the folder holding spec-cases.jsonl, the expectations
// of Google's robots.txt conformance suite (google/robotstxt-spec-test), one
// case a line.
const ConformanceEnv = "ROBOTSTXT_CONFORMANCE"

// A ConformanceCase is one case of the conformance suite.
type ConformanceCase struct {
	File      string `json:"file"`
	Index     int    `json:"index"`
	Robots    string `json:"robotstxt_b64"`
	URL       string `json:"url"`
	UserAgent string `json:"useragent"`
	Expected  string `json:"expected"` // ALLOWED or DISALLOWED
	Type      string `json:"type"`     // STANDARD or GOOGLE_SPECIFIC
	Body      []byte
}

// Name is the case's file and index in the suite.
func (c ConformanceCase) Name() string { return fmt.Sprintf("%s/%d", c.File, c.Index) }

// Conformance reads the suite, or fails (under CI=true) or skips saying
// how to run it.
func Conformance(t testing.TB) []ConformanceCase {
	t.Helper()
	how := fmt.Sprintf("To run it, set %s to the absolute path of the folder holding spec-cases.jsonl "+
		"(%s=/path/to/conformance go test ./matcher), or run make test-go, which sets it when "+
		"../shared/conformance exists beside the repository", ConformanceEnv, ConformanceEnv)
	return Read(t, ConformanceEnv, "spec-cases.jsonl", "conformance suite not run", how, func(c *ConformanceCase, _ int) error {
		var err error
		if c.Body, err = base64.StdEncoding.DecodeString(c.Robots); err != nil {
			return fmt.Errorf("robotstxt_b64: %v", err)
		}
		if c.Expected != "ALLOWED" && c.Expected != "DISALLOWED" {
			return fmt.Errorf("expected is %q, want ALLOWED or DISALLOWED", c.Expected)
		}
		return nil
	})
}

// DifferentialEnv names the folder holding corpus.jsonl: generated
// questions, each answered by real robots.txt implementations (its README
// names their versions and calls).
const DifferentialEnv = "ROBOTSTXT_DIFFERENTIAL"

// A DifferentialCase is one question of the corpus and what each program
// answered (ALLOWED or DISALLOWED).
type DifferentialCase struct {
	Robots   string            `json:"robots_b64"`
	Token    string            `json:"token"`
	URL      string            `json:"url"`
	Verdicts map[string]string `json:"verdicts"`
	Line     int               `json:"-"`
	Body     []byte            `json:"-"`
}

// Differential reads the corpus, or fails (under CI=true) or skips saying
// how to run it.
func Differential(t testing.TB) []DifferentialCase {
	t.Helper()
	return differential(t, "corpus.jsonl")
}

// DifferentialURLs reads urls.jsonl, the questions of the differential
// folder whose URLs are strings as people give them (other schemes and
// hosts, "//", "fish", "mailto:x", leading spaces, ...), or fails (under
// CI=true) or skips saying how to run it.
func DifferentialURLs(t testing.TB) []DifferentialCase {
	t.Helper()
	return differential(t, "urls.jsonl")
}

func differential(t testing.TB, name string) []DifferentialCase {
	t.Helper()
	how := fmt.Sprintf("To read it, set %s to the absolute path of the folder holding %s, or run make "+
		"test-go, which sets it when ../shared/differential exists beside the repository", DifferentialEnv, name)
	return Read(t, DifferentialEnv, name, "differential "+name+" not read", how, func(c *DifferentialCase, n int) error {
		c.Line = n
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

// A Question is a file, a token and a URL, from either collection.
type Question struct {
	Body       []byte
	Token, URL string
}

// Questions are every question of the differential corpus, then of the
// conformance suite, without their answers.
func Questions(t testing.TB) []Question {
	t.Helper()
	var qs []Question
	for _, c := range Differential(t) {
		qs = append(qs, Question{c.Body, c.Token, c.URL})
	}
	for _, c := range Conformance(t) {
		qs = append(qs, Question{c.Body, c.UserAgent, c.URL})
	}
	return qs
}
