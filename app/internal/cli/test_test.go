//go:build !wasm

package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const testRobots = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart\n"

func TestTestCommand(t *testing.T) {
	dir := t.TempDir()
	robots := writeFile(t, dir, "robots.txt", testRobots)
	passing := writeFile(t, dir, "pass.csv", "crawler,url,expected,note\n"+
		"Googlebot,/cart,disallowed,checkout stays out\n"+
		"# Google documents that Googlebot-Image obeys the Googlebot group\n"+
		"Googlebot-Image,/private/a,allowed\n"+
		"token:Googlebot-Image,/private/a,disallowed\n"+
		"AdsBot-Google,/private/a,allow\n"+
		"Fishbot,https://example.com/private/a,Disallowed\n")
	failing := writeFile(t, dir, "fail.csv", "Googlebot,/cart,allowed,the cart must be crawlable\nGPTBot,/public,allowed\n")
	tests := []commandCase{
		{"all pass", []string{"test", robots, passing}, exitPassed, []string{
			"ok\tGooglebot\t/cart\tdisallowed\tline 5: Disallow: /cart (checkout stays out)",
			"ok\tGooglebot-Image\t/private/a\tallowed\tAllowed: no rule of the applying group matches /private/a. No group names Googlebot-Image; " +
				"Google documents that this crawler then obeys the Googlebot group (the operator's behaviour, not the parser's; " +
				"https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers).",
			"ok\ttoken:Googlebot-Image\t/private/a\tdisallowed\tline 2: Disallow: /private/",
			"5 expectations passed, 0 failed"}, ""},
		{"a failure", []string{"test", robots, failing}, exitFailed, []string{
			"FAIL\tGooglebot\t/cart\tdisallowed\texpected allowed, got disallowed by line 5: Disallow: /cart (the cart must be crawlable)",
			"1 expectation passed, 1 failed"}, ""},
		{"missing EXPECTATIONS", []string{"test", robots}, ExitUsage, nil, "test needs ROBOTS_FILE and EXPECTATIONS"},
		{"missing file", []string{"test", robots + ".none", passing}, ExitUsage, nil, "no such file"},
	}
	runCommandCases(t, tests)
}

// TestTestRows: every row gets a line, ok, FAIL or error with its
// file:line and why it cannot be checked, and the others are checked all
// the same; the exit status is 2 when any row could not be, after the last.
// Blank lines are skipped, and CR-only line ends read as lines.
func TestTestRows(t *testing.T) {
	dir := t.TempDir()
	robots := writeFile(t, dir, "robots.txt", testRobots)
	const cart = "ok\tGooglebot\t/cart\tdisallowed\tline 5: Disallow: /cart"
	tests := []struct {
		name, csv string
		code      int
		out       []string // lines of standard output
		err       string   // a fragment of standard error
	}{
		{"bad rows", "crawler,url,expected\nGooglebot,/x\nFish bot,/x,allowed\nGooglebot,mailto:x,allowed\nGooglebot,/cart,disallowed\n" +
			"Googlebot,/x,maybe\nGooglebot,/x,allowed,a,b\n", ExitUsage,
			[]string{"error\tGooglebot\t/x\t\trows.csv:2: 2 columns; a row is crawler or token, URL, expected verdict, and an optional note",
				"error\tFish bot\t/x\t\trows.csv:3: \"Fish bot\" is neither a crawler of the directory nor a product token (RFC 9309 §2.2.1)",
				"error\tGooglebot\tmailto:x\t\trows.csv:4: \"mailto:x\" has a scheme, mailto:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)",
				cart, "error\tGooglebot\t/x\t\trows.csv:6: expected verdict \"maybe\": allowed or disallowed", "error\tGooglebot\t/x\t\trows.csv:7: 5 columns; " +
					"a row is crawler or token, URL, expected verdict, and an optional note",
				"1 expectation passed, 0 failed, 5 could not be checked"}, "test: 5 rows could not be checked"},
		{"bad CSV, then a row", "Googlebot,/x\"y,allowed\nGooglebot,/cart,disallowed\n", ExitUsage,
			[]string{"error\t\t\t\trows.csv:1: not valid CSV: bare \" in non-quoted-field", cart, "1 expectation passed, 0 failed, 1 could not be checked"},
			"1 row could not be checked"},
		{"control characters escaped", "Google\x1b[2Jbot,/x,allowed\n", ExitUsage,
			[]string{"error\tGoogle\\x1B[2Jbot\t/x\t\trows.csv:1: \"Google\\x1B[2Jbot\" is neither a crawler of the directory nor a product token (RFC 9309 §2.2.1)",
				"0 expectations passed, 0 failed, 1 could not be checked"}, "no row could be checked: nothing was checked"},
		{"no expectations", "# nothing\n", ExitUsage, nil, "rows.csv holds no expectations: nothing was checked"},
		{"CR-only line ends", "crawler,url,expected\rGooglebot,/cart,disallowed\rGPTBot,/a,allowed\r", exitPassed,
			[]string{cart, "ok\tGPTBot\t/a\tallowed\tAllowed: no rule of the applying group matches /a.", "2 expectations passed, 0 failed"}, ""},
		{"lines of white space skipped", "  \ncrawler,url,expected\n \t \nGooglebot,/cart,disallowed\n   \n", exitPassed,
			[]string{cart, "1 expectation passed, 0 failed"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exp := writeFile(t, dir, "rows.csv", tt.csv)
			code, out, errOut := runArgs("", "test", robots, exp)
			out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
			if code != tt.code || strings.Join(tt.out, "\n") != strings.TrimSuffix(out, "\n") || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want %d)\nstdout %s\nwant   %s\nstderr %q (want %q)", code, tt.code, out, strings.Join(tt.out, "\n"), errOut, tt.err)
			}
			if strings.Contains(out+errOut, "\x1b") {
				t.Errorf("a raw ESC reached the output: %q", out+errOut)
			}
		})
	}
}

