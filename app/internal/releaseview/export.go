package releaseview

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"

	"robots-explorer/matcher/release"
)

// csvHeader names the export's columns, as the diff command's -csv does.
var csvHeader = []string{"crawler", "url", "changed", "before_verdict", "before_line", "before_rule", "after_verdict", "after_line", "after_rule"}

// Format is an export's file format.
type Format string

// The formats.
const (
	CSV  Format = "csv"
	JSON Format = "json"
)

// An Export writes the rows of a view a few at a time (Step), so that the
// page can yield to the browser between steps: 400,000 rows at once were
// one task of seconds. What each step wrote is taken out with Take.
type Export struct {
	v      *View
	format Format
	next   int // the next row to write
	done   bool
	buf    bytes.Buffer
	csv    *csv.Writer
	json   *json.Encoder
}

// Export starts an export of the rows shown, in format f.
func (v *View) Export(f Format) *Export {
	e := &Export{v: v, format: f}
	if f == JSON {
		e.json = json.NewEncoder(&e.buf)
		e.buf.WriteString("[")
	} else {
		e.csv = csv.NewWriter(&e.buf)
		e.csv.Write(csvHeader)
	}
	return e
}

// Step writes up to n more rows, the end of the file after the last, and
// reports whether the export is done.
func (e *Export) Step(n int) bool {
	if e.done {
		return true
	}
	end := min(e.next+n, e.v.Len())
	for ; e.next < end; e.next++ {
		if e.format == JSON {
			e.writeJSON(e.v.Pair(e.next))
		} else {
			e.writeCSV(e.v.Pair(e.next))
		}
	}
	if e.next < e.v.Len() {
		if e.csv != nil {
			e.csv.Flush()
		}
		return false
	}
	if e.format == JSON {
		e.buf.WriteString("\n]\n")
	} else {
		e.csv.Flush()
	}
	e.done = true
	return true
}

// Progress is how many rows were written, of how many.
func (e *Export) Progress() (done, total int) { return e.next, e.v.Len() }

// Take returns what the steps wrote since the last Take. The bytes are
// the caller's until the next Step.
func (e *Export) Take() []byte {
	b := e.buf.Bytes()
	e.buf.Reset()
	return b
}

// writeCSV writes one row. Every cell that a spreadsheet would read as a
// formula is neutralised (Cell).
func (e *Export) writeCSV(p Pair) {
	rec := []string{p.Crawler, p.URL, strconv.FormatBool(p.Changed()),
		p.Old.Word(), lineText(p.Old), ruleText(p.Old), p.New.Word(), lineText(p.New), ruleText(p.New)}
	for j := range rec {
		rec[j] = Cell(rec[j])
	}
	e.csv.Write(rec)
}

func (e *Export) writeJSON(p Pair) {
	if e.next > 0 {
		e.buf.WriteString(",")
	}
	e.buf.WriteString("\n")
	e.json.Encode(pairJSON{Crawler: p.Crawler, URL: p.URL, Changed: p.Changed(), Before: p.Old, After: p.New})
	e.buf.Truncate(e.buf.Len() - 1) // the encoder's newline
}

// CSV writes the rows shown as CSV, in one go.
func (v *View) CSV() string { return v.all(CSV) }

// JSON writes the rows shown as a JSON array, in one go.
func (v *View) JSON() string { return v.all(JSON) }

func (v *View) all(f Format) string {
	e := v.Export(f)
	e.Step(v.Len())
	return string(e.Take())
}

// Cell neutralises a CSV cell that a spreadsheet would run as a formula:
// one starting with = + - @, or with a tab or carriage return that some
// strip before reading the rest (OWASP, "CSV Injection"), gets a leading
// apostrophe, which spreadsheets show as text.
func Cell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

func lineText(v release.Verdict) string {
	if v.Line == 0 {
		return ""
	}
	return strconv.Itoa(v.Line)
}

func ruleText(v release.Verdict) string {
	if v.Line == 0 {
		return v.Why
	}
	return v.Rule
}

// pairJSON is one row of the JSON export, in the diff command's -json
// shape.
type pairJSON struct {
	Crawler string          `json:"crawler"`
	URL     string          `json:"url"`
	Changed bool            `json:"changed"`
	Before  release.Verdict `json:"before"`
	After   release.Verdict `json:"after"`
}
