//go:build !wasm

package cli

import (
	"bufio"
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
			urls[i] = "no-slash"
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
	f := matcher.Parse([]byte(fishFile))
	var want strings.Builder
	for _, u := range append([]string{"/first.php", "/fish"}, urls...) {
		res, err := f.Evaluate("bot", u)
		if err != nil {
			t.Fatal(err)
		}
		if err := writeResult(&want, f, res, nil, false, ""); err != nil {
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

// A URL that cannot be read stops the check with its file position, after
// the results of every URL before it (check's contract: exit 2).
func TestCheckURLsStopsAtUnreadableURL(t *testing.T) {
	robots := writeRobots(t, fishFile)
	bad := 2*urlBatchSize + 5
	list, _ := manyURLs(t, 4*urlBatchSize, bad)
	code, out, errOut := runArgs("", "check", "-urls", list, robots, "bot")
	if code != ExitUsage {
		t.Fatalf("exit %d, want %d", code, ExitUsage)
	}
	if n := strings.Count(out, "\n"); n != bad-1 {
		t.Errorf("%d result lines before the unreadable URL on line %d, want %d", n, bad, bad-1)
	}
	if want := fmt.Sprintf("%s:%d:", list, bad); !strings.Contains(errOut, want) {
		t.Errorf("stderr %q does not name %s", errOut, want)
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
// stops the check after the results of the URLs before it, with exit 2 and
// a message naming it (check's contract).
func TestCheckArgsStopAtUnreadableURL(t *testing.T) {
	robots := writeRobots(t, fishFile)
	for _, n := range []int{3, urlBatchSize - 1, urlBatchSize, urlBatchSize + 3} {
		args := []string{"check", robots, "bot"}
		for i := range n - 1 {
			args = append(args, fmt.Sprintf("/fish/%d", i))
		}
		args = append(args, "fish", "/after")
		code, out, errOut := runArgs("", args...)
		if code != ExitUsage {
			t.Errorf("%d URLs: exit %d, want %d", n+1, code, ExitUsage)
		}
		if got := strings.Count(out, "allowed\t/fish/"); got != n-1 || strings.Contains(out, "/after") {
			t.Errorf("%d URLs: %d results before the unreadable URL (want %d), or one after it:\n%s", n+1, got, n-1, out)
		}
		if !strings.HasPrefix(errOut, "robots-explorer check: ") || !strings.Contains(errOut, `"fish"`) {
			t.Errorf("%d URLs: stderr %q", n+1, errOut)
		}
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
