//go:build !wasm

package site

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sync"
	"testing"

	"robots-explorer/app/internal/ui"
)

// pagePaths are every page the UI routes, in both the forms it answers.
func pagePaths() []string {
	var paths []string
	for _, p := range ui.Pages {
		paths = append(paths, p.Path)
		if p.Path != "/" {
			paths = append(paths, p.Path+"/")
		}
	}
	return paths
}

// tags are a page's tags, whose attributes go-app writes in no fixed
// order: what a page says is the text between them.
var tags = regexp.MustCompile(`<[^>]*>`)

// Many clients prerendering every page at once get each page whole, the
// same as one client alone: renders share nothing between requests. make
// test runs it under the race detector.
func TestServePrerendersConcurrently(t *testing.T) {
	s, _ := testSite(t)
	// No ConnState hook (startServer's counts connections under a lock):
	// a lock taken by every request would order the requests' renders,
	// and the race detector would see no race between them.
	addr := serveLoopback(t, newServer(s, defaultLimits, nil))
	fetch := func(path string) ([]byte, error) {
		req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
		req.Header.Set("Accept-Encoding", "identity")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err == nil && res.StatusCode != http.StatusOK {
			err = fmt.Errorf("status %d", res.StatusCode)
		}
		return tags.ReplaceAll(body, []byte("<>")), err
	}
	alone := map[string][]byte{}
	for _, path := range pagePaths() {
		body, err := fetch(path)
		if err != nil {
			t.Fatalf("%s alone: %v", path, err)
		}
		alone[path] = body
	}
	const clients = 8
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths := pagePaths()
			for i := range paths { // each client in its own order
				path := paths[(i+c)%len(paths)]
				body, err := fetch(path)
				if err != nil {
					t.Errorf("client %d, %s: %v", c, path, err)
				} else if !bytes.Equal(body, alone[path]) {
					t.Errorf("client %d, %s: its text differs from that of a request alone", c, path)
				}
			}
		}()
	}
	wg.Wait()
}
