//go:build !wasm

package matcher

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	register "robots-explorer"
	"strings"
	"testing"
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

var (
	pyKeys = []string{"User-agent", "user-agent", "USER-AGENT", "User-Agent ", " user-agent", "useragent", "User agent",
		"Allow", "allow", "ALLOW", "Disallow", "disallow", "DISALLOW", "Disalow", "Crawl-delay", "Request-rate",
		"Sitemap", "Host", "", "\u00a0Disallow", "\x1fAllow"}
	pyAgents = []string{"*", "Googlebot", "googlebot", "Googlebot/2.1", "Google", "bot", "Bingbot", "*bot", "* ", "",
		"Bücher", "ÜBER", "googlebot-news", "%2A", "Goo%67le", "ΣΑΣ", "İbot", "a/b", "Google bot", "%E2%82", "ς"}
	pyPaths = []string{"/", "/a", "/a/b", "/fish", "/fish*", "/*.php$", "/$", "*", "/%7Efoo", "/~foo", "/a%2Fb", "/a%2fb",
		"/%", "/%zz", "/%E2%82", "/é", "/%C3%A9", "/a b", "//x", "http://example.com/x", "HTTP://x/y", "/a?b", "/a?",
		"/a;", "/a;b", "/a%23b", "/[x", "//[::1]/a", "//[1.2.3.4]/", "//[v1.x]/", "//[zz]/", "//[fe80::1%25eth0]/",
		"http:/x", "mailto:x", "/a%09b", "%20/x", "/tmp/", "/tmp", "", "/a%00", "/a%3cd.html", "/robots.txt",
		"/%E2%82%AC", "/€", "foo:bar", "/x:y", "//ex℀mple/", "/a%3Fb", "?q", "//"}
	pyNumbers = []string{"5", "x", "²", "%1C5", "5%20", "١٢", "", "1/5", "1/x", "²/5", "%1F1/2", " 7 "}
	pyBreaks  = []string{"\n", "\r\n", "\r"}
	pyOdd     = []string{"\v", "\f", "\x1c", "\x1d", "\x1e", "\u0085", "\u2028", "\u2029", "\x1f", "\r\r", "\n\n"}
	pyJunk    = []string{"\xff", "\xe2\x82", "\xc3", "\xed\xa0\x80", "\xf0\x80\x80", "\xef\xbb"}
	pyTokens  = []string{"Googlebot", "googlebot/2.1", "Googlebot-News", "Bingbot", "*", "", "Bücher", "über", "bot",
		"google", "ΣΑΣ", "İbot", "x/y/z", "Mozilla/5.0", "GOOGLE BOT", "ς"}
	pyURLs = []string{"", "/", "/robots.txt", "/fish.php", "/a/b?x=1", "/a#frag", "/a%23frag", "http://example.com/a/b",
		"https://Example.com", "https://ex.com?x", "//x/y", "/%7Efoo/bar", "/~foo/bar", "/a%2Fb", "/é", "/%C3%A9",
		"/%E2%82", "http://[::1]/a", "http://[1.2.3.4]/a", "http://[zz/", "http://ex℀mple.com/", "*", "/a;b", "/a;",
		"/a?", "?q", "/a%09b", " /a", "foo:bar/x", "/tmp", "/tmp.html", "/tmp/a.html", "/a%3cd.html", "/fish*",
		"/*.php$", "/x:y", "/a b", "/%", "/€/x", "http://[v1.x]/", "/a%00"}
	pySuffixes = []string{"", "", "", "/b", "?x=1", "#f", ".html", "/", "%2F", ";p", "?", "#", "/é"}
)

func pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// genPyLine writes one random line (without its break).
func genPyLine(r *rand.Rand) string {
	switch n := r.IntN(20); {
	case n == 0:
		return ""
	case n == 1:
		return pick(r, []string{" ", "\t", "\u00a0", "  "})
	case n == 2:
		return "# " + pick(r, pyPaths)
	case n == 3:
		return pick(r, []string{"Disallow /a", "no colon here", ":", ": /x"})
	}
	key := pick(r, pyKeys)
	sep := pick(r, []string{": ", ":", " : ", ":\t", ": "})
	var value string
	switch k := strings.ToLower(strings.TrimSpace(key)); {
	case strings.Contains(k, "agent"):
		value = pick(r, pyAgents)
	case strings.Contains(k, "delay"), strings.Contains(k, "rate"):
		value = pick(r, pyNumbers)
	default:
		value = pick(r, pyPaths)
		if r.IntN(3) == 0 {
			value += pick(r, pySuffixes)
		}
	}
	line := key + sep + value
	if r.IntN(8) == 0 {
		line += pick(r, []string{" # comment", "#x", " \t"})
	}
	return line
}

