//go:build wasm

// Command robots-explorer, compiled to WebAssembly, is the explorer's UI.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

func main() {
	routes()
	app.RunWhenOnBrowser()
}
