//go:build !wasm

package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"robots-explorer/matcher"
	"strings"
	"testing"
	"unicode/utf8"
)

// check reads at most -max-size bytes (16 MiB by default) and refuses
// more with exit 2 and a message, so that /dev/zero, as the file or on
// standard input, ends at once; diff and test read robots.txt files to
// the same limit. Run as a process, so that its peak memory is measured:
// reading up to the limit may cost the limit and its buffer, not more.
func TestCheckRefusesInputOverMaxSize(t *testing.T) {
	zero := func(t *testing.T) *os.File {
		f, err := os.Open("/dev/zero")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	small := writeRobots(t, fishFile)
	tests := []struct {
		name  string
		stdin func(*testing.T) *os.File
		args  []string
		want  string
	}{
		{"/dev/zero as ROBOTS_FILE", nil, []string{"check", "/dev/zero", "Googlebot", "/"}, "ROBOTS_FILE /dev/zero is larger than 16 MiB"},
		{"/dev/zero on standard input", zero, []string{"check", "-", "Googlebot", "/"}, "standard input is larger than 16 MiB"},
		{"a regular file over -max-size", nil, []string{"check", "-max-size", "16", small, "Googlebot", "/"}, "is larger than 16 bytes"},
		{"-max-size with a unit", nil, []string{"check", "-max-size", "1K", "/dev/zero", "Googlebot", "/"}, "is larger than 1 KiB"},
		{"-record too", nil, []string{"check", "-record", "/dev/zero", "Googlebot", "/"}, "larger than 16 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdin *os.File
			if tt.stdin != nil {
				stdin = tt.stdin(t)
			}
			r := runProgram(t, stdin, nil, tt.args...)
			if r.code != ExitUsage || !strings.Contains(r.stderr, tt.want) || !strings.Contains(r.stderr, "-max-size") {
				t.Errorf("exit %d, stderr %q; want exit 2 and a message containing %q and naming -max-size", r.code, r.stderr, tt.want)
			}
			if limit := int64(3 * defaultMaxSize); r.peakRSS > limit {
				t.Errorf("peak memory %d MiB, want at most %d MiB for a %d MiB limit", r.peakRSS>>20, limit>>20, defaultMaxSize>>20)
			}
		})
	}
	// A file of exactly -max-size bytes is read.
	if r := runProgram(t, nil, nil, "check", "-max-size", "44", small, "Googlebot", "/fish"); r.code != exitAllowed {
		t.Errorf("a file of exactly -max-size: exit %d, stderr %q", r.code, r.stderr)
	}
}

// diff reads each robots.txt file to check's default limit and refuses a
// larger one with exit 2 and a message.
func TestDiffRefusesFileOverLimit(t *testing.T) {
	r := runProgram(t, nil, nil, "diff", "/dev/zero", writeRobots(t, fishFile), "/")
	if want := "/dev/zero: more than 16 MiB"; r.code != ExitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 2 and a message containing %q", r.code, r.stderr, want)
	}
}

func TestParseByteSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{{"65536", 65536}, {"64K", 64 << 10}, {"64KiB", 64 << 10}, {"64m", 64 << 20}, {"1G", 1 << 30}, {"2147483647", 1<<31 - 1}}
	for _, tt := range tests {
		if got, err := parseByteSize(tt.in); err != nil || got != tt.want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "0", "-1", "1X", "K", "2G", "1.5M", "9999999999999999999"} {
		if _, err := parseByteSize(bad); err == nil {
			t.Errorf("parseByteSize(%q) accepted", bad)
		}
	}
}

// Memory grows with the file, not with the number of URLs. Every rule of
// this file matches, so each URL leaves garbage the size of the parse,
// which must not pile up.
func TestCheckMemoryDoesNotGrowPerURL(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a 6 MiB file and evaluates it 13 times")
	}
	p := writeRobots(t, "User-agent: *\n"+strings.Repeat("Disallow: /a\n", (6<<20)/13))
	one := runProgram(t, nil, nil, "check", p, "Googlebot", "/a")
	args := []string{"check", p, "Googlebot"}
	for range 12 {
		args = append(args, "/a")
	}
	many := runProgram(t, nil, nil, args...)
	if one.code != exitDisallowed || many.code != exitDisallowed {
		t.Fatalf("exit %d and %d, want 1 (stderr %q)", one.code, many.code, many.stderr)
	}
	t.Logf("peak memory: 1 URL %d MiB, 12 URLs %d MiB", one.peakRSS>>20, many.peakRSS>>20)
	if many.peakRSS > one.peakRSS*16/10 {
		t.Errorf("12 URLs took %d MiB, one %d MiB: memory grows with the URLs", many.peakRSS>>20, one.peakRSS>>20)
	}
}

