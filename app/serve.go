//go:build !wasm

package main

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

const serveUsage = `usage: robots-explorer serve [-addr ADDR] [-web DIR]

Serves the explorer's web UI. DIR holds app.wasm and its compressed forms
(make build writes them), the styles, icons and robots.txt.

flags:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, serveUsage); fs.PrintDefaults() }
	addr := fs.String("addr", "127.0.0.1:8000", "listen on `ADDR` (host:port)")
	web := fs.String("web", "web", "the web `DIR`ectory")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "robots-explorer serve: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	s, warnings, err := loadSite(*web)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "robots-explorer serve: warning: %s\n", w)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "serving the explorer on http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := serveUntilDone(ctx, ln, s); err != nil {
		fmt.Fprintf(stderr, "robots-explorer serve: %v\n", err)
		return 1
	}
	return 0
}

// serveUntilDone serves on ln until ctx ends, then lets requests in flight
// finish.
func serveUntilDone(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
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
