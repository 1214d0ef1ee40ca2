//go:build !wasm

package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// manyURLs writes n URLs to a file, one a line, every third disallowed by
// fishFile; bad, when positive, puts a URL that cannot be read on that line.
func manyURLs(t *testing.T, n, bad int) (string, []string) {
	t.Helper()
	urls := make([]string, n)
	for i := range urls {
		switch {
		case i+1 == bad:
			urls[i] = "mailto:no-slash"
		case i%3 == 0:
			urls[i] = fmt.Sprintf("/page-%d.php", i)
		default:
			urls[i] = fmt.Sprintf("/fish/%d", i)
		}
	}
	p := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(p, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, urls
}

// The output must be one line per URL in input order, the same lines one evaluation after another
// gives, for the arguments first and then the -urls file.
func TestCheckURLsKeepsInputOrder(t *testing.T) {
	robots := writeRobots(t, fishFile)
	list, urls := manyURLs(t, 3*urlBatchSize+17, 0)
	code, out, errOut := runArgs("", "check", "-urls", list, robots, "bot", "/first.php", "/fish")
	if code != exitDisallowed || errOut != localNote {
		t.Fatalf("exit %d, stderr %q (want only the scope note)", code, errOut)
	}
	f := matcher.Parse(matcher.RFC9309, []byte(fishFile), matcher.ParseOptions{})
	var want strings.Builder
	for _, u := range append([]string{"/first.php", "/fish"}, urls...) {
		res, err := f.Evaluate("bot", u)
		if err != nil {
			t.Fatal(err)
		}
		if err := writeResult(&want, f, res, nil, &checkConfig{}, ""); err != nil {
			t.Fatal(err)
		}
	}
	if out != want.String() {
		got, exp := strings.Split(out, "\n"), strings.Split(want.String(), "\n")
		for i := range min(len(got), len(exp)) {
			if got[i] != exp[i] {
				t.Fatalf("line %d: got %q, want %q (%d lines, want %d)", i+1, got[i], exp[i], len(got), len(exp))
			}
		}
		t.Fatalf("got %d lines, want %d", len(got), len(exp))
	}
}

// A URL that cannot be read gets an error row with its file position, and
// the check goes on to the last line: exit 2 after it.
func TestCheckURLsGoOnPastUnreadableURL(t *testing.T) {
	robots := writeRobots(t, fishFile)
	bad := 2*urlBatchSize + 5
	list, urls := manyURLs(t, 4*urlBatchSize, bad)
	code, out, errOut := runArgs("", "check", "-urls", list, robots, "bot")
	if code != ExitUsage {
		t.Fatalf("exit %d, want %d", code, ExitUsage)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(urls) {
		t.Errorf("%d result lines, want one for each of %d URLs", len(lines), len(urls))
	}
	want := fmt.Sprintf("error\tmailto:no-slash\t%s:%d: \"mailto:no-slash\" has a scheme, mailto:, but no authority", list, bad)
	if !strings.HasPrefix(lines[bad-1], want) || !strings.Contains(errOut, fmt.Sprintf("1 of %d URLs could not be checked", len(urls))) {
		t.Errorf("line %d %q, want it to start %q; stderr %q", bad, lines[bad-1], want, errOut)
	}
}

// Every URL allowed: exit 0, even across many batches.
func TestCheckURLsAllAllowed(t *testing.T) {
	robots := writeRobots(t, "User-agent: *\nDisallow: /private\n")
	list, urls := manyURLs(t, 2*urlBatchSize, 0)
	code, out, _ := runArgs("", "check", "-urls", list, robots, "bot")
	if code != exitAllowed || strings.Count(out, "\n") != len(urls) {
		t.Errorf("exit %d with %d lines, want 0 with %d", code, strings.Count(out, "\n"), len(urls))
	}
}

// URLs on the command line are checked on the calling goroutine when they
// fit in one batch and by the workers beyond; either way an unreadable URL
// gets an error row and the check goes on, with exit 2 at the end.
func TestCheckArgsGoOnPastUnreadableURL(t *testing.T) {
	robots := writeRobots(t, fishFile)
	for _, n := range []int{3, urlBatchSize - 1, urlBatchSize, urlBatchSize + 3} {
		args := []string{"check", robots, "bot"}
		for i := range n - 1 {
			args = append(args, fmt.Sprintf("/fish/%d", i))
		}
		args = append(args, "javascript:fish", "/after")
		code, out, errOut := runArgs("", args...)
		if code != ExitUsage {
			t.Errorf("%d URLs: exit %d, want %d", n+1, code, ExitUsage)
		}
		if got := strings.Count(out, "allowed\t/fish/"); got != n-1 || !strings.Contains(out, "\nerror\tjavascript:fish\t\"javascript:fish\" has a scheme") ||
			!strings.HasSuffix(out, "allowed\t/after\tAllowed: no rule of the applying group matches /after.\n") {
			t.Errorf("%d URLs: %d results before the unreadable URL (want %d), no error row or no result after it:\n%s", n+1, got, n-1, out)
		}
		if !strings.Contains(errOut, fmt.Sprintf("robots-explorer check: 1 of %d URLs could not be checked", n+1)) {
			t.Errorf("%d URLs: stderr %q", n+1, errOut)
		}
	}
}

// TestCheckListNeverStops: every line of a list gets its row, a verdict or
// error with the reason, in every output form; the exit status is 2 after
// the last line. A list with no URL at all is an error too.
func TestCheckListNeverStops(t *testing.T) {
	robots := writeRobots(t, fishFile)
	dir := t.TempDir()
	list := writeFile(t, dir, "urls.txt", "/a\nmailto:x@example.com\n/b\njavascript:fish\n/c\n")
	empty := writeFile(t, dir, "empty.txt", "")
	mailto := list + `:2: "mailto:x@example.com" has a scheme, mailto:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)`
	fish := list + `:4: "javascript:fish" has a scheme, javascript:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)`
	allowed := func(u string) string { return "Allowed: no rule of the applying group matches " + u + "." }
	tests := []struct {
		name string
		args []string
		rows []string // the lines of standard output, each cut to its first 160 bytes
		err  string
	}{
		{"text", []string{"check", "-urls", list, robots, "bot"}, []string{"allowed\t/a\t" + allowed("/a"), "error\tmailto:x@example.com\t" + mailto,
			"allowed\t/b\t" + allowed("/b"), "error\tjavascript:fish\t" + fish, "allowed\t/c\t" + allowed("/c")}, "2 of 5 URLs could not be checked"},
		{"-csv", []string{"check", "-csv", "-urls", list, robots, "bot"}, []string{"crawler,url,verdict,line,rule,token", "bot,/a,allowed,," + allowed("/a") + ",bot",
			`,mailto:x@example.com,error,,"` + strings.ReplaceAll(mailto, `"`, `""`) + `",`, "bot,/b,allowed,," + allowed("/b") + ",bot",
			`,javascript:fish,error,,"` + strings.ReplaceAll(fish, `"`, `""`) + `",`, "bot,/c,allowed,," + allowed("/c") + ",bot"}, "2 of 5 URLs could not be checked"},
		{"-crawlers", []string{"check", "-crawlers", "Googlebot", "-urls", list, robots}, []string{"allowed\tGooglebot\t/a\t" + allowed("/a"),
			"error\t\tmailto:x@example.com\t" + mailto, "allowed\tGooglebot\t/b\t" + allowed("/b"), "error\t\tjavascript:fish\t" + fish,
			"allowed\tGooglebot\t/c\t" + allowed("/c")}, "2 of 5 URLs could not be checked"},
		{"empty list", []string{"check", "-urls", empty, robots, "bot"}, nil, "holds no URL: nothing was checked"},
		{"no URL readable", []string{"check", robots, "bot", "javascript:fish"}, []string{"error\tjavascript:fish\t" + strings.TrimPrefix(fish, list+":4: ")},
			"no URL could be checked: 1 URL, each with its error row"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runArgs("", tt.args...)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if out == "" {
				got = nil
			}
			if code != ExitUsage || strings.Join(got, "\n") != strings.Join(tt.rows, "\n") || !strings.Contains(errOut, tt.err) {
				t.Errorf("exit %d (want 2)\n%s\nwant\n%s\nstderr %q, want it to hold %q", code, out, strings.Join(tt.rows, "\n"), errOut, tt.err)
			}
		})
	}
}

// TestCheckJSONErrorRows: -json's row of a URL that cannot be read says
// error, with the reason and the line it was read at; -compare's text has
// it among the comparisons.
func TestCheckJSONErrorRows(t *testing.T) {
	robots := writeRobots(t, fishFile)
	list := writeFile(t, t.TempDir(), "urls.txt", "/fish\nmailto:fish\n")
	for _, mode := range []string{"-json", "-compare"} {
		code, out, _ := runArgs("", "check", mode, "-json", "-urls", list, robots, "bot", "javascript:x")
		var rows []map[string]any
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var row map[string]any
			if err := json.Unmarshal([]byte(line), &row); err != nil {
				t.Fatalf("%s: %q: %v", mode, line, err)
			}
			rows = append(rows, row)
		}
		if code != ExitUsage || len(rows) != 3 || rows[0]["verdict"] != "error" || rows[0]["url"] != "javascript:x" || rows[0]["error"] != `"javascript:x" has a scheme, javascript:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)` ||
			rows[0]["source"] != nil || rows[1]["verdict"] != "allowed" || rows[2]["verdict"] != "error" || rows[2]["source"] != list+":2" {
			t.Errorf("%s: exit %d, rows %v", mode, code, rows)
		}
	}
	code, out, _ := runArgs("", "check", "-compare", robots, "bot", "/a.php", "mailto:fish", "/fish")
	if lines := strings.Split(out, "\n"); code != ExitUsage || !contains(lines, "error\tmailto:fish\t\"mailto:fish\" has a scheme, mailto:, but no authority (//host): it names no server, so no robots.txt governs it (RFC 9309 §2.3)") ||
		!strings.HasPrefix(lines[0], "disallowed\t/a.php") || !strings.Contains(out, "allowed\t/fish\tline 3: Allow: /fish") {
		t.Errorf("-compare: exit %d\n%s", code, out)
	}
}

