package matcher

import (
	"bytes"
	"fmt"
	"robots-explorer/matcher/internal/lines"
	"strings"
	"unicode/utf8"
)

// Limits that crawlers apply and the diagnostics point out.
const (
	// ParseLimit is the size RFC 9309 §2.5 lets a crawler stop reading at
	// (at least 500 KiB).
	ParseLimit = 500 * 1024
	// GoogleLineLimit is the longest line Google's parser reads whole
	// (robots.cc: kMaxLineLen = 2083 * 8 - 1 bytes, the rest is cut).
	GoogleLineLimit = 2083*8 - 1
)

// Scanner holds what every reading's parser shares: the file being built,
// its lines, and a way to report diagnostics with positions.
type Scanner struct {
	File *File
	// text is the source as one string, so that keys, values and comments
	// are slices of it rather than a copy each.
	Text string
	// longest is the length of the longest line, so that checkBytes looks
	// at each line only when one is over Google's limit.
	Longest int
	// Lines is how many lines newScanner expects (its count of LFs, plus
	// one): what the arrays of a parse are sized by.
	Lines int
	// diags are the diagnostics reported so far; the parser puts them in
	// File.Diagnostics, in order, when it is done.
	Diags DiagnosticList
	// reading is the line being read and not yet stored (number 0 when
	// none), for a reading that reads each line as it splits it: its
	// positions are found without a search, and before it is in File's
	// lines.
	reading lineAt
	// capped counts, by code, the diagnostics reported under
	// ParseOptions.MaxDiagnostics.
	capped map[Code]*diagCap
}

// A diagCap is what the Scanner knows of one code's diagnostics under
// ParseOptions.MaxDiagnostics.
type diagCap struct{ kept, omitted int }

// lineAt is a line's number and where it lies.
type lineAt struct{ number, start, end int32 }

// NewScanner is the Scanner of src, whose text is string(src), for a
// Reader's Parse, with no line split yet: a reading that splits lines as
// RFC 9309 does calls SplitLines and then reads them (ReadLines); one that
// splits them its own way reads each as it splits it (BeginLine).
func NewScanner(r Reading, src []byte, text string, o ParseOptions) *Scanner {
	return &Scanner{File: &File{Reading: r, Source: src, text: text, opts: o}, Text: text,
		Lines: bytes.Count(src, []byte{'\n'}) + 1}
}

// SplitLines splits the source into lines at LF, CR and CRLF, after a
// byte-order mark (whole or partial), which it records in File.BOM.
func (s *Scanner) SplitLines() {
	f := s.File
	f.BOM = lines.BOM(f.Source)
	f.lines.recs = make([]lineRec, 0, s.Lines)
	ls := lines.NewScanner(f.Source, f.BOM)
	for {
		start, end, ok := ls.Next()
		if !ok {
			break
		}
		s.Longest = max(s.Longest, end-start)
		f.lines.addNew(start, end)
	}
}

// ReadLines calls read with each line of the file in order, as
// SplitLines split them, and stores what read leaves in it. Within read,
// only the line handed over may be read or changed.
func (s *Scanner) ReadLines(read func(i int, l *Line)) {
	for i := range s.File.NumLines() {
		read(i, s.File.beginEdit(i))
		s.File.endEdit()
	}
}

// BeginLine is the next line, the bytes [start, end) of the source, for the
// reading to read and fill in until EndLine, which stores what it left in
// it. Until then, only that line may be read or changed.
func (s *Scanner) BeginLine(start, end int) *Line {
	s.Longest = max(s.Longest, end-start)
	n := s.File.NumLines()
	if n == 0 {
		s.File.lines.recs = make([]lineRec, 0, s.Lines)
	}
	s.File.AddLine(newLine(n+1, start, end))
	return s.File.beginEdit(n)
}

// EndLine ends the line BeginLine began.
func (s *Scanner) EndLine() { s.File.endEdit() }

// newScanner is a Scanner of src with room for its lines, but none split
// yet: for a reading that splits them as it reads them.
func newScanner(r Reading, src []byte, text string, o ParseOptions) *Scanner {
	f := &File{Reading: r, Source: src, BOM: lines.BOM(src), opts: o, text: text}
	s := &Scanner{File: f, Text: text, Lines: bytes.Count(src[f.BOM:], []byte{'\n'}) + 1}
	f.lines.recs = make([]lineRec, 0, s.Lines)
	return s
}