// A check's memory grows with the file, not with the rules a URL matches:
// it lists at most -max-matches of them (matcher.ParseOptions.MaxMatches).
// Here, under every reading and with -compare, a URL that each of 480,000
// rules matches costs about what a URL that none matches does.
func TestCheckMemoryDoesNotGrowWithMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a 6 MiB file and checks it 18 times")
	}
	p := writeRobots(t, "User-agent: *\n"+strings.Repeat("Disallow: /a/b\n", (6<<20)/15))
	runs := [][]string{{"-compare"}, {"-json"}, {"-json", "-reading", "python"}, {"-compare", "-json"}}
	for _, r := range matcher.Readings() {
		runs = append(runs, []string{"-reading", string(r)})
	}
	for _, flags := range runs {
		r := strings.Join(flags, " ")
		none := runProgram(t, nil, nil, append(append([]string{"check"}, flags...), p, "Googlebot", "https://example.com/b")...)
		all := runProgram(t, nil, nil, append(append([]string{"check"}, flags...), p, "Googlebot", "https://example.com/a/b/c")...)
		if none.code != exitAllowed || all.code != exitDisallowed {
			t.Fatalf("%s: exit %d and %d, want 0 and 1 (stderr %q)", r, none.code, all.code, all.stderr)
		}
		t.Logf("%s: peak memory, no rule matching %d MiB, every rule %d MiB", r, none.peakRSS>>20, all.peakRSS>>20)
		if all.peakRSS > none.peakRSS*13/10 {
			t.Errorf("%s: a URL every rule matches took %d MiB, one no rule matches %d MiB: memory grows with the matches",
				r, all.peakRSS>>20, none.peakRSS>>20)
		}
	}
}

// -json and -record list at most -max-matches matching rules of
// a URL (1,000 unless it says otherwise), then only stronger ones, and
// count the rest: a URL that every one of 5 million rules matched was a
// row of 2.4 GB. The winner is the full evaluation's.
func TestCheckJSONListsAtMostMaxMatches(t *testing.T) {
	const n = 200000
	p := writeRobots(t, "User-agent: *\n"+strings.Repeat("Disallow: /a/b\n", n-1)+"Allow: /a/b/c\n")
	type row struct {
		Winner struct {
			Line int    `json:"line"`
			Kind string `json:"kind"`
		} `json:"winner"`
		Matches        []json.RawMessage `json:"matches"`
		MatchesOmitted int               `json:"matches_omitted"`
	}
	for _, c := range []struct {
		name           string
		flags          []string
		listed, hidden int
	}{
		{"default", nil, 1001, n - 1001},
		{"-max-matches 10", []string{"-max-matches", "10"}, 11, n - 11},
		{"-max-matches 0", []string{"-max-matches", "0"}, n, 0},
		{"-record", []string{"-record"}, 1001, n - 1001},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"check"}, c.flags...)
			if c.name != "-record" {
				args = append(args, "-json")
			}
			code, out, errOut := runArgs("", append(args, p, "Googlebot", "/a/b/c")...)
			var got row
			if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitAllowed {
				t.Fatalf("exit %d, %v; stderr %q", code, err, errOut)
			}
			// The allow on the last line is the longest match, kept past the cap.
			if got.Winner.Line != n+1 || got.Winner.Kind != "allow" || len(got.Matches) != c.listed || got.MatchesOmitted != c.hidden {
				t.Errorf("winner line %d (%s), %d matches listed, %d omitted; want line %d (allow), %d and %d",
					got.Winner.Line, got.Winner.Kind, len(got.Matches), got.MatchesOmitted, n+1, c.listed, c.hidden)
			}
		})
	}
	code, out, _ := runArgs("", "check", "-record", "-markdown", "-max-matches", "3", p, "Googlebot", "/a/b/c")
	if want := fmt.Sprintf("%d more matching rules are not listed", n-4); code != exitAllowed || !strings.Contains(out, want) {
		t.Errorf("-record -markdown: exit %d, want %q in the record", code, want)
	}
	if code, _, errOut := runArgs("", "check", "-json", "-max-matches", "-1", p, "Googlebot", "/"); code != ExitUsage || !strings.Contains(errOut, "-max-matches") {
		t.Errorf("-max-matches -1: exit %d, stderr %q; want exit 2 naming the flag", code, errOut)
	}
}

