//go:build !wasm

package site

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"robots-explorer/app/internal/ui"
	"robots-explorer/matcher/escape"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	apperrors "github.com/maxence-charriere/go-app/v10/pkg/errors"
)

const staticUsage = `usage: robots-explorer static -out DIR [-web DIR] [-domain HOST]

Writes the explorer as a static website into -out: the prerendered pages,
go-app's scripts, the web directory (app.wasm and its compressed forms,
styles, icons) and the site's robots.txt. Publish DIR at a domain's root.
Each page is written as NAME.html and NAME/index.html, so that any static
host serves /NAME; two runs on the same build write the same bytes.

flags:
`

func RunStatic(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("static", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, staticUsage); fs.PrintDefaults() }
	out := fs.String("out", "", "write the site into `DIR`")
	web := fs.String("web", "web", "the web `DIR`ectory")
	domain := fs.String("domain", "", "the `HOST` the site is published at, for the pages' og:url and og:image (left out without it)")
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return ExitUsage
	}
	if err := validDomain(*domain); err != nil {
		fmt.Fprintf(stderr, "robots-explorer static: -domain: %v\n", err)
		return ExitUsage
	}
	if err := WriteStatic(*out, *web, *domain); err != nil {
		fmt.Fprintf(stderr, "robots-explorer static: %s\n", escape.Text(oneLine(err)))
		return ExitUsage
	}
	fmt.Fprintf(stdout, "wrote the static site to %s\n", *out)
	return 0
}

// WriteStatic fills out with the whole site. go-app's generator writes the
// pages and scripts but neither app.wasm nor the site's robots.txt, and it
// turns an unrouted path into a "404 page not found" file without an error:
// this function copies what it leaves out and refuses what it gets wrong.
func WriteStatic(out, web, domain string) error {
	s, warnings, err := LoadSite(web)
	if err != nil {
		return err
	}
	if len(warnings) > 0 || len(s.missing) > 0 {
		return errors.New(strings.Join(append(warnings, s.missing...), "; "))
	}
	if domain != "" {
		s.app.Domain = domain
		s.app.Image = "/web/icon-512.png"
	}
	if err := app.GenerateStaticWebsite(out, s.app); err != nil {
		return err
	}
	if err := writePages(out, pageFiles(), domain); err != nil {
		return err
	}
	if err := copyDir(filepath.Join(out, "web"), web); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(out, "robots.txt"), filepath.Join(web, "robots.txt")); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "_headers"), headersFile(), 0o644); err != nil {
		return err
	}
	return checkNoNotFound(out)
}

// oneLine is err in one line: go-app's errors print as JSON with the
// source line and tags; their messages, and the error each wraps, make a
// sentence.
func oneLine(err error) string {
	var parts []string
	for {
		e, ok := err.(apperrors.Error)
		if !ok {
			return strings.Join(append(parts, err.Error()), ": ")
		}
		parts = append(parts, e.Message)
		if err = e.WrappedErr; err == nil {
			return strings.Join(parts, ": ")
		}
	}
}

// pageFiles names the files go-app's generator writes for the pages.
func pageFiles() []string {
	var names []string
	for _, p := range ui.Pages {
		names = append(names, pageFile(p.Path))
	}
	return names
}

// pageFile is the file go-app's generator writes for the page at path.
func pageFile(path string) string {
	if path == "/" {
		return "index.html"
	}
	return strings.TrimPrefix(path, "/") + ".html"
}

// validDomain accepts a bare host name (with an optional port), as go-app
// puts it after "https://".
func validDomain(d string) error {
	if d == "" {
		return nil
	}
	u, err := url.Parse("https://" + d)
	if err != nil || u.Host != d || u.Hostname() == "" {
		return fmt.Errorf("%q is not a host name (write example.org, without scheme or path)", d)
	}
	return nil
}

// headersFile is the security headers in the _headers format that several
// static hosts read; others ignore the file.
func headersFile() []byte {
	var b bytes.Buffer
	b.WriteString("/*\n")
	for _, kv := range securityHeaders {
		fmt.Fprintf(&b, "  %s: %s\n", kv[0], kv[1])
	}
	return b.Bytes()
}

// copyDir copies the regular files of src into dst, leaving out temporary
// files of an interrupted build.
func copyDir(dst, src string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() || strings.Contains(d.Name(), ".tmp") {
			return nil
		}
		return copyFile(filepath.Join(dst, rel), path)
	})
}

func copyFile(dst, src string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// checkNoNotFound fails when a written page is Go's "404 page not found":
// a route the generator could not render.
func checkNoNotFound(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.HasPrefix(data, []byte("404 page not found")) {
			return fmt.Errorf("%s is a \"404 page not found\" page: its path is not routed", path)
		}
		return nil
	})
}
