//go:build !wasm

package cli

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// TestDiffSameWithoutLineModel holds diff, whose parses store no line
// model (diffParse), to what it prints from parses that store their lines:
// byte for byte in every form (text, -all, -csv, -json), under RFC 9309 and
// another reading, for files whose lines end in CR, CRLF or nothing, start
// with a byte-order mark, hold rules before any group, and change lines,
// groups and verdicts. (The texts of the line diff come from the source
// either way; release's TestLinesFromSource holds them to the stored
// lines.)
func TestDiffSameWithoutLineModel(t *testing.T) {
	if !diffParse.SkipLineModel || !diffParse.SkipDiagnostics {
		t.Fatalf("diff parses with %+v: it stores its lines", diffParse)
	}
	pairs := [][2]string{
		{oldRobots, newRobots},
		{"\xef\xbb\xbfUser-agent: *\r\nDisallow: /a\r\n# c\r\nAllow: /a/b\r\n", "User-agent: *\rDisallow: /a\rAllow: /a/b\r\rUser-agent: GPTBot\rDisallow: /"},
		{"Disallow: /early\nUser-agent: *\nDisallow: /*.php$\n\nUser-agent: Googlebot\nAllow: /x", "User-agent: *\nDisallow: /*.php\nUser-agent: Googlebot\nAllow: /x\nDisallow: /tmp/\n"},
		{"User-agent: *\nDisallow: /private/\n", "User-agent: *\nDisallow: /private/\n"},
	}
	urls := "/\n/a/b\n/a/c\n/early\n/x\n/x.php\n/tmp/y\n/private/z\n/private\n"
	forms := [][]string{{"-tokens", "Googlebot,GPTBot"}, {"-all"}, {"-csv"}, {"-json"}, {"-json", "-all"}, {"-reading", "google"}}
	for i, p := range pairs {
		dir := t.TempDir()
		old, new := writeFile(t, dir, "old.txt", p[0]), writeFile(t, dir, "new.txt", p[1])
		list := writeFile(t, dir, "urls.txt", urls)
		for _, form := range forms {
			args := append(append([]string{"diff"}, form...), "-urls", list, old, new)
			lazy := runDiffWith(diffParse, args)
			full := runDiffWith(matcher.ParseOptions{SkipDiagnostics: true, SkipRuleExplanations: true}, args)
			if lazy != full || !strings.Contains(lazy, "changed") {
				t.Errorf("files %d, %q: without the line model\n%s\nwith it\n%s", i, form, lazy, full)
			}
		}
	}
}

// runDiffWith runs the diff command line args with diff's parses made
// with o, and returns its exit status and what it printed.
func runDiffWith(o matcher.ParseOptions, args []string) string {
	saved := diffParse
	defer func() { diffParse = saved }()
	diffParse = o
	code, out, errOut := runArgs("", args...)
	return strings.Join([]string{string(rune('0' + code)), out, errOut}, "\n--\n")
}
