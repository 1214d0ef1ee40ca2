package py

import (
	"testing"

	"robots-explorer/matcher"
)

// ReadLines hands over every line as SplitLines gives it (CPython
// str.splitlines after bytes.decode("utf-8", "replace")), decoded text and
// source offsets alike, and the File stores each at its span, unless the
// parse stores no line: it skips the line model and the diagnostics, and
// the source is valid UTF-8, whose lines are its bytes between breaks.
func TestReadLinesAsSplitLines(t *testing.T) {
	for _, src := range [][]byte{
		[]byte("User-agent: *\nDisallow: /a\xff\xfeb\r\n\n\xc3\x28x\vAllow: /\xe2\x82\xac\x85\xf0\x9f\x98\x80 \xed\xa0\x80\nlast"),
		[]byte("User-agent: *\nDisallow: /a\r\n\n\u2028x\vAllow: /\u20ac\u0085\U0001F600 \x1d\nlast"),
	} {
		readLinesAsSplitLines(t, src)
	}
}

func readLinesAsSplitLines(t *testing.T, src []byte) {
	text := string(src)
	want, wantBad := SplitLines(src, text)
	s := matcher.NewScanner(matcher.Python, src, text, matcher.ParseOptions{})
	var got []Line
	bad := ReadLines(s, nil, SplitLinesEach, func(l *matcher.Line, pl Line) {
		if l.Start != pl.Start || l.End != pl.End || int(l.Number) != len(got)+1 {
			t.Errorf("line %d at [%d,%d) handed over as line %d at [%d,%d)", len(got)+1, pl.Start, pl.End, l.Number, l.Start, l.End)
		}
		got = append(got, pl)
	})
	if bad != wantBad || len(got) != len(want) {
		t.Fatalf("%d lines, bad byte %d; SplitLines: %d lines, bad byte %d", len(got), bad, len(want), wantBad)
	}
	for i, w := range want {
		g := got[i]
		if g.Start != w.Start || g.End != w.End || g.Text != w.Text {
			t.Fatalf("line %d: [%d,%d) %q, SplitLines [%d,%d) %q", i+1, g.Start, g.End, g.Text, w.Start, w.End, w.Text)
		}
		for k := 0; k <= len(w.Text); k++ {
			if g.Src(k) != w.Src(k) {
				t.Fatalf("line %d: byte %d of the text at %d, SplitLines says %d", i+1, k, g.Src(k), w.Src(k))
			}
		}
	}
	if s.File.NumLines() != len(want) {
		t.Fatalf("%d lines stored, want %d", s.File.NumLines(), len(want))
	}
	for i, w := range want {
		if l := s.File.Line(i); l.Start != w.Start || l.End != w.End {
			t.Errorf("line %d stored at [%d,%d), want [%d,%d)", i+1, l.Start, l.End, w.Start, w.End)
		}
	}
}

// SplitLines is SplitLinesEach collecting the lines, for the tests.
func SplitLines(src []byte, text string) (lines []Line, badByte int) {
	badByte = SplitLinesEach(src, text, nil, func(l Line) { lines = append(lines, l) })
	return lines, badByte
}