// genPyBody writes a random file: a few records of user-agent and rule
// lines, with the noise of real files mixed in.
func genPyBody(r *rand.Rand) []byte {
	var b strings.Builder
	if r.IntN(30) == 0 {
		b.WriteString("\ufeff")
	}
	brk := pick(r, pyBreaks)
	for range 1 + r.IntN(4) {
		for range 1 + r.IntN(3) {
			b.WriteString(pick(r, []string{"User-agent: ", "user-agent:", "USER-AGENT : "}) + pick(r, pyAgents) + brk)
		}
		for range r.IntN(6) {
			if r.IntN(2) == 0 {
				b.WriteString(genPyRule(r))
			} else {
				b.WriteString(genPyLine(r))
			}
			switch n := r.IntN(25); {
			case n == 0:
				b.WriteString(pick(r, pyOdd))
			case n == 1:
				b.WriteString(pick(r, pyJunk) + brk)
			case n == 2:
				b.WriteString(pick(r, pyBreaks))
			default:
				b.WriteString(brk)
			}
		}
		if r.IntN(2) == 0 {
			b.WriteString(brk)
		}
	}
	body := b.String()
	if r.IntN(4) == 0 {
		body = strings.TrimRight(body, "\r\n")
	}
	return []byte(body)
}

// genPyRule writes a well-formed rule with a short path, so that many
// questions end in a disallow.
func genPyRule(r *rand.Rand) string {
	key := pick(r, []string{"Disallow: ", "Disallow: ", "Allow: ", "disallow:"})
	return key + pick(r, []string{"/", "/a", "/t", "/tmp", "/%7E", "/~", "/é", "/fish", "/a%2F", ""})
}

func genPyURL(r *rand.Rand) string {
	u := pick(r, pyURLs)
	if r.IntN(2) == 0 {
		u += pick(r, pySuffixes)
	}
	return u
}

func genPyCases(n int) []pyCase {
	r := rand.New(rand.NewPCG(1996, 2022))
	cases := make([]pyCase, n)
	for i := range cases {
		c := pyCase{Body: base64.StdEncoding.EncodeToString(genPyBody(r))}
		for range 6 {
			c.Queries = append(c.Queries, [2]string{pick(r, pyTokens), genPyURL(r)})
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
	cmd := exec.Command(py, "testdata/pyrobots.py")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 testdata/pyrobots.py: %v\n%s", err, stderr.String())
	}
	var answers []pyAnswer
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a pyAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("reading python3's answer %q: %v", sc.Text(), err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(cases)+1 {
		t.Fatalf("python3 answered %d lines for %d cases", len(answers), len(cases))
	}
	if v := answers[0].Version; len(v) < 2 || v[0] != 3 || v[1] > 12 {
		t.Fatalf("python3 is version %v: the python reading is CPython's robotparser of 3.12 and earlier (3.13 changed it); run the test with a python3 of 3.8 to 3.12", v)
	}
	return answers[1:]
}

func pyVerdict(res *Result) string {
	switch {
	case res.Reason == ReasonRaises:
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
		f := ParseAs(Python, body)
		want := answers[i]
		seen["decode error"] += b2i(want.DecodeError)
		seen["parse raises"] += b2i(want.ParseRaised)
		for _, v := range want.Verdicts {
			seen[v]++
		}
		var got []string
		if f.Diagnostics.has(CodeInvalidUTF8, Error) != want.DecodeError {
			got = append(got, fmt.Sprintf("decode error: python %v, ours %v", want.DecodeError, !want.DecodeError))
		}
		if f.Diagnostics.has(CodeRaises, Error) != want.ParseRaised {
			got = append(got, fmt.Sprintf("parse() raises: python %v, ours %v", want.ParseRaised, !want.ParseRaised))
		}
		for j, q := range c.Queries {
			queries++
			tg, err := ParseTarget(q[1])
			if err != nil {
				tg = &Target{Input: q[1]} // python reads URLs ParseTarget refuses
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
		f := ParseAs(Python, c.Robots)
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

// has reports whether the list holds a diagnostic with the code and
// severity.
func (l DiagnosticList) has(code Code, sev Severity) bool {
	for _, d := range l {
		if d.Code == code && d.Severity == sev {
			return true
		}
	}
	return false
}
