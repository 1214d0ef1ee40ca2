//go:build !wasm

package cli

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robots-explorer/matcher/escape"
)

// csvRows writes the rows of -csv output, each field escaped (escape.Text:
// one row stays one line, and no control reaches a terminal) and guarded
// against formula injection (escape.CSVCell): a URL, a file name, a rule or
// a token comes from the input, and a spreadsheet would run a cell starting
// with = + - or @. A row is written as encoding/csv's Writer writes it, but
// appended into one buffer with no string per field: a check writes a row
// for every URL and crawler.
type csvRows struct {
	w   io.Writer
	row []byte
}

// write writes one row.
func (c *csvRows) write(fields ...string) error {
	c.row = c.row[:0]
	for i, f := range fields {
		if i > 0 {
			c.row = append(c.row, ',')
		}
		c.row = appendCSVField(c.row, f)
	}
	c.row = append(c.row, '\n')
	_, err := c.w.Write(c.row)
	return err
}

// writeLine writes a row of the fields before, the number line and the
// fields after, as write writes them: digits are never escaped, guarded or
// quoted, and are appended without a string.
func (c *csvRows) writeLine(before []string, line int, after ...string) error {
	c.row = c.row[:0]
	for _, f := range before {
		c.row = append(appendCSVField(c.row, f), ',')
	}
	c.row = strconv.AppendInt(c.row, int64(line), 10)
	for _, f := range after {
		c.row = appendCSVField(append(c.row, ','), f)
	}
	c.row = append(c.row, '\n')
	_, err := c.w.Write(c.row)
	return err
}

// appendCSVField appends f escaped, guarded and quoted where encoding/csv
// quotes a field: one holding a comma, a quote, a CR or an LF, one starting
// with white space, and `\.`.
func appendCSVField(b []byte, f string) []byte {
	start := len(b)
	b = escape.GuardCSVCell(escape.AppendText(b, f), start)
	if !csvQuotes(b[start:]) {
		return b
	}
	quoted := `"` + strings.ReplaceAll(string(b[start:]), `"`, `""`) + `"`
	return append(b[:start], quoted...)
}

func csvQuotes(cell []byte) bool {
	if len(cell) == 0 {
		return false
	}
	if string(cell) == `\.` {
		return true
	}
	// A loop over the bytes, not bytes.ContainsAny, which makes its
	// set anew for every cell of every row.
	for _, c := range cell {
		if c == ',' || c == '"' || c == '\r' || c == '\n' {
			return true
		}
	}
	r, _ := utf8.DecodeRune(cell)
	return unicode.IsSpace(r)
}
