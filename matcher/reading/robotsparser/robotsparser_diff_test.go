//go:build !wasm

package robotsparser

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
	"robots-explorer/matcher/internal/suite"
	"robots-explorer/matcher/register"
)

// The robots-parser reading is checked against the npm package itself:
// thousands of generated files, tokens, robots.txt URLs and URLs go to
// Node in one batch (testdata/robotsparser.js), and every verdict and
// winning line (getMatchingLineNumber) must agree. The generator is seeded afresh each run (the seed is logged, so a
// failure reproduces with ROBOTS_PARSER_SEED).

// robotsParserEnv names the folder of the installed package; `make test-go`
// installs it into .cache/ and sets it.
const robotsParserEnv = "ROBOTS_PARSER_JS"

type rpCase struct {
	Body    string      `json:"body"` // base64
	Queries [][3]string `json:"queries"`
}

type rpAnswer struct {
	Version  string   `json:"version"`
	Node     string   `json:"node"`
	Verdicts []string `json:"verdicts"`
	Lines    []int    `json:"lines"`
}

// rpLine is the winning rule's line as getMatchingLineNumber gives it:
// -1 for none, 0 where the package throws.
func rpLine(res *matcher.Result) int {
	if res.Reason == matcher.ReasonRaises {
		return 0
	}
	if m, ok := res.WinningRule(); ok {
		return int(m.Rule.Line)
	}
	return -1
}

var (
	rpAgents = []string{"*", " * ", "*/1.0", "Googlebot", "googlebot", "GOOGLEBOT", "Googlebot/2.1", "Googlebot /2.1",
		"googlebot-news", "Google", "bot", "*bot", "", "/", "/x", "foo bar", "Foo Bar/1", "ΣΑΣ", "σας", "ΌΣΟΣ", "İbot",
		"i\u0307bot", "ibot", "Bücher", "BÜCHER", "\u00a0bot\u3000", "\ufeffbot", "bot\u0085", "\u1c89x", "ẞ", "ǅ", "%2A"}
	rpTokens = []string{"Googlebot", "googlebot/2.1", "GOOGLEBOT", " googlebot ", "Googlebot-News", "*", "", "/", " ",
		"/x", "bot", "foo bar", "Foo Bar/9", "ΣΑΣ", "σας", "όσος", "İbot", "ibot", "bücher", "BÜCHER", "bot\u0085",
		"\u1c8ax", "ß", "ǆ", "\u00a0bot", "x/y/z", "Bingbot"}
	rpPatterns = []string{"/", "/a", "/a*", "/*.php$", "/fish*", "/fish", "/$", "*", "/a$b", "/%7e", "/%7E", "/~", "/é",
		"/%C3%A9", "/%c3%a9", "/a b", "/[x]", "/a%2Fb", "/a%2fb", "/%", "/%zz", "/%E2%82", "/a?b", "/a?", "/*?q=*",
		"/x/../y", "/x/./y", "/%2e%2e/", "/^", "/|", "/`", "/{}", "/'", "/\"", "/<>", "/a\\b", "", "/$$", "**", "/*$",
		"/robots.txt", "/a;b", "/a:b", "/\u00a0x", "/x\u3000", "/\x7f", "/€", "/a%20b", "/a+b", "/#", "/tmp/", "a",
		"/a\x00b", "/😀", "/%F0%9F%98%80", "/\u2028x", "/x\u0085", "/C:/x", "/c|/x", "/a:/../b", "/a:b/.."}
	rpKeys = []string{"User-agent", "user-agent", "USER-AGENT", "User-Agent ", "\u00a0user-agent", "\ufeffUser-agent",
		"Useragent", "Allow", "allow", "ALLOW", "Disallow", "disallow", "DİSALLOW", "Disalow", "Crawl-delay",
		"crawl-delay", "Sitemap", "Host", "Foo", "", "Disallow\u0085", "Disallow\u2029", "\x00Allow"}
	rpFillers  = []string{"", "a", "x/y", "é", "%2F", "?q=1", "*", "$"}
	rpSuffixes = []string{"", "", "", "/", "x", ".php", "?q=1", "?", "#f", "/../b", "/./", "/%2e%2e/", "\\b", " ", "é",
		"%7e", "%7E", "~", "^", "|", "`", "{", "'", "\"", "<", "\t", "%", "%zz", "?a b", "?'", "?é", "%41", "//",
		"\x00", "\x01x", "😀", "?😀", "\u2028"}
	rpBases = []string{"http://EXAMPLE.com", "http://example.com:80", "https://example.com", "http://example.com:8080",
		"http://user:pw@example.com", "http://ex%61mple.com", "http://example.com.", "HTTP://example.com",
		"http:\\\\example.com", "http:/example.com", "http:example.com", "ftp://example.com", "ws://example.com",
		"wss://example.com", "foo://example.com", "http://xn--bcher-kva.example", "http://bücher.example",
		"http://BÜCHER.example", "http://0x7f.0.0.1", "http://127.1", "http://[::1]", "http://[0:0::1]",
		"http://exa mple.com", "http://[zz]", "http://a%2fb", "http://example.com:99999", "http://example.com:8a",
		"file://example.com", "//example.com", "", "http://@example.com", "http://example.com@", " http://example.com",
		"http://ex\tample.com", "http://ｅｘａｍｐｌｅ.com", "http://1.2.3.4.5", "http://0x100000000", "foo:", "foo:x"}
	rpRobotsURLs = []string{"https://example.com/robots.txt", "http://example.com:8080/robots.txt",
		"http://xn--bcher-kva.example/robots.txt", "http://127.0.0.1/robots.txt", "http://[::1]/robots.txt",
		"ftp://example.com/robots.txt", "ftp://example.com:80/robots.txt", "ws://example.com/robots.txt",
		"wss://example.com:80/robots.txt", "foo://example.com/robots.txt", "file://example.com/robots.txt",
		"http://exa mple.com/robots.txt", "http://[zz]/robots.txt", "http://example.com:99999/robots.txt",
		"foo:/robots.txt", "foo:x/robots.txt"}
)

