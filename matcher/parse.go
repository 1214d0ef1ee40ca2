package matcher

import (
	"fmt"
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
	f     *File
	spans []span
	// text is the source as one string, so that keys, values and comments
	// are slices of it rather than a copy each.
	text string
}

func newScanner(r Reading, src []byte) *scanner {
	f := &File{Reading: r, Source: src, BOM: bomLength(src), selections: &selections{}}
	s := &scanner{f: f, spans: splitLines(src, f.BOM), text: string(src)}
	f.Lines = make([]Line, len(s.spans))
	for i, sp := range s.spans {
		f.Lines[i] = Line{Number: i + 1, Start: sp.start, End: sp.end, KeyOffset: sp.start, ValueOffset: sp.start, Group: -1}
	}
	return s
}

func (s *scanner) pos(offset int) Position { return lineIndex(s.spans).position(offset) }

// report adds a diagnostic spanning [start, end) of the source.
func (s *scanner) report(start, end int, code Code, sev Severity, source, format string, args ...any) {
	s.f.Diagnostics = append(s.f.Diagnostics, Diagnostic{
		Pos: s.pos(start), End: s.pos(end), Code: code, Severity: sev,
		Message: fmt.Sprintf(format, args...), Source: source,
	})
}

// checkBytes reports what is wrong with the bytes themselves, whatever the
// reading: a byte-order mark, NUL bytes, invalid UTF-8, over-long lines, and
// content past the parse limit.
func (s *scanner) checkBytes() {
	src := s.f.Source
	if s.f.BOM > 0 {
		s.report(0, s.f.BOM, CodeBOM, Info, "RFC 9309 §2.2; google/robotstxt robots.cc",
			"a UTF-8 byte-order mark (%d of its 3 bytes) starts the file and is skipped", s.f.BOM)
	}
	for _, sp := range s.spans {
		line := src[sp.start:sp.end]
		for i, c := range line {
			if c == 0 {
				s.report(sp.start+i, sp.start+i+1, CodeNUL, Warning, "RFC 9309 §2.2",
					"NUL byte: a robots.txt file is UTF-8 text; some parsers stop reading here")
				break
			}
		}
		if !utf8.Valid(line) {
			off := sp.start + firstInvalidUTF8(line)
			s.report(off, off+1, CodeInvalidUTF8, Warning, "RFC 9309 §2.2",
				"invalid UTF-8: the file must be UTF-8 encoded; these bytes are compared as they are")
		}
		if n := sp.end - sp.start; n > GoogleLineLimit {
			s.report(sp.start+GoogleLineLimit, sp.end, CodeLongLine, Warning, "google/robotstxt robots.cc (kMaxLineLen)",
				"line is %d bytes; Google's parser reads only its first %d", n, GoogleLineLimit)
		}
	}
	if len(src) > ParseLimit {
		s.report(ParseLimit, len(src), CodeSizeLimit, Warning, "RFC 9309 §2.5",
			"the file is %d bytes; a crawler may stop reading at 500 KiB (%d bytes), so the rules past this point may be ignored",
			len(src), ParseLimit)
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
