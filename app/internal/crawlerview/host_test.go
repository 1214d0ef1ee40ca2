package crawlerview

import "testing"

// The host shows once when every URL has the same one; a row then shows
// its path and query, and a URL list with another host, or a path alone,
// shows every URL whole.
func TestOriginAndPath(t *testing.T) {
	for _, tc := range []struct {
		name   string
		urls   []string
		origin string
		paths  []string
	}{
		{"one host", []string{"https://www.example.com/blog/x?a=1", "https://www.example.com/", "https://WWW.example.com"},
			"https://www.example.com", []string{"/blog/x?a=1", "/", "/"}},
		{"a query on the host, a fragment", []string{"https://a.example?q=1", "https://a.example/p#top"},
			"https://a.example", []string{"/?q=1", "/p"}},
		{"a port is part of the host", []string{"http://a.example:8080/x", "http://a.example/y"}, "", []string{"http://a.example:8080/x", "http://a.example/y"}},
		{"two hosts", []string{"https://a.example/x", "https://b.example/x"}, "", []string{"https://a.example/x", "https://b.example/x"}},
		{"two schemes", []string{"https://a.example/x", "http://a.example/x"}, "", []string{"https://a.example/x", "http://a.example/x"}},
		{"paths alone", []string{"/x", "/y?z"}, "", []string{"/x", "/y?z"}},
		{"a path among URLs", []string{"https://a.example/x", "/y"}, "", []string{"https://a.example/x", "/y"}},
		{"no host after the scheme", []string{"https:///x"}, "", []string{"https:///x"}},
		{"none", nil, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Origin(tc.urls)
			if o != tc.origin {
				t.Fatalf("Origin(%q) = %q, want %q", tc.urls, o, tc.origin)
			}
			for i, u := range tc.urls {
				if got := PathOf(u, o); got != tc.paths[i] {
					t.Errorf("PathOf(%q, %q) = %q, want %q", u, o, got, tc.paths[i])
				}
			}
		})
	}
}
