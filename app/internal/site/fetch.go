//go:build !wasm

package site

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	capfetch "robots-explorer/app/internal/capture"
	"robots-explorer/app/internal/version"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// A page served on a loopback address may ask serve to fetch a site's
// robots.txt: the browser cannot read another site, and the person runs
// this server on their own computer. Only the page itself may ask: the
// request must come to the loopback host the server listens on (a name
// that another site rebinds to 127.0.0.1 is refused), from that origin,
// with the token of this process that only the page holds. A server that
// listens beyond loopback fetches nothing: anyone who reaches it could
// make it reach other servers.

// fetchTimeout bounds a whole fetch, under the server's 60 s to write the
// response.
const fetchTimeout = 45 * time.Second

// A fetchEndpoint is the fetch of a loopback serve.
type fetchEndpoint struct {
	token string
	// hosts are the Host values accepted: the listener's address, and
	// localhost on its port.
	hosts []string
	busy  chan struct{} // one fetch at a time
	// fetcher is the fetcher of a request; tests resolve names to their
	// own servers.
	fetcher func() *capfetch.Fetcher
}

// EnableFetch turns the fetch on for a server listening on addr when addr
// is a loopback address, and tells the page either way (view.FetchMeta).
func (s *site) EnableFetch(addr net.Addr) error {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsLoopback() {
		s.app.RawHeaders = append(s.app.RawHeaders, `<meta name="`+view.FetchMeta+`" content="remote">`)
		return nil
	}
	key := make([]byte, 16)
	if _, err := rand.Read(key); err != nil {
		return err
	}
	port := fmt.Sprint(tcp.Port)
	s.fetch = &fetchEndpoint{token: hex.EncodeToString(key), hosts: []string{tcp.String(), "localhost:" + port}, busy: make(chan struct{}, 1),
		fetcher: func() *capfetch.Fetcher { return &capfetch.Fetcher{UserAgent: "robots-explorer/" + version.Tool()} }}
	s.app.RawHeaders = append(s.app.RawHeaders, `<meta name="`+view.FetchMeta+`" content="token:`+s.fetch.token+`">`)
	return nil
}

// serveFetch fetches the robots.txt of the URL posted and answers with the
// capture, a WARC file.
func (s *site) serveFetch(w http.ResponseWriter, r *http.Request) {
	f := s.fetch
	refuse := func(code int, why string) { http.Error(w, why, code) }
	switch {
	case f == nil:
		refuse(http.StatusForbidden, "this server fetches nothing: it listens beyond loopback, or is no robots-explorer serve")
		return
	case r.Method != http.MethodPost:
		w.Header().Set("Allow", http.MethodPost)
		refuse(http.StatusMethodNotAllowed, "method not allowed")
		return
	case !f.ownHost(r.Host) || r.Header.Get("Origin") != "http://"+r.Host:
		refuse(http.StatusForbidden, "only the explorer's own page may ask this server to fetch")
		return
	case subtle.ConstantTimeCompare([]byte(r.Header.Get(view.FetchTokenHeader)), []byte(f.token)) != 1:
		refuse(http.StatusForbidden, "stale token: the server was restarted since the page was loaded")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<10))
	if err != nil {
		refuse(http.StatusBadRequest, err.Error())
		return
	}
	t, err := matcher.ParseTarget(strings.TrimSpace(string(body)))
	if err != nil || t.Scheme != "http" && t.Scheme != "https" {
		refuse(http.StatusBadRequest, "give an http or https URL of the site, such as https://example.com/")
		return
	}
	select {
	case f.busy <- struct{}{}:
		defer func() { <-f.busy }()
	default:
		refuse(http.StatusTooManyRequests, "a fetch is under way: wait for it")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), fetchTimeout)
	defer cancel()
	res, err := f.fetcher().Fetch(ctx, t.RobotsURL)
	var warc bytes.Buffer
	if err == nil {
		_, err = capfetch.Write(&warc, "fetched.warc.gz", "robots-explorer "+version.Tool(), res.Records, true)
	}
	if err != nil {
		refuse(http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/warc")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(warc.Bytes())
}

func (f *fetchEndpoint) ownHost(host string) bool {
	for _, h := range f.hosts {
		if strings.EqualFold(host, h) {
			return true
		}
	}
	return false
}
