package matcher

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// TestExposurePaths holds the RFC 9309 §3 checks to testdata/
// exposure-paths.txt: real-world-style Disallow paths, each with what the
// checks must say. The common public patterns (query parameter names such
// as sessionid=, marketing pages such as /private-sale/) must pass
// unflagged, so that the advice to revoke a key or protect an area is
// given only where a reader of the file learns something.
func TestExposurePaths(t *testing.T) {
	f, err := os.Open("testdata/exposure-paths.txt")
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
		secret, private := exposureOfPattern(path)
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
		file := Parse([]byte("User-agent: *\nDisallow: " + path + "\n"))
		var codes []Code
		for _, d := range file.Diagnostics {
			if d.Code == CodeSecretInPath || d.Code == CodePrivatePath {
				codes = append(codes, d.Code)
			}
		}
		wantCode := map[string]Code{"secret": CodeSecretInPath, "private": CodePrivatePath}[strings.SplitN(want, "=", 2)[0]]
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

// BenchmarkExposure is the RFC 9309 §3 walk over every pattern of a
// realistic 500 KiB file, quick pass included, as the parse runs it.
func BenchmarkExposure(b *testing.B) {
	f := Parse(gen.RealisticFile(500 << 10))
	var patterns []string
	for _, l := range f.Lines {
		if l.Kind == KindAllow || l.Kind == KindDisallow {
			patterns = append(patterns, f.TextOf(l.Value))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range patterns {
			exposureOf(p, classifyRule(p))
		}
	}
}
