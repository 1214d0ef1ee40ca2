//go:build !wasm

package cli

import (
	"encoding/csv"

	"robots-explorer/matcher/escape"
)

// writeCSV writes one CSV row of -csv output. Every field is escaped
// (escape.Text: one row stays one line, and no control reaches a
// terminal) and guarded against formula injection (escape.CSVCell): a
// URL, a file name, a rule or a token comes from the input, and a
// spreadsheet would run a cell starting with = + - or @.
func writeCSV(cw *csv.Writer, fields ...string) error {
	for i, f := range fields {
		fields[i] = escape.CSVCell(escape.Text(f))
	}
	return cw.Write(fields)
}
