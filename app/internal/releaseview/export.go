package releaseview

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher/escape"
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
// page can yield to the browser between steps: hundreds of thousands of
// rows at once would be one task of seconds. What each step wrote is
// taken out with Take.
type Export struct {
	v      *View
	format Format
	next   int // the next row to write
	done   bool
	buf    bytes.Buffer
	csv    *csv.Writer
	// The JSON of each distinct verdict (its why left out) and crawler,
	// worked out once: json.Encoder's reflection on every row would be
	// most of an export's time.
	verdictJSON map[uint32][]byte
	crawlerJSON map[uint16][]byte
}

// Export starts an export of the rows shown, in format f.
func (v *View) Export(f Format) *Export {
	e := &Export{v: v, format: f}
	if f == JSON {
		e.verdictJSON, e.crawlerJSON = map[uint32][]byte{}, map[uint16][]byte{}
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
			e.writeJSON(e.next)
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
// formula is neutralised (escape.CSVCell).
func (e *Export) writeCSV(p Pair) {
	rec := []string{p.Crawler, p.URL, strconv.FormatBool(p.Changed()),
		p.Old.Word(), p.Old.LineText(), p.Old.Decider(), p.New.Word(), p.New.LineText(), p.New.Decider()}
	for j := range rec {
		rec[j] = escape.CSVCell(rec[j])
	}
	e.csv.Write(rec)
}

// writeJSON writes row i as json.Encoder writes its pairJSON, byte for
// byte (TestJSONAsTheEncoderWritesIt), from the parts worked out once.
func (e *Export) writeJSON(i int) {
	row, p := e.v.run.rows[e.v.rows[i]], e.v.Pair(i)
	if i > 0 {
		e.buf.WriteString(",")
	}
	e.buf.WriteString("\n{\"crawler\":")
	c, ok := e.crawlerJSON[row.Crawler]
	if !ok {
		c = quoteJSON(p.Crawler)
		e.crawlerJSON[row.Crawler] = c
	}
	e.buf.Write(c)
	e.buf.WriteString(",\"url\":")
	e.buf.Write(quoteJSON(p.URL))
	e.buf.WriteString(",\"changed\":" + strconv.FormatBool(p.Changed()) + ",\"before\":")
	e.writeVerdict(row.Old, p.Old.Why)
	e.buf.WriteString(",\"after\":")
	e.writeVerdict(row.New, p.New.Why)
	e.buf.WriteString("}")
}

// writeVerdict writes the run's verdict k with its why: the encoding of
// the verdict kept without one, then the why, its last field.
func (e *Export) writeVerdict(k uint32, why string) {
	enc, ok := e.verdictJSON[k]
	if !ok {
		enc, _ = json.Marshal(e.v.run.verdicts[k]) // a struct of strings, numbers and booleans: no error
		enc = enc[:len(enc)-1]                     // its closing brace
		e.verdictJSON[k] = enc
	}
	e.buf.Write(enc)
	if why != "" {
		e.buf.WriteString(",\"why\":")
		e.buf.Write(quoteJSON(why))
	}
	e.buf.WriteString("}")
}

// quoteJSON is s as a JSON string, escaped as json.Encoder escapes it.
func quoteJSON(s string) []byte {
	b, _ := json.Marshal(s) // a string: no error
	return b
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

// pairJSON is one row of the JSON export, in the diff command's -json
// shape.
type pairJSON struct {
	Crawler string          `json:"crawler"`
	URL     string          `json:"url"`
	Changed bool            `json:"changed"`
	Before  release.Verdict `json:"before"`
	After   release.Verdict `json:"after"`
}
