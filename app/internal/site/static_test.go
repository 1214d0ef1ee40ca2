//go:build !wasm

package site

import (
	"bytes"
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
