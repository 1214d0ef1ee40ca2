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

// TestTestMalformed: every malformed row is reported with its file:line,
// and nothing is checked.
func TestTestMalformed(t *testing.T) {
	dir := t.TempDir()
	robots := writeFile(t, dir, "robots.txt", testRobots)
	tests := []struct {
		name, csv string
		want      []string
	}{
		{"bad rows", "crawler,url,expected\nGooglebot,/x\nFish bot,/x,allowed\nGooglebot,mailto:x,allowed\nGooglebot,/x,maybe\nGooglebot,/x,allowed,a,b\n",
			[]string{"rows.csv:2: 2 columns", `rows.csv:3: "Fish bot" is neither a crawler`, `rows.csv:4: "mailto:x" is neither a path`,
				`rows.csv:5: expected verdict "maybe"`, "rows.csv:6: 5 columns", "5 rows malformed; nothing was checked"}},
		{"bad CSV", "Googlebot,/x,allowed\nGooglebot,\"/y,allowed\n", []string{"rows.csv:2: not valid CSV"}},
		{"empty", "# nothing\n", []string{"rows.csv:1: no expectations"}},
		{"control characters escaped", "Google\x1b[2Jbot,/x,allowed\n", []string{`rows.csv:1: "Google\x1B[2Jbot" is neither`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exp := writeFile(t, dir, "rows.csv", tt.csv)
			code, out, errOut := runArgs("", "test", robots, exp)
			if code != ExitUsage || out != "" {
				t.Fatalf("exit %d, stdout %q", code, out)
			}
			errOut = strings.ReplaceAll(errOut, dir+string(filepath.Separator), "")
			for _, want := range tt.want {
				if !strings.Contains(errOut, want) {
					t.Errorf("stderr %q, want %q", errOut, want)
				}
			}
			if strings.Contains(errOut, "\x1b") {
				t.Errorf("a raw ESC reached stderr: %q", errOut)
			}
		})
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
	// A report that cannot be written is an error, not a pass.
	if code, _, _ := runArgs("", "test", "-junit", filepath.Join(dir, "none", "junit.xml"), robots, exp); code != ExitUsage {
		t.Errorf("unwritable report: exit %d", code)
	}
}
