//go:build !wasm

// Command robots-explorer is the robots.txt explorer: natively it checks
// files from the command line (check) and serves or writes the web UI
// (serve, static); compiled to WebAssembly it is the UI itself.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: robots-explorer <command> [arguments]

commands:
  check    decide whether a product token may crawl URLs under a robots.txt file
  diff     compare two versions of a robots.txt file for every crawler and URL
  test     check a robots.txt file against expected verdicts (CSV), with a JUnit report
  serve    serve the explorer's web UI (make build first)
  static   write the explorer as a static website
`

func main() {
	ownProcess = true
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "diff":
		return runDiff(args[1:], stdin, stdout, stderr)
	case "test":
		return runTest(args[1:], stdin, stdout, stderr)
	case "serve":
		routes() // only the commands that render pages need them
		return runServe(args[1:], stdout, stderr)
	case "static":
		routes()
		return runStatic(args[1:], stdout, stderr)
	case "precompress": // used by make build; not part of the interface
		return runPrecompress(args[1:], stderr)
	case "packwasm": // used by make build; not part of the interface
		return runPackWasm(args[1:], stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "robots-explorer: unknown command %s\n\n%s", quoteField(args[0]), usage)
	return exitUsage
}
