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

// Many clients prerendering a page at once, each page in turn, get each
// page whole, the same as one client alone: renders share nothing between
// requests. make test runs it under the race detector, which sees a race
// only between requests under way together: net/http hands a request's
// buffers on to the next one through a sync.Pool, which orders the two.
// Each client asks with a query of its own, which serve renders anew: a
// plain path is rendered once and held, under a lock that would order the
// clients' requests too.
func TestServePrerendersConcurrently(t *testing.T) {
	s, _ := testSite(t)
	// No ConnState hook (startServer's counts connections under a lock,
	// which would order the requests as well).
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
	const clients = 8
	for _, path := range pagePaths() {
		alone, err := fetch(path)
		if err != nil {
			t.Fatalf("%s alone: %v", path, err)
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				url := fmt.Sprintf("%s?client=%d", path, c)
				if body, err := fetch(url); err != nil {
					t.Errorf("%s: %v", url, err)
				} else if !bytes.Equal(body, alone) {
					t.Errorf("%s: its text differs from that of %s alone", url, path)
				}
			}()
		}
		close(start)
		wg.Wait()
	}
}
