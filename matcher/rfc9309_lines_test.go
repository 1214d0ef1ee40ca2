//go:build !js

package matcher

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestParallelLinesSameFile: reading a large file's lines in chunks on
// several processors gives the file one processor gives: the same lines,
// groups (RFC 9309 §2.1 group boundaries fall anywhere, also at a chunk's
// edge), rules and diagnostics in the same order.
func TestParallelLinesSameFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("Disallow: /before-any-group\nAllow: /x\n")
	b.Write(realisticFile(200 << 10))
	// A group that runs across many chunk edges, diagnostics of each
	// kind, and a token named in several groups.
	for i := 0; b.Len() < 8*minChunkBytes; i++ {
		switch i % 7 {
		case 0:
			b.WriteString("User-agent: bot-a/1.0\n")
		case 1:
			b.WriteString("Disallow: /admin?token=1 x\n")
		case 2:
			b.WriteString("Allow: %zz$/\n")
		case 3:
			b.WriteString("Crawl-delay: 3\n")
		case 4:
			b.WriteString("no colon here\n")
		case 5:
			b.WriteString("Disalow: /typo\n")
		default:
			b.WriteString("# comment\n\n")
		}
	}
	src := []byte(b.String())
	want := parseRFC(src, string(src), 1, 1)
	if n := chunkCount(len(src), 2); n != 2*chunksPerProc {
		t.Fatalf("the file is %d bytes: read in %d chunks on 2 processors, not %d", len(src), n, 2*chunksPerProc)
	}
	// One processor taking every chunk, as many processors as chunks, and
	// fewer processors than chunks, which take them as they come.
	for _, procs := range []struct{ procs, chunks int }{{1, 3}, {2, 2}, {3, 3}, {7, 7}, {2, 8}, {3, 11}} {
		got := parseRFC(src, string(src), procs.procs, procs.chunks)
		checkFile(t, RFC9309, src, got)
		if d := chunkedDiff(got, want); d != "" {
			t.Errorf("%+v: %s", procs, d)
		}
	}
	if len(want.derived) == 0 {
		t.Errorf("no derived patterns: the file should have some for chunkedDiff to compare")
	}
}

// TestSplitLinesInParallel: cutting a source into runs of whole lines for
// several processors gives the lines one processor gives, whatever the
// line ends (RFC 9309 §2.2: LF, CR or CRLF, mixed), with a byte-order mark
// and with or without a final line end; a NUL or invalid UTF-8 in some
// chunks is reported as one processor reports it.
func TestSplitLinesInParallel(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	ends := []string{"\n", "\r", "\r\n", "\r\r\n", "\n\r"}
	for trial := 0; trial < 6; trial++ {
		var b strings.Builder
		if trial%2 == 0 {
			b.WriteString("\xEF\xBB\xBF")
		}
		bodies := []string{"User-agent: a", "Disallow: /x*$", "Allow: /%zz", "# note", "", "Crawl-delay: 1", "x y", "Allow: /caf\xc3\xa9"}
		for b.Len() < 5*minChunkBytes {
			b.WriteString(bodies[rng.Intn(len(bodies))])
			if trial == 1 && rng.Intn(5000) == 0 {
				b.WriteString(strings.Repeat("y", GoogleLineLimit+10)) // a line over Google's limit
			}
			if trial >= 2 && rng.Intn(8000) == 0 {
				b.WriteString([]string{"Disallow: /nul\x00", "Disallow: /bad\xff"}[trial%2]) // in some chunks only
			}
			b.WriteString(ends[rng.Intn(len(ends))])
		}
		if trial%3 == 0 {
			b.WriteString("last line without an end")
		}
		src := []byte(b.String())
		want := parseRFC(src, string(src), 1, 1)
		for _, procs := range []struct{ procs, chunks int }{{2, 2}, {3, 3}, {5, 5}, {2, 9}} {
			got := parseRFC(src, string(src), procs.procs, procs.chunks)
			checkFile(t, RFC9309, src, got)
			// A group's agents and rules may straddle two chunks.
			if d := chunkedDiff(got, want); d != "" {
				t.Fatalf("trial %d, %+v: %s", trial, procs, d)
			}
		}
	}
}

// FuzzParseInChunks: a file read in chunks, however small they are and
// however many goroutines take them, gives the lines, groups, patterns and
// diagnostics of the file read in one piece: groups and percent-encoded
// patterns that straddle chunks, a rule before any group, a token named in
// two chunks, an empty last group.
func FuzzParseInChunks(f *testing.F) {
	for _, s := range []string{
		"User-agent: a\nDisallow: /x\n\nUser-agent: b\nAllow: /ツ\nUser-agent: A\nDisallow: /%7e$\n",
		"Disallow: /early\nUser-agent: *\r\nDisallow: /*.php$\rUser-agent: c\n",
		"\xef\xbb\xbfUser-agent: a\nUser-agent: a\nAllow: /\x00\xff\n# end",
	} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, k uint8) {
		src := []byte(s)
		want := parseRFC(src, s, 1, 1)
		for _, sp := range []struct{ procs, chunks int }{{2, 2 + int(k)%9}, {3, 1 + int(k)%5}} {
			got := parseRFC(src, s, sp.procs, sp.chunks)
			checkFile(t, RFC9309, src, got)
			if d := chunkedDiff(got, want); d != "" {
				t.Fatalf("%+v: %s", sp, d)
			}
		}
	})
}

// chunkedDiff says how got, a file read in chunks, differs from want, the
// same file read in one piece, or returns "". The groups' rules hold
// indexes into derived, so equal rules mean the same patterns only if the
// derived lists are the same too.
func chunkedDiff(got, want *File) string {
	switch {
	case got.BOM != want.BOM:
		return fmt.Sprintf("BOM %d, want %d", got.BOM, want.BOM)
	case !reflect.DeepEqual(got.Lines, want.Lines):
		return "lines: " + firstDiff(got.Lines, want.Lines)
	case !reflect.DeepEqual(got.Groups, want.Groups):
		return "groups: " + firstDiff(got.Groups, want.Groups)
	case !reflect.DeepEqual(got.ext, want.ext):
		return "compiled patterns differ"
	case !slices.Equal(got.derived, want.derived):
		return "derived patterns: " + firstDiff(got.derived, want.derived)
	case !reflect.DeepEqual(got.Diagnostics, want.Diagnostics):
		return "diagnostics: " + firstDiff(got.Diagnostics, want.Diagnostics)
	}
	return ""
}

// firstDiff describes the first element where got and want differ: a
// large file's whole lists would bury it.
func firstDiff[T any](got, want []T) string {
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || !reflect.DeepEqual(got[i], want[i]) {
			var g, w any = "none", "none"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			return fmt.Sprintf("%d, want %d; at %d: %+v, want %+v", len(got), len(want), i, g, w)
		}
	}
	return "equal"
}
