package pattern

import "testing"

// The rfc9309 column of the readings table: URL and pattern alike get
// non-ASCII as UTF-8 %XX, upper-cased hex, decoded unreserved escapes, and
// encoded characters that may not stand raw in a URI (RFC 9309 §2.2.2,
// RFC 3986 §2 and §6.2.2).
func TestNormalizeRFC9309(t *testing.T) {
	tests := []struct {
		name, in, path, pattern string
	}{
		{"plain", "/fish", "/fish", "/fish"},
		{"RFC 9309 §2.2.2 non-ASCII is UTF-8 percent-encoded", "/foo/bar/ツ", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"RFC 9309 §2.2.2 encoded non-ASCII stays encoded", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"RFC 9309 §2.2.2 unreserved escapes decode", "/foo/bar/%62%61%7A", "/foo/bar/baz", "/foo/bar/baz"},
		{"RFC 3986 §6.2.2.1 hex is upper-cased", "/a%3cd.html", "/a%3Cd.html", "/a%3Cd.html"},
		{"RFC 3986 §2.2 reserved %2F stays encoded", "/a%2fb", "/a%2Fb", "/a%2Fb"},
		{"tilde decoded", "/%7esub", "/~sub", "/~sub"},
		{"space encoded", "/a b", "/a%20b", "/a%20b"},
		{"stray percent", "/100%", "/100%25", "/100%25"},
		{"cut escape", "/%E3%8", "/%E3%258", "/%E3%258"},
		{"RFC 9309 §2.2.3 star in a path is compared as %2A; in a pattern it is a wildcard", "/a*b", "/a%2Ab", "/a*b"},
		{"RFC 9309 §2.2.3 final $ anchors a pattern; in a path it is %24", "/a$", "/a%24", "/a$"},
		{"RFC 9309 §2.2.3 inner $ is literal", "/a$b$", "/a%24b%24", "/a%24b$"},
		{"RFC 9309 §2.2.2 table: a URL in the query is compared encoded", "/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"},
		{"RFC 9309 §2.2.2 table: the path keeps its slashes", "/a/b:c?d", "/a/b:c?d", "/a/b:c?d"},
		{"controls encoded", "/a\x01\x7f", "/a%01%7F", "/a%01%7F"},
		{"invalid UTF-8 bytes encoded", "/\xff", "/%FF", "/%FF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _ := NormalizePath(tt.in); got != tt.path {
				t.Errorf("NormalizePath(%q) = %q, want %q", tt.in, got, tt.path)
			}
			if got, _ := NormalizeRule(tt.in); got != tt.pattern {
				t.Errorf("NormalizeRule(%q) = %q, want %q", tt.in, got, tt.pattern)
			}
		})
	}
}

// Every step says what went in and what came out; chained, they lead from
// the input to the output.
func TestNormalizeStepsChain(t *testing.T) {
	in := "/Bücher/%7e%2f%zz a*"
	out, steps := NormalizePath(in)
	if len(steps) < 4 {
		t.Fatalf("want at least 4 steps for %q, got %d: %+v", in, len(steps), steps)
	}
	cur := in
	for i, s := range steps {
		if s.Input != cur {
			t.Errorf("step %d input %q, want %q", i, s.Input, cur)
		}
		if s.Input == s.Output || s.Rule == "" || s.Source == "" {
			t.Errorf("step %d is empty or unexplained: %+v", i, s)
		}
		cur = s.Output
	}
	if cur != out {
		t.Errorf("steps end at %q, result is %q", cur, out)
	}
	if _, steps := NormalizePath("/plain/path?q=1"); len(steps) != 0 {
		t.Errorf("a path that needs nothing got steps: %+v", steps)
	}
}

// Normalizing twice changes nothing more.
func TestNormalizeIdempotent(t *testing.T) {
	for _, in := range []string{"/a%2fb", "/ツ", "/%7e", "/a b", "/100%", "/a*$", "/%zz%E3"} {
		once, _ := NormalizePath(in)
		if twice, _ := NormalizePath(once); twice != once {
			t.Errorf("path %q: once %q, twice %q", in, once, twice)
		}
		p, _ := NormalizeRule(in)
		if p2, _ := NormalizeRule(p); p2 != p {
			t.Errorf("pattern %q: once %q, twice %q", in, p, p2)
		}
	}
}
