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

DIR must be new, empty, or a folder static wrote before (it holds the
file .robots-explorer-static): that one is emptied first, so that it holds
nothing the site no longer has. DIR may not be a symbolic link, lie inside
the web directory or hold it.

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
// out is emptied first (see prepareOut), so that every file written is
// one this run creates: none is written through a link left there.
func WriteStatic(out, web, domain string) error {
	s, warnings, err := LoadSite(web)
	if err != nil {
		return err
	}
	if len(warnings) > 0 || len(s.missing) > 0 {
		return errors.New(strings.Join(append(warnings, s.missing...), "; "))
	}
	if err := prepareOut(out, web); err != nil {
		return err
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

// markerName is the file static writes into the folder it fills: a folder
// that holds it is one static wrote, which a later run may empty.
const markerName = ".robots-explorer-static"

const markerText = "Written by robots-explorer static, which empties this folder when it writes it again.\n"

// prepareOut makes out an empty folder with the marker in it, or says why
// it will not: out must be new, empty or one static wrote, no symbolic
// link, and apart from web.
func prepareOut(out, web string) error {
	if err := apart(out, web); err != nil {
		return err
	}
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = os.MkdirAll(out, 0o755)
	case err != nil:
	case fi.Mode()&fs.ModeSymlink != 0:
		err = fmt.Errorf(`-out "%s" is a symbolic link: name the folder itself`, out)
	case !fi.IsDir():
		err = fmt.Errorf(`-out "%s" is not a folder`, out)
	default:
		err = emptyOwn(out)
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, markerName), []byte(markerText), 0o644)
}

// emptyOwn empties the folder out when static wrote it (its marker is a
// file there) and refuses any other folder that is not empty. RemoveAll
// removes a link, never what it points to.
func emptyOwn(out string) error {
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) == 0 {
		return err
	}
	if fi, err := os.Lstat(filepath.Join(out, markerName)); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf(`-out "%s" is not empty, and static did not write it (it holds no %s): name a new or empty folder`, out, markerName)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(out, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// apart refuses an output folder inside the web folder, which is copied
// into it (the copy would hold itself, level after level), and a web
// folder inside the output folder, which is emptied. Both are compared
// absolute, with their links followed.
func apart(out, web string) error {
	o, err := resolved(out)
	if err != nil {
		return err
	}
	w, err := resolved(web)
	if err != nil {
		return err
	}
	switch {
	case within(o, w):
		return fmt.Errorf(`-out "%s" is inside -web "%s", which is copied into it: name a folder elsewhere`, out, web)
	case within(w, o):
		return fmt.Errorf(`-web "%s" is inside -out "%s", which is emptied first: name a folder elsewhere`, web, out)
	}
	return nil
}

// resolved is path made absolute, with the links of the part of it that
// exists followed: two names of one folder become the same.
func resolved(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return filepath.Join(abs, rest), nil
		}
		rest = filepath.Join(filepath.Base(abs), rest)
		abs = parent
	}
}

// within reports whether path is dir or lies inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
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
