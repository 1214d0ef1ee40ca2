// Package testkit holds the inputs and helpers that the tests of several
// packages share (the unit tests of view and ui, the site's, and the
// browser tests in app): large generated robots.txt files, links, the
// register's cases, a fixed instant, a plain static host. Only tests
// import it.
package testkit

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher/register"
)

// ManyRules is a robots.txt of about size bytes in the shape large sites
// publish: a few groups, each with thousands of rules.
func ManyRules(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i%4000 == 0 {
			fmt.Fprintf(&b, "\nUser-agent: %s\nDisallow: /private/\nAllow: /private/public/\n", []string{"*", "Googlebot", "Bingbot"}[i/4000%3])
		}
		fmt.Fprintf(&b, "Disallow: /catalog/item-%d/*?sort=\nAllow: /area%d/open/*.html$\n", i, i)
	}
	return b.String()
}

// ManyGroups is a robots.txt of about size bytes made of thousands of small
// groups: the stress case for choosing groups. Group i is for the crawler
// BotName(i) and has rules under /area<i>/.
func ManyGroups(size int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private/\nAllow: /private/public/\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "User-agent: %s\nDisallow: /area%d/\nAllow: /area%d/open/*.html$\n# group %d\n\n", BotName(i), i, i, i)
	}
	return b.String()
}

// BotName spells i in letters: product tokens hold no digits (RFC 9309
// §2.2.1).
func BotName(i int) string {
	name := []byte("bot-")
	for {
		name = append(name, byte('a'+i%26))
		if i /= 26; i == 0 {
			return string(name)
		}
	}
}

// TwoMegabytes is a 2 MiB file whose rule at about 600 KiB decides /late/
// (longest match, RFC 9309 §2.2.2) and the first rule everything else;
// lateLine is that rule's line.
func TwoMegabytes() (src string, lateLine int) {
	const pad = "# padding: a large file, as generated sites write them\n"
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for b.Len() < 600<<10 {
		b.WriteString(pad)
	}
	lateLine = strings.Count(b.String(), "\n") + 1
	b.WriteString("Disallow: /late/\n")
	for b.Len() < 2<<20 {
		b.WriteString(pad)
	}
	return b.String()[:2<<20], lateLine
}

// CompactLink is permalink.Compact for tests, which run natively, where
// compacting cannot fail.
func CompactLink(t testing.TB, s permalink.State) string {
	t.Helper()
	c, err := permalink.Compact(s)
	if err != nil {
		t.Fatalf("compacting a link: %v", err)
	}
	return c
}

func RegisterCases(t *testing.T) []register.Case {
	t.Helper()
	cases, err := register.Cases()
	if err != nil || len(cases) == 0 {
		t.Fatalf("reading the register: %d cases, %v", len(cases), err)
	}
	return cases
}

var DeliveryNow = time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)

// PythonStatic serves dir with python3's http.server, the plainest static
// host there is, on a free loopback port.
func PythonStatic(t *testing.T, dir string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("this test serves the static site with python3 -m http.server: install python3 (apt-get install -y python3)")
	}
	cmd := exec.Command(py, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, "0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		re := regexp.MustCompile(`port (\d+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				port <- m[1]
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case p := <-port:
		return "http://127.0.0.1:" + p
	case <-time.After(20 * time.Second):
		t.Fatal("python3 -m http.server did not say its port within 20 s")
	}
	return ""
}
