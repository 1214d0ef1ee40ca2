package record

import (
	"testing"

	"robots-explorer/matcher"
)

// The short reason names the deciding line with its text trimmed (RFC 9309
// §2.2: the white space around a line is not part of it), or gives the
// explanation when no rule decided.
func TestWhy(t *testing.T) {
	f := matcher.Parse([]byte("User-agent: *\n  Disallow: /a  \n\tAllow: /a/b\t\nDisallow: /c\n"))
	tests := []struct{ url, want string }{
		{"/a/x", "line 2: Disallow: /a"},
		{"/a/b", "line 3: Allow: /a/b"},
		{"/c", "line 4: Disallow: /c"},
		{"/d", "Allowed: no rule of the applying group matches /d."},
	}
	for _, tt := range tests {
		res, err := f.Evaluate("Googlebot", tt.url)
		if err != nil {
			t.Fatal(err)
		}
		if got := Why(f, res); got != tt.want {
			t.Errorf("Why(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}
