//go:build !wasm

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/record"
)

func writeRobots(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runArgs(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// A commandCase is one command line of a table test: the exit status it
// must end with, lines its output must hold, and text its errors must hold.
type commandCase struct {
	name string
	args []string
	code int
	out  []string // lines standard output must hold
	err  string   // a fragment of standard error
}

// runCommandCases runs each case with no standard input.
func runCommandCases(t *testing.T, tests []commandCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runArgs("", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", code, tt.code, out, errOut)
			}
			lines := strings.Split(out, "\n")
			for _, want := range tt.out {
				if !contains(lines, want) {
					t.Errorf("no line %q in\n%s", want, out)
				}
			}
			if !strings.Contains(errOut, tt.err) {
				t.Errorf("stderr %q, want it to hold %q", errOut, tt.err)
			}
		})
	}
}

const fishFile = "User-agent: *\nDisallow: /*.php\nAllow: /fish\n"

func TestCheckExitStatus(t *testing.T) {
	p := writeRobots(t, fishFile)
	tests := []struct {
		name string
		args []string
		code int
		out  []string
	}{
		{"all allowed", []string{"check", p, "Googlebot", "/fish"}, exitAllowed, []string{"allowed\t/fish\tline 3: Allow: /fish"}},
		{"one disallowed", []string{"check", p, "Googlebot", "/fish", "/index.php"}, exitDisallowed,
			[]string{"allowed\t/fish\tline 3: Allow: /fish", "disallowed\t/index.php\tline 2: Disallow: /*.php"}},
		{"empty URL means /", []string{"check", p, "", ""}, exitAllowed, []string{"allowed\t\tAllowed: no rule of the applying group matches /."}},
		{"unknown reading", []string{"check", "-reading", "nope", p, "a", "/"}, ExitUsage, nil},
		{"missing token", []string{"check", p}, ExitUsage, nil},
		{"missing URL", []string{"check", p, "a"}, ExitUsage, nil},
		{"missing file", []string{"check", p + ".none", "a", "/"}, ExitUsage, nil},
		{"a directory for the file", []string{"check", filepath.Dir(p), "a", "/"}, ExitUsage, nil},
		{"unreadable URL", []string{"check", p, "a", "mailto:fish"}, ExitUsage, nil},
		{"RFC 3986 §4.2 network-path reference", []string{"check", p, "Googlebot", "//example.com/index.php"}, exitDisallowed,
			[]string{"disallowed\t//example.com/index.php\tline 2: Disallow: /*.php"}},
		{"unknown command", []string{"nope"}, ExitUsage, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runArgs("", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if code == ExitUsage && errOut == "" {
				t.Error("a usage error must say why on standard error")
			}
			if tt.out != nil {
				if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "|") != strings.Join(tt.out, "|") {
					t.Errorf("output\n%s\nwant\n%s", out, strings.Join(tt.out, "\n"))
				}
			}
		})
	}
}

func TestCheckStdinAndURLFile(t *testing.T) {
	code, out, _ := runArgs(fishFile, "check", "-", "bot", "/a.php")
	if code != exitDisallowed || !strings.HasPrefix(out, "disallowed") {
		t.Errorf("robots from stdin: %d %q", code, out)
	}
	p := writeRobots(t, fishFile)
	code, out, _ = runArgs("/fish\r\n/x.php\n\n", "check", "-urls", "-", p, "bot")
	if code != exitDisallowed || strings.Count(out, "\n") != 3 {
		t.Errorf("URLs from stdin: %d %q", code, out)
	}
	if code, _, errOut := runArgs("", "check", "-urls", "-", "-", "bot"); code != ExitUsage || errOut == "" {
		t.Errorf("stdin twice should be a usage error: %d", code)
	}
}

