package matcher

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity ranks a diagnostic.
type Severity uint8

// The severities, least severe first.
const (
	Info    Severity = iota // worth knowing; changes nothing
	Warning                 // likely not what the author meant, or read differently elsewhere
	Error                   // the line is ignored or the file is cut
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "unknown"
}

// MarshalText makes a Severity read as its name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a Severity from its name, so that JSON round-trips.
func (s *Severity) UnmarshalText(b []byte) error {
	i := slices.Index(severityNames[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown severity %q", b)
	}
	*s = Severity(i)
	return nil
}

// A Position is a place in the source.
type Position struct {
	Offset int // byte offset, from 0
	Line   int // from 1
	Column int // byte column, from 1
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// A Diagnostic is a problem or remark about a place in the file.
type Diagnostic struct {
	Pos      Position
	End      Position // just past the span the diagnostic is about
	Code     Code
	Severity Severity
	Message  string
	// Source is what the diagnostic rests on: an RFC 9309 section, or what
	// a named crawler does.
	Source string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s [%s]", d.Pos, d.Severity, d.Message, d.Code)
}

// DiagnosticList is a list of diagnostics, kept in source order.
type DiagnosticList []Diagnostic

// Sort orders the list by position, then by code, then by where the span
// ends and by message. (A stable sort: its code is a third the size of
// slices.SortFunc's in the WebAssembly build, which has a size budget.)
func (l DiagnosticList) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int { return compareDiagnostics(&a, &b) })
}

// Has reports whether l holds a diagnostic with the given code.
func (l DiagnosticList) Has(code Code) bool {
	return slices.ContainsFunc(l, func(d Diagnostic) bool { return d.Code == code })
}

// Code is the stable identifier of a kind of diagnostic.
type Code string

// The diagnostic codes. They are stable: tools may match on them.
const (
	CodeRuleOutsideGroup  Code = "rule-outside-group"
	CodeUnknownKey        Code = "unknown-key"
	CodeTypoKey           Code = "typo-key"
	CodeMissingColon      Code = "missing-colon"
	CodeInvalidLine       Code = "invalid-line"
	CodeTokenCut          Code = "token-cut"
	CodeEmptyUserAgent    Code = "empty-user-agent"
	CodePatternStart      Code = "pattern-start"
	CodeDollarInside      Code = "dollar-inside"
	CodeSpaceInPattern    Code = "space-in-pattern"
	CodeEmptyPattern      Code = "empty-pattern"
	CodeBadPercent        Code = "bad-percent"
	CodeInvalidUTF8       Code = "invalid-utf8"
	CodeNUL               Code = "nul-byte"
	CodeLongLine          Code = "long-line"
	CodeSizeLimit         Code = "size-limit"
	CodeDuplicateAgent    Code = "duplicate-agent"
	CodeSitemapNotAbs     Code = "sitemap-not-absolute"
	CodeNonStandardRecord Code = "nonstandard-record"
	CodeBOM               Code = "bom"
	CodeEmptyGroup        Code = "empty-group"
	// CodePrivatePath and CodeSecretInPath mark rules that seem to rely on
	// robots.txt for secrecy, which it cannot give (RFC 9309 §3).
	CodePrivatePath  Code = "private-path"
	CodeSecretInPath Code = "secret-in-path"
	// CodeHTMLBody marks a file that is an HTML page (a 404 or login page
	// served as /robots.txt), not the plain text RFC 9309 §2.3 asks for.
	CodeHTMLBody Code = "html-body"
)

// drop removes the diagnostics with code c.
func (l *DiagnosticList) Drop(c Code) {
	*l = slices.DeleteFunc(*l, func(d Diagnostic) bool { return d.Code == c })
}

// sortDiagnostics returns a parser's diagnostics in the order of Sort,
// with no room to append into (a caller's append copies them).
func sortDiagnostics(l DiagnosticList) DiagnosticList {
	l.Sort()
	return slices.Clip(l)
}

// compareDiagnostics is the order of DiagnosticList.Sort: by position, then
// by code, then by where the span ends, and by message.
func compareDiagnostics(a, b *Diagnostic) int {
	if c := cmp.Compare(a.Pos.Offset, b.Pos.Offset); c != 0 {
		return c
	}
	if c := strings.Compare(string(a.Code), string(b.Code)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End.Offset, b.End.Offset); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}
