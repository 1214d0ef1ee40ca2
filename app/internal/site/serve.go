//go:build !wasm

package site

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"
)

// ExitUsage is the status of serve for a wrong command line, and of
// static for any error: the CLI's for a usage or input error
// (cli.ExitUsage).
const ExitUsage = 2

const serveUsage = `usage: robots-explorer serve [-addr ADDR] [-web DIR]

Serves the explorer's web UI. DIR holds app.wasm and its compressed forms
(make build writes them), the styles, icons and robots.txt.

flags:
`

func RunServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage); fs.PrintDefaults() }
	addr := fs.String("addr", "127.0.0.1:8000", "listen on `ADDR` (host:port)")
	web := fs.String("web", "web", "the web `DIR`ectory")
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "robots-explorer serve: unexpected argument %q\n", fs.Arg(0))
		return ExitUsage
	}
	s, warnings, err := LoadSite(*web)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "robots-explorer serve: warning: %s\n", w)
	}
	for _, m := range s.missing {
		fmt.Fprintf(stderr, "robots-explorer serve: note: %s\n", m)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	if err := s.EnableFetch(ln.Addr()); err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "serving the explorer on http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := serveUntilDone(ctx, ln, newServer(s, defaultLimits, nil)); err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	return 0
}

// serveLimits bounds what one client may hold of the server: a client
// that sends its headers slowly, reads a response slowly or keeps an idle
// connection open is cut off, so that a few hundred of them cannot keep
// connections, goroutines and buffers open for ever.
type serveLimits struct {
	// header: time to send the request line and headers; read: the whole
	// request; write: from the end of the headers to the end of the
	// response (long enough for app.wasm, compressed, over an old mobile
	// link); idle: a keep-alive connection waiting for its next request.
	header, read, write, idle time.Duration
	// maxHeader is the most bytes of request line and headers; a browser
	// sends under 2 KB.
	maxHeader int
}

// headerSlop is what net/http reads past http.Server.MaxHeaderBytes
// before it answers 431 (its bufio slop).
const headerSlop = 4096

var defaultLimits = serveLimits{
	header:    5 * time.Second,
	read:      10 * time.Second,
	write:     60 * time.Second,
	idle:      30 * time.Second,
	maxHeader: 16 << 10,
}

// newServer is the http.Server for h under the limits lim; conns, when not
// nil, is told of every connection's change of state.
func newServer(h http.Handler, lim serveLimits, conns func(net.Conn, http.ConnState)) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: lim.header,
		ReadTimeout:       lim.read,
		WriteTimeout:      lim.write,
		IdleTimeout:       lim.idle,
		MaxHeaderBytes:    lim.maxHeader - headerSlop,
		ConnState:         conns,
	}
}

// serveUntilDone serves on ln until ctx ends, then lets requests in flight
// finish.
func serveUntilDone(ctx context.Context, ln net.Listener, srv *http.Server) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
