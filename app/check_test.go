//go:build !wasm

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
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
		{"unknown reading", []string{"check", "-reading", "nope", p, "a", "/"}, exitUsage, nil},
		{"missing token", []string{"check", p}, exitUsage, nil},
		{"missing URL", []string{"check", p, "a"}, exitUsage, nil},
		{"missing file", []string{"check", p + ".none", "a", "/"}, exitUsage, nil},
		{"a directory for the file", []string{"check", filepath.Dir(p), "a", "/"}, exitUsage, nil},
		{"unreadable URL", []string{"check", p, "a", "fish"}, exitUsage, nil},
		{"RFC 3986 §4.2 network-path reference", []string{"check", p, "Googlebot", "//example.com/index.php"}, exitDisallowed,
			[]string{"disallowed\t//example.com/index.php\tline 2: Disallow: /*.php"}},
		{"unknown command", []string{"nope"}, exitUsage, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runArgs("", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if code == exitUsage && errOut == "" {
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
	if code, _, errOut := runArgs("", "check", "-urls", "-", "-", "bot"); code != exitUsage || errOut == "" {
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
// chosen reading's line, each other reading's verdict and why pairs
// differ; the exit status still follows -reading (the README's -compare
// example: python takes the first matching rule in file order and reads
// * literally, so it disallows what RFC 9309's longest match allows).
func TestCheckCompare(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nAllow: /fish*\nDisallow: /fish\n")
	for _, tt := range []struct {
		reading string
		code    int
		first   string
		others  []string
	}{
		{"rfc9309", exitAllowed, "allowed\t/fish\tline 2: Allow: /fish*", []string{"\tgoogle: allowed\t", "\tpython: disallowed\t", "\tkoster1996: "}},
		{"python", exitDisallowed, "disallowed\t/fish\tline 3: Disallow: /fish", []string{"\trfc9309: allowed\t", "\tgoogle: allowed\t", "\tkoster1996: "}},
	} {
		code, out, _ := runArgs("", "check", "-compare", "-reading", tt.reading, p, "Googlebot", "/fish")
		lines := strings.Split(out, "\n")
		if code != tt.code || lines[0] != tt.first {
			t.Errorf("-reading %s: exit %d, first line %q; want %d, %q", tt.reading, code, lines[0], tt.code, tt.first)
		}
		for _, want := range append(tt.others, "\trfc9309 and python differ (wildcards): ") {
			if !strings.Contains(out, "\n"+want) {
				t.Errorf("-reading %s: no line starting %q in\n%s", tt.reading, want, out)
			}
		}
		if strings.Contains(out, "\n\t"+tt.reading+": ") {
			t.Errorf("-reading %s: the chosen reading is printed again among the others:\n%s", tt.reading, out)
		}
	}
}
