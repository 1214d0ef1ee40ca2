//go:build !wasm

package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
)

// hostileParts are pieces of URLs and rules that a terminal or a line
// reader could obey: ESC sequences, C1 controls, tabs, line ends, NUL,
// DEL, bytes that are not UTF-8, backslashes, and letters that are fine.
var hostileParts = []string{
	"\x1b[2J", "\x1b]0;owned\a", "\u009b31m", "\t", "\r", "\n", "\x00", "\x7f", "\xff\xfe", "\xe9", `\`, `\n`,
	"Bücher", "ツ", "%2F", "%7e", "%E2%80%A8", "\u2028", " ",
}

// textListFile is a robots.txt whose rules hold hostile bytes too, so that
// deciding lines need escaping, with indented and spaced lines (the short
// reason trims them), wildcards, '$' and an allow/disallow tie.
func textListFile(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("User-agent: Googlebot\nUser-agent: *\n")
	for i := range 300 {
		kind := [...]string{"Disallow", "Allow", "  Disallow", "\tAllow"}[i%4]
		pat := "/" + pick(r, dirWords) + "/"
		switch i % 5 {
		case 1:
			pat += "*" + pick(r, hostileParts)
		case 2:
			pat += pick(r, dirWords) + "$"
		case 3:
			pat += pick(r, hostileParts) + "  "
		}
		fmt.Fprintf(&b, "%s: %s\n", kind, strings.ReplaceAll(pat, "\n", ""))
	}
	b.WriteString("Disallow: /tie\nAllow: /tie\nDisallow: /robots.txt\n\nUser-agent: Other\nDisallow: /\n")
	return b.String()
}

var dirWords = []string{"admin", "cart", "search", "tie", "fish", "a", "private", "robots.txt"}

func pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// textListURLs are n URLs that every reading can read: paths, full URLs
// (with upper-case and international hosts, ports, fragments), hostile
// bytes anywhere a line may hold them (not a line end, which splits the
// list), and the empty URL.
func textListURLs(r *rand.Rand, n int) []string {
	var urls []string
	for len(urls) < n {
		u := "/" + pick(r, dirWords) + "/" + pick(r, hostileParts) + pick(r, dirWords)
		switch r.IntN(6) {
		case 0:
			u = "https://Www.Example.COM" + u + "?q=" + pick(r, hostileParts) + "#frag"
		case 1:
			u = "http://bücher.example:8080" + u
		case 2:
			u = ""
		case 3:
			u = "/robots.txt"
		}
		u = strings.NewReplacer("\n", "", "\r", "").Replace(u)
		if _, err := matcher.ParseTarget(u); err == nil {
			urls = append(urls, u)
		}
	}
	return urls
}

// oldResultLine is a URL's text line as check wrote it before it built
// lines in place: three strings joined, each escaped.
func oldResultLine(f *matcher.File, res *matcher.Result) string {
	return res.Verdict() + "\t" + escape.Text(res.Target.Input) + "\t" + escape.Text(record.Why(f, res)) + "\n"
}

// check -urls writes, under every reading, the bytes the string-joining
// code wrote, over a generated list of hostile URLs and a file of hostile
// rules; and no line it writes holds a control character.
func TestCheckTextLinesSameAsJoined(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 2026))
	body := textListFile(r)
	urls := textListURLs(r, 3*urlBatchSize+100)
	dir := t.TempDir()
	robots, list := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(robots, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, reading := range matcher.Readings() {
		t.Run(string(reading), func(t *testing.T) {
			f := matcher.Parse(reading, []byte(body), matcher.ParseOptions{})
			var want strings.Builder
			for _, u := range urls {
				res, err := f.Evaluate("Googlebot", u)
				if err != nil {
					t.Fatal(err)
				}
				want.WriteString(oldResultLine(f, res))
			}
			code, out, errOut := runArgs("", "check", "-reading", string(reading), "-urls", list, robots, "Googlebot")
			if code == ExitUsage {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if out != want.String() {
				firstDifference(t, out, want.String())
			}
			for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if strings.Count(line, "\t") != 2 || strings.ContainsFunc(line, isControl) || !utf8.ValidString(line) {
					t.Fatalf("line %d is not three fields of text: %q", i+1, line)
				}
			}
		})
	}
}

// check -crawlers writes the bytes the string-joining code wrote for each
// URL and crawler, the reason that of each crawler's own plan evaluated
// alone (the shared evaluation of the matrix is check's).
func TestCheckCrawlerLinesSameAsJoined(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 2026))
	body := textListFile(r)
	urls := textListURLs(r, urlBatchSize+100)
	robots := writeRobots(t, body)
	list := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(list, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const names = "Googlebot,Googlebot-Image,GPTBot,AdsBot-Google"
	crawlers, err := crawler.Select(names)
	if err != nil {
		t.Fatal(err)
	}
	f := matcher.Parse(matcher.RFC9309, []byte(body), matcher.ParseOptions{})
	plans := crawler.Plans(f, crawlers)
	var want strings.Builder
	for _, u := range urls {
		tg, err := matcher.ParseTarget(u)
		if err != nil {
			t.Fatal(err)
		}
		for i := range plans {
			res := plans[i].Evaluate(f, tg)
			want.WriteString(res.Verdict() + "\t" + plans[i].Crawler.Name + "\t" + escape.Text(res.Target.Input) + "\t" + escape.Text(record.Why(f, res)) + "\n")
		}
	}
	code, out, errOut := runArgs("", "check", "-crawlers", names, "-urls", list, robots)
	if code == ExitUsage {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != want.String() {
		firstDifference(t, out, want.String())
	}
}

func isControl(r rune) bool { return r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f) }

func firstDifference(t *testing.T, got, want string) {
	t.Helper()
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("line %d:\ngot  %q\nwant %q", i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%d lines, want %d", len(gl), len(wl))
}
