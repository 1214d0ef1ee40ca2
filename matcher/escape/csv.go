package escape

// CSVCell neutralises a CSV cell that a spreadsheet would run as a
// formula: one starting with = + - @, or with a tab or carriage return
// that some strip before reading the rest (OWASP, "CSV Injection"), gets a
// leading apostrophe, which spreadsheets show as text. The page's exports
// and the command line's -csv write every cell through it.
func CSVCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
