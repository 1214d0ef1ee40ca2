package matcher

import (
	"math/rand"
	"slices"
	"strconv"
	"testing"
)

// randomDiagnostics returns n diagnostics at offsets below spread, in
// order but for every shuffled-th one, with codes and messages that tie
// often, so that the merge's stability is tested.
func randomDiagnostics(rng *rand.Rand, n, spread, shuffled int) []Diagnostic {
	codes := []Code{CodeUnknownKey, CodePrivatePath, CodeBadPercent}
	out := make([]Diagnostic, n)
	for i := range out {
		off := i * spread / max(n, 1)
		if shuffled > 0 && i%shuffled == 0 {
			off = rng.Intn(spread + 1)
		}
		out[i] = Diagnostic{Pos: Position{Offset: off}, End: Position{Offset: off + rng.Intn(3)},
			Code: codes[rng.Intn(len(codes))], Message: string(rune('a' + rng.Intn(2))), Source: strconv.Itoa(rng.Int())}
	}
	return out
}

// TestSortedDiagnosticsIsStableSort: the logs' merge gives what a stable
// sort of all the diagnostics in report order gives (the Source field,
// which the order ignores, tells equal ones apart), whether the logs hold
// a few runs (merged) or more than maxMergeRuns (sorted). A log keeps each
// block in order (add), so a log's runs break only between its blocks:
// only many logs make more runs than the merge takes.
func TestSortedDiagnosticsIsStableSort(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		name                     string
		logs, n, spread, shuffle int
	}{
		{"empty", 1, 0, 10, 0},
		{"one in order", 1, 500, 10000, 0},
		{"chunks in order", 3, 3000, 100000, 0},
		{"ties", 2, 2000, 50, 0},
		{"a few out of order", 2, 2000, 100000, 400},
		{"out of order in every block", 2, 2000, 100000, 7},
		{"more runs than merged", maxMergeRuns + 8, 100, 100000, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs []*diagLog
			var all DiagnosticList
			for i := 0; i < tc.logs; i++ {
				g := &diagLog{}
				ds := DiagnosticList(randomDiagnostics(rng, tc.n, tc.spread, tc.shuffle))
				if tc.shuffle == 0 {
					ds.Sort() // a run, as a parser reports
				}
				for _, d := range ds {
					g.add(d)
					all = append(all, d)
				}
				logs = append(logs, g)
			}
			all.Sort()
			if got := sortedDiagnostics(logs...); !slices.Equal(got, all) {
				t.Fatalf("merge of %d diagnostics differs from a stable sort", len(all))
			}
		})
	}
}

// TestDiagLogDrop: python's reading replaces the invalid-UTF-8 warnings;
// drop removes just those, keeping the others in order.
func TestDiagLogDrop(t *testing.T) {
	g := &diagLog{}
	var want DiagnosticList
	for i := 0; i < 100; i++ {
		code := CodeUnknownKey
		if i%3 == 0 {
			code = CodeInvalidUTF8
		}
		d := Diagnostic{Pos: Position{Offset: i}, Code: code}
		g.add(d)
		if code != CodeInvalidUTF8 {
			want = append(want, d)
		}
	}
	g.drop(CodeInvalidUTF8)
	if got := sortedDiagnostics(g); !slices.Equal(got, want) {
		t.Fatalf("after drop: %d diagnostics, want %d", len(got), len(want))
	}
}
