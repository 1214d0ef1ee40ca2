//go:build !wasm

package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// openConns counts a server's open connections through its ConnState hook.
type openConns struct {
	mu   sync.Mutex
	open map[net.Conn]bool
}

func (c *openConns) track(conn net.Conn, st http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch st {
	case http.StateNew:
		c.open[conn] = true
	case http.StateClosed, http.StateHijacked:
		delete(c.open, conn)
	}
}

func (c *openConns) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.open)
}

// startServer serves h on a free loopback port under lim, as serve does,
// and stops it when the test ends.
func startServer(t *testing.T, h http.Handler, lim serveLimits) (addr string, conns *openConns) {
	t.Helper()
	conns = &openConns{open: map[net.Conn]bool{}}
	return serveLoopback(t, newServer(h, lim, conns.track)), conns
}

// serveLoopback runs srv on a free loopback port until the test ends.
func serveLoopback(t *testing.T, srv *http.Server) (addr string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveUntilDone(ctx, ln, srv) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Methods other than GET and HEAD get 405 and an Allow header (RFC 9110
// §15.5.6) on every path: the page, app.wasm, the web directory.
func TestServeRefusesOtherMethods(t *testing.T) {
	s, _ := testSite(t)
	addr, _ := startServer(t, s, defaultLimits)
	for _, path := range []string{"/", "/lessons", "/web/app.wasm", "/web/explorer.css", "/robots.txt"} {
		for _, m := range []string{"OPTIONS", "POST", "PUT", "DELETE", "TRACE", "PATCH", "FOO"} {
			req, _ := http.NewRequest(m, "http://"+addr+path, strings.NewReader("x"))
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", m, path, err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d, Allow %q; want 405, Allow \"GET, HEAD\"", m, path, res.StatusCode, res.Header.Get("Allow"))
			}
		}
		for _, m := range []string{"GET", "HEAD"} {
			req, _ := http.NewRequest(m, "http://"+addr+path, nil)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", m, path, err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s %s: %d, want 200", m, path, res.StatusCode)
			}
		}
	}
}

// rawGet sends a GET for path on a new connection and reads the response,
// leaving the connection open (keep-alive).
func rawGet(t *testing.T, addr, path string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n", path)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return c
}

// closedByServer reports whether the server closed c: a read sees EOF (or
// a reset) before the deadline.
func closedByServer(c net.Conn, within time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(within))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// Idle keep-alive connections are closed after the idle limit: 200 clients
// that fetched a page and went quiet hold nothing open.
func TestServeClosesIdleConnections(t *testing.T) {
	s, _ := testSite(t)
	lim := defaultLimits
	lim.idle = 300 * time.Millisecond
	addr, conns := startServer(t, s, lim)
	var clients []net.Conn
	for range 200 {
		clients = append(clients, rawGet(t, addr, "/robots.txt"))
	}
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	for i, c := range clients {
		if !closedByServer(c, 5*time.Second) {
			t.Fatalf("client %d: its idle connection is still open after 5 s (idle limit %v)", i, lim.idle)
		}
	}
	waitFor(t, 5*time.Second, "the server still counts open connections", func() bool { return conns.count() == 0 })
}

// A client that sends its headers slowly is cut off at the header limit.
func TestServeCutsSlowHeaders(t *testing.T) {
	s, _ := testSite(t)
	lim := defaultLimits
	lim.header = 300 * time.Millisecond
	addr, conns := startServer(t, s, lim)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: x\r\n") // and never the blank line
	if !closedByServer(c, 5*time.Second) {
		t.Fatal("a request whose headers never end kept its connection for 5 s")
	}
	waitFor(t, 5*time.Second, "the slow client's connection is still counted open", func() bool { return conns.count() == 0 })
}

// The request line and headers may take 16 KiB in all, as the README
// says; a byte more gets 431 (RFC 6585 §5), not a buffer that grows.
func TestServeHeaderLimit(t *testing.T) {
	s, _ := testSite(t)
	addr, _ := startServer(t, s, defaultLimits)
	for _, tt := range []struct{ size, want int }{
		{16 << 10, http.StatusOK},
		{16<<10 + 1, http.StatusRequestHeaderFieldsTooLarge},
		{64 << 10, http.StatusRequestHeaderFieldsTooLarge},
	} {
		head := "GET /robots.txt HTTP/1.1\r\nHost: x\r\nX-Pad: "
		req := head + strings.Repeat("a", tt.size-len(head)-len("\r\n\r\n")) + "\r\n\r\n"
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(c, req)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		c.Close()
		if err != nil {
			t.Fatalf("%d bytes of request line and headers: %v", len(req), err)
		}
		res.Body.Close()
		if res.StatusCode != tt.want {
			t.Errorf("%d bytes of request line and headers: %d, want %d", len(req), res.StatusCode, tt.want)
		}
	}
}

// Clients that ask for app.wasm and never read are cut off at the write
// limit, instead of holding a connection and its buffers for ever.
func TestServeCutsClientsThatNeverRead(t *testing.T) {
	dir := t.TempDir()
	// Larger than what loopback's socket buffers take in, so that a
	// client that does not read blocks the server's write.
	big := bytes.Repeat([]byte("wasm"), 8<<20)
	for name, data := range map[string][]byte{"app.wasm": big, "editor.js": []byte("window.robotsEditor = {};\n"), "robots.txt": []byte("User-agent: *\n")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _, err := LoadSite(dir) // no compressed forms: the warnings do not matter here
	if err != nil {
		t.Fatal(err)
	}
	lim := defaultLimits
	lim.write = 500 * time.Millisecond
	addr, conns := startServer(t, s, lim)
	var clients []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.(*net.TCPConn).SetReadBuffer(4096)
		fmt.Fprint(c, "GET /web/app.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
		clients = append(clients, c)
	}
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	waitFor(t, 10*time.Second, "clients that never read still hold connections", func() bool { return conns.count() == 0 })
}
