package google

import (
	"reflect"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/pattern"
)

// googleMatchesRef is robots.cc's Matches written out plainly for the fuzz
// target: the set of path positions the pattern prefix can reach, advanced
// one pattern byte at a time; '*' reaches every later position, and a '$'
// that ends the pattern asks for the end of the path.
func googleMatchesRef(path, pat string) bool {
	reach := []int{0}
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '$' && i == len(pat)-1:
			return reach[len(reach)-1] == len(path)
		case c == '*':
			var all []int
			for p := reach[0]; p <= len(path); p++ {
				all = append(all, p)
			}
			reach = all
		default:
			var next []int
			for _, p := range reach {
				if p < len(path) && path[p] == c {
					next = append(next, p+1)
				}
			}
			if len(next) == 0 {
				return false
			}
			reach = next
		}
	}
	return true
}

// FuzzGoogle: the google reading never panics, decides the same way twice,
// keeps its verdict consistent with its winning rule, and matches patterns
// as robots.cc's Matches does.
func FuzzGoogle(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /\nAllow: /fish*.php$\n"), "FooBot", "http://example.com/fish.php")
	f.Add([]byte("\xEF\xBBuseragent FooBot\r\ndisalow /a$b\rallow: /d/index.html\n"), "foobot", "/d/")
	f.Add([]byte("User-agent: * x\nSitemap: s\nUser-agent: b\nDisallow: /é%2a\x00x\n"), "", "//a/b#c")
	f.Fuzz(func(t *testing.T, src []byte, token, url string) {
		file := matcher.Parse(matcher.Google, src, matcher.ParseOptions{})
		a := file.EvaluateTarget(token, &matcher.Target{Input: url})
		b := matcher.Parse(matcher.Google, src, matcher.ParseOptions{}).EvaluateTarget(token, &matcher.Target{Input: url})
		if a.Allowed != b.Allowed || a.Reason != b.Reason || a.Explanation != b.Explanation || !reflect.DeepEqual(a.Matches, b.Matches) {
			t.Fatalf("two evaluations differ: %+v vs %+v", a, b)
		}
		if a.Path == "" || a.Path[0] != '/' {
			t.Fatalf("path %q does not start with '/'", a.Path)
		}
		if w, ok := a.WinningRule(); ok && w.Rule.Allow() != a.Allowed {
			t.Fatalf("winner %+v but allowed = %v", w, a.Allowed)
		}
		for _, g := range file.Groups {
			for _, r := range file.RulesOf(g) {
				norm := file.Normalized(r)
				got := pattern.Compile(norm).Match(a.Path)
				if want := googleMatchesRef(a.Path, norm); got != want {
					t.Fatalf("pattern %q on %q: match = %v, robots.cc's Matches = %v", norm, a.Path, got, want)
				}
			}
		}
	})
}