// newLine is the line [start, end) before the reading has looked at it.
func newLine(number, start, end int) Line {
	n, s, e := int32(number), int32(start), int32(end)
	return Line{Number: n, Start: s, End: e, Group: -1,
		Key: Span{s, s}, Value: Span{s, s}, Comment: Span{e, e}}
}

// str returns the text of a span.
func (s *Scanner) str(sp Span) string { return s.Text[sp.Start:sp.End] }

// key and value return a line's key and value as written.
func (s *Scanner) Key(l *Line) string   { return s.str(l.Key) }
func (s *Scanner) Value(l *Line) string { return s.str(l.Value) }

// pos maps an offset to its position: in the line being read, or by
// binary search over the lines stored.
func (s *Scanner) pos(offset int) Position {
	if l := s.reading; l.number > 0 && offset >= int(l.start) && offset <= int(l.end) {
		return Position{Offset: offset, Line: int(l.number), Column: offset - int(l.start) + 1}
	}
	return s.File.store().position(offset)
}

// Report adds a diagnostic spanning [start, end) of the source; past
// ParseOptions.MaxDiagnostics it returns at once, before any formatting.
func (s *Scanner) Report(start, end int, code Code, sev Severity, source, format string, args ...any) {
	if s.over(start, end, code, sev, source) {
		return
	}
	msg := format
	// Sprintf of a format without verbs and no arguments is the format:
	// many messages are constants, and they need no copy.
	if len(args) > 0 || strings.IndexByte(format, '%') >= 0 {
		msg = fmt.Sprintf(format, args...)
	}
	s.add(start, end, code, sev, source, msg)
}

// reportMsg adds a diagnostic with a message already written.
func (s *Scanner) reportMsg(start, end int, code Code, sev Severity, source, msg string) {
	if s.over(start, end, code, sev, source) {
		return
	}
	s.add(start, end, code, sev, source, msg)
}

// over says whether a diagnostic of code is past ParseOptions.MaxDiagnostics
// and so left out: it counts it, and the first one left out is stood for
// by a diagnostic at its place that Scanner.SortedDiagnostics words with the count.
// Without the cap, a file of millions of rules naming a private path would
// keep as many diagnostics, and check -json's row of one URL would list
// them all.
func (s *Scanner) over(start, end int, code Code, sev Severity, source string) bool {
	max := s.File.opts.MaxDiagnostics
	if max <= 0 {
		return false
	}
	if s.capped == nil {
		s.capped = map[Code]*diagCap{}
	}
	c := s.capped[code]
	if c == nil {
		c = &diagCap{}
		s.capped[code] = c
	}
	if c.kept < max {
		c.kept++
		return false
	}
	if c.omitted == 0 {
		s.add(start, end, code, sev, source, "") // worded by SortedDiagnostics
	}
	c.omitted++
	return true
}

// add appends a diagnostic with its message written.
func (s *Scanner) add(start, end int, code Code, sev Severity, source, msg string) {
	// A reading that measures a span on decoded text (python's U+FFFD for
	// each invalid byte) could reach past the bytes: a position always
	// lies inside the input.
	start = max(0, min(start, len(s.File.Source)))
	end = max(start, min(end, len(s.File.Source)))
	s.Diags = append(s.Diags, Diagnostic{
		Pos: s.pos(start), End: s.pos(end), Code: code, Severity: sev,
		Message: msg, Source: source,
	})
}

// DropDiagnostics drops the diagnostics of code reported so far, for a
// reading that reports them again its own way, and their count under
// ParseOptions.MaxDiagnostics with them.
func (s *Scanner) DropDiagnostics(code Code) {
	s.Diags.Drop(code)
	delete(s.capped, code)
}

