// Command editor bundles the page's editor (editor.js and the CodeMirror
// packages npm installed beside it) into one minified script:
//
//	editor -entry app/tools/editor/editor.js -modules DIR/node_modules -o web/editor.js
//
// esbuild runs in this process through its Go API, so the build needs no
// bundler from npm, only the packages themselves.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/evanw/esbuild/pkg/api"
)

func main() {
	entry := flag.String("entry", "app/tools/editor/editor.js", "the editor's script")
	modules := flag.String("modules", "", "the node_modules folder holding the @codemirror packages")
	out := flag.String("o", "web/editor.js", "the bundle to write")
	flag.Parse()
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{*entry},
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		NodePaths:         []string{*modules},
		Outfile:           *out,
		Write:             true,
		LogLevel:          api.LogLevelWarning,
	})
	if len(res.Errors) > 0 {
		fmt.Fprintf(os.Stderr, "editor: %d errors bundling editor.js\n", len(res.Errors))
		os.Exit(1)
	}
}
