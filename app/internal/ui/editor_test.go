package ui

import (
	"testing"
)

func TestLineStartAndUTF16(t *testing.T) {
	s := "a\nbé\n😀x\nlast"
	tests := []struct {
		line   int
		head   string
		utf16s int
	}{
		{1, "", 0}, {2, "a\n", 2}, {3, "a\nbé\n", 5}, {4, "a\nbé\n😀x\n", 9}, {9, s, 13},
	}
	for _, tt := range tests {
		head := LineStart(s, tt.line)
		if head != tt.head || UTF16Len(head) != tt.utf16s {
			t.Errorf("line %d: head %q (%d UTF-16 units), want %q (%d)", tt.line, head, UTF16Len(head), tt.head, tt.utf16s)
		}
	}
}

func TestNormalizeNewlines(t *testing.T) {
	for in, want := range map[string]string{"a\r\nb\rc\n": "a\nb\nc\n", "plain\n": "plain\n", "\r\r\n": "\n\n"} {
		if got := normalizeNewlines(in); got != want {
			t.Errorf("normalizeNewlines(%q) = %q, want %q", in, got, want)
		}
	}
}
