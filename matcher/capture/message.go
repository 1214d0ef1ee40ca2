package capture

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
)

// The HTTP messages a record holds are read here rather than with
// net/http: its ReadResponse and ReadRequest would add 130 KB to the
// page's WebAssembly after compression, and its package alone (Header)
// some 20 KB more, to read a start line, header fields and, at most, a
// chunked body.

// A message is an HTTP/1.x message as a record holds it: its start line
// (the request line or the status line), its header fields, and its body
// as stored, transfer coding and all.
type message struct {
	start  string
	header []Field
	body   []byte
}

// readMessage reads the message in a record's block.
func readMessage(block []byte) (*message, error) {
	head, body, ok := bytes.Cut(block, []byte("\r\n\r\n"))
	if !ok {
		if head, body, ok = bytes.Cut(block, []byte("\n\n")); !ok {
			return nil, errors.New("the HTTP message's header does not end")
		}
	}
	lines := strings.Split(strings.ReplaceAll(string(head), "\r\n", "\n"), "\n")
	m := &message{start: lines[0], body: body}
	for _, l := range lines[1:] {
		if (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) && len(m.header) > 0 { // a folded line
			m.header[len(m.header)-1].Value += " " + strings.TrimSpace(l)
			continue
		}
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			return nil, errors.New("the HTTP header line " + strconv.Quote(l[:min(len(l), 80)]) + " has no colon")
		}
		m.header = append(m.header, Field{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	return m, nil
}

// get is the value of the first header field named name
// (case-insensitive), or "".
func (m *message) get(name string) string {
	for _, f := range m.header {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// status is the status code of a response's status line.
func (m *message) status() (int, error) {
	f := strings.Fields(m.start)
	if len(f) < 2 || !strings.HasPrefix(f[0], "HTTP/") {
		return 0, errors.New("the response has no status line: " + strconv.Quote(m.start[:min(len(m.start), 80)]))
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 100 || n > 999 {
		return 0, errors.New("the status " + strconv.Quote(f[1]) + " is not a number")
	}
	return n, nil
}

// method is the method of a request's request line.
func (m *message) method() string {
	method, _, _ := strings.Cut(m.start, " ")
	return method
}

// payload is the body without its transfer coding: dechunked, or cut at
// its Content-Length; cut says the record holds less of it than was sent.
func (m *message) payload() (body []byte, cut bool) {
	if strings.EqualFold(strings.TrimSpace(m.get("Transfer-Encoding")), "chunked") {
		return dechunk(m.body)
	}
	if n, err := strconv.ParseInt(m.get("Content-Length"), 10, 64); err == nil && n >= 0 {
		if n <= int64(len(m.body)) {
			return m.body[:n], false
		}
		return m.body, true
	}
	return m.body, false
}

// dechunk decodes the chunked transfer coding (RFC 9112 §7.1) of b, as far
// as b holds it; cut says it ends before the last chunk.
func dechunk(b []byte) ([]byte, bool) {
	var out []byte
	for {
		line, rest, ok := bytes.Cut(b, []byte("\n"))
		if !ok {
			return out, true
		}
		size, _, _ := bytes.Cut(bytes.TrimSpace(line), []byte(";"))
		n, err := strconv.ParseInt(string(size), 16, 64)
		if err != nil || n < 0 {
			return out, true
		}
		if n == 0 {
			return out, false
		}
		if n > int64(len(rest)) {
			return append(out, rest...), true
		}
		out = append(out, rest[:n]...)
		b = bytes.TrimPrefix(bytes.TrimPrefix(rest[n:], []byte("\r")), []byte("\n"))
	}
}
