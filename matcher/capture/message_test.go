package capture

import (
	"strings"
	"testing"
)

// TestReadMessage reads the HTTP messages records hold: folded header
// lines, chunk extensions, a body cut short, and what is no response.
func TestReadMessage(t *testing.T) {
	tests := []struct {
		name, block string
		status      int
		location    string
		payload     string
		cut         bool
		err         string
	}{
		{name: "folded header", block: "HTTP/1.1 301 Moved\r\nLocation: /a\r\n b\r\n\r\n", status: 301, location: "/a b"},
		{name: "chunk extensions", block: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", status: 200, payload: "abcde"},
		{name: "chunked, cut", block: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", status: 200, payload: "ab", cut: true},
		{name: "length, cut", block: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", status: 200, payload: "abc", cut: true},
		{name: "LF only", block: "HTTP/1.0 404 Not Found\nContent-Length: 2\n\nno", status: 404, payload: "no"},
		{name: "no status line", block: "GET / HTTP/1.1\r\n\r\n", err: "no status line"},
		{name: "no end of header", block: "HTTP/1.1 200 OK\r\nContent-Length: 2", err: "does not end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := readMessage([]byte(tt.block))
			var status int
			if err == nil {
				status, err = m.status()
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			payload, cut := m.payload()
			if status != tt.status || m.get("location") != tt.location || string(payload) != tt.payload || cut != tt.cut {
				t.Errorf("status %d, location %q, payload %q (cut %v)", status, m.get("location"), payload, cut)
			}
		})
	}
}
