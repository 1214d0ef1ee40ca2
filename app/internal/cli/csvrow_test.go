//go:build !wasm

package cli

import (
	"encoding/csv"
	"strings"
	"testing"
)

// TestCSVGuardsFormulas: a field of -csv output that comes from the input
// and starts as a spreadsheet formula would is written with a leading
// apostrophe (OWASP, "CSV Injection").
func TestCSVGuardsFormulas(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // the list's name, as given, starts its source field
	robots := writeFile(t, dir, "robots.txt", "User-agent: -cmd\nDisallow: /x\n")
	writeFile(t, dir, "=1+2.txt", "/x\n")
	tests := []struct {
		name string
		args []string
		row  []string // the first row after the header
	}{
		{"check: crawler and token", []string{"check", "-csv", "-tokens", "-cmd", robots, "/x"},
			[]string{"'-cmd", "/x", "disallowed", "2", "Disallow: /x", "'-cmd"}},
		{"diff: crawler and source file", []string{"diff", "-csv", "-all", "-tokens", "-cmd", "-urls", "=1+2.txt", robots, robots},
			[]string{"'-cmd", "/x", "'=1+2.txt:1", "false", "disallowed", "2", "Disallow: /x", "disallowed", "2", "Disallow: /x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runArgs("", tt.args...)
			recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
			if code == ExitUsage || err != nil || len(recs) < 2 {
				t.Fatalf("exit %d, %v\n%s\n%s", code, err, out, errOut)
			}
			if got, want := strings.Join(recs[1], ","), strings.Join(tt.row, ","); got != want {
				t.Errorf("row %s\nwant %s", got, want)
			}
		})
	}
}