// genRPLine writes one line (without its break) of the noise robots-parser
// must read as it does.
func genRPLine(r *rand.Rand) string {
	switch n := r.IntN(16); {
	case n == 0:
		return gen.Pick(r, []string{"", " ", "\t", "\u00a0", "\u2028", "\u0085"})
	case n == 1:
		return "# " + gen.Pick(r, rpPatterns)
	case n == 2:
		return gen.Pick(r, []string{"Disallow /a", "no colon", ":", ": /x", " : x", "#: x"})
	}
	key := gen.Pick(r, rpKeys)
	sep := gen.Pick(r, []string{": ", ":", " : ", ":\t", ":\u3000", "::"})
	var value string
	switch k := strings.ToLower(key); {
	case strings.Contains(k, "agent"):
		value = gen.Pick(r, rpAgents)
	case strings.Contains(k, "delay"):
		value = gen.Pick(r, []string{"5", "x", ""})
	default:
		value = gen.Pick(r, rpPatterns)
	}
	line := key + sep + value
	if r.IntN(8) == 0 {
		line += gen.Pick(r, []string{" # c", "#x", " \t", "\u3000", "\ufeff"})
	}
	return line
}

// genRPBody writes a file of groups: runs of user-agent lines, rules, and
// the records and bytes that end a run or hide a key.
func genRPBody(r *rand.Rand) []byte {
	if r.IntN(3) == 0 {
		return gen.PyBody(r)
	}
	var b strings.Builder
	switch r.IntN(20) {
	case 0:
		b.WriteString("\ufeff")
	case 1:
		b.WriteString("\xef\xbb")
	}
	brk := gen.Pick(r, gen.Breaks)
	for range 1 + r.IntN(4) {
		for range 1 + r.IntN(3) {
			b.WriteString(gen.Pick(r, []string{"User-agent: ", "user-agent:", "USER-AGENT : "}) + gen.Pick(r, rpAgents) + brk)
			if r.IntN(6) == 0 {
				b.WriteString(genRPLine(r) + brk)
			}
		}
		for range r.IntN(6) {
			if r.IntN(2) == 0 {
				b.WriteString(gen.Pick(r, []string{"Disallow: ", "Allow: ", "disallow:", "Allow:"}) + gen.Pick(r, rpPatterns))
			} else {
				b.WriteString(genRPLine(r))
			}
			switch r.IntN(20) {
			case 0:
				b.WriteString(gen.Pick(r, gen.Junk) + brk)
			case 1:
				b.WriteString(gen.Pick(r, gen.Breaks))
			default:
				b.WriteString(brk)
			}
		}
		if r.IntN(3) == 0 {
			b.WriteString(brk)
		}
	}
	return []byte(b.String())
}

