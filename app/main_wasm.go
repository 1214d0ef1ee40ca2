//go:build wasm

// Command robots-explorer, compiled to WebAssembly, is the explorer's UI.
//
// The UI builds elements with app.Elem("div") rather than go-app's typed
// app.Div(): every typed element brings a type of about a hundred methods
// into app.wasm (TestUIUsesUntypedElements keeps it so).
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/ui"
)

func main() {
	ui.Routes()
	app.RunWhenOnBrowser()
}
