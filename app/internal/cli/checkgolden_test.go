//go:build !wasm

package cli

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/check-outputs.golden from this build")

// goldenFile has a BOM, CRLF line ends, a typo, a percent-encoded rule, an
// empty Disallow and a Crawl-delay, so that every field of check -json and
// of the record (matches, steps, groups, diagnostics) is filled somewhere.
const goldenFile = "\xEF\xBB\xBFUser-agent: GPTBot\r\nUser-agent: *\r\nDisalow: /x/\r\nDisallow: /*.php$\r\n" +
	"Allow: /fish\r\n  Disallow: /%7efish/private  \r\nCrawl-delay: 5\r\n\r\nUser-agent: Other\r\nDisallow:\r\n"

// TestCheckOutputsGolden holds the bytes check prints as JSON, as a record
// and as text to testdata/check-outputs.golden, which was written by the
// build before the record's types became the schema of check -json: the
// two views of a verdict must keep their bytes. Only the text lines of the
// indented line 6 changed since, on purpose: the short reason is trimmed
// (record.DecidingLine) as the page's table always showed it.
func TestCheckOutputsGolden(t *testing.T) {
	withFixedNow(t)
	p := writeRobots(t, goldenFile)
	urls := []string{"https://Example.com:443/fish.php?id=3#top", "/~fish/private", "/x/y", "/robots.txt", "HTTP://[::1]/%2Ffish"}
	runs := [][]string{
		{"check", "-json", p, "Googlebot"},
		{"check", "-json", "-compare", p, "GPTBot"},
		{"check", "-json", "-crawlers", "GPTBot,Googlebot", p},
		{"check", p, "Googlebot"},
		{"check", "-compare", p, "Googlebot"},
		{"check", "-crawlers", "GPTBot,Googlebot", p},
	}
	var b strings.Builder
	for _, args := range runs {
		_, out, errs := runArgs("", append(append([]string{}, args...), urls...)...)
		b.WriteString("$ " + strings.Join(args, " ") + "\n" + out + errs)
	}
	for _, u := range urls {
		for _, md := range []bool{false, true} {
			args := []string{"check", "-record", "-status", "503", "-content-type", "text/html; charset=latin1"}
			if md {
				args = append(args, "-markdown")
			}
			_, out, errs := runArgs("", append(args, p, "Googlebot", u)...)
			b.WriteString("$ " + strings.Join(args, " ") + " ROBOTS Googlebot " + u + "\n" + out + errs)
		}
	}
	const golden = "testdata/check-outputs.golden"
	got := strings.ReplaceAll(b.String(), p, "ROBOTS")
	if *updateGolden {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d differs from %s:\ngot  %s\nwant %s", i+1, golden, gl[i], wl[i])
			}
		}
		t.Fatalf("%d lines, want %d as in %s", len(gl), len(wl), golden)
	}
}