// -record lists at most -max-matches entries of each list that grows with
// the input, as it does the matching rules, and counts the rest: the
// user-agent lines, the applying groups and the redirect hops (a file of a
// million user-agent lines made a record of 195 MB).
func TestCheckRecordListsAtMostMaxMatches(t *testing.T) {
	const n, hops = 3000, 1200
	p := writeRobots(t, strings.Repeat("User-agent: bot\nDisallow: /x\n", n))
	redirects := []string{"-status", "200"}
	for i := range hops {
		redirects = append(redirects, "-redirect", fmt.Sprintf("https://example.com/%d/robots.txt", i))
	}
	type list struct{ listed, omitted int }
	type recordLists struct {
		Matches        []json.RawMessage `json:"matches"`
		MatchesOmitted int               `json:"matches_omitted"`
		Groups         struct {
			Selected        []int             `json:"selected"`
			SelectedOmitted int               `json:"selected_omitted"`
			Agents          []json.RawMessage `json:"agents"`
			AgentsOmitted   int               `json:"agents_omitted"`
		} `json:"groups"`
		Delivery struct {
			Facts struct {
				Redirects []string `json:"redirects"`
			} `json:"facts"`
			RedirectsOmitted int `json:"redirects_omitted"`
		} `json:"delivery"`
	}
	for _, c := range []struct {
		name  string
		flags []string
		max   int
	}{
		{"default", nil, 1000},
		{"-max-matches 10", []string{"-max-matches", "10"}, 10},
		{"-max-matches 0", []string{"-max-matches", "0"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append(append(append([]string{"check", "-record"}, c.flags...), redirects...), p, "bot", "/x")
			code, out, errOut := runArgs("", args...)
			var rec recordLists
			if err := json.Unmarshal([]byte(out), &rec); err != nil || code == ExitUsage {
				t.Fatalf("exit %d, %v; stderr %q", code, err, errOut)
			}
			want := func(total int) list {
				if c.max == 0 || total <= c.max {
					return list{total, 0}
				}
				return list{c.max, total - c.max}
			}
			for _, l := range []struct {
				what      string
				got, want list
			}{
				{"matching rules", list{len(rec.Matches), rec.MatchesOmitted}, want(n)},
				{"applying groups", list{len(rec.Groups.Selected), rec.Groups.SelectedOmitted}, want(n)},
				{"user-agent lines", list{len(rec.Groups.Agents), rec.Groups.AgentsOmitted}, want(n)},
				{"redirect hops", list{len(rec.Delivery.Facts.Redirects), rec.Delivery.RedirectsOmitted}, want(hops)},
			} {
				if l.got != l.want {
					t.Errorf("%s: %d listed and %d omitted, want %d and %d", l.what, l.got.listed, l.got.omitted, l.want.listed, l.want.omitted)
				}
			}
		})
	}
	_, out, _ := runArgs("", append(append([]string{"check", "-record", "-markdown", "-max-matches", "3"}, redirects...), p, "bot", "/x")...)
	for _, want := range []string{fmt.Sprintf("%d more user-agent lines are not listed", n-3), fmt.Sprintf("| redirects 4 to %d | not listed", hops)} {
		if !strings.Contains(out, want) {
			t.Errorf("-record -markdown -max-matches 3: want %q in the record", want)
		}
	}
	// -json's row, the record's short view, lists the applying groups so.
	var row struct {
		Groups        []int `json:"groups"`
		GroupsOmitted int   `json:"groups_omitted"`
	}
	_, out, _ = runArgs("", "check", "-json", "-max-matches", "10", p, "bot", "/x")
	if err := json.Unmarshal([]byte(out), &row); err != nil || len(row.Groups) != 10 || row.GroupsOmitted != n-10 {
		t.Errorf("-json -max-matches 10: %d groups listed, %d omitted (%v); want 10 and %d", len(row.Groups), row.GroupsOmitted, err, n-10)
	}
}