// genRPPath writes a path that the file's own rules are likely to match:
// a pattern with its wildcards filled, its case changed and a tail added.
func genRPPath(r *rand.Rand, f *matcher.File) string {
	var pats []string
	for _, g := range f.Groups {
		for _, rule := range f.RulesOf(g) {
			pats = append(pats, f.TextOf(rule.Pattern))
		}
	}
	p := gen.Pick(r, rpPatterns)
	if len(pats) > 0 && r.IntN(4) != 0 {
		p = gen.Pick(r, pats)
	}
	for strings.Contains(p, "*") {
		p = strings.Replace(p, "*", gen.Pick(r, rpFillers), 1)
	}
	if r.IntN(2) == 0 {
		p = strings.TrimSuffix(p, "$")
	}
	if r.IntN(6) == 0 {
		p = strings.ToUpper(p)
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	switch r.IntN(10) {
	case 0: // the URL class reads '\\' as '/' in a special URL
		p = strings.ReplaceAll(p, "/", "\\")
	case 1: // and resolves dot segments
		p = gen.Pick(r, []string{"/x/..", "/.", "/%2e", "/x/%2E%2e"}) + p
	}
	return p + gen.Pick(r, rpSuffixes)
}

// genRPQuery returns a token, the robots.txt URL and the URL to ask about:
// mostly a path on http://example.com, sometimes a URL on another site or
// one the URL class refuses.
func genRPQuery(r *rand.Rand, f *matcher.File) [3]string {
	token := gen.Pick(r, rpTokens)
	if r.IntN(4) == 0 {
		token = gen.Pick(r, gen.Tokens)
	}
	robots := rpStandIn + "/robots.txt"
	if r.IntN(5) == 0 {
		robots = gen.Pick(r, rpRobotsURLs)
	}
	base := strings.TrimSuffix(robots, "/robots.txt")
	switch r.IntN(8) {
	case 0, 1:
		base = gen.Pick(r, rpBases)
	case 2:
		base = strings.TrimSuffix(gen.Pick(r, rpRobotsURLs), "/robots.txt")
	}
	url := base + genRPPath(r, f)
	if r.IntN(20) == 0 {
		url = gen.PyURL(r)
	}
	// Bytes that are not UTF-8 reach Node as U+FFFD, one per byte (JSON
	// encoding), as the reading reads them.
	switch r.IntN(40) {
	case 0:
		token += gen.Pick(r, gen.Junk)
	case 1:
		url += gen.Pick(r, gen.Junk)
	}
	return [3]string{token, robots, url}
}

// robotsParserDir returns the installed package's folder, or fails (under
// CI=true) or skips saying how to get it.
func robotsParserDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(robotsParserEnv)
	if dir == "" {
		msg := robotsParserEnv + " is not set: run make test-go, which installs robots-parser 3.0.1 from npm " +
			"into .cache/ and sets it, or set it to the folder of an installed robots-parser 3.0.1 " +
			"(npm install --prefix DIR robots-parser@3.0.1; then DIR/node_modules/robots-parser)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; it needs Node.js and npm: apt-get install -y nodejs npm")
		}
		t.Skip(msg)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(abs, "Robots.js")); err != nil {
		t.Fatalf("%s=%s holds no robots-parser package (%v): run make test-go, or npm install --prefix DIR robots-parser@3.0.1", robotsParserEnv, dir, err)
	}
	return abs
}

// askRobotsParser runs testdata/robotsparser.js once on the whole batch.
func askRobotsParser(t *testing.T, cases []rpCase) []rpAnswer {
	t.Helper()
	dir := robotsParserDir(t)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to check the robots-parser reading against the package: install Node.js (apt-get install -y nodejs)")
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, "testdata/robotsparser.js")
	cmd.Env = append(os.Environ(), robotsParserEnv+"="+dir)
	answers := suite.Ask[rpAnswer](t, cmd, in.Bytes(), 16<<20)
	if len(answers) != len(cases)+1 {
		t.Fatalf("node answered %d lines for %d cases", len(answers), len(cases))
	}
	if v := answers[0].Version; v != "3.0.1" {
		t.Fatalf("%s holds robots-parser %s: the reading mirrors 3.0.1 (npm install --prefix DIR robots-parser@3.0.1)", dir, v)
	}
	t.Logf("robots-parser %s under Node %s", answers[0].Version, answers[0].Node)
	return answers[1:]
}

func rpSeed(t *testing.T) uint64 {
	if s := os.Getenv("ROBOTS_PARSER_SEED"); s != "" {
		var seed uint64
		if _, err := fmt.Sscan(s, &seed); err != nil {
			t.Fatalf("ROBOTS_PARSER_SEED=%q: %v", s, err)
		}
		return seed
	}
	return rand.Uint64()
}

