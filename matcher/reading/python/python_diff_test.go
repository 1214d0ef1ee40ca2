//go:build !wasm

package python

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/register"
)

// The python reading is checked against python3's own urllib.robotparser:
// thousands of generated files, tokens and URLs go to python3 in one batch
// (testdata/pyrobots.py), and every verdict must agree. The generator is
// seeded, so a failure reproduces.

type pyCase struct {
	Body    string      `json:"body"` // base64
	Queries [][2]string `json:"queries"`
}

type pyAnswer struct {
	DecodeError bool     `json:"decode_error"`
	ParseRaised bool     `json:"parse_raised"`
	Verdicts    []string `json:"verdicts"`
	Version     []int    `json:"version"`
}

func genPyCases(n int) []pyCase {
	r := rand.New(rand.NewPCG(1996, 2022))
	cases := make([]pyCase, n)
	for i := range cases {
		c := pyCase{Body: base64.StdEncoding.EncodeToString(gen.PyBody(r))}
		for range 6 {
			c.Queries = append(c.Queries, [2]string{gen.Pick(r, gen.Tokens), gen.PyURL(r)})
		}
		cases[i] = c
	}
	return cases
}

// askPython runs testdata/pyrobots.py once on the whole batch.
func askPython(t *testing.T, cases []pyCase) []pyAnswer {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed to check the python reading against CPython: install it (apt-get install -y python3)")
	}
	in, err := json.Marshal(map[string]any{"cases": cases})
	if err != nil {
		t.Fatal(err)
	}
	answers := suite.Ask[pyAnswer](t, exec.Command(py, "testdata/pyrobots.py"), in, 1<<20)
	if len(answers) != len(cases)+1 {
		t.Fatalf("python3 answered %d lines for %d cases", len(answers), len(cases))
	}
	if v := answers[0].Version; len(v) < 2 || v[0] != 3 || v[1] > 12 {
		t.Fatalf("python3 is version %v: the python reading is CPython's robotparser of 3.12 and earlier (3.13 changed it); run the test with a python3 of 3.8 to 3.12", v)
	}
	return answers[1:]
}

func pyVerdict(res *matcher.Result) string {
	switch {
	case res.Reason == matcher.ReasonRaises:
		return "raise"
	case res.Allowed:
		return "allow"
	}
	return "disallow"
}

func TestPythonMatchesCPython(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 500
	}
	cases := genPyCases(n)
	answers := askPython(t, cases)
	var diffs []string
	queries := 0
	seen := map[string]int{}
	for i, c := range cases {
		body, _ := base64.StdEncoding.DecodeString(c.Body)
		f := matcher.Parse(matcher.Python, body, matcher.ParseOptions{})
		want := answers[i]
		seen["decode error"] += b2i(want.DecodeError)
		seen["parse raises"] += b2i(want.ParseRaised)
		for _, v := range want.Verdicts {
			seen[v]++
		}
		var got []string
		if hasError(f.Diagnostics, matcher.CodeInvalidUTF8) != want.DecodeError {
			got = append(got, fmt.Sprintf("decode error: python %v, ours %v", want.DecodeError, !want.DecodeError))
		}
		if hasError(f.Diagnostics, matcher.CodeRaises) != want.ParseRaised {
			got = append(got, fmt.Sprintf("parse() raises: python %v, ours %v", want.ParseRaised, !want.ParseRaised))
		}
		for j, q := range c.Queries {
			queries++
			tg := new(matcher.Target)
			if err := (Reader{}).ReadTarget(tg, q[1]); err != nil {
				t.Fatalf("the python reading refuses %q: %v", q[1], err)
			}
			res := f.EvaluateTarget(q[0], tg)
			if v := pyVerdict(res); v != want.Verdicts[j] {
				got = append(got, fmt.Sprintf("token %q url %q: python %s, ours %s (path %q; %s)",
					q[0], q[1], want.Verdicts[j], v, res.Path, res.Explanation))
			}
		}
		if len(got) > 0 {
			diffs = append(diffs, fmt.Sprintf("case %d, body %q:\n  %s", i, body, strings.Join(got, "\n  ")))
		}
	}
	if len(diffs) > 0 {
		show := diffs
		if len(show) > 5 {
			show = show[:5]
		}
		t.Fatalf("%d of %d files disagree with CPython; the first ones:\n%s", len(diffs), len(cases), strings.Join(show, "\n"))
	}
	// The batch must reach every outcome, or agreeing would prove little.
	for _, k := range []string{"decode error", "parse raises", "allow", "disallow", "raise"} {
		if seen[k] == 0 {
			t.Errorf("no case of the batch has python answer %q: the generator misses it", k)
		}
	}
	t.Logf("%d files, %d questions: all agree with python3 (%v)", len(cases), queries, seen)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestPythonRegisterMatchesCPython asks CPython every question of the
// fixture register, so the python reading is checked on every case there,
// not only on those whose python verdict the register writes down.
func TestPythonRegisterMatchesCPython(t *testing.T) {
	all, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	cases := make([]pyCase, len(all))
	for i, c := range all {
		cases[i].Body = base64.StdEncoding.EncodeToString(c.Robots)
		for _, q := range c.Queries {
			cases[i].Queries = append(cases[i].Queries, [2]string{q.Token, q.URL})
		}
	}
	answers := askPython(t, cases)
	n := 0
	for i, c := range all {
		f := matcher.Parse(matcher.Python, c.Robots, matcher.ParseOptions{})
		for j, q := range c.Queries {
			res, err := f.Evaluate(q.Token, q.URL)
			if err != nil {
				t.Errorf("%s:%d: %v", q.File, q.Line, err)
				continue
			}
			if v := pyVerdict(res); v != answers[i].Verdicts[j] {
				t.Errorf("%s:%d: token %q url %q: python3 says %s, the python reading %s (%s)",
					q.File, q.Line, q.Token, q.URL, answers[i].Verdicts[j], v, res.Explanation)
			}
			n++
		}
	}
	t.Logf("register: %d questions, all agree with python3", n)
}

// hasError reports whether the list holds an error with the code.
func hasError(l matcher.DiagnosticList, code matcher.Code) bool {
	for _, d := range l {
		if d.Code == code && d.Severity == matcher.Error {
			return true
		}
	}
	return false
}
