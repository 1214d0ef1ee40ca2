//go:build !wasm

package cli

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"robots-explorer/matcher/escape"
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

// csvRowsCases are fields encoding/csv quotes, or a guard or an escape
// changes, and plain ones.
var csvRowsCases = [][]string{
	{"Googlebot", "https://example.com/a", "allowed", "12", "Allow: /a", "Googlebot"},
	{"", "", ""},
	{"a,b", `say "hi"`, " lead", "\tlead", "=1+2", "+x", "-x", "@x", `\.`, `\.x`},
	{"line\nbreak", "cr\rhere", "\x1b[31mred", "ツ", "\u00a0nbsp", "\u2028sep", "bad\xffutf8"},
	{"'already", "x'", `""`, ",", `"`},
}

// TestCSVRowsAsEncodingCSV: a row csvRows writes is the row encoding/csv
// writes of the same fields escaped and guarded, byte for byte.
func TestCSVRowsAsEncodingCSV(t *testing.T) {
	for _, fields := range csvRowsCases {
		if got, want := csvRowsOf(fields), encodingCSVOf(fields); got != want {
			t.Errorf("%q:\n got %q\nwant %q", fields, got, want)
		}
	}
}

func FuzzCSVRows(f *testing.F) {
	for _, c := range csvRowsCases {
		for _, s := range c {
			f.Add(s, "x")
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := csvRowsOf([]string{a, b}), encodingCSVOf([]string{a, b}); got != want {
			t.Errorf("%q, %q:\n got %q\nwant %q", a, b, got, want)
		}
	})
}

func csvRowsOf(fields []string) string {
	var b bytes.Buffer
	(&csvRows{w: &b}).write(fields...)
	return b.String()
}

func encodingCSVOf(fields []string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	cells := make([]string, len(fields))
	for i, f := range fields {
		cells[i] = escape.CSVCell(escape.Text(f))
	}
	w.Write(cells)
	w.Flush()
	return b.String()
}