// siteFile is a large site's robots.txt for the benchmarks: groups of two
// user-agent lines and a dozen rules, a third with wildcards or a final
// '$', one group naming "bot" and the '*' group last; with URLs that meet
// none, one or several of its rules.
func siteFile(groups int) (string, []string) {
	dirs := []string{"admin", "cart", "search", "user", "blog", "api", "static", "tag"}
	var b strings.Builder
	for g := range groups {
		fmt.Fprintf(&b, "# family %d\nUser-agent: crawler-%d\nUser-agent: spider-%d\n", g, g, g)
		if g == groups/2 {
			b.WriteString("User-agent: bot\n")
		}
		for r := range 12 {
			d, e := dirs[(g+r)%len(dirs)], dirs[(g*7+r)%len(dirs)]
			switch r % 3 {
			case 0:
				fmt.Fprintf(&b, "Disallow: /%s/%s/\n", d, e)
			case 1:
				fmt.Fprintf(&b, "Allow: /%s/page-%d.html\n", d, g%100)
			default:
				fmt.Fprintf(&b, "Disallow: /*/%s/*?sort=\nDisallow: /%s/*.pdf$\n", d, e)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("User-agent: *\nDisallow: /admin/\n")
	urls := make([]string, 10000)
	for i := range urls {
		d, e := dirs[i%len(dirs)], dirs[(i/8)%len(dirs)]
		urls[i] = fmt.Sprintf("https://www.example.com/%s/%s/page-%d.html?sort=%d", d, e, i%100, i%3)
	}
	return b.String(), urls
}

// BenchmarkCheckURLs is check -urls on a site file of about 500 KiB: what
// one URL costs from its line in the -urls file to its line of output. The
// 500 KiB file whose applying groups hold 10,000 rules is measured as a
// whole process on bench's generated inputs (bench/cmd/geninputs).
func BenchmarkCheckURLs(b *testing.B) {
	body, urls := siteFile(1000)
	dir := b.TempDir()
	robots, list := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(robots, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	c := &checkConfig{maxSize: 64 << 20, reading: matcher.RFC9309, urls: list, file: robots, token: "bot"}
	ev := newEvaluator(c, body)
	out := bufio.NewWriterSize(io.Discard, 64*1024) // as runCheck writes
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		if _, err := checkURLs(c, ev, nil, out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(urls)), "ns/url")
	reportCPU(b, processCPU()-cpu, len(urls), "urls/cpu-s")
}
