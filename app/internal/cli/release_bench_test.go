//go:build !wasm

package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The release benchmarks: diff and check -crawlers over a million URLs for
// ten crawlers, as a whole command. Run them one op each:
//
//	go test -run XXX -bench 'Release' -benchtime 1x ./app
//
// and time the same inputs as a process with /usr/bin/time -v after
// writing them with RELEASE_BENCH_INPUTS=DIR go test -run TestWriteReleaseBenchInputs ./app.

const (
	benchURLs         = 1_000_000
	benchCrawlerNames = "Googlebot,Googlebot-Image,bingbot,GPTBot,ClaudeBot,CCBot,AdsBot-Google,Applebot,PerplexityBot,YandexBot"
)

// benchSite is a site's robots.txt: a long * group, a group for the big
// search crawlers, one for AI crawlers, one for AdsBot. extra goes into
// the search crawlers' group.
func benchSite(extra, starEdit string) string {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /cart\nDisallow: /search?\nDisallow: /*.json$\nAllow: /search?q=\n")
	for i := range 40 {
		if i == 3 && starEdit != "" {
			b.WriteString(starEdit + "\n")
		} else {
			fmt.Fprintf(&b, "Disallow: /section-%d/private/\n", i)
		}
		fmt.Fprintf(&b, "Allow: /section-%d/private/public-*\n", i)
	}
	b.WriteString("\nUser-agent: Googlebot\nUser-agent: bingbot\nDisallow: /cart\nDisallow: /tmp/\nAllow: /\n" + extra)
	b.WriteString("\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nDisallow: /\n")
	b.WriteString("\nUser-agent: AdsBot-Google\nDisallow: /checkout\n")
	return b.String()
}

// writeBenchInputs writes old.txt, new.txt and urls.txt (n URLs) to dir.
func writeBenchInputs(tb testing.TB, dir string, n int) (old, new, urls string) {
	tb.Helper()
	old, new, urls = filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt"), filepath.Join(dir, "urls.txt")
	must := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	must(os.WriteFile(old, []byte(benchSite("", "")), 0o644))
	must(os.WriteFile(new, []byte(benchSite("Disallow: /section-5/\n", "Disallow: /section-3/")), 0o644))
	f, err := os.Create(urls)
	must(err)
	w := bufio.NewWriter(f)
	for i := range n {
		switch i % 5 {
		case 0:
			fmt.Fprintf(w, "/section-%d/private/page-%d\n", i%50, i)
		case 1:
			fmt.Fprintf(w, "/section-%d/private/public-%d.html\n", i%50, i)
		case 2:
			fmt.Fprintf(w, "/search?q=item-%d&page=%d\n", i, i%7)
		case 3:
			fmt.Fprintf(w, "https://example.com/products/%d/details.json\n", i)
		default:
			fmt.Fprintf(w, "/tmp/export-%d.csv\n", i)
		}
	}
	must(w.Flush())
	must(f.Close())
	return old, new, urls
}

// TestWriteReleaseBenchInputs writes the benchmarks' inputs to the folder
// RELEASE_BENCH_INPUTS names, for timing the commands as processes.
func TestWriteReleaseBenchInputs(t *testing.T) {
	dir := os.Getenv("RELEASE_BENCH_INPUTS")
	if dir == "" {
		t.Skip("set RELEASE_BENCH_INPUTS=DIR to write the release benchmarks' inputs there")
	}
	writeBenchInputs(t, dir, benchURLs)
}

// TestBenchInputsChange: the benchmark's edit changes verdicts, so that
// the diff benchmark measures a diff that finds something.
func TestBenchInputsChange(t *testing.T) {
	old, new, urls := writeBenchInputs(t, t.TempDir(), 1000)
	code, out, errOut := runArgs("", "diff", "-crawlers", benchCrawlerNames, "-urls", urls, old, new)
	if code != exitChanged || !strings.Contains(out, "20 URLs now disallowed for Googlebot-Image") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

func benchmarkCommand(b *testing.B, evaluations int, args func(old, new, urls string) []string) {
	old, new, urls := writeBenchInputs(b, b.TempDir(), benchURLs)
	b.ResetTimer()
	cpu := processCPU()
	for b.Loop() {
		if code := Run(args(old, new, urls), strings.NewReader(""), io.Discard, io.Discard); code == ExitUsage {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(evaluations)*float64(b.N)/b.Elapsed().Seconds(), "evaluations/s")
	reportCPU(b, processCPU()-cpu, evaluations, "evaluations/cpu-s")
}

// reportCPU reports n×b.N units over the CPU time used, where it is known.
func reportCPU(b *testing.B, used time.Duration, n int, unit string) {
	if used > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/used.Seconds(), unit)
	}
}

// BenchmarkReleaseDiff: 1,000,000 URLs × 10 crawlers under two files is
// 20,000,000 evaluations.
func BenchmarkReleaseDiff(b *testing.B) {
	benchmarkCommand(b, 2*10*benchURLs, func(old, new, urls string) []string {
		return []string{"diff", "-max-urls", fmt.Sprint(benchURLs), "-crawlers", benchCrawlerNames, "-urls", urls, old, new}
	})
}

// BenchmarkReleaseCheckCrawlers: 1,000,000 URLs × 10 crawlers under one
// file is 10,000,000 evaluations.
func BenchmarkReleaseCheckCrawlers(b *testing.B) {
	benchmarkCommand(b, 10*benchURLs, func(old, new, urls string) []string {
		return []string{"check", "-crawlers", benchCrawlerNames, "-urls", urls, new}
	})
}
