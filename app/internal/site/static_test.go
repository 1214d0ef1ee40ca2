//go:build !wasm

package site

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/ui"

	apperrors "github.com/maxence-charriere/go-app/v10/pkg/errors"
)

// Two runs of static on one build write the same bytes: go-app writes
// attributes in map order, and writePages sorts them.
func TestWriteStaticIsReproducible(t *testing.T) {
	web, _ := fakeWeb(t)
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	for _, out := range []string{a, b} {
		if err := WriteStatic(out, web, ""); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	filepath.WalkDir(a, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, path)
		x, _ := os.ReadFile(path)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs", rel)
		}
		n++
		return nil
	})
	if n < 10 {
		t.Fatalf("only %d files written", n)
	}
}

// Without -domain the pages carry no og:url or og:image ("https://" is a
// broken URL to a crawler); with it, both name the published site.
func TestWriteStaticOpenGraph(t *testing.T) {
	web, _ := fakeWeb(t)
	bare, named := filepath.Join(t.TempDir(), "bare"), filepath.Join(t.TempDir(), "named")
	if err := WriteStatic(bare, web, ""); err != nil {
		t.Fatal(err)
	}
	if err := WriteStatic(named, web, "explorer.example"); err != nil {
		t.Fatal(err)
	}
	og := regexp.MustCompile(`<meta[^>]*property="og:(url|image)"[^>]*>`)
	for _, page := range []string{"index.html", "lessons.html", "lessons/index.html"} {
		data, _ := os.ReadFile(filepath.Join(bare, page))
		if m := og.Find(data); m != nil {
			t.Errorf("%s without -domain: %s", page, m)
		}
	}
	data, _ := os.ReadFile(filepath.Join(named, "lessons.html"))
	for _, want := range []string{`content="https://explorer.example/lessons" property="og:url"`,
		`content="https://explorer.example/web/icon-512.png" property="og:image"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("lessons.html with -domain lacks %s", want)
		}
	}
	var errb bytes.Buffer
	for _, bad := range []string{"https://explorer.example", "explorer.example/x", "a b"} {
		errb.Reset()
		if code := RunStatic([]string{"-out", t.TempDir(), "-web", web, "-domain", bad}, io.Discard, &errb); code != ExitUsage {
			t.Errorf("-domain %q: exit %d, want %d (%s)", bad, code, ExitUsage, errb.String())
		}
	}
}

// A plain static host finds every page at its own path: /lessons,
// /examples and /register opened directly (or reloaded) get the page, not
// 404.
func TestStaticDeepLinksOnAPlainHost(t *testing.T) {
	web, _ := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if err := WriteStatic(out, web, ""); err != nil {
		t.Fatal(err)
	}
	base := testkit.PythonStatic(t, out)
	for _, p := range ui.Pages {
		for _, path := range []string{p.Path, strings.TrimSuffix(p.Path, "/") + "/"} {
			res, err := http.Get(base + path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			want, _ := os.ReadFile(filepath.Join(out, pageFile(p.Path)))
			if res.StatusCode != http.StatusOK || !bytes.Equal(body, want) {
				t.Errorf("GET %s on a plain static host: %d, %d bytes; want 200 and the page %s", path, res.StatusCode, len(body), pageFile(p.Path))
			}
		}
	}
}

// static refuses, with one line and exit 2, every output folder it could
// not write safely, and leaves it, the web folder and what links point to
// as they were.
func TestStaticRefusesUnsafeOutput(t *testing.T) {
	web, _ := fakeWeb(t)
	elsewhere := t.TempDir()
	victim := filepath.Join(elsewhere, "victim.html")
	mustWrite(t, victim, "someone else's page")
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) (out, web string)
		says  string
	}{
		{"inside the web folder", func(t *testing.T, dir string) (string, string) {
			return filepath.Join(web, "dist"), web
		}, "is inside -web"},
		{"inside the web folder through a link", func(t *testing.T, dir string) (string, string) {
			mustSymlink(t, web, filepath.Join(dir, "w"))
			return filepath.Join(dir, "w", "dist"), web
		}, "is inside -web"},
		{"the web folder itself", func(t *testing.T, dir string) (string, string) {
			return web, web
		}, "is inside -web"},
		{"holding the web folder", func(t *testing.T, dir string) (string, string) {
			out := filepath.Join(dir, "site")
			if err := WriteStatic(out, web, ""); err != nil {
				t.Fatal(err)
			}
			inner := filepath.Join(out, "web")
			return out, inner
		}, "is inside -out"},
		{"a link to a folder", func(t *testing.T, dir string) (string, string) {
			mustSymlink(t, elsewhere, filepath.Join(dir, "out"))
			return filepath.Join(dir, "out"), web
		}, "is a symbolic link"},
		{"a folder static did not write, holding a link", func(t *testing.T, dir string) (string, string) {
			out := filepath.Join(dir, "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			mustSymlink(t, victim, filepath.Join(out, "index.html"))
			return out, web
		}, "is not empty, and static did not write it"},
		{"a folder whose marker is a link", func(t *testing.T, dir string) (string, string) {
			out := filepath.Join(dir, "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			mustSymlink(t, victim, filepath.Join(out, markerName))
			return out, web
		}, "is not empty, and static did not write it"},
		{"a file", func(t *testing.T, dir string) (string, string) {
			out := filepath.Join(dir, "out")
			mustWrite(t, out, "a file")
			return out, web
		}, "is not a folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out, web := tt.setup(t, dir)
			before, webBefore := tree(t, dir), tree(t, web)
			var errb bytes.Buffer
			code := RunStatic([]string{"-out", out, "-web", web}, io.Discard, &errb)
			msg := errb.String()
			if code != ExitUsage || !strings.Contains(msg, tt.says) || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "robots-explorer static: ") {
				t.Errorf("exit %d, %q; want exit %d and one line saying %q", code, msg, ExitUsage, tt.says)
			}
			if got := tree(t, dir); got != before {
				t.Errorf("the folder changed:\n%s\nwas\n%s", got, before)
			}
			if got := tree(t, web); got != webBefore {
				t.Errorf("the web folder changed:\n%s\nwas\n%s", got, webBefore)
			}
			if data, _ := os.ReadFile(victim); string(data) != "someone else's page" {
				t.Errorf("a link's target was overwritten: %q", data)
			}
		})
	}
}

// A folder static wrote is written anew: what the site no longer has goes,
// and a link left in it is replaced, not written through.
func TestStaticRewritesItsOwnFolder(t *testing.T) {
	web, _ := fakeWeb(t)
	out := filepath.Join(t.TempDir(), "dist")
	if err := WriteStatic(out, web, ""); err != nil {
		t.Fatal(err)
	}
	want := tree(t, out)
	victim := filepath.Join(t.TempDir(), "victim.html")
	mustWrite(t, victim, "someone else's page")
	if err := os.Remove(filepath.Join(out, "index.html")); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, victim, filepath.Join(out, "index.html"))
	mustWrite(t, filepath.Join(out, "gone.html"), "a page the site no longer has")
	if err := os.MkdirAll(filepath.Join(out, "web", "old"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code := RunStatic([]string{"-out", out, "-web", web}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got := tree(t, out); got != want {
		t.Errorf("the second run left:\n%s\nwant what the first wrote:\n%s", got, want)
	}
	if data, _ := os.ReadFile(victim); string(data) != "someone else's page" {
		t.Errorf("the link's target was overwritten: %q", data)
	}
}

// go-app's errors, JSON with the source line and tags, read as one
// sentence.
func TestOneLine(t *testing.T) {
	cause := &fs.PathError{Op: "open", Path: "dist/index.html", Err: syscall.EACCES}
	err := apperrors.New("creating file failed").WithTag("path", "/").Wrap(apperrors.New("creating file directory failed").Wrap(cause))
	if got, want := oneLine(err), "creating file failed: creating file directory failed: open dist/index.html: permission denied"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := oneLine(apperrors.New("no cause")); got != "no cause" {
		t.Errorf("an error wrapping nothing: %q", got)
	}
}

// tree lists the files under dir, each with its type and, for a regular
// file, its content's length and a link's target.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %s %d", rel, info.Mode().Type(), info.Size())
		if d.Type()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(path)
			fmt.Fprintf(&b, " -> %s", target)
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mustWrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
