package bench

import (
	"fmt"
	"testing"

	"robots-explorer/matcher"
)

// BenchmarkParseDiagnostics is the parse of the 500 KiB realistic file
// with its diagnostics (ParseAs, what the page and -json need) and without
// (ParseOptions.SkipDiagnostics, what check's text output needs; issue
// 18). Compare with `benchstat -col /diagnostics`.
func BenchmarkParseDiagnostics(b *testing.B) {
	body := RealisticFile(500 << 10)
	skip := matcher.ParseOptions{SkipDiagnostics: true}
	for _, r := range []matcher.Reading{matcher.RFC9309, matcher.Google} {
		for _, mode := range []string{"full", "skipped"} {
			parse := func() *matcher.File { return matcher.ParseAs(r, body) }
			if mode == "skipped" {
				parse = func() *matcher.File { return skip.ParseAs(r, body) }
			}
			b.Run(fmt.Sprintf("reading=%s/diagnostics=%s", r, mode), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				var cpu cpuTimer
				cpu.start()
				for b.Loop() {
					if parse().Reading != r {
						b.Fatal("parsed under another reading")
					}
				}
				cpu.stop()
				cpu.report(b)
			})
		}
	}
}
