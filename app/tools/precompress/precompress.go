//go:build !wasm

package main

import (
	"fmt"
	"io"
	"os"

	"robots-explorer/app/internal/compression"
)

// run writes FILE.gz (gzip -9) and FILE.br (brotli quality 11)
// for each FILE; "-only gzip" writes the gzip form alone, for make run:
// brotli at quality 11 takes minutes on a small machine, and serve sends
// app.wasm without a form it lacks. It is the build step behind make
// build, not a command people need, so usage does not list it.
func run(args []string, stderr io.Writer) int {
	codings := compression.PreferredCodings
	if len(args) >= 2 && args[0] == "-only" {
		if compression.CodingSuffix(args[1]) == "" {
			fmt.Fprintf(stderr, "precompress: unknown coding %q (known: %v)\n", args[1], compression.PreferredCodings)
			return exitUsage
		}
		codings, args = []string{args[1]}, args[2:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: precompress [-only CODING] FILE...")
		return exitUsage
	}
	for _, name := range args {
		raw, err := os.ReadFile(name)
		if err == nil {
			err = compression.PrecompressAs(name, raw, codings)
		}
		if err != nil {
			fmt.Fprintf(stderr, "precompress: %v\n", err)
			return 1
		}
	}
	return 0
}
