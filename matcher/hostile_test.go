package matcher

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"robots-explorer/matcher/internal/gen"
)

// A hostile input is a file built to break a parser: by its bytes, its
// size, or a pattern that makes a backtracking matcher take forever. The
// files are generated here rather than kept in testdata, so that the
// repository holds no 10 MiB file.
type hostile struct {
	name string
	src  func() []byte
	// url is evaluated against the file; want, when not nil, checks the
	// result (a verdict the file makes plain).
	url  string
	want func(t *testing.T, r Reading, res *Result)
	// notices are the diagnostic codes every reading must report: the
	// checks on the bytes themselves are shared by all readings.
	notices []Code
}

func hostileInputs() []hostile {
	return []hostile{
		{name: "binary data", src: func() []byte {
			b := make([]byte, 1<<20)
			rand.New(rand.NewSource(1)).Read(b)
			return b
		}, url: "/", notices: []Code{CodeNUL, CodeInvalidUTF8}},
		{name: "NUL bytes", src: func() []byte {
			return []byte("User-agent: *\x00\nDisallow: /a\x00b\n\x00\x00\x00\nAllow: /\x00\n")
		}, url: "/a", notices: []Code{CodeNUL}},
		{name: "invalid UTF-8", src: func() []byte {
			return []byte("User-agent: \xff\xfe\nUser-agent: *\nDisallow: /\xc3\x28\nDisallow: /\xed\xa0\x80x\n")
		}, url: "/%C3(", notices: []Code{CodeInvalidUTF8}, want: disallowedUnder(RFC9309)},
		{name: "10 MiB file", src: func() []byte { return gen.RealisticFile(10 << 20) }, url: "/shop/cart/x.php", notices: []Code{CodeSizeLimit}},
		{name: "1 MiB single line", src: func() []byte {
			return []byte("User-agent: *\nDisallow: /" + strings.Repeat("a", 1<<20) + "\n")
		}, url: "/" + strings.Repeat("a", 1<<20), notices: []Code{CodeLongLine}, want: disallowedUnder(RFC9309)},
		{name: "100,000 stars in one pattern", src: func() []byte {
			return []byte("User-agent: *\nDisallow: /" + strings.Repeat("*", 100000) + "x$\n")
		}, url: "/" + strings.Repeat("ab", 50000) + "x", notices: []Code{CodeLongLine}, want: disallowedUnder(RFC9309, Google)},
		{name: "deep %25 nesting", src: func() []byte {
			return []byte("User-agent: *\nDisallow: /%" + strings.Repeat("25", 5000) + "41\n")
		}, url: "/%" + strings.Repeat("25", 5000) + "41/page", want: disallowedUnder(RFC9309, Google)},
		{name: "100,000 groups", src: func() []byte {
			var b strings.Builder
			for g := 0; g < 100000; g++ {
				b.WriteString("User-agent: bot-" + gen.Letters(g) + "\nDisallow: /" + gen.Letters(g) + "/\n")
			}
			return []byte(b.String())
		}, url: "http://example.com/" + gen.Letters(99999) + "/x", want: func(t *testing.T, r Reading, res *Result) {
			t.Helper()
			if r == Python {
				// CPython takes the first record whose name is a substring of
				// the crawler's (bot-f before bot-fryd), so it allows.
				if res.Groups.Selected[0] != 5 || !res.Allowed {
					t.Errorf("%s: the record of bot-f should apply and allow: %s", r, res.Explanation)
				}
				return
			}
			if len(res.Groups.Selected) != 1 || res.Allowed {
				t.Errorf("%s: the last of 100,000 groups should disallow: %s", r, res.Explanation)
			}
		}},
		{name: "CR-only line ends", src: func() []byte {
			return []byte(strings.Repeat("User-agent: *\rDisallow: /cr\r# comment\r\r", 50000))
		}, url: "/cr/x", want: disallowedUnder(RFC9309, Google)},
	}
}

// disallowedUnder checks that the URL is disallowed under the readings
// named (the others may read the file differently).
func disallowedUnder(readings ...Reading) func(t *testing.T, r Reading, res *Result) {
	return func(t *testing.T, r Reading, res *Result) {
		t.Helper()
		for _, want := range readings {
			if r == want && res.Allowed {
				t.Errorf("%s: allowed, want disallowed: %s", r, res.Explanation)
			}
		}
	}
}

// Every hostile input parses and evaluates under every reading without a
// panic, with every line accounted for, and with the notice its bytes call
// for. The times are logged (go test -v), not asserted: speed targets are
// benchmarks.
func TestHostileInputs(t *testing.T) {
	for _, h := range hostileInputs() {
		t.Run(h.name, func(t *testing.T) {
			src := h.src()
			for _, r := range Readings() {
				start := time.Now()
				f := Parse(r, src, ParseOptions{})
				parsed := time.Since(start)
				checkFile(t, r, src, f)
				res, err := f.Evaluate("bot-"+gen.Letters(99999), h.url)
				if err != nil {
					t.Fatalf("%s: %v", r, err)
				}
				if res.Explanation == "" {
					t.Errorf("%s: no explanation", r)
				}
				if h.want != nil {
					h.want(t, r, res)
				}
				for _, code := range h.notices {
					if !f.Diagnostics.Has(code) {
						t.Errorf("%s: no %s diagnostic", r, code)
					}
				}
				t.Logf("%s: %d bytes, %d lines, %d diagnostics: parsed in %v, evaluated in %v",
					r, len(src), len(f.Lines()), len(f.Diagnostics), parsed, time.Since(start)-parsed)
			}
		})
	}
}
