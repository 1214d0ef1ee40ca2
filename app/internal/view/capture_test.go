package view

import (
	"strconv"
	"strings"
	"testing"

	"robots-explorer/matcher/delivery"
)

// warcOf is a WARC file of one response to url, as another crawler
// writes it.
func warcOf(url, response string) []byte {
	return []byte("WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Date: 2025-03-10T12:00:00Z\r\n" +
		"WARC-Target-URI: <" + url + ">\r\nContent-Length: " + strconv.Itoa(len(response)) + "\r\n\r\n" + response + "\r\n\r\n")
}

// TestLoadCapture reads captures as the page does: the file, the facts
// the read-only fields show, the label, and a word when the URLs are of
// another site.
func TestLoadCapture(t *testing.T) {
	ok := warcOf("https://a.example/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 23\r\n\r\nUser-agent: *\nAllow: /\n")
	c, err := LoadCapture("a.warc", ok, []string{"/x", "https://a.example/y"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Text != "User-agent: *\nAllow: /\n" || c.Form.Status != "200" || c.Form.ContentType != "text/plain" || c.Form.Observed != "2025-03-10T12:00:00Z" {
		t.Errorf("text %q, form %+v", c.Text, c.Form)
	}
	if l := c.Label(); !strings.Contains(l, "a.warc") || !strings.Contains(l, "https://a.example/robots.txt") || !strings.Contains(l, "2025-03-10 12:00:00 UTC") {
		t.Errorf("label %q", l)
	}
	if delivery.ScopeOf(c.Facts) != delivery.ScopeCaptured {
		t.Errorf("scope %q", delivery.ScopeOf(c.Facts))
	}
	if c.OtherSite([]string{"https://a.example/z"}) != "" || !strings.Contains(c.OtherSite([]string{"https://b.example/z"}), "https://b.example/robots.txt") {
		t.Error("OtherSite does not tell the sites apart")
	}
	down, err := LoadCapture("b.warc", warcOf("https://b.example/robots.txt", "HTTP/1.1 503 Service Unavailable\r\n\r\n"), nil)
	if err != nil || down.Text != "" || down.Form.Status != "503" {
		t.Errorf("503: %+v, %v", down, err)
	}
	if _, err := LoadCapture("c.txt", []byte("User-agent: *\n"), nil); err == nil || !strings.Contains(err.Error(), "not a WARC") {
		t.Errorf("a robots.txt loaded as a capture: %v", err)
	}
}

// TestFetchAvailability reads the meta element serve writes: a token on
// loopback, "remote" beyond it, none on the static site.
func TestFetchAvailability(t *testing.T) {
	tests := []struct {
		content    string
		found      bool
		token, why string
	}{
		{"token:abc", true, "abc", ""},
		{"remote", true, "", "beyond this computer"},
		{"token:", true, "", "beyond this computer"},
		{"", false, "", "static site"},
	}
	for _, tt := range tests {
		token, why := FetchAvailability(tt.content, tt.found)
		if token != tt.token || tt.why == "" && why != "" || !strings.Contains(why, tt.why) {
			t.Errorf("%q %v: token %q, why %q", tt.content, tt.found, token, why)
		}
	}
}