// TestTestJUnitRefusesItsInputs: a report that would overwrite an input,
// named as given, by another path or through a link, is refused, and the
// input is left as it was.
func TestTestJUnitRefusesItsInputs(t *testing.T) {
	dir := t.TempDir()
	robots := writeFile(t, dir, "robots.txt", testRobots)
	exp := writeFile(t, dir, "exp.csv", "Googlebot,/cart,disallowed\n")
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(exp, link); err != nil {
		t.Fatal(err)
	}
	for _, report := range []string{exp, filepath.Join(dir, ".", "sub", "..", "exp.csv"), link, robots} {
		code, _, errOut := runArgs("", "test", "-junit", report, robots, exp)
		if code != ExitUsage || !strings.Contains(errOut, "which the report would overwrite") {
			t.Errorf("-junit %s: exit %d, stderr %q", report, code, errOut)
		}
	}
	if b, _ := os.ReadFile(exp); string(b) != "Googlebot,/cart,disallowed\n" {
		t.Errorf("the expectations now hold %q", b)
	}
	if b, _ := os.ReadFile(robots); string(b) != testRobots {
		t.Errorf("the robots.txt file now holds %q", b)
	}
}

// TestTestJUnit: the report holds one testcase per row, the failures with
// what was expected, and parses as XML.
func TestTestJUnit(t *testing.T) {
	dir := t.TempDir()
	robots := writeFile(t, dir, "robots.txt", testRobots)
	exp := writeFile(t, dir, "exp.csv", "Googlebot,/cart,disallowed\nGooglebot,/cart\x07,allowed,bell <&>\nGPTBot,/private/x,disallowed\n")
	report := filepath.Join(dir, "junit.xml")
	code, _, errOut := runArgs("", "test", "-junit", report, robots, exp)
	if code != exitFailed {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var doc junitSuites
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("the report is not XML: %v\n%s", err, b)
	}
	s := doc.Suites[0]
	if doc.Tests != 3 || doc.Failures != 1 || len(s.Cases) != 3 || s.Cases[0].Failure != nil || s.Cases[1].Failure == nil {
		t.Fatalf("report %+v", doc)
	}
	if c := s.Cases[1]; c.Line != 2 || !strings.Contains(c.Failure.Message, "expected allowed, got disallowed by line 5: Disallow: /cart (bell <&>)") ||
		!strings.Contains(c.Name, `/cart\x07`) {
		t.Errorf("failing case %+v", c)
	}
	if strings.Contains(string(b), "\x07") {
		t.Error("a raw control character in the XML")
	}
	// A row that cannot be checked is a case with an error.
	exp = writeFile(t, dir, "exp.csv", "Googlebot,/cart,disallowed\nGooglebot,mailto:fish,allowed\n")
	if code, _, _ := runArgs("", "test", "-junit", report, robots, exp); code != ExitUsage {
		t.Errorf("a row that cannot be checked: exit %d", code)
	}
	b, _ = os.ReadFile(report)
	doc = junitSuites{}
	if err := xml.Unmarshal(b, &doc); err != nil || doc.Tests != 2 || doc.Errors != 1 || doc.Suites[0].Errors != 1 ||
		doc.Suites[0].Cases[1].Error == nil || !strings.Contains(doc.Suites[0].Cases[1].Error.Message, `exp.csv:2: "mailto:fish" has a scheme`) {
		t.Errorf("report %s (%v)", b, err)
	}
	// A report that cannot be written is an error, not a pass.
	if code, _, _ := runArgs("", "test", "-junit", filepath.Join(dir, "none", "junit.xml"), robots, exp); code != ExitUsage {
		t.Errorf("unwritable report: exit %d", code)
	}
}
