// Command geninputs writes the benchmark inputs to files, so that a whole
// program can be measured on them: a realistic robots.txt and a list of
// URLs, one a line, from the same deterministic generators the benchmarks
// use. -shape mixed or tiny writes one of bench.HugeFile's shapes instead
// of the realistic file, and -shape site bench.SiteFile and its URLs.
//
//	go run ./cmd/geninputs -size 512000 -urls 1000000 -dir OUT
//	go run ./cmd/geninputs -size 512000 -urls 1000000 -shape site -dir OUT
//	go run ./cmd/geninputs -size 104857600 -shape tiny -urls 2 -dir OUT
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"robots-explorer/bench"
)

func main() {
	size := flag.Int("size", 500<<10, "bytes of robots.txt")
	n := flag.Int("urls", 1000000, "number of URLs")
	dir := flag.String("dir", ".", "folder to write robots.txt and urls.txt into")
	shape := flag.String("shape", "realistic", "the file's shape: realistic, site (bench.SiteFile), or one of bench.HugeFile's ("+strings.Join(bench.Shapes, ", ")+")")
	flag.Parse()
	if err := write(*dir, *size, *n, *shape); err != nil {
		fmt.Fprintln(os.Stderr, "geninputs:", err)
		os.Exit(1)
	}
}

func write(dir string, size, n int, shape string) error {
	var body []byte
	var urls []string
	switch shape {
	case "realistic":
		body, urls = bench.RealisticFile(size), bench.URLs(n)
	case "site":
		body, urls = bench.SiteFile(size, n)
	default:
		var err error
		if body, err = bench.HugeFile(size, shape); err != nil {
			return err
		}
		urls = bench.URLs(n)
		if shape == bench.ShapeRules && n > 0 {
			urls[0] = bench.RulesURL // every rule matches the first
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), body, 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "urls.txt"))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, u := range urls {
		fmt.Fprintln(w, u)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
