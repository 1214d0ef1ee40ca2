//go:build soak

package site

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// soakClients is how many clients fetch the pages and app.wasm at once,
// each on a keep-alive connection of its own, as browsers would.
const soakClients = 2000

// soakPaths are what each client fetches in turn.
var soakPaths = []string{"/", "/lessons", "/register", "/web/app.wasm"}

// TestSoakServe runs the program built by make build (serve, with its
// real limits) on loopback for SOAK_DURATION (10 minutes unless set),
// under soakClients normal clients and hostile ones (headers sent a byte
// a second, app.wasm read at a trickle, idle connections). It reports the
// requests, the failures (there must be none), the latency of each path
// and the server's peak resident memory, and checks that the server holds
// no more connections once every client has stopped. make soak runs it
// after make build.
func TestSoakServe(t *testing.T) {
	d := 10 * time.Minute
	if s := os.Getenv("SOAK_DURATION"); s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			t.Fatalf("SOAK_DURATION=%q: %v", s, err)
		}
	}
	raiseFileLimit(t, 2*soakClients)
	pid, addr := startProgram(t)
	fds := openFiles(t, pid)
	stop := time.Now().Add(d)
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
	latencies := make([]map[string][]time.Duration, soakClients)
	var requests, failures atomic.Int64
	for i := range latencies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			latencies[i] = soakClient(t, addr, stop, &requests, &failures)
		}()
	}
	slowCut := hostileClients(addr, stop, run)
	wg.Wait()
	// A trickle reader is cut at the write limit, an idle connection at the
	// idle limit: the server then holds what it held before the clients.
	settle := defaultLimits.write + defaultLimits.idle + 10*time.Second
	waitFor(t, settle, "the server holds more connections than before the clients", func() bool { return openFiles(t, pid) <= fds })
	t.Logf("soak of %v, %d clients: %d requests, %d failed; %d hostile connections cut by the server; peak RSS of serve %s",
		d, soakClients, requests.Load(), failures.Load(), slowCut.Load(), procStatus(t, pid, "VmHWM"))
	all := map[string][]time.Duration{}
	for _, l := range latencies {
		for path, ds := range l {
			all[path] = append(all[path], ds...)
			all["all"] = append(all["all"], ds...)
		}
	}
	for _, path := range append(slices.Clone(soakPaths), "all") {
		ds := all[path]
		slices.Sort(ds)
		if len(ds) == 0 {
			t.Errorf("%s: no request completed", path)
			continue
		}
		t.Logf("%-14s %7d requests, latency p50 %v, p99 %v, max %v", path, len(ds),
			ds[len(ds)/2].Round(time.Millisecond), ds[len(ds)*99/100].Round(time.Millisecond), ds[len(ds)-1].Round(time.Millisecond))
	}
	if failures.Load() > 0 {
		t.Errorf("%d of %d normal requests failed", failures.Load(), requests.Load())
	}
}

// soakClient fetches soakPaths in turn on a connection of its own until
// stop, as a browser asks (gzip, br), and returns each path's latencies,
// from the request to the last byte of the body.
func soakClient(t *testing.T, addr string, stop time.Time, requests, failures *atomic.Int64) map[string][]time.Duration {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
	defer client.CloseIdleConnections()
	latencies := map[string][]time.Duration{}
	for time.Now().Before(stop) {
		for _, path := range soakPaths {
			req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
			req.Header.Set("Accept-Encoding", "gzip, br")
			start := time.Now()
			err := fetchAll(client, req)
			requests.Add(1)
			if err != nil {
				if failures.Add(1) <= 10 {
					t.Logf("%s: %v", path, err)
				}
				continue
			}
			latencies[path] = append(latencies[path], time.Since(start))
		}
	}
	return latencies
}

func fetchAll(client *http.Client, req *http.Request) error {
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", res.StatusCode)
	}
	return nil
}

// hostileClients starts clients that each hold a connection the server
// must cut, and returns the count of those it cut.
func hostileClients(addr string, stop time.Time, run func(int, func())) *atomic.Int64 {
	var slowCut atomic.Int64
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
	return &slowCut
}

// startProgram runs the program make build wrote as serve on a free
// loopback port, with the build's web directory, until the test ends.
func startProgram(t *testing.T) (pid int, addr string) {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	bin := filepath.Join(root, "bin", "robots-explorer")
	web := filepath.Join(root, "web")
	_, err := os.Stat(bin)
	if _, warnings, lerr := LoadSite(web); err != nil || lerr != nil || len(warnings) > 0 {
		t.Fatalf("the soak serves the program and web directory make build writes: run make build first (%v %v %v)", err, lerr, warnings)
	}
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-web", web)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve did not start: %v", err)
	}
	addr = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(line), "serving the explorer on http://"), "/")
	return cmd.Process.Pid, addr
}

// raiseFileLimit makes room for n open files (the clients' connections)
// in this process and the server it starts, up to the hard limit.
func raiseFileLimit(t *testing.T, n uint64) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if lim.Cur < n {
		lim.Cur = min(lim.Max, n)
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			t.Fatal(err)
		}
	}
	if lim.Cur < n {
		t.Fatalf("the soak needs %d open files, the hard limit is %d: raise it (ulimit -Hn)", n, lim.Max)
	}
}

// openFiles counts the files (its connections among them) process pid
// holds open.
func openFiles(t *testing.T, pid int) int {
	t.Helper()
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Fatalf("the soak reads the server's open files from /proc: %v", err)
	}
	return len(fds)
}

// procStatus is field of /proc/PID/status, such as VmHWM, the peak
// resident memory.
func procStatus(t *testing.T, pid int, field string) string {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("the soak reads the server's memory from /proc: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// slowReader reads at most 16 bytes a second: a client on a link that
// barely moves.
type slowReader struct{ c net.Conn }

func (r slowReader) Read(p []byte) (int, error) {
	time.Sleep(time.Second)
	return r.c.Read(p[:min(len(p), 16)])
}
