package escape

import "slices"

// CSVCell neutralises a CSV cell that a spreadsheet would run as a
// formula: one starting with = + - @, or with a tab or carriage return
// that some strip before reading the rest (OWASP, "CSV Injection"), gets a
// leading apostrophe, which spreadsheets show as text. The page's exports
// and the command line's -csv write every cell through it.
func CSVCell(s string) string {
	if s != "" && runsAsFormula(s[0]) {
		return "'" + s
	}
	return s
}

// GuardCSVCell is CSVCell of the cell b[start:], in place, for a writer
// that appends its cells.
func GuardCSVCell(b []byte, start int) []byte {
	if start < len(b) && runsAsFormula(b[start]) {
		return slices.Insert(b, start, '\'')
	}
	return b
}

// runsAsFormula reports whether a cell starting with c is read as a formula.
func runsAsFormula(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}
