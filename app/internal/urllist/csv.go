package urllist

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// defaultColumns are the header names a crawl export gives its URL column
// when none is chosen: url, address (Screaming Frog's) or loc.
var defaultColumns = []string{"url", "address", "loc"}

// readCSV reads a crawl export: a header row, then one page a row. The
// URL column is Options.Column (a header name, or a 1-based number, when
// the first row may then be a URL rather than a header), else the first
// column named url, address or loc. A row too short to have the column is
// reported; bad CSV (a stray quote) is an error with its line.
func (l *List) readCSV(file int, in *input) error {
	r := csv.NewReader(in)
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		return csvError(err, "the header row")
	}
	if len(header) > 0 {
		header[0] = strings.TrimPrefix(header[0], "\uFEFF")
	}
	col, headerIsData, err := l.column(header)
	if err != nil {
		return err
	}
	if headerIsData {
		if !l.addCell(file, 1, header, col) {
			return nil
		}
	}
	for {
		rec, err := r.Read()
		if err != nil {
			return csvError(err, "")
		}
		line, _ := r.FieldPos(0)
		if !l.addCell(file, line, rec, col) {
			return nil
		}
	}
}

// addCell keeps the URL in column col of a row read at line.
func (l *List) addCell(file, line int, rec []string, col int) bool {
	if col >= len(rec) {
		return l.refuse(file, line, "", fmt.Sprintf("the row has %d columns, and the URLs are in column %d", len(rec), col+1))
	}
	u := strings.TrimSpace(rec[col])
	if u == "" {
		return l.refuse(file, line, "", fmt.Sprintf("column %d is empty", col+1))
	}
	return l.add(file, line, u)
}

// column finds the URL column in the header row; with a column chosen by
// number, a first row whose cell reads as a URL is data, not a header.
func (l *List) column(header []string) (col int, headerIsData bool, err error) {
	want := strings.TrimSpace(l.opt.Column)
	if n, convErr := strconv.Atoi(want); convErr == nil {
		if n < 1 {
			return 0, false, fmt.Errorf("column %d: columns are numbered from 1", n)
		}
		cell := ""
		if n-1 < len(header) {
			cell = strings.TrimSpace(header[n-1])
		}
		return n - 1, looksLikeURL(cell), nil
	}
	names := defaultColumns
	if want != "" {
		names = []string{want}
	}
	for _, name := range names {
		for i, h := range header {
			if strings.EqualFold(strings.TrimSpace(h), name) {
				return i, false, nil
			}
		}
	}
	shown := make([]string, len(header))
	for i, h := range header {
		shown[i] = quote(h)
	}
	if want != "" {
		return 0, false, fmt.Errorf("line 1: no column named %s; the header has %s", quote(want), strings.Join(shown, ", "))
	}
	return 0, false, fmt.Errorf("line 1: no column named url, address or loc; the header has %s (choose one by name or number)",
		strings.Join(shown, ", "))
}

func looksLikeURL(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(strings.ToLower(s), "http://") || strings.HasPrefix(strings.ToLower(s), "https://")
}

func csvError(err error, what string) error {
	if errors.Is(err, io.EOF) {
		if what != "" {
			return fmt.Errorf("no %s: an empty CSV file", what)
		}
		return nil
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("line %d, column %d: not valid CSV: %v", pe.Line, pe.Column, pe.Err)
	}
	return err
}
