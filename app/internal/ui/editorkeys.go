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
		// The browser's own Ctrl+Home or Ctrl+End follows, in a window
		// that holds the file's start or end. (With Shift, the selection
		// grows to the window's end only: a selection wider than the
		// window would not survive its moves.)
		at := 0
		if key == "End" {
			at = len(ed.shown)
		}
		if (at == 0 && ed.winFrom == 0) || (at > 0 && ed.winTo == len(ed.shown)) {
			return // in the window already: writing it anew would lose its undo
		}
		from, to := windowAround(ed.shown, at)
		ed.moveWindow(field, from, to, field.Get("scrollTop").Float())
		return
	case navigationKeys[key]:
		ed.allSelected = false
	}
	if !ed.allSelected || !ed.coversAll(field) {
		ed.keepCaretInside(field)
	}
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

// onBeforeInput notes whether the edit about to happen replaces the whole
// file: after Ctrl+A, over a selection that is still all of the window.
func (ed *editor) onBeforeInput(app.Value) {
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
