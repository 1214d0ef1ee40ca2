package capture

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
	"testing"
)

func warcRecord(fields, block string) string {
	return "WARC/1.1\r\n" + fields + "Content-Length: " + strconv.Itoa(len(block)) + "\r\n\r\n" + block + "\r\n\r\n"
}

// TestReadWARC reads WARC files, plain and gzip-compressed a record at a
// time, and refuses what is not one, each with a message.
func TestReadWARC(t *testing.T) {
	info := warcRecord("WARC-Type: warcinfo\r\n", "software: x\r\n")
	resp := warcRecord("WARC-Type: response\r\nWARC-Record-ID: <urn:1>\r\nWARC-Target-URI: http://a.example/robots.txt\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 14\r\n\r\nUser-agent: *\n")
	var z bytes.Buffer
	for _, member := range []string{info, resp} {
		w := gzip.NewWriter(&z)
		w.Write([]byte(member))
		w.Close()
	}
	file := info + resp
	tests := []struct {
		name, in, err string
	}{
		{"plain", file, ""},
		{"gzip, a member per record", z.String(), ""},
		{"not a WARC", "User-agent: *\n", "not a WARC record"},
		{"a block cut short", file[:len(file)-20], "the block ends early"},
		{"no length", "WARC/1.1\r\nWARC-Type: response\r\n\r\n", "Content-Length"},
		{"an endless header line", "WARC/1.1\r\nX: " + strings.Repeat("a", 70<<10), "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Collector{Source: "f.warc"}
			err := ReadWARC(strings.NewReader(tt.in), c)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Find("http://a.example/robots.txt")
			if err != nil || string(got.Body) != "User-agent: *\n" || c.software != "x" {
				t.Errorf("body %q, software %q, %v", got.Body, c.software, err)
			}
		})
	}
}
