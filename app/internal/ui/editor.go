package ui

import (
	"strings"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// editorContent is a text the explorer loads into the editor. Seq changes
// with every load, so the editor writes the textarea only then.
type editorContent struct {
	Seq  int
	Text string
}

// editor is a text field with line numbers: an uncontrolled textarea that
// scrolls by itself, and beside it a gutter that draws the numbers (and
// marks) of the lines in view and follows the textarea's scroll
// (gutter.go). The value is written only when Content changes (an example
// or a link loaded) and read on every input: writing it on each render
// would move the caret and copy a large file through the DOM at each
// keystroke.
type editor struct {
	app.Compo

	ID       string
	Label    string
	Content  editorContent
	OnChange func(ctx app.Context, text string)
	// KeepTail keeps the part of a text too large to show (see hidden),
	// for an editor whose page offers to let it go (the robots.txt size
	// notice). Without it the part is dropped and the field stays editable.
	KeepTail bool
	// Marks are drawn beside their lines (the deciding line, the other
	// matches, the lines with a diagnostic).
	Marks map[int]view.LineMark
	// ReadOnly keeps the person from editing the text (a capture's file).
	ReadOnly bool

	lines   int
	written int // the Content.Seq last written into the textarea
	// hidden is the end of a file too large to show, when KeepTail: the
	// textarea holds only its first part, read-only, and the text reported
	// is its value followed by hidden, so nothing pasted is lost. Editing
	// starts once the person lets the hidden part go (the size notice's
	// button).
	hidden string
	// shown is the text of a windowed editor (editorwindow.go): a large
	// text, or the analysed part while a tail is hidden; the textarea
	// holds the window winFrom:winTo of it, whose first line is line
	// base+1 of the file. Empty when the textarea holds all of the text.
	shown          string
	winFrom, winTo int
	base           int
	// allSelected says Ctrl+A selected the whole file, of which the
	// textarea selects the window; replacingAll that the edit under way
	// replaces that selection; editing that the input under way is the
	// person's edit, not a script's new value (editorkeys.go).
	allSelected, replacingAll, editing bool
	// fillSeq counts large pastes: only the last one fills the textarea.
	fillSeq int
	// dirty says the last input changed the rows or read-only, so its
	// event must re-render the editor.
	dirty bool
	// ctx and listeners are the mounted editor's: the textarea's scroll
	// and paste, and a ResizeObserver, all outside go-app's events so that
	// scrolling re-renders nothing.
	ctx       app.Context
	listeners []app.Func
	observer  app.Value
	// frame is the gutter's paint waiting for the next frame (frameID
	// its request), painted what the gutter's rows show.
	frame   app.Func
	frameID app.Value
	painted gutterRows
}

// dropHiddenAction asks the editors to forget the part of a file they do
// not show (the size notice's button).
const dropHiddenAction = "editor/drop-hidden"

// gotoLineAction moves the caret of an editor to a line and brings it into
// view; its value is a lineTarget.
const gotoLineAction = "editor/goto-line"

// A lineTarget names an editor and one of its lines.
type lineTarget struct {
	ID   string
	Line int
}

// maxRows is the most lines the textarea asks room for; a longer text
// scrolls inside it (the stylesheet bounds its height too).
const maxRows = 24

// pasteSelfFrom is the size (in UTF-16 code units) from which the editor
// pastes by itself: the browser would insert all of a 10 MiB paste into the
// textarea, lay it out and record it for undo before the editor could cut
// it to what it shows.
const pasteSelfFrom = 256 << 10

func newEditor(id, label string, content editorContent, onChange func(app.Context, string)) *editor {
	return &editor{ID: id, Label: label, Content: content, OnChange: onChange, written: -1}
}

// readOnly makes the editor's text read-only when ro is set.
func (ed *editor) readOnly(ro bool) *editor {
	ed.ReadOnly = ro
	return ed
}

// keepingTail makes the editor keep the part of a text too large to show.
func (ed *editor) keepingTail() *editor {
	ed.KeepTail = true
	return ed
}

// withMarks draws marks beside their lines.
func (ed *editor) withMarks(m map[int]view.LineMark) *editor {
	ed.Marks = m
	return ed
}

// cut returns the part of text the editor shows (boundSource), and what
// it keeps and reports: with KeepTail, all of text, the rest kept as
// hidden; otherwise only what it shows, the rest dropped. A large part
// shown, or one with a hidden tail, is shown in a window (was: the editor
// was windowed before this text).
func (ed *editor) cut(text string, was bool) (shown, kept string) {
	shown = view.BoundSource(text)
	ed.hidden, ed.shown, ed.base, ed.winFrom, ed.winTo = "", "", 0, 0, 0
	if ed.KeepTail {
		ed.hidden = text[len(shown):]
	}
	if ed.hidden != "" || windowedAfter(len(shown), was) {
		ed.shown = shown
	}
	return shown, text[:len(shown)+len(ed.hidden)]
}

// display is what the textarea holds of shown: all of it; or the window
// about byte caret of it; or while a tail is hidden, the read-only window
// from its first line. It counts the lines the gutter numbers.
func (ed *editor) display(shown string, caret int) string {
	switch {
	case ed.previewing():
		return ed.showWindow(1)
	case ed.windowed():
		return ed.setWindow(windowAround(shown, caret))
	}
	ed.lines = view.LineCount(shown)
	return shown
}

// OnInit counts the lines of the first content.
func (ed *editor) OnInit() { ed.lines = view.LineCount(ed.Content.Text) }

func (ed *editor) OnMount(ctx app.Context) {
	ed.ctx = ctx
	ed.write(ctx)
	ctx.Handle(dropHiddenAction, ed.dropHidden)
	ctx.Handle(gotoLineAction, ed.gotoLine)
	ctx.Defer(func(app.Context) { ed.listen() }) // once the textarea is in the document
}

// fieldEvents are the textarea's events the editor listens to itself, in
// the order of its listeners.
var fieldEvents = []string{"scroll", "paste", "keydown", "beforeinput", "copy", "cut", "mousedown"}

func (ed *editor) OnDismount() {
	field := ed.field()
	for i, name := range fieldEvents {
		if i < len(ed.listeners) && field.Truthy() {
			field.Call("removeEventListener", name, ed.listeners[i])
		}
	}
	if ed.observer != nil && ed.observer.Truthy() {
		ed.observer.Call("disconnect")
	}
	for _, f := range ed.listeners {
		f.Release()
	}
	if ed.frame != nil {
		app.Window().Call("cancelAnimationFrame", ed.frameID)
		ed.frame.Release()
		ed.frame = nil
	}
	ed.listeners, ed.observer = nil, nil
}

// listen follows the textarea's scroll and size with the gutter, takes
// over large pastes, and moves a window for the keys and the clipboard
// (editorkeys.go). These listeners are the browser's own, not go-app's
// events: they run before the browser's default action, and scrolling
// re-renders nothing.
func (ed *editor) listen() {
	field := ed.field()
	if ed.listeners != nil || !field.Truthy() {
		return
	}
	on := func(f func(app.Value)) app.Func {
		return app.FuncOf(func(_ app.Value, args []app.Value) any { f(args[0]); return nil })
	}
	paint := app.FuncOf(func(app.Value, []app.Value) any { ed.scrolled(); return nil })
	ed.listeners = []app.Func{paint, on(ed.onPaste), on(ed.onKeyDown), on(ed.onBeforeInput),
		on(func(ev app.Value) { ed.onCopy(ev, false) }), on(func(ev app.Value) { ed.onCopy(ev, true) }), on(ed.onMouseDown)}
	field.Call("addEventListener", "scroll", paint, map[string]any{"passive": true})
	for i, name := range fieldEvents[1:] {
		field.Call("addEventListener", name, ed.listeners[i+1])
	}
	if ro := app.Window().Get("ResizeObserver"); ro.Truthy() {
		ed.observer = ro.New(paint)
		ed.observer.Call("observe", field)
	}
	ed.paint()
}

func (ed *editor) field() app.Value  { return app.Window().GetElementByID(ed.ID) }
func (ed *editor) gutterID() string  { return ed.ID + "-gutter" }
func (ed *editor) gutter() app.Value { return app.Window().GetElementByID(ed.gutterID()) }

// paint draws the gutter for the textarea's scroll position in the next
// frame, once however many changes come before it: reading the scroll
// position lays the textarea out, and in an input handler that was a
// layout of all of a large text at each keystroke, before the frame's own.
func (ed *editor) paint() {
	if ed.frame != nil || !app.IsClient {
		return
	}
	var f app.Func
	f = app.FuncOf(func(app.Value, []app.Value) any {
		f.Release()
		if ed.frame != nil { // not dismounted meanwhile
			ed.frame = nil
			ed.paintNow()
		}
		return nil
	})
	ed.frame = f
	ed.frameID = app.Window().Call("requestAnimationFrame", f)
}

// paintNow draws the gutter for the textarea's scroll position now.
func (ed *editor) paintNow() {
	defer browser.StartSpan("editor: paint the gutter").End()
	paintGutter(ed.gutter(), ed.field(), ed.lines, ed.base, ed.Marks, &ed.painted)
}

// scrolled moves the window when the view nears its ends, then repaints
// the gutter.
func (ed *editor) scrolled() {
	ed.slide()
	ed.paint()
}

// dropHidden keeps only the part of the file analysed: the window stays
// where it is, and becomes editable.
func (ed *editor) dropHidden(ctx app.Context, _ app.Action) {
	if ed.hidden == "" {
		return
	}
	ed.hidden = ""
	ctx.Update()
	if el := ed.field(); el.Truthy() {
		el.Set("readOnly", ed.ReadOnly)
	}
	if ed.OnChange != nil {
		ed.OnChange(ctx, ed.shown)
	}
}

// gotoLine puts the caret at the start of a line and scrolls the editor so
// that the line shows, a third of the way down.
func (ed *editor) gotoLine(ctx app.Context, a app.Action) {
	t, ok := a.Value.(lineTarget)
	field := ed.field()
	if !ok || t.ID != ed.ID || !field.Truthy() {
		return
	}
	line := ed.windowLine(field, t.Line)
	text := ed.window()
	if !ed.windowed() {
		text = field.Get("value").String()
	}
	at := UTF16Len(LineStart(text, line))
	field.Call("focus", map[string]any{"preventScroll": true})
	field.Call("setSelectionRange", at, at)
	field.Call("scrollIntoView", map[string]any{"block": "nearest"})
	top := view.EditorPadTop + float64(line-1)*view.EditorLineHeight - field.Get("clientHeight").Float()/3
	field.Set("scrollTop", max(0, top))
	ed.paint()
}

func (ed *editor) OnUpdate(ctx app.Context) {
	ed.write(ctx)
	ed.listen()
	ed.paint()
}

// write puts a newly loaded content into the textarea, after the render
// that created it.
func (ed *editor) write(ctx app.Context) {
	if ed.written == ed.Content.Seq {
		return
	}
	ed.written = ed.Content.Seq
	shown, _ := ed.cut(ed.Content.Text, false)
	text := ed.display(shown, 0)
	ctx.Defer(func(app.Context) {
		setFieldValue(ed.ID, text)
		if el := ed.field(); el.Truthy() {
			ed.markFirstLine(el)
		}
		ed.paint()
	})
}

func (ed *editor) onInput(ctx app.Context, e app.Event) {
	defer browser.StartSpan("editor: input").End()
	field := ctx.JSSrc()
	value := field.Get("value").String()
	// A script that sets the value of a windowed field (a test, an
	// extension) replaces the whole text, as on a small one.
	all := ed.replacingAll || !ed.editing
	ed.allSelected, ed.replacingAll, ed.editing = false, false, false
	if kept, ok := ed.editWindow(value, all); ok {
		ed.report(ctx, kept)
		return
	}
	// The whole text anew: the edit around the window, or the field's
	// value (a small text; or a script replacing the whole text of a
	// read-only window, so the old hidden part goes). A huge input would
	// make every later keystroke and layout of the textarea slow: show
	// only the part the page analyses, and keep the rest beside it when
	// KeepTail; show a window of a large text.
	text, oldFrom, oldBase := value, 0, ed.base
	wasWindow := ed.windowed() && !ed.previewing()
	if wasWindow {
		text = joinWindow(ed.shown, ed.winFrom, ed.winTo, value, all)
		if !all {
			oldFrom = ed.winFrom
		}
	}
	caret := -1 // read only for a window about the caret: it costs a walk over value
	caretAt := func() int {
		if caret < 0 {
			caret = oldFrom + byteOffset(value, field.Get("selectionStart").Int())
		}
		return caret
	}
	top := 0.0
	if wasWindow {
		// A window's layout is cheap; the scroll position of a whole large
		// value set by a script would cost its layout first.
		top = field.Get("scrollTop").Float()
	}
	shown, kept := ed.accept(text, caretAt)
	switch {
	case shown == value:
	case ed.windowed() && !ed.previewing():
		head := shown[:min(max(0, caretAt()-ed.winFrom), len(shown))]
		field.Set("value", shown)
		if wasWindow {
			// The lines in view stay where they are on screen.
			at := UTF16Len(head)
			field.Call("setSelectionRange", at, at)
			field.Set("scrollTop", max(0, top+float64(oldBase-ed.base)*view.EditorLineHeight))
		} else {
			showCaret(field, head)
		}
	default:
		field.Set("value", shown) // the part analysed, or its read-only window
	}
	ed.markFirstLine(field)
	ed.report(ctx, kept)
}

// editWindow takes an edit inside the window of a large text, value the
// window's new text, and returns the whole text to report; false when the
// window has to be made anew (the text no longer large, past what the page
// analyses, or the edit replaced all or made the window too large).
// This is the path of each key typed in a large file: it copies the
// window's text into Go, not the file's.
func (ed *editor) editWindow(value string, all bool) (string, bool) {
	if !ed.windowed() || ed.previewing() || all || len(value) > windowKeep {
		return "", false
	}
	n := ed.winFrom + len(value) + len(ed.shown) - ed.winTo
	if n > view.AnalysedLimit || !windowedAfter(n, true) {
		return "", false
	}
	rows := ed.rows()
	ed.shown = joinWindow(ed.shown, ed.winFrom, ed.winTo, value, false)
	ed.winTo = ed.winFrom + len(value)
	ed.lines = view.LineCount(value)
	ed.dirty = rows != ed.rows()
	return ed.shown, true
}

// accept takes text as the editor's new content, with the caret at byte
// caret() of it: it counts its lines and returns what the textarea is to
// hold and what to report. The render that follows is needed only when
// the rows or read-only change.
func (ed *editor) accept(text string, caret func() int) (shown, kept string) {
	rows, wasHidden := ed.rows(), ed.hidden != ""
	shown, kept = ed.cut(text, ed.windowed())
	at := 0
	if ed.windowed() && !ed.previewing() {
		at = caret()
	}
	shown = ed.display(shown, at)
	ed.dirty = rows != ed.rows() || wasHidden || ed.hidden != ""
	return shown, kept
}

// report repaints the gutter and passes the new text on.
func (ed *editor) report(ctx app.Context, kept string) {
	ed.paint()
	if !ed.dirty {
		ctx.PreventUpdate() // nothing visible changed yet; the analysis follows, debounced
	}
	if ed.OnChange != nil {
		ed.OnChange(ctx, kept) // with KeepTail, the hidden part too
	}
}

// onPaste pastes a large clipboard text by itself: the text replaces the
// selection, and only the part the page analyses goes into the textarea.
// Smaller pastes are the browser's (with its undo).
func (ed *editor) onPaste(ev app.Value) {
	field := ed.field()
	data := ev.Get("clipboardData")
	if !field.Truthy() || field.Get("readOnly").Bool() || !data.Truthy() {
		return
	}
	pasted := stringObject(data.Call("getData", "text/plain"))
	if pasted.Get("length").Int() < pasteSelfFrom {
		return
	}
	ev.Call("preventDefault")
	defer browser.StartSpan("editor: paste event").End()
	value := stringObject(field.Get("value"))
	start, end := field.Get("selectionStart").Int(), field.Get("selectionEnd").Int()
	before, after := value.Call("slice", 0, start).String(), value.Call("slice", end).String()
	if ed.windowed() {
		// The text around the window, unless Ctrl+A selected all of it.
		if ed.allSelected && ed.coversAll(field) {
			before, after = "", ""
		} else {
			before, after = ed.shown[:ed.winFrom]+before, after+ed.shown[ed.winTo:]
		}
		ed.allSelected = false
	}
	// Meanwhile the field is read-only, so no keystroke lands in the old
	// text, and no earlier paste fills it.
	field.Set("readOnly", true)
	ed.fillSeq++
	seq := ed.fillSeq
	copyInSlices(pasted, func(text string, ms float64) {
		if seq != ed.fillSeq {
			return
		}
		t0 := browser.PerfNow()
		defer browser.StartSpan("editor: take the paste").End()
		ed.pasted(before, normalizeNewlines(text), after)
		app.Window().Set("robotsExplorerPasteTiming", map[string]any{"copyMs": ms, "acceptMs": browser.PerfNow() - t0})
	})
}

// pasted takes a large paste between before and after: the page says what
// was pasted first (its notices, then its verdicts), and the textarea is
// filled once that is painted: the browser takes a second or more to lay
// out a megabyte of text in a textarea (the reason for the read-only
// window), and the page should not go blank for that long without a word.
func (ed *editor) pasted(before, text, after string) {
	at := len(before) + len(text)
	shown, kept := ed.accept(before+text+after, func() int { return at })
	caret := shown[:min(max(0, at-ed.winFrom), len(shown))]
	if ed.previewing() {
		// The read-only window starts at the file's first line: the caret
		// goes there, not to the window's end, which would move it at once.
		caret = ""
	}
	seq := ed.fillSeq
	ed.dirty = true
	ed.ctx.Dispatch(func(ctx app.Context) {
		defer browser.StartSpan("editor: report the paste").End()
		ed.report(ctx, kept)
		ctx.Defer(func(app.Context) {
			afterPaint(func() {
				if seq == ed.fillSeq {
					ed.fill(shown, caret)
				}
			})
		})
	})
}

// PasteSlice is how much of a large paste (in UTF-16 code units) is copied
// into Go in one task: copying 10 MiB at once held the page half a second,
// and a slice of 1 Mi units took 50 to 240 ms on a busy machine.
const PasteSlice = 256 << 10

// copyInSlices copies the JavaScript String object s into Go a slice per
// task, then calls done with the text and the time spent copying.
func copyInSlices(s app.Value, done func(text string, ms float64)) {
	n := s.Get("length").Int()
	var b strings.Builder
	b.Grow(n)
	spent := 0.0
	var step func(at int)
	step = func(at int) {
		t0 := browser.PerfNow()
		defer browser.StartSpan("editor: copy a slice of the paste").End()
		end := min(at+PasteSlice, n)
		if end < n && isHighSurrogate(s.Call("charCodeAt", end-1).Int()) {
			end-- // a surrogate pair stays whole
		}
		b.WriteString(s.Call("slice", at, end).String())
		spent += browser.PerfNow() - t0
		if end >= n {
			done(b.String(), spent)
			return
		}
		browser.NextTask(func() { step(end) })
	}
	browser.NextTask(func() { step(0) }) // the paste event ends at once
}

func isHighSurrogate(c int) bool { return c >= 0xD800 && c <= 0xDBFF }

// fill writes a pasted text into the textarea, with the caret after the
// paste (head is the text up to it).
func (ed *editor) fill(shown, head string) {
	field := ed.field()
	if !field.Truthy() {
		return
	}
	defer browser.StartSpan("editor: fill the textarea").End()
	// Laid out unfocused: Chrome took twice as long to lay out a focused
	// textarea of a megabyte (its caret and selection follow the text).
	field.Call("blur")
	field.Set("value", shown)
	field.Set("readOnly", ed.hidden != "" || ed.ReadOnly)
	ed.markFirstLine(field)
	field.Get("scrollHeight") // the layout, now, before the focus returns
	field.Call("focus", map[string]any{"preventScroll": true})
	showCaret(field, head)
	ed.paint()
}

// afterPaint runs f in the frame after the next one, so that the browser
// has painted what the page shows now.
func afterPaint(f func()) {
	var next app.Func
	frames := 0
	next = app.FuncOf(func(app.Value, []app.Value) any {
		if frames++; frames < 2 {
			app.Window().Call("requestAnimationFrame", next)
			return nil
		}
		next.Release()
		f()
		return nil
	})
	app.Window().Call("requestAnimationFrame", next)
}

// showCaret puts the caret after head (the start of the field's text) and
// scrolls the field so that its line shows, as the browser does after a
// paste.
func showCaret(field app.Value, head string) {
	at := UTF16Len(head)
	field.Call("setSelectionRange", at, at)
	bottom := view.EditorPadTop*2 + float64(view.LineCount(head))*view.EditorLineHeight
	field.Set("scrollTop", max(0, bottom-field.Get("clientHeight").Float()))
}

// rows is how many lines the textarea asks room for.
func (ed *editor) rows() int { return min(ed.lines+1, maxRows) }

func (ed *editor) Render() app.UI {
	area := app.Elem("textarea").
		ID(ed.ID).
		Class("source").
		Aria("label", ed.Label).
		Attr("rows", ed.rows()).
		Attr("wrap", "off").
		Spellcheck(false).
		OnInput(ed.onInput)
	if ed.hidden != "" || ed.ReadOnly {
		// Only when set: go-app writes a false one as readonly="false",
		// which a prerendered page would read as read-only.
		area = area.Attr("readonly", true)
	}
	return app.Elem("div").Class("editor").Body(
		app.Elem("div").ID(ed.gutterID()).Class("gutter").Aria("hidden", "true"),
		area,
	)
}

// stringObject wraps a JavaScript string in a String object: go-app's Value
// (like syscall/js) reads properties and calls methods of objects only, and
// this reads a string's length and slices of it without copying it all
// into Go.
func stringObject(s app.Value) app.Value { return app.Window().Get("Object").Invoke(s) }

// setFieldValue writes a form field's value in the browser (a no-op on the
// server, where go-app's window is a stub).
func setFieldValue(id, value string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", value)
	}
}

// normalizeNewlines makes CR LF and lone CR into LF, as a textarea's value
// does.
func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// LineStart is the part of s before its line n (1-based; all of s past its
// last line).
func LineStart(s string, n int) string {
	at := 0
	for ; n > 1; n-- {
		i := strings.IndexByte(s[at:], '\n')
		if i < 0 {
			return s
		}
		at += i + 1
	}
	return s[:at]
}

// UTF16Len is the length of s in UTF-16 code units, the unit of a
// textarea's selection.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
