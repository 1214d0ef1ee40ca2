package bench

import (
	"bytes"
	"strings"
	"testing"
)

// HugeFile gives the same bytes for the same call, at least size of them
// and not much more, in each shape; an unknown shape is an error.
func TestHugeFileShapes(t *testing.T) {
	const size = 256 << 10
	for _, shape := range Shapes {
		a, err := HugeFile(size, shape)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := HugeFile(size, shape)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two calls differ", shape)
		}
		if len(a) < size || len(a) > size+96<<10 {
			t.Errorf("%s: %d bytes for %d", shape, len(a), size)
		}
	}
	tiny, _ := HugeFile(size, ShapeTiny)
	if lines := bytes.Count(tiny, []byte{'\n'}); lines < size/12 {
		t.Errorf("tiny: %d lines in %d bytes, want lines of a dozen bytes or less", lines, len(tiny))
	}
	rules, _ := HugeFile(size, ShapeRules)
	if n := bytes.Count(rules, []byte(rulesLine)); n < size/len(rulesLine) || !strings.HasPrefix(RulesURL, strings.TrimPrefix(strings.TrimSpace(rulesLine), "Disallow: ")) {
		t.Errorf("rules: %d rules in %d bytes, or %s does not match them", n, len(rules), RulesURL)
	}
	if _, err := HugeFile(size, "round"); err == nil {
		t.Error("an unknown shape gave no error")
	}
}
