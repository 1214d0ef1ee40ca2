package bench

import (
	"fmt"
	"testing"

	"robots-explorer/matcher"
)

// BenchmarkParseDiagnostics is the parse of the 500 KiB realistic file
// with its diagnostics (ParseAs, what the page and -json need), without
// (ParseOptions.SkipDiagnostics), and without them or a stored line model
// (SkipLineModel too, what check's text output needs; issue 18). Compare
// with `benchstat -col /diagnostics`.
func BenchmarkParseDiagnostics(b *testing.B) {
	body := RealisticFile(500 << 10)
	opts := map[string]matcher.ParseOptions{
		"full":          {},
		"skipped":       {SkipDiagnostics: true},
		"skipped-lines": {SkipDiagnostics: true, SkipLineModel: true},
	}
	for _, r := range []matcher.Reading{matcher.RFC9309, matcher.Google} {
		for _, mode := range []string{"full", "skipped", "skipped-lines"} {
			o := opts[mode]
			parse := func() *matcher.File { return o.ParseAs(r, body) }
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
