package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The textarea of a large text holds a window of it, not all of it: the
// browser lays out a textarea's whole text at once, for a new value (about
// 1.5 ms a KiB in headless Chromium, so 1.5 s for the analysed megabyte)
// and again for each key typed (40 to 55 ms a key in a 500 KiB file, one
// text node re-laid out whole), while a 64 KiB window is laid out in a few
// milliseconds. The rest of the text stays in Go beside the window: what
// lies before it (shown[:winFrom]) and after it (shown[winTo:]); the
// gutter numbers the window's lines from the line it starts at (base), and
// the text reported is always the whole file.
//
// The window moves when the view nears one of its ends (the wheel, the
// scroll bar), when the caret nears one (a key press there: typing, Enter,
// Backspace, the arrows), on Ctrl+Home and Ctrl+End (to the file's real
// start and end) and for a line link. Ctrl+A selects the whole file: the
// browser selects the window, and the editor remembers that all was asked
// for, so that copying, cutting, typing or deleting over that selection acts
// on the whole file.
//
// Moving the window writes the textarea's value, and the browser forgets
// its undo history then: undo works for the edits since the window last
// moved (ordinary typing moves it only every few thousand lines).
//
// A file with a hidden tail (too large to analyse whole, kept until the
// person lets it go) is shown the same way, read-only, in a window of the
// part analysed.

// WindowLimit bounds the text of the textarea's window.
const WindowLimit = 64 << 10

// A text is windowed from windowFrom bytes on, and stays windowed while it
// keeps more than windowLeave: a text at the bound would otherwise go in
// and out of the window at every other key, rewriting the textarea each
// time. A text below windowFrom is never windowed: the textarea holds it
// all, with the browser's own editing and undo, as for any small file.
const (
	windowFrom  = 2 * WindowLimit
	windowLeave = 3 * WindowLimit / 2
)

// windowKeep is how large an edit may make the window (a paste the browser
// does by itself) before the editor cuts it to WindowLimit again.
const windowKeep = 2 * WindowLimit

// caretMargin is how near (in UTF-16 code units) the caret may come to an
// end of the window, with more of the text beyond, before a key press
// moves the window: far enough for any key (a Page Down is some thirty
// lines), well inside the half window that a move puts on either side.
const caretMargin = 4 << 10

// slideMargin is how close (in lines) to an end of the window the view
// may come before the window moves.
const slideMargin = 60

// windowEnd is where a window of s from byte from, holding byte at, ends:
// at most WindowLimit bytes on, at the end of a line (before its line end,
// so that the textarea's last line is a whole line of the file and the
// gutter numbers no line that is not there) when one ends in reach past
// at.
func windowEnd(s string, from, at int) int {
	end := from + WindowLimit
	if end >= len(s) {
		return len(s)
	}
	if i := strings.LastIndexByte(s[at:end], '\n'); i > 0 {
		return at + i
	}
	// One huge line: the bound matters more, but a character stays whole.
	return runeStart(s, end, at+1)
}

