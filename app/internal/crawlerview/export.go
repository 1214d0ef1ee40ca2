package crawlerview

import (
	"bytes"
	"encoding/csv"
	"encoding/json"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher/escape"
)

// csvHeader names the CSV export's columns: the release export's, for
// one file.
var csvHeader = []string{"crawler", "url", "verdict", "line", "rule"}

// CSV is every verdict as CSV, URL by URL and the crawlers in order.
// Every cell that a spreadsheet would read as a formula is neutralised
// (escape.CSVCell), as in the release export.
func (v *Verdicts) CSV() string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for i := 0; i < v.Rows(); i++ {
		for j := 0; j < v.Columns(); j++ {
			c := v.Verdict(i, j)
			rec := []string{v.Crawler(j), v.URL(i), c.Word(), c.LineText(), c.Decider()}
			for k := range rec {
				rec[k] = escape.CSVCell(rec[k])
			}
			w.Write(rec)
		}
	}
	w.Flush()
	return b.String()
}

// verdictJSON is one cell of the JSON export: the crawler, the URL and
// the verdict's fields beside them.
type verdictJSON struct {
	Crawler string `json:"crawler"`
	URL     string `json:"url"`
	release.Verdict
}

// JSON is every verdict as a JSON array, in the CSV's order.
func (v *Verdicts) JSON() string {
	out := make([]verdictJSON, 0, len(v.cells))
	for i := 0; i < v.Rows(); i++ {
		for j := 0; j < v.Columns(); j++ {
			out = append(out, verdictJSON{Crawler: v.Crawler(j), URL: v.URL(i), Verdict: v.Verdict(i, j)})
		}
	}
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		panic(err) // strings, numbers and booleans always encode
	}
	return string(b) + "\n"
}
