package ui

import (
	"strings"
	"testing"

	"robots-explorer/app/internal/view"
)

func TestPreviewEnd(t *testing.T) {
	line := strings.Repeat("x", 99) + "\n" // 100 bytes
	many := strings.Repeat(line, 2*PreviewLimit/100)
	tests := []struct {
		name string
		s    string
		from int
		want int
	}{
		{"short text: all of it", "a\nb\n", 0, 4},
		{"long text: after the last line end in reach", many, 0, PreviewLimit / 100 * 100},
		{"from a later line", many, 500, 500 + PreviewLimit/100*100},
		{"one huge line: cut at the bound", strings.Repeat("x", 2*PreviewLimit), 0, PreviewLimit},
		{"one huge line: a character stays whole", strings.Repeat("€", PreviewLimit), 0, PreviewLimit / 3 * 3},
	}
	for _, tt := range tests {
		if got := previewEnd(tt.s, tt.from); got != tt.want {
			t.Errorf("%s: previewEnd(…, %d) = %d, want %d", tt.name, tt.from, got, tt.want)
		}
	}
}

// The window of a hidden-tail editor numbers its lines from where it
// starts in the file, and never runs past the analysed part.
func TestShowWindow(t *testing.T) {
	var b strings.Builder
	for i := 1; b.Len() < 3*PreviewLimit; i++ {
		b.WriteString("Disallow: /line-" + strings.Repeat("x", 20) + "\n")
	}
	ed := &editor{KeepTail: true}
	src := b.String()
	shown, kept := ed.cut(src + strings.Repeat("y", view.AnalysedLimit))
	if kept != src+strings.Repeat("y", view.AnalysedLimit) || !ed.previewing() {
		t.Fatalf("cut keeps %d bytes (previewing %v), want all %d", len(kept), ed.previewing(), len(src)+view.AnalysedLimit)
	}
	total := view.LineCount(shown)
	for _, first := range []int{1, 2, 1000, total - 5, total + 100} {
		text := ed.showWindow(first)
		if len(text) > PreviewLimit {
			t.Errorf("window from line %d holds %d bytes, over %d", first, len(text), PreviewLimit)
		}
		want := max(1, min(first, total-1))
		if ed.base+1 != want {
			t.Errorf("window from line %d starts at line %d, want %d", first, ed.base+1, want)
		}
		if !strings.HasPrefix(shown[ed.winFrom:], text) || ed.lines != view.LineCount(text) {
			t.Errorf("window from line %d is not the analysed part's text at %d (%d lines counted)", first, ed.winFrom, ed.lines)
		}
	}
}

func TestByteOffset(t *testing.T) {
	tests := []struct {
		s        string
		at, want int
	}{
		{"abc", 0, 0},
		{"abc", 2, 2},
		{"abc", 9, 3},
		{"é/x", 1, 2}, // é: one UTF-16 unit, two bytes
		{"😀/x", 2, 4}, // 😀: a surrogate pair, four bytes
		{"😀/x", 3, 5},
	}
	for _, tt := range tests {
		if got := byteOffset(tt.s, tt.at); got != tt.want {
			t.Errorf("byteOffset(%q, %d) = %d, want %d", tt.s, tt.at, got, tt.want)
		}
		if tt.want < len(tt.s) && UTF16Len(tt.s[:tt.want]) != tt.at {
			t.Errorf("UTF16Len(%q) = %d, want %d (the round trip)", tt.s[:tt.want], UTF16Len(tt.s[:tt.want]), tt.at)
		}
	}
}
