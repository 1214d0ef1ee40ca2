// Command wordsite writes gen.WordSite's file and URLs for timing whole
// commands on them: robots.txt and urls.txt (one URL a line) in -dir.
//
//	go run ./matcher/internal/gen/cmd/wordsite -dir D -urls 1000000 -agents '*,bingbot,GPTBot'
//
// The URLs are full URLs on -host, as a -urls file lists them.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"robots-explorer/matcher/internal/gen"
)

func main() {
	dir := flag.String("dir", ".", "the `folder` to write robots.txt and urls.txt in")
	groups := flag.Int("groups", 2000, "how many groups the file holds")
	urls := flag.Int("urls", 1_000_000, "how many URLs to write")
	host := flag.String("host", "https://www.example.com", "the scheme and host of every URL")
	agents := flag.String("agents", "", "comma-separated user-agent values that one group in four names in turn")
	flag.Parse()
	var names []string
	if *agents != "" {
		names = strings.Split(*agents, ",")
	}
	src, paths := gen.WordSite(*groups, *urls, names...)
	if err := write(*dir, src, *host, paths); err != nil {
		fmt.Fprintln(os.Stderr, "wordsite:", err)
		os.Exit(1)
	}
}

func write(dir string, src []byte, host string, paths []string) error {
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), src, 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "urls.txt"))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, p := range paths {
		w.WriteString(host + p + "\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
