//go:build soak

package site

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSoakServe runs serve, with its real limits, on loopback for
// SOAK_DURATION (10 minutes unless set) under normal clients (the page,
// app.wasm in gzip, keep-alive) and hostile ones (headers sent a byte at
// a time, app.wasm never read, idle connections), then reports open
// connections, memory and errors. make soak runs it after make build.
func TestSoakServe(t *testing.T) {
	d := 10 * time.Minute
	if s := os.Getenv("SOAK_DURATION"); s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			t.Fatalf("SOAK_DURATION=%q: %v", s, err)
		}
	}
	s, warnings, err := LoadSite(filepath.Join("..", "web"))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("the soak serves the real build: run make build first (%v %v)", err, warnings)
	}
	addr, conns := startServer(t, s, defaultLimits)
	stop := time.Now().Add(d)
	var requests, failures, slowCut atomic.Int64
	var wg sync.WaitGroup
	run := func(n int, client func()) {
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(stop) {
					client()
				}
			}()
		}
	}
	normal := &http.Client{Timeout: 30 * time.Second}
	run(8, func() {
		for _, path := range []string{"/", "/lessons", "/web/app.wasm", "/web/explorer.css"} {
			req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
			req.Header.Set("Accept-Encoding", "gzip, br")
			res, err := normal.Do(req)
			requests.Add(1)
			if err != nil {
				failures.Add(1)
				t.Logf("%s: %v", path, err)
				continue
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				failures.Add(1)
			}
		}
	})
	// Hostile clients: each holds a connection the server must cut.
	hostile := func(send func(c net.Conn)) func() {
		return func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				time.Sleep(100 * time.Millisecond)
				return
			}
			defer c.Close()
			c.(*net.TCPConn).SetReadBuffer(4096)
			send(c)
			c.SetReadDeadline(time.Now().Add(2 * time.Minute))
			if _, err := io.Copy(io.Discard, bufio.NewReaderSize(slowReader{c}, 16)); err == nil {
				slowCut.Add(1)
			}
		}
	}
	run(20, hostile(func(c net.Conn) { // headers a byte a second
		for _, b := range []byte("GET / HTTP/1.1\r\nHost: x\r\n") {
			if time.Now().After(stop) {
				return
			}
			c.Write([]byte{b})
			time.Sleep(time.Second)
		}
	}))
	run(20, hostile(func(c net.Conn) { // app.wasm, read at a trickle
		fmt.Fprint(c, "GET /web/app.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
	}))
	run(20, hostile(func(c net.Conn) { // one request, then idle
		fmt.Fprint(c, "GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n")
	}))
	var peak uint64
	for time.Now().Before(stop) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		peak = max(peak, m.HeapInuse)
		time.Sleep(time.Second)
	}
	wg.Wait()
	settle := defaultLimits.write + defaultLimits.idle
	waitFor(t, settle+10*time.Second, "connections still open after every client stopped", func() bool { return conns.count() == 0 })
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	t.Logf("soak of %v: %d normal requests, %d failed; %d hostile connections cut by the server; "+
		"open connections at the end: %d; heap in use: peak %.1f MB, at the end %.1f MB",
		d, requests.Load(), failures.Load(), slowCut.Load(), conns.count(), float64(peak)/1e6, float64(m.HeapInuse)/1e6)
	if failures.Load() > 0 {
		t.Errorf("%d of %d normal requests failed", failures.Load(), requests.Load())
	}
}

// slowReader reads at most 16 bytes a second: a client on a link that
// barely moves.
type slowReader struct{ c net.Conn }

func (r slowReader) Read(p []byte) (int, error) {
	time.Sleep(time.Second)
	return r.c.Read(p[:min(len(p), 16)])
}
