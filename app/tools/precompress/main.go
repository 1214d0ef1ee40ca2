//go:build !wasm

// Command precompress writes the gzip and brotli forms of a file once, at
// build time, so that serve never compresses per request: make build runs
// it on app.wasm (go run ./app/tools/precompress [-only gzip] FILE...).
package main

import "os"

// exitUsage is the status for a wrong command line, as the product's.
const exitUsage = 2

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }
