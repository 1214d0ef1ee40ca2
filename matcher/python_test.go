package matcher

// has reports whether the list holds a diagnostic with the code and
// severity.
func (l DiagnosticList) has(code Code, sev Severity) bool {
	for _, d := range l {
		if d.Code == code && d.Severity == sev {
			return true
		}
	}
	return false
}