// runeStart moves i back to the start of the character it is in, not
// below lo.
func runeStart(s string, i, lo int) int {
	for i > lo && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// windowAround is the window of s about byte at: at most WindowLimit
// bytes (past WindowLimit only for a line too long to cut at a line end),
// at in its middle, from a line start to a line end when lines are in
// reach; up to the end of s when at is within half a window of it, from
// the start of s when at is within half a window of that.
func windowAround(s string, at int) (from, to int) {
	at = min(max(0, at), len(s))
	if len(s) <= WindowLimit {
		return 0, len(s)
	}
	if at+WindowLimit/2 >= len(s) {
		// The end in reach: the window ends there, from a line start.
		from = len(s) - WindowLimit
		if i := strings.IndexByte(s[from:at], '\n'); i >= 0 {
			return from + i + 1, len(s)
		}
		for from < at && !utf8.RuneStart(s[from]) {
			from++
		}
		return from, len(s)
	}
	from = max(0, at-WindowLimit/2)
	if i := strings.LastIndexByte(s[:from], '\n'); from > 0 && i >= 0 && from-(i+1) < WindowLimit/4 {
		from = i + 1
	} else {
		from = runeStart(s, from, 0)
	}
	return from, windowEnd(s, from, at)
}

// lineWindow is the window of s from its line first (1-based) on; past
// the last line, the window of its last two lines.
func lineWindow(s string, first int) (from, to int) {
	from = lineOffset(s, max(1, first))
	if from == len(s) && from > 0 {
		from = lineOffset(s, max(1, view.LineCount(s)-1))
	}
	return from, windowEnd(s, from, from)
}

// lineOffset is the byte offset in s where its line n (1-based) starts,
// len(s) past its last line.
func lineOffset(s string, n int) int { return len(LineStart(s, n)) }

// joinWindow is the whole text again after an edit in the window: what
// lies before the old window, the window's new text, what lies after.
// Replacing all (Ctrl+A, then an edit) keeps the window's text alone.
func joinWindow(s string, from, to int, window string, all bool) string {
	if all {
		return window
	}
	return s[:from] + window + s[to:]
}

// windowedAfter says whether a text of n bytes is shown in a window, when
// it was (was) or was not before: see windowFrom and windowLeave.
func windowedAfter(n int, was bool) bool {
	return n > windowFrom || (was && n > windowLeave)
}

// windowSlide is the file's line (1-based) where a window should start
// whose lines first to last (of lines, the first of them line base+1 of
// the file) are in view, or 0 to stay: it moves when the view comes within
// slideMargin lines of an end with more text beyond (before, after), so
// that the lines in view end up in its middle.
func windowSlide(first, last, lines, base int, before, after bool) int {
	margin := min(slideMargin, lines/4) // a window of long lines has few
	nearEnd := last > lines-margin && after
	nearStart := first < margin && before
	from := max(1, base+first-lines/2+(last-first)/2)
	if (!nearEnd && !nearStart) || from == base+1 {
		return 0
	}
	return from
}

// windowed says the textarea holds a window of shown, not all of it.
func (ed *editor) windowed() bool { return ed.shown != "" }

// previewing says the textarea holds a read-only window of the analysed
// part of a file with a hidden tail.
func (ed *editor) previewing() bool { return ed.hidden != "" }

// window is the text the textarea holds while windowed.
func (ed *editor) window() string { return ed.shown[ed.winFrom:ed.winTo] }

// setWindow makes the window shown[from:to], and returns its text.
func (ed *editor) setWindow(from, to int) string {
	ed.winFrom, ed.winTo = from, to
	ed.base = strings.Count(ed.shown[:from], "\n")
	text := ed.window()
	ed.lines = view.LineCount(text)
	return text
}

// showWindow makes the window the lines of shown from line first
// (1-based) on, and returns its text.
func (ed *editor) showWindow(first int) string {
	return ed.setWindow(lineWindow(ed.shown, first))
}

// slide moves the window when the view comes near one of its ends and
// more of the text lies beyond, keeping the lines in view where they are
// on screen.
func (ed *editor) slide() {
	field := ed.field()
	if !ed.windowed() || !field.Truthy() {
		return
	}
	top, height := field.Get("scrollTop").Float(), field.Get("clientHeight").Float()
	w := view.VisibleLines(top, height, ed.lines)
	first := windowSlide(w.First, w.Last, ed.lines, ed.base, ed.winFrom > 0, ed.winTo < len(ed.shown))
	if first == 0 {
		return
	}
	from, to := lineWindow(ed.shown, first)
	ed.moveWindow(field, from, to, top)
}

// moveWindow makes the window shown[from:to], and scrolls it so that the
// lines in view at scrollTop top stay where they are on screen.
func (ed *editor) moveWindow(field app.Value, from, to int, top float64) {
	if from == ed.winFrom && to == ed.winTo {
		return
	}
	oldBase, oldFrom, old := ed.base, ed.winFrom, ed.window()
	// The selection, as offsets in the file, so that it survives the move
	// when it lies in the new window (writing the value drops it).
	start := oldFrom + byteOffset(old, field.Get("selectionStart").Int())
	end := oldFrom + byteOffset(old, field.Get("selectionEnd").Int())
	text := ed.setWindow(from, to)
	ed.allSelected = false
	field.Set("value", text)
	if start >= ed.winFrom && end <= ed.winTo {
		field.Call("setSelectionRange", UTF16Len(text[:start-ed.winFrom]), UTF16Len(text[:end-ed.winFrom]))
	}
	ed.markFirstLine(field)
	field.Set("scrollTop", max(0, top+float64(oldBase-ed.base)*view.EditorLineHeight))
}

// byteOffset is the byte offset in s of the UTF-16 offset at (a
// textarea's selection), len(s) past its end.
func byteOffset(s string, at int) int {
	n := 0
	for i, r := range s {
		if n >= at {
			return i
		}
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return len(s)
}

// markFirstLine writes the file's number of the textarea's first line on
// it (data-first-line), for those who count lines from its caret.
func (ed *editor) markFirstLine(field app.Value) {
	field.Get("dataset").Set("firstLine", strconv.Itoa(ed.base+1))
}

// windowLine is line n of the file as a line of the window (1-based),
// moving the window first when the line lies outside it.
func (ed *editor) windowLine(field app.Value, n int) int {
	if !ed.windowed() {
		return n
	}
	if n <= ed.base || n > ed.base+ed.lines {
		from, to := lineWindow(ed.shown, n-slideMargin)
		ed.moveWindow(field, from, to, 0)
	}
	return n - ed.base
}
