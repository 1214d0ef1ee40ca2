package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The keys and clipboard events of a windowed editor (editorwindow.go):
// they run in the browser's own listeners, before its default action, so
// that the window can move first and the browser's editing then acts in
// the new window (a Backspace at the window's first character deletes the
// line end before it, Ctrl+End goes to the file's last line).

// navigationKeys move the caret or the selection: after one, a selection
// of the whole window is no longer "all" from Ctrl+A.
var navigationKeys = map[string]bool{
	"ArrowUp": true, "ArrowDown": true, "ArrowLeft": true, "ArrowRight": true,
	"Home": true, "End": true, "PageUp": true, "PageDown": true,
}

// onKeyDown moves the window before the key acts: to the file's start or
// end for Ctrl+Home and Ctrl+End, around the caret when it is near an end
// of the window with more text beyond.
func (ed *editor) onKeyDown(ev app.Value) {
	field := ed.field()
	if !ed.windowed() || !field.Truthy() {
		return
	}
	key := ev.Get("key").String()
	mod := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool()
	switch {
	case mod && strings.EqualFold(key, "a"):
		// The browser selects the window; copying, cutting or replacing
		// that selection acts on the whole file (onCopy, onBeforeInput).
		ed.allSelected = true
		return
	case mod && !ev.Get("shiftKey").Bool() && (key == "Home" || key == "End"):
		// To the file's start or end, in a window that holds it. (With
		// Shift, the browser's own: the selection grows to the window's
		// end only, as a selection wider than the window would not
		// survive its moves.)
		ev.Call("preventDefault")
		ed.goToEnd(field, key == "End")
		return
	case navigationKeys[key]:
		ed.allSelected = false
	}
	if !ed.allSelected || !ed.coversAll(field) {
		ed.keepCaretInside(field)
	}
}

// goToEnd puts the caret at the file's start, or its end, and scrolls
// there: the window moves first when it does not hold that end. (The
// browser's own Ctrl+End, after the move, would find its caret at the end
// of the new value already, and scroll nothing.)
func (ed *editor) goToEnd(field app.Value, end bool) {
	at, has := 0, ed.winFrom == 0
	if end {
		at, has = len(ed.shown), ed.winTo == len(ed.shown)
	}
	if !has {
		from, to := windowAround(ed.shown, at)
		ed.moveWindow(field, from, to, field.Get("scrollTop").Float())
	}
	caret, top := 0, 0
	if end {
		caret, top = field.Get("textLength").Int(), field.Get("scrollHeight").Int()
	}
	field.Call("setSelectionRange", caret, caret)
	field.Set("scrollTop", top)
	ed.paint()
}

// keepCaretInside moves the window around the caret when the caret is
// within caretMargin of an end of the window with more text beyond, so
// that the key about to act (Backspace at the window's first character,
// Delete at its last, an arrow or Page key past it) finds the text it acts
// on in the textarea.
func (ed *editor) keepCaretInside(field app.Value) {
	start, end := field.Get("selectionStart").Int(), field.Get("selectionEnd").Int()
	n := field.Get("textLength").Int()
	nearStart := ed.winFrom > 0 && start < caretMargin
	nearEnd := ed.winTo < len(ed.shown) && n-end < caretMargin
	if !nearStart && !nearEnd {
		return
	}
	from, to := windowAround(ed.shown, ed.winFrom+byteOffset(ed.window(), start))
	ed.moveWindow(field, from, to, field.Get("scrollTop").Float())
}

// coversAll says the field's selection is all of its text.
func (ed *editor) coversAll(field app.Value) bool {
	return field.Get("selectionStart").Int() == 0 && field.Get("selectionEnd").Int() == field.Get("textLength").Int()
}

// onBeforeInput notes that an edit of the person's is about to happen,
// and whether it replaces the whole file: after Ctrl+A, over a selection
// that is still all of the window. (The browser sends beforeinput for
// every edit of the person's, typing, pasting, dropping, undoing; an
// input without one comes from a script that set the value.)
func (ed *editor) onBeforeInput(app.Value) {
	ed.editing = true
	ed.replacingAll = ed.windowed() && ed.allSelected && ed.coversAll(ed.field())
}

// onCopy puts the whole file on the clipboard when Ctrl+A selected it
// (the browser would copy the window), and for a cut deletes it.
func (ed *editor) onCopy(ev app.Value, cut bool) {
	field := ed.field()
	data := ev.Get("clipboardData")
	if !ed.windowed() || !ed.allSelected || !field.Truthy() || !data.Truthy() || !ed.coversAll(field) {
		return
	}
	ev.Call("preventDefault")
	data.Call("setData", "text/plain", ed.shown+ed.hidden)
	if cut && !field.Get("readOnly").Bool() {
		// The browser's own delete, with its input event, which finds the
		// whole file replaced.
		ed.replacingAll = true
		app.Window().Get("document").Call("execCommand", "delete")
	}
}

// onMouseDown forgets Ctrl+A: a click or a drag makes a selection of its
// own.
func (ed *editor) onMouseDown(app.Value) { ed.allSelected = false }
