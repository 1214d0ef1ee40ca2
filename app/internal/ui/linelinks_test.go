package ui

import (
	"testing"
)

func TestNextLineRef(t *testing.T) {
	tests := []struct {
		in            string
		word          string
		n             int
		before, after string
		ok            bool
	}{
		{"Disallowed by line 3, `Disallow: /x`", "line", 3, "Disallowed by ", ", `Disallow: /x`", true},
		{"Line 12: text", "Line", 12, "", ": text", true},
		{"the baseline 4 and line 7", "line", 7, "the baseline 4 and ", "", true},
		{"line 5x and line", "", 0, "", "", false},
		{"no lines here", "", 0, "", "", false},
	}
	for _, tt := range tests {
		word, n, before, after, ok := nextLineRef(tt.in)
		if word != tt.word || n != tt.n || before != tt.before || after != tt.after || ok != tt.ok {
			t.Errorf("nextLineRef(%q) = %q %d %q %q %v", tt.in, word, n, before, after, ok)
		}
	}
}
