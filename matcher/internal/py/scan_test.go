package py

import (
	"testing"

	"robots-explorer/matcher"
)

// Scan keeps only the lines whose text is not their bytes of the source;
// At gives every line as SplitLines does (CPython str.splitlines after
// bytes.decode("utf-8", "replace")), read in order or not.
func TestScanLinesAtAsSplitLines(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /a\xff\xfeb\r\n\n\xc3\x28x\vAllow: /\xe2\x82\xac\x85\xf0\x9f\x98\x80 \xed\xa0\x80\nlast")
	text := string(src)
	want, wantBad := SplitLines(src, text)
	s, lines, bad := Scan(matcher.Python, src, text, matcher.ParseOptions{}, SplitLinesEach)
	if bad != wantBad || s.File.NumLines() != len(want) {
		t.Fatalf("Scan: %d lines, bad byte %d; SplitLines: %d lines, bad byte %d", s.File.NumLines(), bad, len(want), wantBad)
	}
	if len(lines.decoded) != 3 {
		t.Errorf("Scan kept %d decoded lines, want the 3 that hold invalid UTF-8", len(lines.decoded))
	}
	order := []int{}
	for i := range want {
		order = append(order, i)
	}
	for i := len(want) - 1; i >= 0; i-- {
		order = append(order, i, i)
	}
	for _, i := range order {
		l := s.File.Line(i)
		got := lines.At(i, int(l.Start), int(l.End))
		w := want[i]
		if got.Start != w.Start || got.End != w.End || got.Text != w.Text {
			t.Fatalf("line %d: At gives [%d,%d) %q, SplitLines [%d,%d) %q", i+1, got.Start, got.End, got.Text, w.Start, w.End, w.Text)
		}
		for k := 0; k <= len(w.Text); k++ {
			if got.Src(k) != w.Src(k) {
				t.Fatalf("line %d: byte %d of the text at %d, SplitLines says %d", i+1, k, got.Src(k), w.Src(k))
			}
		}
	}
}