// -json and -record keep at most -max-diagnostics diagnostics of
// each kind, and one that counts the rest: 5 million rules naming a private
// path were as many diagnostics in one URL's row, 1.9 GB.
func TestCheckJSONKeepsAtMostMaxDiagnostics(t *testing.T) {
	const n = 5000
	p := writeRobots(t, "User-agent: *\n"+strings.Repeat("Disallow: /private/a\n", n))
	type row struct {
		Diagnostics []struct {
			Code    string `json:"code"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"diagnostics"`
	}
	for _, c := range []struct {
		name   string
		flags  []string
		listed int
	}{
		{"default", []string{"-json"}, 1001},
		{"-max-diagnostics 10", []string{"-json", "-max-diagnostics", "10"}, 11},
		{"-max-diagnostics 0", []string{"-json", "-max-diagnostics", "0"}, n},
		{"-record", []string{"-record", "-max-diagnostics", "10"}, 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runArgs("", append(append([]string{"check"}, c.flags...), p, "Googlebot", "/private/a")...)
			var got row
			if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitDisallowed {
				t.Fatalf("exit %d, %v; stderr %q", code, err, errOut)
			}
			var private []int
			for i, d := range got.Diagnostics {
				if d.Code == "private-path" {
					private = append(private, i)
				}
			}
			if len(private) != c.listed {
				t.Fatalf("%d private-path diagnostics listed, want %d", len(private), c.listed)
			}
			if c.listed == n {
				return
			}
			last := got.Diagnostics[private[len(private)-1]]
			if want := fmt.Sprintf("%d more diagnostics of this kind", n-(c.listed-1)); !strings.Contains(last.Message, want) || last.Line != c.listed+1 {
				t.Errorf("the last private-path diagnostic is line %d, %q; want line %d saying %q", last.Line, last.Message, c.listed+1, want)
			}
		})
	}
}

// A check's memory grows with the file, not with the crawlers it checks
// as. Each token's selection is kept for the next URL, without the trace
// of every user-agent line, which no output shows
// (matcher.ParseOptions.SkipAgentTrace). Here a file of 200,000 user-agent
// lines is checked as one crawler and as every crawler of the directory.
func TestCheckMemoryDoesNotGrowWithCrawlers(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a 6 MiB file and checks it twice")
	}
	var b strings.Builder
	for i := 0; b.Len() < 6<<20; i++ {
		fmt.Fprintf(&b, "User-agent: bot-%d\nDisallow: /b%d\n", i, i)
	}
	b.WriteString("User-agent: *\nDisallow: /x\n")
	p := writeRobots(t, b.String())
	one := runProgram(t, nil, nil, "check", "-crawlers", "Googlebot", p, "/x")
	all := runProgram(t, nil, nil, "check", "-crawlers", "all", p, "/x")
	if one.code != exitDisallowed || all.code != exitDisallowed {
		t.Fatalf("exit %d and %d, want 1 (stderr %q)", one.code, all.code, all.stderr)
	}
	if n := strings.Count(all.stdout, "\n"); n < 20 {
		t.Fatalf("-crawlers all wrote %d lines, want one per crawler of the directory", n)
	}
	t.Logf("peak memory: one crawler %d MiB, every crawler %d MiB", one.peakRSS>>20, all.peakRSS>>20)
	if all.peakRSS > one.peakRSS*15/10 {
		t.Errorf("every crawler took %d MiB, one %d MiB: memory grows with the crawlers", all.peakRSS>>20, one.peakRSS>>20)
	}
}

