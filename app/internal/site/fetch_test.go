//go:build !wasm

package site

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/app/internal/view"
)

// fetchingServer serves the site on a loopback port with the fetch on,
// as serve does, and returns its address and the token its page holds.
func fetchingServer(t *testing.T) (addr, token string) {
	t.Helper()
	s, _ := testSite(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.EnableFetch(ln.Addr()); err != nil {
		t.Fatal(err)
	}
	def := s.fetch.fetcher
	s.fetch.fetcher = func() *capfetch.Fetcher {
		f := def()
		f.Resolve = func(context.Context, string) ([]netip.Addr, error) {
			return nil, errors.New("the tests resolve no name")
		}
		return f
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveUntilDone(ctx, ln, newServer(s, defaultLimits, nil)) }()
	t.Cleanup(func() { cancel(); <-done })
	addr = ln.Addr().String()
	res, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`<meta name="` + view.FetchMeta + `" content="token:([0-9a-f]+)">`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("the page holds no fetch token:\n%.2000s", page)
	}
	return addr, string(m[1])
}

// TestServeFetchesForItsOwnPage posts to the fetch of a loopback serve as
// its page does, and as other pages and hosts might: only the page's own
// origin, on the server's own host, with the token, gets a capture.
func TestServeFetchesForItsOwnPage(t *testing.T) {
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /x\n")
	}))
	defer target.Close()
	addr, token := fetchingServer(t)
	own := "http://" + addr
	tests := []struct {
		name, method, host, origin, token, body string
		code                                    int
	}{
		{"the page", "POST", "", own, token, target.URL + "/any/page", http.StatusOK},
		{"no origin", "POST", "", "", token, target.URL, http.StatusForbidden},
		{"another site's page", "POST", "", "http://evil.example", token, target.URL, http.StatusForbidden},
		{"a name rebound to loopback", "POST", "evil.example:80", "http://evil.example:80", token, target.URL, http.StatusForbidden},
		{"no token", "POST", "", own, "", target.URL, http.StatusForbidden},
		{"another token", "POST", "", own, strings.Repeat("0", len(token)), target.URL, http.StatusForbidden},
		{"GET", "GET", "", own, token, "", http.StatusMethodNotAllowed},
		{"not http", "POST", "", own, token, "file:///etc/passwd", http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, own+view.FetchPath, strings.NewReader(tt.body))
			if tt.host != "" {
				req.Host = tt.host
			}
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			if tt.token != "" {
				req.Header.Set(view.FetchTokenHeader, tt.token)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.code {
				t.Fatalf("%d %s, want %d", res.StatusCode, body, tt.code)
			}
			if tt.code != http.StatusOK {
				return
			}
			c, err := capfetch.Read("fetched.warc.gz", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Find(target.URL + "/robots.txt")
			if err != nil || got.Facts.Status != 200 || string(got.Body) != "User-agent: *\nDisallow: /x\n" {
				t.Errorf("capture %+v, %v", got, err)
			}
		})
	}
}

// TestServeBeyondLoopbackFetchesNothing: a server others can reach says
// so in its page and refuses every fetch.
func TestServeBeyondLoopbackFetchesNothing(t *testing.T) {
	s, _ := testSite(t)
	if err := s.EnableFetch(&net.TCPAddr{IP: net.ParseIP("192.0.2.1"), Port: 8000}); err != nil {
		t.Fatal(err)
	}
	page := httptest.NewRecorder()
	s.ServeHTTP(page, httptest.NewRequest("GET", "http://192.0.2.1:8000/", nil))
	if !strings.Contains(page.Body.String(), `<meta name="`+view.FetchMeta+`" content="remote">`) {
		t.Error("the page does not say the server fetches nothing")
	}
	req := httptest.NewRequest("POST", "http://192.0.2.1:8000"+view.FetchPath, strings.NewReader("http://127.0.0.1/"))
	req.Header.Set("Origin", "http://192.0.2.1:8000")
	res := httptest.NewRecorder()
	s.ServeHTTP(res, req)
	if res.Code != http.StatusForbidden {
		t.Errorf("%d %s, want 403", res.Code, res.Body)
	}
}
