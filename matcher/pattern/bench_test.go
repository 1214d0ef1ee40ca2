package pattern

import (
	"fmt"
	"strings"
	"testing"
)

// Time must grow linearly with path length for the classic blow-up
// pattern: compare the per-op times of the sub-benchmarks.
func BenchmarkPathologicalPattern(b *testing.B) {
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10} {
		path := "/" + strings.Repeat("a", n)
		c := Compile("/*a*a*a*a*a*a*a*b")
		b.Run(fmt.Sprintf("path=%dKiB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				c.Match(path)
			}
		})
	}
	for _, n := range []int{1 << 10, 4 << 10, 16 << 10} {
		pat := strings.Repeat("a*", n/2) + "b"
		path := strings.Repeat("a", 16<<10)
		c := Compile(pat)
		b.Run(fmt.Sprintf("pattern=%dKiB", n>>10), func(b *testing.B) {
			for b.Loop() {
				c.Match(path)
			}
		})
	}
}
