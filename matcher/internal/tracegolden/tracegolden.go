// Package tracegolden holds a reading's group trace to a golden file: the
// sentences a trace writes when read (matcher.GroupTrace.How) must read as
// the reading wrote them when it made each line's sentence during the
// selection. It is for tests.
package tracegolden

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/register"
)

// A File is a robots.txt and the tokens asked of it.
type File struct {
	Name   string
	Body   []byte
	Tokens []string
}

// RegisterFiles is every register case with the tokens its queries ask.
func RegisterFiles(t testing.TB) []File {
	cases, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	files := make([]File, 0, len(cases))
	for _, c := range cases {
		tokens := []string{c.Token}
		for _, q := range c.Queries {
			tokens = append(tokens, q.Token)
		}
		files = append(files, File{c.ID, c.Robots, tokens})
	}
	return files
}

// Check compares the trace of files under parse with the golden file at
// path; with the environment variable writeEnv set to "write" it writes
// the golden file first.
func Check(t *testing.T, path, writeEnv string, parse func([]byte) *matcher.File, files []File) {
	t.Helper()
	got := Text(t, parse, files)
	if os.Getenv(writeEnv) == "write" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		g, w := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("line %d of the trace:\n got %s\nwant %s", i+1, g[i], w[i])
			}
		}
		t.Fatalf("the trace has %d lines, want %d", len(g), len(w))
	}
}

// Text is the trace of each file for each token asked of it and a few
// more, one user-agent line a line.
func Text(t testing.TB, parse func([]byte) *matcher.File, files []File) string {
	var b strings.Builder
	for _, fl := range files {
		f := parse(fl.Body)
		tokens := append(slices.Clone(fl.Tokens), "Googlebot", "*", "bot", "")
		slices.Sort(tokens)
		for _, tok := range slices.Compact(tokens) {
			res, err := f.Evaluate(tok, "/")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %q: %s\n", fl.Name, tok, res.Groups.Summary)
			for _, m := range res.Groups.Agents {
				fmt.Fprintf(&b, "\t%d %d %v %s\n", m.Agent.Line, m.Group, m.Matched, res.Groups.How(m))
			}
		}
	}
	return b.String()
}
