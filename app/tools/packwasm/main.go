//go:build !wasm

// Command packwasm joins the data segments of a WebAssembly module that
// Go's linker wrote: make build runs it on the UI's app.wasm (go run
// ./app/tools/packwasm IN.wasm OUT.wasm): the same memory, in fewer bytes
// after compression.
package main

import "os"

// exitUsage is the status for a wrong command line, as the product's.
const exitUsage = 2

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }
