package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// While a file too large to analyse whole keeps a hidden tail, the editor
// is read-only, and its textarea holds a window of the analysed part, not
// all of it: the browser lays out a textarea's whole text at once (about
// 1.5 ms a KiB in headless Chromium, so 1.5 s for the analysed megabyte,
// one frozen task after each paste), while a 64 KiB window takes some
// 50 ms. The window moves as the person scrolls near its ends or follows a
// line link, and the gutter numbers its lines from where it starts, so the
// whole analysed part can still be read; the analysis sees all of it, and
// the editor keeps every byte. Letting the hidden tail go makes the whole
// analysed part editable in the textarea again.

// PreviewLimit bounds the text of the read-only window.
const PreviewLimit = 64 << 10

// previewEnd is where the window of s that starts at byte from (a line
// start) ends: at most PreviewLimit bytes on, after a line end when one
// is in reach.
func previewEnd(s string, from int) int {
	end := from + PreviewLimit
	if end >= len(s) {
		return len(s)
	}
	if i := strings.LastIndexByte(s[from:end], '\n'); i >= 0 {
		return from + i + 1
	}
	// One huge line: the bound matters more, but a character stays whole.
	for end > from+1 && !utf8.RuneStart(s[end]) {
		end--
	}
	return end
}

// lineOffset is the byte offset in s where its line n (1-based) starts,
// len(s) past its last line.
func lineOffset(s string, n int) int { return len(LineStart(s, n)) }

// previewing says the textarea holds a read-only window of the analysed
// part, not all of it.
func (ed *editor) previewing() bool { return ed.hidden != "" }

// showWindow makes the window the lines of the analysed part from line
// first (1-based) on, and returns its text.
func (ed *editor) showWindow(first int) string {
	from := lineOffset(ed.shown, max(1, first))
	if from == len(ed.shown) && from > 0 {
		from = lineOffset(ed.shown, max(1, view.LineCount(ed.shown)-1))
	}
	ed.winFrom, ed.winTo = from, previewEnd(ed.shown, from)
	ed.base = strings.Count(ed.shown[:from], "\n")
	text := ed.shown[ed.winFrom:ed.winTo]
	ed.lines = view.LineCount(text)
	return text
}

// slideMargin is how close (in lines) to an end of the window the view
// may come before the window moves.
const slideMargin = 60

// slide moves the window when the view comes near one of its ends and
// more of the analysed part lies beyond, keeping the lines in view where
// they are on screen.
func (ed *editor) slide() {
	field := ed.field()
	if !ed.previewing() || !field.Truthy() {
		return
	}
	top, height := field.Get("scrollTop").Float(), field.Get("clientHeight").Float()
	w := view.VisibleLines(top, height, ed.lines)
	margin := min(slideMargin, ed.lines/4) // a window of long lines has few
	nearEnd := w.Last > ed.lines-margin && ed.winTo < len(ed.shown)
	nearStart := w.First < margin && ed.winFrom > 0
	// The lines in view end up in the middle of the new window.
	from := max(1, ed.base+w.First-ed.lines/2+(w.Last-w.First)/2)
	if (!nearEnd && !nearStart) || from == ed.base+1 {
		return
	}
	ed.moveWindow(field, from, top)
}

// moveWindow makes the window start at line from, and scrolls it so that
// the lines in view at scrollTop top stay where they are on screen.
func (ed *editor) moveWindow(field app.Value, from int, top float64) {
	oldBase, oldFrom, old := ed.base, ed.winFrom, ed.shown[ed.winFrom:ed.winTo]
	// The selection, as offsets in the file, so that it survives the move
	// when it lies in the new window (writing the value drops it).
	start := oldFrom + byteOffset(old, field.Get("selectionStart").Int())
	end := oldFrom + byteOffset(old, field.Get("selectionEnd").Int())
	text := ed.showWindow(from)
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
	if !ed.previewing() {
		return n
	}
	if n <= ed.base || n > ed.base+ed.lines {
		ed.moveWindow(field, n-slideMargin, 0)
	}
	return n - ed.base
}
