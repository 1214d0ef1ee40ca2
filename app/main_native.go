//go:build !wasm

// Command robots-explorer is the robots.txt explorer: natively it checks
// files from the command line (check) and serves or writes the web UI
// (serve, static); compiled to WebAssembly it is the UI itself.
package main

import (
	"fmt"
	"io"
	"os"

	"robots-explorer/app/internal/cli"
	"robots-explorer/app/internal/site"
	"robots-explorer/app/internal/ui"
)

const usage = `usage: robots-explorer <command> [arguments]

commands:
  check    decide whether a product token may crawl URLs under a robots.txt file
  diff     compare two versions of a robots.txt file for every crawler and URL
  test     check a robots.txt file against expected verdicts (CSV), with a JUnit report
  fetch    fetch a site's robots.txt as a crawler does and keep the evidence as a WARC file
  serve    serve the explorer's web UI (make build first)
  static   write the explorer as a static website
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return cli.ExitUsage
	}
	switch args[0] {
	case "check", "diff", "test", "fetch":
		return cli.Run(args, stdin, stdout, stderr)
	case "serve":
		ui.Routes() // only the commands that render pages need them
		return site.RunServe(args[1:], stdout, stderr)
	case "static":
		ui.Routes()
		return site.RunStatic(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "robots-explorer: unknown command %s\n\n%s", cli.QuoteField(args[0]), usage)
	return cli.ExitUsage
}
