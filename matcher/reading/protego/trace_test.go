package protego

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	register "robots-explorer"
	"robots-explorer/matcher"
)

// traceGolden holds protego's trace of every register case and check of
// this package, as the reading wrote it when it made each line's sentence
// during the selection: the sentences written on demand (pgAgentHow) must
// read the same. PROTEGO_TRACE_GOLDEN=write writes it again.
const traceGolden = "testdata/trace.golden"

func TestTraceSameAsWrittenEagerly(t *testing.T) {
	got := traceText(t)
	if os.Getenv("PROTEGO_TRACE_GOLDEN") == "write" {
		if err := os.WriteFile(traceGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(traceGolden)
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

// traceText is the trace of each file for each token asked of it and a
// few more, one user-agent line a line.
func traceText(t *testing.T) string {
	cases, err := register.Cases()
	if err != nil {
		t.Fatal(err)
	}
	type file struct {
		name   string
		body   []byte
		tokens []string
	}
	var files []file
	for _, c := range cases {
		tokens := []string{c.Token}
		for _, q := range c.Queries {
			tokens = append(tokens, q.Token)
		}
		files = append(files, file{c.ID, c.Robots, tokens})
	}
	for _, c := range pgChecks {
		files = append(files, file{c.name, []byte(c.Body), []string{c.token}})
	}
	var b strings.Builder
	for _, fl := range files {
		f := matcher.ParseWith(Reader{}, fl.body)
		tokens := append(fl.tokens, "Googlebot", "*", "bot", "")
		slices.Sort(tokens)
		for _, tok := range slices.Compact(tokens) {
			res, err := f.Evaluate(tok, "/")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %q: %s\n", fl.name, tok, res.Groups.Summary)
			for _, m := range res.Groups.Agents {
				fmt.Fprintf(&b, "\t%d %d %v %s\n", m.Agent.Line, m.Group, m.Matched, traceHow(&res.Groups, m))
			}
		}
	}
	return b.String()
}

func traceHow(tr *matcher.GroupTrace, m matcher.UserAgentMatch) string { return tr.How(m) }