func TestCheckJSON(t *testing.T) {
	p := writeRobots(t, fishFile+"Crawl-delay: 3\n")
	code, out, _ := runArgs("", "check", "-json", p, "bot", "https://Example.com/fish.php#x")
	if code != exitDisallowed {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Verdict   string `json:"verdict"`
		Path      string `json:"path"`
		RobotsURL string `json:"robots_url"`
		Winner    struct {
			Line     int    `json:"line"`
			Kind     string `json:"kind"`
			Pattern  string `json:"pattern"`
			Priority int    `json:"priority"`
		} `json:"winner"`
		Matches     []json.RawMessage `json:"matches"`
		Steps       []struct{ Rule string }
		Diagnostics []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got.Verdict != "disallowed" || got.Path != "/fish.php" || got.RobotsURL != "https://example.com/robots.txt" ||
		got.Winner.Line != 2 || got.Winner.Kind != "disallow" || got.Winner.Pattern != "/*.php" || got.Winner.Priority != 6 ||
		len(got.Matches) != 2 || len(got.Steps) != 2 || len(got.Diagnostics) != 1 || got.Diagnostics[0].Code != "nonstandard-record" {
		t.Errorf("got %+v from %s", got, out)
	}
}

// -compare parses the file under every reading and prints, under the
// chosen reading's line, the page's table of readings: one row per other
// reading (name, title, verdict, deciding line, why it differs from the
// chosen reading); the exit status still follows -reading (the README's
// -compare example: python takes the first matching rule in file order and
// reads * literally, so it disallows what RFC 9309's longest match allows).
func TestCheckCompare(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nAllow: /fish*\nDisallow: /fish\n")
	for _, tt := range []struct {
		reading string
		code    int
		first   string
		rows    map[string]string // reading → its row after the name, up to the sentence
	}{
		{"rfc9309", exitAllowed, "allowed\t/fish\tline 2: Allow: /fish*", map[string]string{
			"google":     "Google\tallowed\tline 2: Allow: /fish*\tagrees",
			"python":     "CPython classic\tdisallowed\tline 3: Disallow: /fish\twildcards: line 2, `Allow: /fish*`: rfc9309 reads '*' as any run",
			"koster1996": "1996 draft\tdisallowed\tline 3: Disallow: /fish\twildcards: ",
		}},
		{"python", exitDisallowed, "disallowed\t/fish\tline 3: Disallow: /fish", map[string]string{
			"rfc9309":    "RFC 9309\tallowed\tline 2: Allow: /fish*\twildcards: line 2, `Allow: /fish*`: python compares '*' and '$' as ordinary",
			"google":     "Google\tallowed\tline 2: Allow: /fish*\twildcards: ",
			"koster1996": "1996 draft\tdisallowed\tline 3: Disallow: /fish\tagrees",
		}},
	} {
		code, out, _ := runArgs("", "check", "-compare", "-reading", tt.reading, p, "Googlebot", "/fish")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != tt.code || lines[0] != tt.first {
			t.Errorf("-reading %s: exit %d, first line %q; want %d, %q", tt.reading, code, lines[0], tt.code, tt.first)
		}
		if len(lines) != len(matcher.Readings()) {
			t.Errorf("-reading %s: %d lines, want the URL's and one row per other reading:\n%s", tt.reading, len(lines), out)
		}
		for reading, want := range tt.rows {
			if !strings.Contains(out, "\n\t"+reading+"\t"+want) {
				t.Errorf("-reading %s: no row %q in\n%s", tt.reading, reading+"\t"+want, out)
			}
		}
		if strings.Contains(out, "\n\t"+tt.reading+"\t") {
			t.Errorf("-reading %s: the chosen reading is printed again among the others:\n%s", tt.reading, out)
		}
	}
}

// -compare -json carries the same rows: each reading's title, and for
// those that differ from the chosen reading the factor and sentence; the
// differences are those with the chosen reading only.
func TestCheckCompareJSON(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nAllow: /fish*\nDisallow: /fish\n")
	_, out, _ := runArgs("", "check", "-compare", "-json", p, "Googlebot", "/fish")
	var got record.Row
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if len(got.Readings) != len(matcher.Readings()) {
		t.Fatalf("%d readings, want %d", len(got.Readings), len(matcher.Readings()))
	}
	for _, r := range got.Readings {
		differs := r.Verdict != got.Verdict
		if r.Title != matcher.About(r.Reading).Title || (r.Factor != "") != differs || (r.Sentence != "") != differs {
			t.Errorf("row %+v: want About's title, and a factor and sentence exactly when it differs", r)
		}
	}
	for _, d := range got.Differences {
		if d.A != matcher.RFC9309 {
			t.Errorf("difference %+v: want the chosen reading as A", d)
		}
	}
}

// With a typo line in the applying group and no blank line,
// the rows name the factor that changes each verdict, never group
// boundaries.
func TestCheckCompareNamesTheDecidingFactor(t *testing.T) {
	p := writeRobots(t, "User-agent: a\nDisalow: /x/\nDisallow: /%7Euser/\n")
	_, out, _ := runArgs("", "check", "-compare", p, "a", "/~user/p", "/x/y")
	for _, want := range []string{
		"\n\tgoogle\tGoogle\tallowed\tno rule matches\tnormalization: line 3 matches under one reading only",
		"\n\tgoogle\tGoogle\tdisallowed\tline 2: Disalow: /x/\ttypos: line 2, `Disalow: /x/`: rfc9309 reads it as a record it does not know, google as a disallow line.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no row %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "group-boundary") {
		t.Errorf("a file without blank lines is said to differ in group boundaries:\n%s", out)
	}
}

// Each reading reads the URL string as its program does, and check asks
// the reading, not an RFC 9309 parse first: robots_main takes "fish" and
// "mailto:x" as given (robots.cc GetPathParamsQuery finds no path, so /),
// RFC 9309 resolves "fish" against / (RFC 3986 §5.2) and refuses only
// mailto:, which names no server (§2.3), and crawler-commons checks / for a
// string java.net.URL cannot read (SimpleRobotRules.getPath).
func TestCheckReadsURLsAsTheReading(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nDisallow: /a\nDisallow: /fish\n")
	runCommandCases(t, []commandCase{
		{"rfc9309", []string{"check", p, "bot", "fish", "//example.com/a", " /a", "mailto:x"}, ExitUsage, []string{
			"disallowed\tfish\tline 3: Disallow: /fish", "disallowed\t//example.com/a\tline 2: Disallow: /a", "disallowed\t /a\tline 2: Disallow: /a",
			"error\tmailto:x\t\"mailto:x\" has a scheme, mailto:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)"},
			"1 of 4 URLs could not be checked"},
		{"google", []string{"check", "-reading", "google", p, "bot", "fish", "example.com/a", "mailto:x"}, exitDisallowed, []string{
			"allowed\tfish\tAllowed: no rule of the applying group matches /.", "disallowed\texample.com/a\tline 2: Disallow: /a",
			"allowed\tmailto:x\tAllowed: no rule of the applying group matches /."}, ""},
		{"crawler-commons", []string{"check", "-reading", "crawler-commons", p, "bot", "/a", "https://example.com/a"}, exitDisallowed, []string{
			"allowed\t/a\tAllowed: no rule of the applying group matches /.", "disallowed\thttps://example.com/a\tline 2: Disallow: /a"}, ""},
		{"-compare with google chosen, rfc9309 refusing", []string{"check", "-compare", "-reading", "google", p, "bot", "mailto:x"}, exitAllowed, []string{
			"allowed\tmailto:x\tAllowed: no rule of the applying group matches /."}, ""},
	})
}