// SortedDiagnostics is the parse's diagnostics in order, each code's
// past ParseOptions.MaxDiagnostics counted by one at the place of the
// first left out: what a Reader's Parse leaves in File.Diagnostics.
func (s *Scanner) SortedDiagnostics() DiagnosticList {
	if s.capped != nil {
		// Found by its empty message, which no other diagnostic has: a
		// reading may have dropped diagnostics since (DiagnosticList.Drop).
		for i := range s.Diags {
			d := &s.Diags[i]
			if c := s.capped[d.Code]; c != nil && c.omitted > 0 && d.Message == "" {
				d.Message = fmt.Sprintf("%d more diagnostics of this kind (%s), from here on, are not listed: "+
					"the first %d are (check -max-diagnostics)", c.omitted, d.Code, c.kept)
			}
		}
	}
	return sortDiagnostics(s.Diags)
}

// checkBytes reports what is wrong with the bytes themselves, whatever the
// reading: a byte-order mark, NUL bytes, invalid UTF-8, over-long lines, and
// content past the parse limit.
func (s *Scanner) CheckBytes() {
	src := s.File.Source
	if looksLikeHTML(src[s.File.BOM:]) {
		s.Report(s.File.BOM, s.File.BOM, CodeHTMLBody, Error, "RFC 9309 §2.3",
			"this is an HTML page, not a robots.txt file (an error or login page served as /robots.txt?): "+
				"a crawler reads it as robots.txt all the same, and its lines are not rules")
	}
	if s.File.BOM > 0 {
		s.Report(0, s.File.BOM, CodeBOM, Info, "RFC 9309 §2.2; google/robotstxt robots.cc",
			"a UTF-8 byte-order mark (%d of its 3 bytes) starts the file and is skipped", s.File.BOM)
	}
	// Whole-file scans first: most files have no NUL, are valid UTF-8 and
	// have no line near the limit, and then no line needs a look.
	rest := src[s.File.BOM:]
	nul, valid := bytes.IndexByte(rest, 0) >= 0, utf8.Valid(rest)
	long := s.Longest > GoogleLineLimit
	if nul || !valid || long {
		st := s.File.store()
		for i, r := range st.recs {
			s.checkLine(src, int(r.start), int(st.end(i)), nul, valid, long)
		}
	}
	if len(src) > ParseLimit {
		s.Report(ParseLimit, len(src), CodeSizeLimit, Warning, "RFC 9309 §2.5",
			"the file is %d bytes; a crawler may stop reading at 500 KiB (%d bytes), so the rules past this point may be ignored",
			len(src), ParseLimit)
	}
}

// htmlSniff is how much of a file looksLikeHTML reads.
const htmlSniff = 1024

// looksLikeHTML says whether src starts as an HTML page does: after white
// space, a doctype or an html, head or body tag, or any tag followed by an
// html tag early on. It reads at most htmlSniff bytes.
func looksLikeHTML(src []byte) bool {
	head := bytes.TrimLeft(src[:min(len(src), htmlSniff)], " \t\r\n\f")
	if len(head) == 0 || head[0] != '<' {
		return false
	}
	lower := bytes.ToLower(head)
	for _, p := range []string{"<!doctype html", "<html", "<head", "<body"} {
		if bytes.HasPrefix(lower, []byte(p)) {
			return true
		}
	}
	return bytes.Contains(lower, []byte("<html"))
}

// checkLine reports a NUL, invalid UTF-8 and an over-long line in the line
// [start, end), for the checks the whole-file scans left open.
func (s *Scanner) checkLine(src []byte, start, end int, nul, valid, long bool) {
	line := src[start:end]
	if nul {
		if i := bytes.IndexByte(line, 0); i >= 0 {
			s.Report(start+i, start+i+1, CodeNUL, Warning, "RFC 9309 §2.2",
				"NUL byte: a robots.txt file is UTF-8 text; some parsers stop reading here")
		}
	}
	if !valid && !utf8.Valid(line) {
		off := start + lines.FirstInvalidUTF8(line)
		s.Report(off, off+1, CodeInvalidUTF8, Warning, "RFC 9309 §2.2",
			"invalid UTF-8: the file must be UTF-8 encoded; these bytes are compared as they are")
	}
	if n := end - start; long && n > GoogleLineLimit {
		s.Report(start+GoogleLineLimit, end, CodeLongLine, Warning, "google/robotstxt robots.cc (kMaxLineLen)",
			"line is %d bytes; Google's parser reads only its first %d", n, GoogleLineLimit)
	}
}
