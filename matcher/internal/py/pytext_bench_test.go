package py

import (
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// The split every Python reading starts with, over a 1 MiB file of the
// usual shape (mostly printable ASCII).
func BenchmarkSplitLines(b *testing.B) {
	src := gen.RealisticFile(1 << 20)
	text := string(src)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		SplitLines(src, text)
	}
}
