package ui

import (
	"strings"
	"testing"

	"robots-explorer/app/internal/view"
)

// manyLines is a text of lines of 100 bytes (line end included) past n
// bytes.
func manyLines(n int) string {
	line := strings.Repeat("x", 99) + "\n"
	return strings.Repeat(line, n/100+1)
}

func TestWindowEnd(t *testing.T) {
	many := manyLines(2 * WindowLimit)
	tests := []struct {
		name     string
		s        string
		from, at int
		want     int
	}{
		{"short text: all of it", "a\nb\n", 0, 0, 4},
		{"long text: before the last line end in reach", many, 0, 0, WindowLimit/100*100 - 1},
		{"from a later line", many, 500, 500, 500 + WindowLimit/100*100 - 1},
		{"a line end past at", many, 0, 60000, WindowLimit/100*100 - 1},
		{"one huge line: cut at the bound", strings.Repeat("x", 2*WindowLimit), 0, 0, WindowLimit},
		{"one huge line: a character stays whole", strings.Repeat("€", WindowLimit), 0, 0, WindowLimit / 3 * 3},
		{"no line end past at: cut at the bound", many[:WindowLimit-50] + strings.Repeat("y", WindowLimit), 0, WindowLimit - 40, WindowLimit},
	}
	for _, tt := range tests {
		if got := windowEnd(tt.s, tt.from, tt.at); got != tt.want {
			t.Errorf("%s: windowEnd(…, %d, %d) = %d, want %d", tt.name, tt.from, tt.at, got, tt.want)
		}
	}
}

// A window about the caret holds the caret, stays within its bound, starts
// at a line start and ends at a line end (or at an end of the text), and
// reaches the text's start or end when the caret is within half a window
// of it.
func TestWindowAround(t *testing.T) {
	lines := manyLines(500 << 10)
	huge := strings.Repeat("é", 300<<10) // one line, two bytes a character
	for _, tt := range []struct {
		name string
		s    string
	}{{"lines", lines}, {"one huge line", huge}, {"lines then a huge line", lines[:200<<10] + huge}} {
		for _, at := range []int{0, 1, 100, WindowLimit / 2, WindowLimit, len(tt.s) / 2, len(tt.s) - WindowLimit/2 - 1, len(tt.s) - 100, len(tt.s)} {
			from, to := windowAround(tt.s, at)
			at := min(at, len(tt.s))
			switch {
			case from > at || to < at:
				t.Errorf("%s, at %d: window %d:%d does not hold the caret", tt.name, at, from, to)
			case to-from > WindowLimit+3:
				t.Errorf("%s, at %d: window %d:%d holds %d bytes, over %d", tt.name, at, from, to, to-from, WindowLimit)
			case from > 0 && tt.s[from-1] != '\n' && strings.Contains(tt.s[max(0, from-WindowLimit/4):from], "\n"):
				t.Errorf("%s, at %d: window starts at %d, not at a line start in reach", tt.name, at, from)
			case to < len(tt.s) && tt.s[to] != '\n' && strings.Contains(tt.s[at:to], "\n"):
				t.Errorf("%s, at %d: window ends at %d, not at a line end in reach", tt.name, at, to)
			case at < WindowLimit/2 && from != 0:
				t.Errorf("%s, at %d: window starts at %d, want the text's start", tt.name, at, from)
			case at+WindowLimit/2 >= len(tt.s) && to != len(tt.s):
				t.Errorf("%s, at %d: window ends at %d, want the text's end %d", tt.name, at, to, len(tt.s))
			case (from < len(tt.s) && from > 0 && !isRuneStart(tt.s, from)) || (to < len(tt.s) && !isRuneStart(tt.s, to)):
				t.Errorf("%s, at %d: window %d:%d cuts a character", tt.name, at, from, to)
			}
		}
	}
	if from, to := windowAround("small\ntext", 3); from != 0 || to != 10 {
		t.Errorf("a small text's window is %d:%d, want all of it", from, to)
	}
}

func isRuneStart(s string, i int) bool { return s[i]&0xC0 != 0x80 }

// Joining the window's new text with what lies around it gives back the
// whole file; replacing all keeps the window's text alone.
func TestJoinWindow(t *testing.T) {
	s := "line 1\nline 2\nline 3\nline 4\n"
	from, to := len("line 1\n"), len("line 1\nline 2\nline 3")
	tests := []struct {
		window string
		all    bool
		want   string
	}{
		{"line 2\nline 3", false, s},
		{"line 2\nline 3!", false, "line 1\nline 2\nline 3!\nline 4\n"},
		{"", false, "line 1\n\nline 4\n"},
		{"x\ny\nz", false, "line 1\nx\ny\nz\nline 4\n"},
		{"", true, ""},
		{"typed", true, "typed"},
	}
	for _, tt := range tests {
		if got := joinWindow(s, from, to, tt.window, tt.all); got != tt.want {
			t.Errorf("joinWindow(…, %q, all %v) = %q, want %q", tt.window, tt.all, got, tt.want)
		}
	}
}