func TestRobotsParserMatchesPackage(t *testing.T) {
	robotsParserDir(t) // before generating anything
	n := 4000
	if testing.Short() {
		n = 500
	}
	seed := rpSeed(t)
	t.Logf("seed %d (rerun with ROBOTS_PARSER_SEED=%d)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 3))
	cases := make([]rpCase, n)
	files := make([]*matcher.File, n)
	for i := range cases {
		body := genRPBody(r)
		files[i] = matcher.Parse(matcher.RobotsParser, body, matcher.ParseOptions{})
		cases[i].Body = base64.StdEncoding.EncodeToString(body)
		for range 6 {
			cases[i].Queries = append(cases[i].Queries, genRPQuery(r, files[i]))
		}
	}
	answers := askRobotsParser(t, cases)
	var diffs []string
	seen := map[string]int{}
	for i, c := range cases {
		var got []string
		for j, q := range c.Queries {
			want := answers[i].Verdicts[j]
			seen[want]++
			res := Reader{}.EvaluateAt(files[i], q[0], nil, q[1], q[2])
			if v, line := rpVerdict(res), rpLine(res); v != want || line != answers[i].Lines[j] {
				got = append(got, fmt.Sprintf("token %q robots %q url %q: robots-parser %s (line %d), ours %s (line %d; path %q; %s)",
					q[0], q[1], q[2], want, answers[i].Lines[j], v, line, res.Path, res.Explanation))
			}
		}
		if len(got) > 0 {
			body, _ := base64.StdEncoding.DecodeString(c.Body)
			diffs = append(diffs, fmt.Sprintf("case %d, body %q:\n  %s", i, body, strings.Join(got, "\n  ")))
		}
	}
	if len(diffs) > 0 {
		t.Fatalf("seed %d: %d of %d files disagree with robots-parser; the first ones:\n%s",
			seed, len(diffs), len(cases), strings.Join(diffs[:min(5, len(diffs))], "\n"))
	}
	// The batch must reach every outcome, or agreeing would prove little.
	for _, k := range []string{"allow", "disallow", "none", "throws"} {
		if seen[k] < n/200 {
			t.Errorf("only %d questions of the batch have robots-parser answer %q: the generator misses it", seen[k], k)
		}
	}
	t.Logf("%d files, %d questions: all agree with robots-parser (%v)", len(cases), 6*len(cases), seen)
}

// TestRobotsParserRegisterMatchesPackage asks the package every question of
// the fixture register, as the reading asks it (rpURLs).
func TestRobotsParserRegisterMatchesPackage(t *testing.T) {
	all, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	cases := make([]rpCase, len(all))
	for i, c := range all {
		cases[i].Body = base64.StdEncoding.EncodeToString(c.Robots)
		for _, q := range c.Queries {
			tg := new(matcher.Target)
			if err := (Reader{}).ReadTarget(tg, q.URL); err != nil {
				t.Fatalf("%s:%d: %v", q.File, q.Line, err)
			}
			robots, url := rpURLs(tg)
			cases[i].Queries = append(cases[i].Queries, [3]string{q.Token, robots, url})
		}
	}
	answers := askRobotsParser(t, cases)
	n := 0
	for i, c := range all {
		f := matcher.Parse(matcher.RobotsParser, c.Robots, matcher.ParseOptions{})
		for j, q := range c.Queries {
			res, err := f.Evaluate(q.Token, q.URL)
			if err != nil {
				t.Fatalf("%s:%d: %v", q.File, q.Line, err)
			}
			if v, line := rpVerdict(res), rpLine(res); v != answers[i].Verdicts[j] || line != answers[i].Lines[j] {
				t.Errorf("%s:%d: token %q url %q: robots-parser says %s (line %d), the reading %s (line %d: %s)",
					q.File, q.Line, q.Token, q.URL, answers[i].Verdicts[j], answers[i].Lines[j], v, line, res.Explanation)
			}
			n++
		}
	}
	t.Logf("register: %d questions, all agree with robots-parser", n)
}

// TestRobotsParserChecksMatchPackage asks the package every row of
// rpChecks, so that the table's expectations are the package's answers.
func TestRobotsParserChecksMatchPackage(t *testing.T) {
	cases := make([]rpCase, len(rpChecks))
	for i, c := range rpChecks {
		cases[i] = rpCase{Body: base64.StdEncoding.EncodeToString([]byte(c.Body)),
			Queries: [][3]string{{c.token, rpStandIn + "/robots.txt", rpCheckURL(c.url)}}}
	}
	for i, a := range askRobotsParser(t, cases) {
		if c := rpChecks[i]; a.Verdicts[0] != c.verdict {
			t.Errorf("%s: robots-parser says %s, the table %s", c.name, a.Verdicts[0], c.verdict)
		}
	}
}
