//go:build !wasm

package main

import (
	"fmt"
	"io"
	"os"
)

// runPrecompress writes FILE.gz (gzip -9) and FILE.br (brotli quality 11)
// for each FILE; "-only gzip" writes the gzip form alone, for make run:
// brotli at quality 11 takes minutes on a small machine, and serve sends
// app.wasm without a form it lacks. It is the build step behind make
// build, not a command people need, so usage does not list it.
func runPrecompress(args []string, stderr io.Writer) int {
	codings := preferredCodings
	if len(args) >= 2 && args[0] == "-only" {
		if codingSuffix(args[1]) == "" {
			fmt.Fprintf(stderr, "robots-explorer precompress: unknown coding %q (known: %v)\n", args[1], preferredCodings)
			return exitUsage
		}
		codings, args = []string{args[1]}, args[2:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: robots-explorer precompress [-only CODING] FILE...")
		return exitUsage
	}
	for _, name := range args {
		raw, err := os.ReadFile(name)
		if err == nil {
			err = precompressAs(name, raw, codings)
		}
		if err != nil {
			fmt.Fprintf(stderr, "robots-explorer precompress: %v\n", err)
			return 1
		}
	}
	return 0
}