func TestWindowedAfter(t *testing.T) {
	tests := []struct {
		n    int
		was  bool
		want bool
	}{
		{windowFrom, false, false}, // a small file stays as it was
		{windowFrom + 1, false, true},
		{windowLeave + 1, true, true}, // no going in and out at the bound
		{windowLeave, true, false},
		{0, true, false},
	}
	for _, tt := range tests {
		if got := windowedAfter(tt.n, tt.was); got != tt.want {
			t.Errorf("windowedAfter(%d, was %v) = %v, want %v", tt.n, tt.was, got, tt.want)
		}
	}
}

// The window slides when the view nears an end with more text beyond, so
// that the lines in view end up in its middle, and stays otherwise.
func TestWindowSlide(t *testing.T) {
	tests := []struct {
		name               string
		first, last, lines int
		base               int
		before, after      bool
		want               int
	}{
		{"in the middle: stays", 1000, 1024, 2700, 0, false, true, 0},
		{"near the end, more after", 2660, 2684, 2700, 0, false, true, 2660 - 1350 + 12},
		{"near the end, nothing after", 2660, 2684, 2700, 5000, true, false, 0},
		{"near the start, more before", 10, 34, 2700, 5000, true, true, 5000 + 10 - 1350 + 12},
		{"near the file's start: from line 1", 10, 34, 2700, 300, true, true, 1},
		{"at the file's start already", 10, 34, 2700, 0, false, true, 0},
	}
	for _, tt := range tests {
		if got := windowSlide(tt.first, tt.last, tt.lines, tt.base, tt.before, tt.after); got != tt.want {
			t.Errorf("%s: windowSlide = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// The window of a hidden-tail editor numbers its lines from where it
// starts in the file, and never runs past the analysed part.
func TestShowWindow(t *testing.T) {
	var b strings.Builder
	for i := 1; b.Len() < 3*WindowLimit; i++ {
		b.WriteString("Disallow: /line-" + strings.Repeat("x", 20) + "\n")
	}
	ed := &editor{KeepTail: true}
	src := b.String()
	shown, kept := ed.cut(src+strings.Repeat("y", view.AnalysedLimit), false)
	if kept != src+strings.Repeat("y", view.AnalysedLimit) || !ed.previewing() || !ed.windowed() {
		t.Fatalf("cut keeps %d bytes (previewing %v), want all %d", len(kept), ed.previewing(), len(src)+view.AnalysedLimit)
	}
	total := view.LineCount(shown)
	for _, first := range []int{1, 2, 1000, total - 5, total + 100} {
		text := ed.showWindow(first)
		if len(text) > WindowLimit {
			t.Errorf("window from line %d holds %d bytes, over %d", first, len(text), WindowLimit)
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

// An edit in the window of a large text: typed characters, a new line, a
// deleted line end keep the window and report the whole file, with the
// text around the window; an edit that makes the text small again, or
// replaces all, makes the window anew.
func TestEditWindow(t *testing.T) {
	src := manyLines(500 << 10)
	ed := &editor{}
	shown, kept := ed.accept(src, func() int { return len(src) / 2 })
	if kept != src || !ed.windowed() || len(shown) > WindowLimit || shown != src[ed.winFrom:ed.winTo] {
		t.Fatalf("a 500 KiB text: windowed %v, the textarea holds %d bytes at %d", ed.windowed(), len(shown), ed.winFrom)
	}
	if want := strings.Count(src[:ed.winFrom], "\n"); ed.base != want || ed.lines != view.LineCount(shown) {
		t.Errorf("the window starts at line %d with %d lines, want %d with %d", ed.base+1, ed.lines, want+1, view.LineCount(shown))
	}
	from, to := ed.winFrom, ed.winTo
	edits := []struct {
		name   string
		window string
		want   string
	}{
		{"a character typed", shown[:10] + "#" + shown[10:], src[:from+10] + "#" + src[from+10:]},
		{"Enter", shown[:10] + "\n" + shown[10:], src[:from+10] + "\n" + src[from+10:]},
		{"Backspace over a line end", strings.Replace(shown, "\n", "", 1), src[:from] + strings.Replace(src[from:], "\n", "", 1)},
		{"Delete at the window's end", shown[:len(shown)-1], src[:to-1] + src[to:]},
	}
	for _, e := range edits {
		ed := &editor{}
		ed.accept(src, func() int { return len(src) / 2 })
		got, ok := ed.editWindow(e.window, false)
		if !ok || got != e.want || ed.winTo-ed.winFrom != len(e.window) {
			t.Errorf("%s: kept the window %v, reported %d bytes, want %d", e.name, ok, len(got), len(e.want))
		}
	}
	if _, ok := ed.editWindow("x", true); ok {
		t.Error("replacing all kept the window")
	}
	if _, ok := ed.editWindow(strings.Repeat("x", windowKeep+1), false); ok {
		t.Error("a window grown past windowKeep was kept")
	}
	small := &editor{}
	small.accept(src, func() int { return 0 })
	if _, ok := small.editWindow("", false); !ok {
		t.Error("deleting the window of a 500 KiB text leaves 436 KiB, still windowed, but the window was not kept")
	}
	if shown, kept := small.accept("", func() int { return 0 }); shown != "" || kept != "" || small.windowed() {
		t.Errorf("Ctrl+A and Delete: the textarea holds %q, %q reported, windowed %v", shown, kept, small.windowed())
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
