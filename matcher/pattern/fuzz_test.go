package pattern

import "testing"

// FuzzNormalize: normalization never panics, yields ASCII only, and is
// idempotent; its steps chain from input to output; a string plain says
// the passes leave alone is one they leave alone.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"/a%2fb", "/ツ", "/%7e", "/a b", "/100%", "/a*$", "/%zz%E3", "\x00\xff", "/a?b=1&c=2", "/a?u=https://x", "/a?b?c", "/a?@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, norm := range []func(string) (string, []Step){NormalizePath, NormalizeRule} {
			out, steps := norm(s)
			for i := 0; i < len(out); i++ {
				if out[i] >= 0x80 || mustEncode(out[i]) {
					t.Fatalf("%q normalized to %q, which has a raw %#x", s, out, out[i])
				}
			}
			if rules := [][]NormRule{RFCPathRules, RFCPatternRules}[i]; plain(s, rules) {
				if passed := applyAll(s, rules); passed != s {
					t.Fatalf("%q is plain (Normalize skips the passes), but they make it %q", s, passed)
				}
			}
			if again, _ := norm(out); again != out {
				t.Fatalf("not idempotent: %q → %q → %q", s, out, again)
			}
			cur := s
			for _, st := range steps {
				if st.Input != cur {
					t.Fatalf("steps do not chain: %+v after %q", st, cur)
				}
				cur = st.Output
			}
			if cur != out {
				t.Fatalf("steps end at %q, result %q", cur, out)
			}
		}
	})
}

// applyAll runs every pass of rules on s, as Normalize does when s is not
// plain.
func applyAll(s string, rules []NormRule) string {
	for _, r := range rules {
		s = r.Apply(s)
	}
	return s
}
