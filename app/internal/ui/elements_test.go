//go:build !wasm

package ui

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"testing"
)

// notElements are go-app's functions that take no argument and build no
// element; every other app.Name() is a typed element constructor.
var notElements = map[string]bool{"Window": true, "Null": true, "RunWhenOnBrowser": true}

// typedElements lists each call of a typed go-app element constructor
// (app.Div(), app.Label(), ...) in f.
func typedElements(fset *token.FileSet, f *ast.File) []string {
	appName, _ := goAppImport(f)
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) > 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !sel.Sel.IsExported() || notElements[sel.Sel.Name] {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && appName != "" && id.Name == appName {
			found = append(found, fset.Position(call.Pos()).String()+": app."+sel.Sel.Name+"()")
		}
		return true
	})
	return found
}

// The UI builds its elements with app.Elem and app.ElemSelfClosing, not
// with go-app's typed constructors: each typed element brings its own type
// of about a hundred methods into app.wasm, and the 37 the UI used cost
// 53 KB after gzip. The attributes the typed methods set are the same
// (Label().For(x) is Elem("label").Attr("for", x)), except a textarea's
// Text, which sets its value: Attr("value", x).
func TestUIUsesUntypedElements(t *testing.T) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = "js", "wasm"
	// ui and its packages (pages, parts, release) alike.
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			dirs = append(dirs, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	for _, dir := range dirs {
		pkg, err := ctx.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range pkg.GoFiles {
			files++
			f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range typedElements(fset, f) {
				t.Errorf("%s: build the element with app.Elem(tag) or app.ElemSelfClosing(tag)", call)
			}
		}
	}
	if files < 20 {
		t.Fatalf("only %d files build for the browser: is this the ui directory?", files)
	}
}

// The scan tells a typed constructor from the untyped ones and from
// go-app's other functions.
func TestTypedElementScan(t *testing.T) {
	for _, c := range []struct {
		src   string
		found int
	}{
		{`app.Div().Class("x")`, 1},
		{`app.Label().For("x")`, 1},
		{`app.Elem("div").Class("x")`, 0},
		{`app.ElemSelfClosing("input")`, 0},
		{`app.Window().GetElementByID("x")`, 0},
		{`app.If(true, func() app.UI { return app.Null() })`, 0},
		{`app.Range(xs).Slice(func(i int) app.UI { return app.Li() })`, 1},
		{`other.Div()`, 0},
	} {
		src := "package p\nimport \"" + goAppPath + "\"\nvar _ = " + c.src + "\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := typedElements(fset, f); len(got) != c.found {
			t.Errorf("%s: found %v, want %d", c.src, got, c.found)
		}
	}
}
