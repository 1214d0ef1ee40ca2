package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
)

// editorContent is a text the explorer loads into an editor. Seq changes
// with every load, so the editor writes its text only then.
type editorContent struct {
	Seq  int
	Text string
}

// codeEditor is a CodeMirror editor (web/editor.js) in a host element with
// the editor's ID. The text lives in CodeMirror, which lays out only the
// lines in view, with undo and search (Ctrl+F) over the whole file: Go
// writes it only when Content changes (an example, a link) and reads it
// after each edit.
type codeEditor struct {
	app.Compo

	ID       string
	Label    string
	Content  editorContent
	OnChange func(ctx app.Context, text string)
	ReadOnly bool
	// Marks are the analysis' marks (editormarks.go), for the robots.txt
	// editor; the other editors show none.
	Marks    *editorMarks
	marksSet string

	ctx      app.Context
	created  bool
	written  int
	readOnly bool
	onChange app.Func
	// edits counts changes: a large text is read once typing pauses,
	// by the last change's timer.
	edits int
}

// gotoLineAction moves the caret of an editor to a line and brings it into
// view; showLineAction only brings the line into view. Their value is a
// lineTarget.
const (
	gotoLineAction = "editor/goto-line"
	showLineAction = "editor/show-line"
)

// A lineTarget names an editor and one of its lines.
type lineTarget struct {
	ID   string
	Line int
}

// readAtOnce is the size (in UTF-16 code units) below which the text is
// copied into Go at each change; a larger one once typing pauses, so that
// a key in a large file costs no copy of it.
const readAtOnce = 64 << 10

func newCodeEditor(id, label string, content editorContent, onChange func(app.Context, string)) *codeEditor {
	return &codeEditor{ID: id, Label: label, Content: content, OnChange: onChange, written: -1}
}

func (ed *codeEditor) readOnlyIf(ro bool) *codeEditor { ed.ReadOnly = ro; return ed }

func (ed *codeEditor) withMarks(m *editorMarks) *codeEditor { ed.Marks = m; return ed }

func api() app.Value { return app.Window().Get("robotsEditor") }

func (ed *codeEditor) host() app.Value { return app.Window().GetElementByID(ed.ID) }

func (ed *codeEditor) OnMount(ctx app.Context) {
	ed.ctx = ctx
	ctx.Handle(gotoLineAction, ed.gotoLine)
	ctx.Handle(showLineAction, ed.gotoLine)
	ctx.Defer(func(ctx app.Context) { ed.sync(ctx) }) // once the host is in the document
}

func (ed *codeEditor) OnUpdate(ctx app.Context) { ctx.Defer(func(ctx app.Context) { ed.sync(ctx) }) }

func (ed *codeEditor) OnDismount() {
	if ed.created {
		api().Call("destroy", ed.host())
	}
	if ed.onChange != nil {
		ed.onChange.Release()
	}
	ed.created, ed.onChange = false, nil
}

// sync makes the CodeMirror instance show the component's state: created,
// the last loaded text, read-only or not, the marks.
func (ed *codeEditor) sync(ctx app.Context) {
	host, cm := ed.host(), api()
	if !host.Truthy() || !cm.Truthy() {
		return
	}
	if !ed.created {
		ed.onChange = app.FuncOf(func(_ app.Value, args []app.Value) any {
			n := args[0].Int()
			ed.ctx.Dispatch(func(ctx app.Context) { ed.changed(ctx, n) })
			return nil
		})
		cm.Call("create", host, map[string]any{
			"text": ed.Content.Text, "label": ed.Label, "readOnly": ed.ReadOnly,
			"onChange": ed.onChange, "marks": ed.Marks != nil,
		})
		ed.created, ed.written, ed.readOnly = true, ed.Content.Seq, ed.ReadOnly
	}
	if ed.written != ed.Content.Seq {
		ed.written = ed.Content.Seq
		cm.Call("setValue", host, ed.Content.Text)
	}
	if ed.readOnly != ed.ReadOnly {
		ed.readOnly = ed.ReadOnly
		cm.Call("setReadOnly", host, ed.ReadOnly)
	}
	if ed.Marks != nil {
		if j := ed.Marks.json(); j != ed.marksSet {
			ed.marksSet = j
			defer browser.StartSpan("editor: marks").End()
			cm.Call("setMarks", host, j)
		}
	}
}

// changed takes an edit of a text now n UTF-16 code units long.
func (ed *codeEditor) changed(ctx app.Context, n int) {
	ed.edits++
	if n < readAtOnce {
		ed.read(ctx)
		return
	}
	edits := ed.edits
	ctx.After(debounce, func(ctx app.Context) {
		if edits == ed.edits {
			ed.read(ctx)
		}
	})
}

func (ed *codeEditor) read(ctx app.Context) {
	defer browser.StartSpan("editor: read the text").End()
	if ed.OnChange != nil && ed.created {
		ed.OnChange(ctx, api().Call("value", ed.host()).String())
	}
}

// gotoLine brings a line into view; the caret goes there too for
// gotoLineAction (a "line N" link, a problem's button).
func (ed *codeEditor) gotoLine(ctx app.Context, a app.Action) {
	t, ok := a.Value.(lineTarget)
	if !ok || t.ID != ed.ID || !ed.created {
		return
	}
	if a.Name == showLineAction {
		api().Call("showLine", ed.host(), t.Line)
		return
	}
	api().Call("gotoLine", ed.host(), t.Line, true)
}

// caretLine is the line of an editor's caret (0 when it is missing).
func caretLine(id string) int {
	host := app.Window().GetElementByID(id)
	if !host.Truthy() || !api().Truthy() {
		return 0
	}
	return api().Call("lineOfCaret", host).Int()
}

func (ed *codeEditor) Render() app.UI {
	return app.Elem("div").ID(ed.ID).Class("editor")
}
