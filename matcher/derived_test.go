package matcher

import (
	"fmt"
	"testing"
)

// NewRule keeps a changed pattern once when the rules repeat it, and every
// rule still reads its own (Normalized), also when the cache's slots
// collide over thousands of different patterns.
func TestNewRuleSharesRepeatedPatterns(t *testing.T) {
	var src []byte
	for i := range 3000 {
		src = fmt.Appendf(src, "Disallow: /p%d*\n", i%1000)
	}
	f := NewFile(RFC9309, src, string(src), ParseOptions{})
	var rules []Rule
	start := 0
	for n := 1; start < len(src); n++ {
		end := start
		for src[end] != '\n' {
			end++
		}
		l := Line{Number: int32(n), Start: int32(start), End: int32(end), Value: SpanOf(start+len("Disallow: "), end)}
		rules = append(rules, f.NewRule(&l, false, f.TextOf(l.Value)+"-norm"))
		start = end + 1
	}
	for i, r := range rules {
		if want := fmt.Sprintf("/p%d*-norm", i%1000); f.Normalized(r) != want {
			t.Fatalf("rule %d reads %q, want %q", i+1, f.Normalized(r), want)
		}
	}
	if len(f.derived.strs) >= len(rules) || len(f.derived.strs) < 1000 {
		t.Errorf("%d patterns kept for %d rules of 1000 texts", len(f.derived.strs), len(rules))
	}
	same := f.NewRule(&Line{Number: 1, Value: SpanOf(len("Disallow: "), len("Disallow: /p0*"))}, false, "/p0*")
	if same.derived() != 0 || f.Normalized(same) != "/p0*" {
		t.Errorf("a pattern normalization left alone is kept (%d)", same.derived())
	}
}
