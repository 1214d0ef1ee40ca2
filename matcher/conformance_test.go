package matcher

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

// conformanceEnv names the folder holding spec-cases.jsonl, the expectations
// of Google's robots.txt conformance suite (google/robotstxt-spec-test), one
// case a line. The suite is data read at test time, never copied here.
const conformanceEnv = "ROBOTSTXT_CONFORMANCE"

type conformanceCase struct {
	File      string `json:"file"`
	Index     int    `json:"index"`
	Robots    string `json:"robotstxt_b64"`
	URL       string `json:"url"`
	UserAgent string `json:"useragent"`
	Expected  string `json:"expected"` // ALLOWED or DISALLOWED
	Type      string `json:"type"`     // STANDARD or GOOGLE_SPECIFIC
	body      []byte
}

func (c conformanceCase) name() string { return fmt.Sprintf("%s/%d", c.File, c.Index) }

// loadConformance reads the suite, or fails (under CI=true) or skips saying
// how to run it.
func loadConformance(t *testing.T) []conformanceCase {
	t.Helper()
	dir := os.Getenv(conformanceEnv)
	path := filepath.Join(dir, "spec-cases.jsonl")
	f, err := os.Open(path)
	if dir == "" {
		err = errors.New(conformanceEnv + " is not set")
	}
	if err != nil {
		msg := fmt.Sprintf("conformance suite not run: %v. To run it, set %s to the absolute path of the folder "+
			"holding spec-cases.jsonl (%s=/path/to/conformance go test ./matcher), or run make test-go, "+
			"which sets it when ../shared/conformance exists beside the repository", err, conformanceEnv, conformanceEnv)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	defer f.Close()
	var cases []conformanceCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		var c conformanceCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c.body, err = base64.StdEncoding.DecodeString(c.Robots); err != nil {
			t.Fatalf("%s:%d: robotstxt_b64: %v", path, n, err)
		}
		if c.Expected != "ALLOWED" && c.Expected != "DISALLOWED" {
			t.Fatalf("%s:%d: expected is %q, want ALLOWED or DISALLOWED", path, n, c.Expected)
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

// conformanceVerdict evaluates a case under reading r: true when allowed.
func conformanceVerdict(r Reading, c conformanceCase) (bool, error) {
	res, err := ParseAs(r, c.body).Evaluate(c.UserAgent, c.URL)
	if err != nil {
		return false, err
	}
	return res.Allowed, nil
}

// TestConformanceGoogle runs Google's conformance suite under the google
// reading: every case must give google/robotstxt's verdict.
func TestConformanceGoogle(t *testing.T) {
	cases := loadConformance(t)
	passed := 0
	for _, c := range cases {
		ok := t.Run(c.name(), func(t *testing.T) {
			allowed, err := conformanceVerdict(Google, c)
			if err != nil {
				t.Fatalf("Evaluate(%q, %q): %v", c.UserAgent, c.URL, err)
			}
			if got := verdictWord(allowed); got != c.Expected {
				res, _ := ParseAs(Google, c.body).Evaluate(c.UserAgent, c.URL)
				t.Errorf("%s case (agent %q, url %q): got %s, want %s\nrobots.txt:\n%s\nexplanation: %s",
					c.Type, c.UserAgent, c.URL, got, c.Expected, c.body, res.Explanation)
			}
		})
		if ok {
			passed++
		}
	}
	t.Logf("google reading: %d of %d conformance cases pass", passed, len(cases))
}

// TestConformanceRFC9309Agreement logs, for information only, how many of
// the suite's verdicts the rfc9309 reading shares: it departs from Google on
// purpose (typos, normalization, /robots.txt).
func TestConformanceRFC9309Agreement(t *testing.T) {
	cases := loadConformance(t)
	agree, errs := 0, 0
	byType := map[string][2]int{}
	for _, c := range cases {
		allowed, err := conformanceVerdict(RFC9309, c)
		if err != nil {
			errs++
			continue
		}
		n := byType[c.Type]
		n[1]++
		if verdictWord(allowed) == c.Expected {
			agree++
			n[0]++
		}
		byType[c.Type] = n
	}
	t.Logf("rfc9309 reading agrees with %d of %d conformance cases (%d URLs it could not read); by type: %v",
		agree, len(cases), errs, byType)
}

func verdictWord(allowed bool) string {
	if allowed {
		return "ALLOWED"
	}
	return "DISALLOWED"
}
