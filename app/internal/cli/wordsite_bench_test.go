//go:build !wasm

package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCheckWordSite is check -urls as a whole command (the file's
// parse included, the output thrown away) on the inputs the wordsite
// generator writes, whose URLs each match hundreds of a group's rules:
//
//	go run ./matcher/internal/gen/cmd/wordsite -dir DIR -groups 1200 -agents '*,bingbot,GPTBot,ClaudeBot,CCBot,Applebot,PerplexityBot,YandexBot'
//	WORDSITE=DIR go test -run XXX -bench CheckWordSite -cpu 1 ./app/internal/cli
//
// text and csv are Googlebot's verdicts; crawlers are the release
// benchmarks' ten crawlers, each URL and crawler an evaluation.
func BenchmarkCheckWordSite(b *testing.B) {
	dir := os.Getenv("WORDSITE")
	if dir == "" {
		b.Skip("set WORDSITE=DIR to a folder the wordsite generator wrote")
	}
	robots, urls := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "urls.txt")
	n := countLines(b, urls)
	for _, bc := range []struct {
		name string
		args []string
		per  int
		unit string
	}{
		{"text", []string{"check", "-urls", urls, robots, "Googlebot"}, 1, "URLs/s"},
		{"csv", []string{"check", "-csv", "-urls", urls, robots, "Googlebot"}, 1, "URLs/s"},
		{"crawlers", []string{"check", "-crawlers", benchCrawlerNames, "-urls", urls, robots}, 10, "evaluations/s"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cpu := processCPU()
			for b.Loop() {
				if code := Run(bc.args, strings.NewReader(""), io.Discard, io.Discard); code == ExitUsage {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(n*bc.per*b.N)/b.Elapsed().Seconds(), bc.unit)
			reportCPU(b, processCPU()-cpu, n*bc.per, strings.TrimSuffix(bc.unit, "/s")+"/cpu-s")
		})
	}
}

func countLines(tb testing.TB, name string) int {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			n++
		}
	}
	return n
}
