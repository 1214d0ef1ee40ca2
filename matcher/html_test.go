package matcher

import "testing"

// A body that is an HTML page gets one file-level error (RFC 9309 §2.3: the
// file is plain text), under every reading, before any other diagnostic.
func TestHTMLBodyIsOneFileLevelError(t *testing.T) {
	tests := []struct {
		name, src string
		want      bool
	}{
		{"404 page", "<!DOCTYPE html>\n<html><head><title>Not Found</title></head>\n<body><p>Disallow: nothing</p></body></html>\n", true},
		{"login page after blank lines", "\n\n  <html lang=en>\n<form action=/login>\n", true},
		{"comment before html", "<!-- served by nginx -->\n<html>\n", true},
		{"bare body", "<BODY>oops</BODY>", true},
		{"robots.txt", "User-agent: *\nDisallow: /private/\n", false},
		{"pattern with a bracket", "User-agent: *\nDisallow: /<html\n", false},
		{"a tag without html", "<p>hello</p>\n", false},
		{"empty", "", false},
	}
	for _, r := range Readings() {
		for _, tt := range tests {
			f := Parse(r, []byte(tt.src), ParseOptions{})
			n := 0
			for _, d := range f.Diagnostics {
				if d.Code == CodeHTMLBody {
					n++
				}
			}
			if got := n == 1; got != tt.want || n > 1 {
				t.Errorf("%s, %s: %d html-body diagnostics, want %v", r, tt.name, n, tt.want)
			}
			if tt.want && (len(f.Diagnostics) == 0 || f.Diagnostics[0].Code != CodeHTMLBody || f.Diagnostics[0].Severity != Error) {
				t.Errorf("%s, %s: the first diagnostic is %v, want the html-body error", r, tt.name, f.Diagnostics[0])
			}
		}
	}
}
