package whatwg

import "testing"

// TestWHATWGURL: the parts Node's URL class gives (each row checked with
// Node 20's URL).
func TestWHATWGURL(t *testing.T) {
	tests := []struct {
		in                                 string
		protocol, host, port, path, search string
		ok                                 bool
	}{
		{"http://a/^|`{}'\"<> x?^|`{}'\"<> x#y", "http:", "a", "", "/^|%60%7B%7D'%22%3C%3E%20x", "?^|`{}%27%22%3C%3E%20x", true},
		{"http://a/%2e/b/%2E%2e/c/./d/..", "http:", "a", "", "/c/", "", true},
		{`http:\\a\b\..\c`, "http:", "a", "", "/c", "", true},
		{"http://EXAMPLE.com:80/x", "http:", "example.com", "", "/x", "", true},
		{"http://ex%61mple.com/", "http:", "example.com", "", "/", "", true},
		{"http://example.com./", "http:", "example.com.", "", "/", "", true},
		{"foo://h/a\\b?x'", "foo:", "h", "", "/a\\b", "?x'", true},
		{"http://a/é?é", "http:", "a", "", "/%C3%A9", "?%C3%A9", true},
		{"http://0x7f.1/", "http:", "127.0.0.1", "", "/", "", true},
		{"http://[0:0::1]/", "http:", "[::1]", "", "/", "", true},
		{"http://a/x\x7f", "http:", "a", "", "/x%7F", "", true},
		{"http://a?", "http:", "a", "", "/", "", true},
		{" \thttp://a/b\n?c ", "http:", "a", "", "/b", "?c", true},
		{"https://a:443", "https:", "a", "", "/", "", true},
		{"ftp://a:80/", "ftp:", "a", "80", "/", "", true},
		{"http://bücher.example/", "http:", "xn--bcher-kva.example", "", "/", "", true},
		{"/x/../y", "http:", BaseHost, "", "/y", "", true},
		{"//a/b", "http:", "a", "", "/b", "", true},
		{"http:x", "http:", BaseHost, "", "/x", "", true},
		{"http://exa mple.com/", "", "", "", "", "", false},
		{"http://a:99999/", "", "", "", "", "", false},
		{"http://[zz]/", "", "", "", "", "", false},
		{"http://1.2.3.4.5/", "", "", "", "", "", false},
		{"http://user@/", "", "", "", "", "", false},
		{"file://h/%2e/a:b/../b", "file:", "h", "", "/a:b/b", "", true},
		{"file://h/C|/x", "file:", "h", "", "/C:/x", "", true},
		{"file://h/a|b/../x", "file:", "h", "", "/x", "", true},
		{"file://h/x/a:b/../b", "file:", "h", "", "/x/b", "", true},
		{"foo:bar?q#f", "foo:", "", "", "bar", "?q", true},
		{"foo:/a/../b", "foo:", "", "", "/b", "", true},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("%q: error %v, want ok %v", tt.in, err, tt.ok)
			continue
		}
		want := URL{tt.protocol, tt.host, tt.port, tt.path, tt.search}
		if tt.ok && u != want {
			t.Errorf("%q: %+v, want %+v", tt.in, u, want)
		}
	}
}
