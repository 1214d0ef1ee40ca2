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

// indexBodies are the compiled bodies of n rules shaped as the bench
// module's ApplyingRules: a quarter start with a wildcard, the rest are
// literal directories, each distinct.
func indexBodies(n int) []string {
	bodies := make([]string, n)
	for i := range bodies {
		switch i % 4 {
		case 0:
			bodies[i] = fmt.Sprintf("/*/section-%d/*.pdf", i)
		case 1:
			bodies[i] = fmt.Sprintf("/section-%d/public/", i)
		default:
			bodies[i] = fmt.Sprintf("/section-%d/", i)
		}
	}
	return bodies
}

// BenchmarkNewIndex is building the index alone, which the second
// evaluation for a token pays; the target is under 5 ms for 20,000 rules.
func BenchmarkNewIndex(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		bodies := indexBodies(n)
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewIndex(len(bodies), Rules{
					Each: func(add func(string, Ref)) {
						for i, s := range bodies {
							add(s, Ref{0, int32(i)})
						}
					},
					Bodies: func() func(Ref) string { return func(r Ref) string { return bodies[r.Rule] } },
				})
			}
		})
	}
}
