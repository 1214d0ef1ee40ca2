package matcher

import (
	"bytes"
	"fmt"
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

// scanner holds what every reading's parser shares: the file being built,
// its lines, and a way to report diagnostics with positions.
type scanner struct {
	f *File
	// text is the source as one string, so that keys, values and comments
	// are slices of it rather than a copy each.
	text string
	// arena holds the strings a reading makes per line (see arena).
	arena arena
	// near is the index of the line being read: a guess for pos, which
	// most reports fall on (any value is safe, pos checks it).
	near int
	// longest is the length of the longest line, so that checkBytes looks
	// at each line only when one is over Google's limit.
	longest int
	// view, when set, is the run of File.Lines this scanner reads (a chunk
	// read beside others: the lines outside it are not written yet), and
	// base is the index of its first line.
	view []Line
	base int
	// diags are the diagnostics reported so far; the parser puts them in
	// File.Diagnostics, in order, when it is done.
	diags diagLog
	// bytes is what scanBytes found in the source, when a parser that read
	// it in chunks has scanned them already.
	bytes byteScan
}

// byteScan is what a scan of all the bytes of a source (after the BOM)
// finds: whether it holds a NUL, and whether it is valid UTF-8.
type byteScan struct {
	scanned    bool
	nul, valid bool
}

func scanBytes(b []byte) byteScan {
	return byteScan{scanned: true, nul: bytes.IndexByte(b, 0) >= 0, valid: utf8.Valid(b)}
}

// newScanner splits src, whose text is string(src), into lines.
func newScanner(r Reading, src []byte, text string) *scanner {
	f := &File{Reading: r, Source: src, BOM: bomLength(src), selections: &selections{}}
	f.Lines = make([]Line, 0, bytes.Count(src[f.BOM:], []byte{'\n'})+1)
	ls := newLineScanner(src, f.BOM)
	longest := 0
	for {
		start, end, ok := ls.next()
		if !ok {
			break
		}
		longest = max(longest, end-start)
		f.Lines = append(f.Lines, newLine(len(f.Lines)+1, start, end))
	}
	f.text = text
	return &scanner{f: f, text: text, longest: longest, arena: sizedArena(len(src) / 4)}
}

// newLine is the line [start, end) before the reading has looked at it.
func newLine(number, start, end int) Line {
	n, s, e := int32(number), int32(start), int32(end)
	return Line{Number: n, Start: s, End: e, Group: -1,
		Key: Span{s, s}, Value: Span{s, s}, Comment: Span{e, e}}
}

// str returns the text of a span.
func (s *scanner) str(sp Span) string { return s.text[sp.Start:sp.End] }

// key and value return a line's key and value as written.
func (s *scanner) key(l *Line) string   { return s.str(l.Key) }
func (s *scanner) value(l *Line) string { return s.str(l.Value) }

// pos maps an offset to its position. An offset inside the line s.near
// (its terminator excluded) lies on that line, since the lines before it
// end before it starts; any other offset is found by binary search.
func (s *scanner) pos(offset int) Position {
	lines, near := s.f.Lines, s.near
	if s.view != nil {
		lines, near = s.view, s.near-s.base
	}
	if near >= 0 && near < len(lines) {
		if start, end := int(lines[near].Start), int(lines[near].End); start <= offset && offset <= end {
			return Position{Offset: offset, Line: s.near + 1, Column: offset - start + 1}
		}
	}
	p := position(lines, offset)
	p.Line += s.base
	return p
}

// report adds a diagnostic spanning [start, end) of the source.
func (s *scanner) report(start, end int, code Code, sev Severity, source, format string, args ...any) {
	msg := format
	// Sprintf of a format without verbs and no arguments is the format:
	// many messages are constants, and they need no copy.
	if len(args) > 0 || strings.IndexByte(format, '%') >= 0 {
		msg = fmt.Sprintf(format, args...)
	}
	s.reportMsg(start, end, code, sev, source, msg)
}

// reportMsg adds a diagnostic with a message already written.
func (s *scanner) reportMsg(start, end int, code Code, sev Severity, source, msg string) {
	// A reading that measures a span on decoded text (python's U+FFFD for
	// each invalid byte) could reach past the bytes: a position always
	// lies inside the input.
	start = max(0, min(start, len(s.f.Source)))
	end = max(start, min(end, len(s.f.Source)))
	s.diags.add(Diagnostic{
		Pos: s.pos(start), End: s.pos(end), Code: code, Severity: sev,
		Message: msg, Source: source,
	})
}

// checkBytes reports what is wrong with the bytes themselves, whatever the
// reading: a byte-order mark, NUL bytes, invalid UTF-8, over-long lines, and
// content past the parse limit.
func (s *scanner) checkBytes() {
	src := s.f.Source
	if looksLikeHTML(src[s.f.BOM:]) {
		s.report(s.f.BOM, s.f.BOM, CodeHTMLBody, Error, "RFC 9309 §2.3",
			"this is an HTML page, not a robots.txt file (an error or login page served as /robots.txt?): "+
				"a crawler reads it as robots.txt all the same, and its lines are not rules")
	}
	if s.f.BOM > 0 {
		s.report(0, s.f.BOM, CodeBOM, Info, "RFC 9309 §2.2; google/robotstxt robots.cc",
			"a UTF-8 byte-order mark (%d of its 3 bytes) starts the file and is skipped", s.f.BOM)
	}
	// Whole-file scans first: most files have no NUL, are valid UTF-8 and
	// have no line near the limit, and then no line needs a look.
	if !s.bytes.scanned {
		s.bytes = scanBytes(src[s.f.BOM:])
	}
	nul, valid := s.bytes.nul, s.bytes.valid
	long := s.longest > GoogleLineLimit
	if nul || !valid || long {
		for _, l := range s.f.Lines {
			s.checkLine(src, int(l.Start), int(l.End), nul, valid, long)
		}
	}
	if len(src) > ParseLimit {
		s.report(ParseLimit, len(src), CodeSizeLimit, Warning, "RFC 9309 §2.5",
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
func (s *scanner) checkLine(src []byte, start, end int, nul, valid, long bool) {
	line := src[start:end]
	if nul {
		if i := bytes.IndexByte(line, 0); i >= 0 {
			s.report(start+i, start+i+1, CodeNUL, Warning, "RFC 9309 §2.2",
				"NUL byte: a robots.txt file is UTF-8 text; some parsers stop reading here")
		}
	}
	if !valid && !utf8.Valid(line) {
		off := start + firstInvalidUTF8(line)
		s.report(off, off+1, CodeInvalidUTF8, Warning, "RFC 9309 §2.2",
			"invalid UTF-8: the file must be UTF-8 encoded; these bytes are compared as they are")
	}
	if n := end - start; long && n > GoogleLineLimit {
		s.report(start+GoogleLineLimit, end, CodeLongLine, Warning, "google/robotstxt robots.cc (kMaxLineLen)",
			"line is %d bytes; Google's parser reads only its first %d", n, GoogleLineLimit)
	}
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}
