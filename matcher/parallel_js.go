//go:build js

package matcher

// A WebAssembly build runs on one processor: it splits and reads a file in
// one piece, and links no code for more (parallel.go).

func newScannerIn(r Reading, src []byte, _ int) *scanner { return newScanner(r, src) }

func readChunks(s *scanner, first, _ int) *rfcLines {
	w := newRFCLines(s, first, len(s.f.Lines))
	w.read(s.f.Lines)
	return w
}