// A -urls line over its limit is reported with the file, the
// line and the limit, not as bufio.Scanner's "token too long".
func TestCheckURLsLineTooLong(t *testing.T) {
	p := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(p, []byte("/ok\n/"+strings.Repeat("a", maxURLLine)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runArgs("", "check", "-urls", p, writeRobots(t, fishFile), "Googlebot")
	want := p + ":2: the line is longer than 16 MiB"
	if code != ExitUsage || !strings.Contains(errOut, want) || strings.Contains(errOut, "token too long") {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, errOut, want)
	}
	if out != "allowed\t/ok\tAllowed: no rule of the applying group matches /ok.\n" {
		t.Errorf("the URLs before the long line: %q", out)
	}
}

// terminalSafe reports the first byte of out that a terminal could obey,
// other than the line ends and the tabs between fields.
func terminalSafe(out string) (rune, bool) {
	for _, r := range out {
		if r == '\n' || r == '\t' {
			continue
		}
		if r < 0x20 || r == 0x7F || r >= 0x80 && r <= 0x9F || r == utf8.RuneError {
			return r, false
		}
	}
	return 0, true
}

// A URL, a rule or a token holding line ends, tabs or ESC
// sequences reaches the terminal escaped (matcher/escape's notation): one
// URL is one line of three fields, and no byte of it drives the terminal.
// This once forged a result line and set the terminal's title.
func TestCheckTextOutputEscapesControls(t *testing.T) {
	const forged = "/private\nallowed\t/private\tforged"
	const title = "/\x1b]0;owned\a\x1b[2J\u009b2J"
	p := writeRobots(t, "User-agent: *\nDisallow: /private\nDisallow: /t\x1b[2J\x07\n")
	for _, args := range [][]string{
		{"check", p, "Googlebot", forged, title, "/t\x1b[2J\x07\x00\x7f"},
		{"check", "-compare", p, "Googlebot", forged, title, "/t\x1b[2J\x07\x00\x7f"},
	} {
		code, out, errOut := runArgs("", args...)
		if code != exitDisallowed {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errOut)
		}
		if r, ok := terminalSafe(out + errOut); !ok {
			t.Errorf("%q: output holds %U:\n%s", args, r, out)
		}
		var results []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if !strings.HasPrefix(l, "\t") { // -compare's lines under a result start with a tab
				results = append(results, l)
			}
		}
		if len(results) != 3 {
			t.Fatalf("%q: %d result lines for 3 URLs:\n%s", args, len(results), out)
		}
		want := []string{
			`disallowed	/private\nallowed\t/private\tforged	line 2: Disallow: /private`,
			`allowed	/\x1B]0;owned\x07\x1B[2J\xC2\x9B2J	`,
			`disallowed	/t\x1B[2J\x07\0\x7F	line 3: Disallow: /t\x1B[2J\x07`,
		}
		for i, w := range want {
			if !strings.HasPrefix(results[i], w) || strings.Count(results[i], "\t") != 2 {
				t.Errorf("%q: line %d = %q, want it to start with %q and hold three fields", args, i+1, results[i], w)
			}
		}
	}
}

// -json output leaves no character a terminal obeys raw:
// encoding/json escapes C0 controls, and check escapes DEL and C1 too.
func TestCheckJSONEscapesControls(t *testing.T) {
	p := writeRobots(t, "User-agent: *\nDisallow: /a\u009b\x7f\n")
	for _, args := range [][]string{
		{"check", "-json", p, "Googlebot", "/a\u009b\x7f\x1b[2J"},
		{"check", "-json", "-compare", p, "Googlebot", "/a\u009b\x7f"},
		{"check", "-record", p, "Googlebot", "/a\u009b\x7f"},
	} {
		_, out, _ := runArgs("", args...)
		if r, ok := terminalSafe(out); !ok || !strings.Contains(out, `\u009b`) || !strings.Contains(out, `\u007f`) {
			t.Errorf("%q: output holds %U or lacks the \\u escapes:\n%s", args, r, out)
		}
		var v any
		if err := json.NewDecoder(strings.NewReader(out)).Decode(&v); err != nil {
			t.Errorf("%q: not JSON: %v", args, err)
		}
	}
}

// Messages on standard error escape what they quote (a URL, a
// file name, a flag, a token).
func TestCheckErrorsEscapeControls(t *testing.T) {
	p := writeRobots(t, fishFile)
	for _, args := range [][]string{
		{"check", p, "Googlebot", "mailto:x\x1b[2J\nforged"},
		{"check", p + "\x1b[2J", "Googlebot", "/"},
		{"check", "-\x1b[2J", p, "Googlebot", "/"},
		{"check", "-reading", "\x1b[2J", p, "Googlebot", "/"},
		{"check", p, "Google\x1b[2J\nbot", "/"},
		{"check", "-urls", "-", p, "Googlebot"},
		{"nope\x1b[2J"},
	} {
		code, _, errOut := runArgs("/ok\nmailto:\x1b]0;x\a\n", args...)
		if code == exitAllowed && !strings.Contains(errOut, "warning") {
			t.Errorf("%q: exit 0 with no message", args)
		}
		if r, ok := terminalSafe(errOut); !ok || strings.Count(strings.Split(errOut, "\n\n")[0], "\n") > 2 {
			t.Errorf("%q: standard error holds %U or a forged line: %q", args, r, errOut)
		}
	}
}

