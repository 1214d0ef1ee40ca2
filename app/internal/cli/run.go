//go:build !wasm

// Package cli holds the explorer's command-line commands: check (with its
// text, JSON, CSV and decision-record outputs), diff, test (with its
// JUnit report) and fetch (a capture of a robots.txt file as a WARC).
package cli

import (
	"fmt"
	"io"
)

// Run runs the command args[0] (check, diff, test or fetch) on the rest of args
// and returns the process exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "robots-explorer: no command")
		return ExitUsage
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "diff":
		return runDiff(args[1:], stdin, stdout, stderr)
	case "test":
		return runTest(args[1:], stdin, stdout, stderr)
	case "fetch":
		return runFetch(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "robots-explorer: %s is not a command of the CLI\n", QuoteField(args[0]))
	return ExitUsage
}
