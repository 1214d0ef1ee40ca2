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

// CSV writes the rows shown as CSV. Every cell that a spreadsheet would
// read as a formula is neutralised (Cell).
func (v *View) CSV() string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for i := range v.rows {
		p := v.Pair(i)
		rec := []string{p.Crawler, p.URL, strconv.FormatBool(p.Changed()),
			p.Old.Word(), lineText(p.Old), ruleText(p.Old), p.New.Word(), lineText(p.New), ruleText(p.New)}
		for j := range rec {
			rec[j] = Cell(rec[j])
		}
		w.Write(rec)
	}
	w.Flush()
	return b.String()
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

// JSON writes the rows shown as a JSON array.
func (v *View) JSON() string {
	var b bytes.Buffer
	b.WriteString("[")
	enc := json.NewEncoder(&b)
	for i := range v.rows {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		p := v.Pair(i)
		enc.Encode(pairJSON{Crawler: p.Crawler, URL: p.URL, Changed: p.Changed(), Before: p.Old, After: p.New})
		b.Truncate(b.Len() - 1) // the encoder's newline
	}
	b.WriteString("\n]\n")
	return b.String()
}
