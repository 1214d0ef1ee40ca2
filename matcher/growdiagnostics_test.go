package matcher

import "testing"

// growDiagnostics guesses the room for the diagnostics to come from their
// rate only once it has rateSample of them: one diagnostic on line 2 of
// 30,000 lines had sized the list for every line (issue 18).
func TestGrowDiagnosticsGuessesFromASample(t *testing.T) {
	for _, c := range []struct {
		name           string
		have, at, of   int
		atLeast, below int
	}{
		{"one early diagnostic grows as append does", 1, 2, 30000, 2, 64},
		{"a few early diagnostics grow as append does", 40, 100, 30000, 41, 128},
		{"a sample guesses the rest from its rate", 64, 1000, 30000, 1900, 2300},
		{"the guess stops at one per line", 200, 201, 30000, 30000, 30017},
		{"no line read yet: append's growth", 100, 0, 30000, 101, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Scanner{Lines: c.of, reading: lineAt{number: int32(c.at)}}
			s.Diags = make(DiagnosticList, c.have)
			got := cap(s.growDiagnostics())
			if got < c.atLeast || got >= c.below {
				t.Errorf("room for %d diagnostics, want at least %d and below %d", got, c.atLeast, c.below)
			}
		})
	}
}
