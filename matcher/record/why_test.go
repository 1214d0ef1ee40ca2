package record

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// The short reason names the deciding line with its text trimmed (RFC 9309
// §2.2: the white space around a line is not part of it), or gives the
// explanation when no rule decided.
func TestWhy(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\n  Disallow: /a  \n\tAllow: /a/b\t\nDisallow: /c\n"), matcher.ParseOptions{})
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
		bracket := func(b []byte, s string) []byte { return append(append(append(b, '['), s...), ']') }
		if got, want := string(AppendWhy([]byte("> "), f, res, bracket)), "> "+bracketed(tt.want); got != want {
			t.Errorf("AppendWhy(%q) = %q, want %q: the file's text passed through the function given", tt.url, got, want)
		}
	}
}

// bracketed is a reason as AppendWhy writes it when its text function
// brackets what came from the file: "line N: [text]", or the whole
// explanation in brackets.
func bracketed(why string) string {
	if rest, ok := strings.CutPrefix(why, "line "); ok {
		n, text, _ := strings.Cut(rest, ": ")
		return "line " + n + ": [" + text + "]"
	}
	return "[" + why + "]"
}
