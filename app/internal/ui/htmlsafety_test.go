//go:build !wasm

package ui

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// goAppPath is the import path of the UI framework, whose app.Raw is the
// one way Go code puts HTML (rather than text) on the page.
const goAppPath = "github.com/maxence-charriere/go-app/v10/pkg/app"

// htmlSinks are the DOM properties and methods that parse a string as HTML
// or run it as code; Go code reaching the DOM through syscall/js or
// go-app's Value would name them in a string.
var htmlSinks = map[string]bool{
	"innerHTML": true, "outerHTML": true, "insertAdjacentHTML": true, "srcdoc": true,
	"createContextualFragment": true, "parseFromString": true, "setHTMLUnsafe": true, "eval": true,
}

// htmlSafetyProblems lists, for one parsed file, each call of app.Raw whose
// argument is not a constant string, each other use of app.Raw (a function
// value could be called with anything), a dot import of go-app (its Raw
// could not be told apart), and each string naming an HTML sink. consts
// names the package's constants.
func htmlSafetyProblems(fset *token.FileSet, f *ast.File, consts map[string]bool) []string {
	var problems []string
	report := func(n ast.Node, format string, args ...any) {
		problems = append(problems, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	appName, imp := goAppImport(f)
	if appName == "." {
		report(imp, "go-app is dot-imported: its Raw cannot be checked")
	}
	isRaw := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Raw" {
			return false
		}
		id, ok := sel.X.(*ast.Ident)
		return ok && appName != "" && id.Name == appName
	}
	calls := map[ast.Expr]bool{} // the app.Raw selectors that are called
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isRaw(n.Fun) {
				calls[n.Fun] = true
				if len(n.Args) != 1 || !constantString(n.Args[0], consts) {
					report(n, "app.Raw with a value that is not a constant string: user text could become HTML")
				}
			}
		case *ast.SelectorExpr:
			if isRaw(n) && !calls[n] {
				report(n, "app.Raw used as a value: it could be called with user text")
			}
		case *ast.BasicLit:
			if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && htmlSinks[s] {
				report(n, "%q names a DOM sink that parses HTML or runs code", s)
			}
		}
		return true
	})
	return problems
}

// constantString is whether e is a string known when compiling: a literal,
// a named constant of the package, or a sum of those.
func constantString(e ast.Expr, consts map[string]bool) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.Ident:
		return consts[e.Name]
	case *ast.ParenExpr:
		return constantString(e.X, consts)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && constantString(e.X, consts) && constantString(e.Y, consts)
	}
	return false
}

// packageConsts names every constant declared in the files, at any level
// (a name declared both as a constant and otherwise is not counted).
func packageConsts(files []*ast.File) map[string]bool {
	consts, others := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				for _, spec := range n.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						for _, name := range vs.Names {
							if n.Tok == token.CONST {
								consts[name.Name] = true
							} else {
								others[name.Name] = true
							}
						}
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok {
						others[id.Name] = true
					}
				}
			case *ast.Field:
				for _, name := range n.Names {
					others[name.Name] = true
				}
			}
			return true
		})
	}
	for name := range others {
		delete(consts, name)
	}
	return consts
}

// scanHTMLSafety checks every Go file of the module's packages (tests
// included) under root, one package directory at a time.
func scanHTMLSafety(t *testing.T, root string) (problems []string, files int) {
	t.Helper()
	byDir := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "bench") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, paths := range byDir {
		fset := token.NewFileSet()
		var parsed []*ast.File
		for _, p := range paths {
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, f)
		}
		consts := packageConsts(parsed)
		for _, f := range parsed {
			if strings.HasSuffix(fset.Position(f.Pos()).Filename, "htmlsafety_test.go") {
				continue // this file names the sinks to look for them
			}
			problems = append(problems, htmlSafetyProblems(fset, f, consts)...)
			files++
		}
	}
	return problems, files
}

// No user text reaches the page as HTML: go-app puts text into text nodes
// and attributes, and only app.Raw parses HTML (with innerHTML). Every
// app.Raw must get a constant, and no Go code may name an HTML sink.
func TestNoUserTextBecomesHTML(t *testing.T) {
	problems, files := scanHTMLSafety(t, "..")
	if files < 30 {
		t.Fatalf("scanned only %d Go files: is the module root ..?", files)
	}
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("%d Go files scanned", files)
}

// The scan itself tells a constant from user text.
func TestHTMLSafetyScanNoticesUnsafeCode(t *testing.T) {
	for _, c := range []struct {
		name, src string
		problems  int
	}{
		{"constant literal", `app.Raw("<svg></svg>")`, 0},
		{"named constant", `app.Raw(icon)`, 0},
		{"sum of constants", `app.Raw(icon + "<br>")`, 0},
		{"variable", `app.Raw(text)`, 1},
		{"constant plus variable", `app.Raw("<b>" + text + "</b>")`, 1},
		{"call", `app.Raw(fmt.Sprint(text))`, 1},
		{"function value", `f := app.Raw; f(text)`, 1},
		{"innerHTML through syscall/js", `app.Window().Get("x").Set("innerHTML", text)`, 1},
		{"insertAdjacentHTML", `app.Window().Call("insertAdjacentHTML", "beforeend", text)`, 1},
		{"text is fine", `app.Div().Text(text)`, 0},
	} {
		src := "package p\nimport (\"fmt\"; \"" + goAppPath + "\")\nconst icon = \"<svg></svg>\"\n" +
			"func f(text string) { _ = fmt.Sprint; " + c.src + " }\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := htmlSafetyProblems(fset, f, packageConsts([]*ast.File{f})); len(got) != c.problems {
			t.Errorf("%s: %d problems %q, want %d", c.name, len(got), got, c.problems)
		}
	}
	// A renamed or dot import does not hide the call.
	for _, imp := range []string{"ui", "."} {
		src := "package p\nimport " + imp + " \"" + goAppPath + "\"\nfunc f(s string) { _ = " +
			map[string]string{"ui": "ui.Raw(s)", ".": "Raw(s)"}[imp] + " }\n"
		fset := token.NewFileSet()
		f, _ := parser.ParseFile(fset, "p.go", src, 0)
		if got := htmlSafetyProblems(fset, f, nil); len(got) == 0 {
			t.Errorf("import %s: the unsafe call was not noticed", imp)
		}
	}
}

// goAppImport returns the name f imports go-app under ("" when it does not)
// and the import.
func goAppImport(f *ast.File) (string, *ast.ImportSpec) {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == goAppPath {
			if imp.Name != nil {
				return imp.Name.Name, imp
			}
			return "app", imp
		}
	}
	return "", nil
}