// TestMessagesEscapeOnce: a control character that a message or an error
// row quotes from the input shows once in the .esc notation, \x1B, never
// escaped twice.
func TestMessagesEscapeOnce(t *testing.T) {
	p := writeRobots(t, fishFile)
	urls := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(urls, []byte("/a\x1b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"token warning", []string{"check", p, "a\x1bb", "/fish"},
			`the token "a\x1Bb" is not a product token: "\x1B" at byte 2 may not stand in a product token: only the letters A-Z and a-z, '-' and '_' may. ` +
				`A file's user-agent line "a\x1Bb" would be read as "a".`},
		{"-tokens", []string{"check", "-tokens", "a\x1bb", p, "/fish"}, `-tokens: "a\x1Bb" is not a product token`},
		{"-format", []string{"diff", "-format", "x\x1b", "-urls", urls, p, p}, `-format "x\x1B": plain, sitemap or csv`},
		{"-status", []string{"check", "-record", "-status", "2\x1b", p, "Googlebot", "/fish"}, `-status "2\x1B" is not an HTTP status code`},
		{"a list's malformed line", []string{"diff", "-tokens", "Googlebot", "-urls", urls, p, p, "/fish"}, `urls.txt:1: control character "\x1B" at byte 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out, errOut := runArgs("", tt.args...)
			if out += errOut; !strings.Contains(out, tt.want) || strings.Contains(out, `\\`) {
				t.Errorf("output %q\nwant it to hold %q, escaped once", out, tt.want)
			}
		})
	}
}

// A token that is not a product token (empty, spaced, a whole
// User-Agent header) is checked against the file all the same, with a
// warning on standard error, as the decision record's token_check says.
func TestCheckWarnsOfBadToken(t *testing.T) {
	p := writeRobots(t, fishFile)
	tests := []struct{ token, want string }{
		{"", `the token "" is not a product token: A product token is needed`},
		{"Google bot", `the token "Google bot" is not a product token`},
		{"Mozilla/5.0 (compatible; Googlebot/2.1)", `most likely "Googlebot"`},
	}
	for _, tt := range tests {
		for _, mode := range []string{"-json=false", "-json", "-csv"} {
			code, _, errOut := runArgs("", "check", mode, p, tt.token, "/fish")
			if code != exitAllowed || !strings.Contains(errOut, "warning: ") || !strings.Contains(errOut, tt.want) {
				t.Errorf("%s token %q: exit %d, stderr %q; want a warning with %q", mode, tt.token, code, errOut, tt.want)
			}
		}
	}
	if _, _, errOut := runArgs("", "check", p, "Googlebot", "/fish"); strings.Contains(errOut, "warning") {
		t.Errorf("a valid token warned: %q", errOut)
	}
}

// failingWriter fails every write, as a full disk or a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Output that cannot be written is an error (exit 2, a message on
// standard error) on every output path; text and -json used to exit 0.
func TestCheckReportsWriteErrors(t *testing.T) {
	p := writeRobots(t, fishFile)
	urls, _ := manyURLs(t, 5000, 0)
	paths := [][]string{
		{"check", p, "Googlebot", "/fish"},
		{"check", "-json", p, "Googlebot", "/fish"},
		{"check", "-compare", p, "Googlebot", "/fish"},
		{"check", "-compare", "-json", p, "Googlebot", "/fish"},
		{"check", "-urls", urls, p, "Googlebot"},
		{"check", "-json", "-urls", urls, p, "Googlebot"},
		{"check", "-record", p, "Googlebot", "/fish"},
		{"check", "-record", "-markdown", p, "Googlebot", "/fish"},
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Fatalf("the test writes to /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range paths {
		var errb strings.Builder
		if code := Run(args, strings.NewReader(""), failingWriter{}, &errb); code != ExitUsage || !strings.Contains(errb.String(), "disk full") {
			t.Errorf("%q to a failing writer: exit %d, stderr %q; want exit 2 and the error", args, code, errb.String())
		}
		r := runProgram(t, nil, full, args...)
		if r.code != ExitUsage || !strings.Contains(r.stderr, "no space left on device") {
			t.Errorf("%q > /dev/full: exit %d, stderr %q; want exit 2 and the error", args, r.code, r.stderr)
		}
	}
}
