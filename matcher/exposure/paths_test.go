package exposure_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/exposure"
)

// TestExposureAdvice: the diagnostics on rules that seem to rely on
// robots.txt for secrecy or to keep pages out of search say what to use
// instead and cite RFC 9309 §3 (the cases themselves are in the register).
func TestExposureAdvice(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nDisallow: /admin/\nDisallow: /x?api_key=1\nNoindex: /drafts/\n"), matcher.ParseOptions{})
	want := map[matcher.Code][]string{
		matcher.CodePrivatePath:       {"authentication", "noindex", "X-Robots-Tag"},
		matcher.CodeSecretInPath:      {"authentication", "revoke", "api_key=1"},
		matcher.CodeNonStandardRecord: {"not indexing", "noindex", "X-Robots-Tag"},
	}
	seen := map[matcher.Code]bool{}
	for _, d := range f.Diagnostics {
		words, ok := want[d.Code]
		if !ok {
			continue
		}
		seen[d.Code] = true
		for _, w := range words {
			if !strings.Contains(d.Message, w) {
				t.Errorf("%s: message lacks %q: %s", d.Code, w, d.Message)
			}
		}
		if d.Code != matcher.CodeNonStandardRecord && d.Source != "RFC 9309 §3" {
			t.Errorf("%s: source %q", d.Code, d.Source)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("reported %v of %d codes: %v", seen, len(want), f.Diagnostics)
	}
}

// TestExposurePaths holds the RFC 9309 §3 checks to testdata/
// paths.txt: real-world-style Disallow paths, each with what the
// checks must say. The common public patterns (query parameter names such
// as sessionid=, marketing pages such as /private-sale/) must pass
// unflagged, so that the advice to revoke a key or protect an area is
// given only where a reader of the file learns something.
func TestExposurePaths(t *testing.T) {
	f, err := os.Open("testdata/paths.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, flagged := 0, 0
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, path, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %d: no tab between the expectation and the path: %q", n, line)
		}
		cases++
		secret, private := exposure.Scan(path)
		got := "-"
		switch {
		case secret != "":
			got = "secret=" + secret
		case private != "":
			got = "private=" + private
		}
		if got != want {
			t.Errorf("line %d: Disallow: %s gives %s, want %s", n, path, got, want)
		}
		if got != "-" {
			flagged++
		}
		// What the parse reports is what the walk found.
		file := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nDisallow: "+path+"\n"), matcher.ParseOptions{})
		var codes []matcher.Code
		for _, d := range file.Diagnostics {
			if d.Code == matcher.CodeSecretInPath || d.Code == matcher.CodePrivatePath {
				codes = append(codes, d.Code)
			}
		}
		wantCode := map[string]matcher.Code{"secret": matcher.CodeSecretInPath, "private": matcher.CodePrivatePath}[strings.SplitN(want, "=", 2)[0]]
		if (wantCode == "") != (len(codes) == 0) || len(codes) > 1 || len(codes) == 1 && codes[0] != wantCode {
			t.Errorf("line %d: Disallow: %s is reported as %v, want %q", n, path, codes, wantCode)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 200 {
		t.Errorf("%d paths; the list should hold at least 200", cases)
	}
	t.Logf("%d paths, %d flagged, %d pass", cases, flagged, cases-flagged)
}
