package pattern

import (
	"strings"
	"testing"
)

func matches(pat, path string) bool {
	p, _ := NormalizeRule(pat)
	u, _ := NormalizePath(path)
	return Compile(p).Match(u)
}

// The pattern table of RFC 9309 §2.2.2–2.2.3 as Google's documentation
// gives it (seed 001).
func TestPatternTableRFC9309(t *testing.T) {
	tests := []struct {
		pattern string
		yes, no []string
	}{
		{"/fish", []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fishheads/yummy.html", "/fish.php?id=anything"},
			[]string{"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
		{"/fish*", []string{"/fish", "/fish.html", "/fish/salmon.html", "/fishheads", "/fish.php?id=anything"},
			[]string{"/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"}},
		{"/fish/", []string{"/fish/", "/fish/?id=anything", "/fish/salmon.htm"},
			[]string{"/fish", "/fish.html", "/Fish/Salmon.asp"}},
		{"/*.php", []string{"/filename.php", "/folder/filename.php?parameters", "/folder/any.php.file.html", "/filename.php/"},
			[]string{"/", "/windows.PHP"}},
		{"/*.php$", []string{"/filename.php", "/folder/filename.php"},
			[]string{"/filename.php?parameters", "/filename.php/", "/filename.php5", "/windows.PHP"}},
		{"/fish*.php", []string{"/fish.php", "/fishheads/catfish.php?parameters"}, []string{"/Fish.PHP"}},
		{"/", []string{"/", "/anything", "/a/b?c"}, nil},
		{"/$", []string{"/"}, []string{"/a", "/?q"}},
		{"*", []string{"/", "/x"}, nil},
		{"*.gif$", []string{"/a.gif", "/b/c.gif"}, []string{"/a.gif?x", "/a.gifs"}},
		// RFC 9309 §2.2.3: %2A and %24 name a literal '*' and '$'.
		{"/path/file-with-a-%2A.html", []string{"/path/file-with-a-*.html", "/path/file-with-a-%2A.html"}, []string{"/path/file-with-a-x.html"}},
		{"/path/foo-%24", []string{"/path/foo-$", "/path/foo-$x"}, []string{"/path/foo-"}},
		// RFC 9309 §2.2.2: both sides normalized before comparing.
		{"/foo/bar/ツ", []string{"/foo/bar/%E3%83%84", "/foo/bar/ツ"}, []string{"/foo/bar/"}},
		{"/foo/bar/%E3%83%84", []string{"/foo/bar/ツ"}, nil},
		{"/foo/bar/baz", []string{"/foo/bar/%62%61%7A"}, nil},
		{"/a%2fb", []string{"/a%2Fb"}, []string{"/a/b"}},
		{"/a*b*c$", []string{"/abc", "/a-b-c", "/aXbYbZc"}, []string{"/abcd", "/acb"}},
		{"/a**b", []string{"/ab", "/axxb"}, []string{"/a"}},
	}
	for _, tt := range tests {
		for _, p := range tt.yes {
			if !matches(tt.pattern, p) {
				t.Errorf("%q should match %q", tt.pattern, p)
			}
		}
		for _, p := range tt.no {
			if matches(tt.pattern, p) {
				t.Errorf("%q should not match %q", tt.pattern, p)
			}
		}
	}
}

// Leftmost placement of segments must agree with an exhaustive search.
func TestPatternMatchAgreesWithBacktracking(t *testing.T) {
	alphabet := []string{"a", "b", "*", "$"}
	var pats []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		pats = append(pats, prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(prefix+c, n-1)
		}
	}
	gen("/", 4)
	var paths []string
	var genp func(prefix string, n int)
	genp = func(prefix string, n int) {
		paths = append(paths, prefix)
		if n == 0 {
			return
		}
		for _, c := range []string{"a", "b"} {
			genp(prefix+c, n-1)
		}
	}
	genp("/", 5)
	for _, pat := range pats {
		norm, _ := NormalizeRule(pat)
		c := Compile(norm)
		for _, path := range paths {
			if got, want := c.Match(path), backtrack(norm, path); got != want {
				t.Fatalf("pattern %q (normalized %q) on %q: got %v, exhaustive search says %v", pat, norm, path, got, want)
			}
		}
	}
}

// backtrack is the obvious exponential matcher, as a reference.
func backtrack(pat, path string) bool {
	if pat == "" {
		return true
	}
	if pat == "$" {
		return path == ""
	}
	if pat[0] == '*' {
		for i := 0; i <= len(path); i++ {
			if backtrack(pat[1:], path[i:]) {
				return true
			}
		}
		return false
	}
	return path != "" && pat[0] == path[0] && backtrack(pat[1:], path[1:])
}

func TestPatternPathologicalTerminates(t *testing.T) {
	path := "/" + strings.Repeat("a", 16<<10)
	if matches("/*a*a*a*a*a*a*a*b", path) {
		t.Error("no b in the path, yet it matched")
	}
	if !matches(strings.Repeat("*", 100000)+"a$", path) {
		t.Error("100,000 stars then a$ should match a path of a's")
	}
}

// The flags a parse takes from a pattern's classes are those compiling
// the pattern finds, and ClassOf is the union of its bytes' classes.
func TestClassFlagsAreFlagsOf(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a$", "/*", "/*$", "/a*b$", "$", "*", "/a$b", "/a$b$", "/$*", "/a?b", "/%41 x", "/é*"} {
		var want Class
		for i := 0; i < len(p); i++ {
			want |= ByteClass(p[i])
		}
		cls := ClassOf(p)
		if cls != want {
			t.Errorf("ClassOf(%q) = %b, want %b", p, cls, want)
		}
		if got, want := cls.Flags(p), FlagsOf(p); got != want {
			t.Errorf("Class.Flags(%q) = %b, FlagsOf = %b", p, got, want)
		}
	}
}
