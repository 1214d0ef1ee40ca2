package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// editorContent is a text the explorer loads into the editor. Seq changes
// with every load, so the editor writes the textarea only then.
type editorContent struct {
	Seq  int
	Text string
}

// editor is the robots.txt editor: an uncontrolled textarea beside its line
// numbers. Its value is written only when Content changes (an example or a
// link loaded) and read on every input: writing it on each render would
// move the caret and copy a large file through the DOM at each keystroke.
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

	lines   int
	gutter  string
	written int // the Content.Seq last written into the textarea
	// hidden is the end of a file too large to show, when KeepTail: the
	// textarea holds only its first part, read-only, and the text reported
	// is its value followed by hidden, so nothing pasted is lost. Editing
	// starts once the person lets the hidden part go (the size notice's
	// button).
	hidden string
}

// dropHiddenAction asks the editors to forget the part of a file they do
// not show (the size notice's button).
const dropHiddenAction = "editor/drop-hidden"

func newEditor(id, label string, content editorContent, onChange func(app.Context, string)) *editor {
	return &editor{ID: id, Label: label, Content: content, OnChange: onChange, written: -1}
}

// keepingTail makes the editor keep the part of a text too large to show.
func (ed *editor) keepingTail() *editor {
	ed.KeepTail = true
	return ed
}

// cut returns the part of text the textarea shows (boundSource), and what
// the editor keeps and reports: with KeepTail, all of text, the rest kept
// as hidden; otherwise only what it shows, the rest dropped.
func (ed *editor) cut(text string) (shown, kept string) {
	shown = boundSource(text)
	ed.hidden = ""
	if ed.KeepTail {
		ed.hidden = text[len(shown):]
	}
	return shown, text[:len(shown)+len(ed.hidden)]
}

// OnInit counts the lines of the first content, so the prerendered page
// already shows its numbers.
func (ed *editor) OnInit() { ed.setLines(lineCount(ed.Content.Text)) }

func (ed *editor) OnMount(ctx app.Context) {
	ed.write(ctx)
	ctx.Handle(dropHiddenAction, ed.dropHidden)
}

// dropHidden keeps only the part of the file the textarea shows.
func (ed *editor) dropHidden(ctx app.Context, _ app.Action) {
	if ed.hidden == "" {
		return
	}
	ed.hidden = ""
	ctx.Update()
	if el := app.Window().GetElementByID(ed.ID); el.Truthy() && ed.OnChange != nil {
		ed.OnChange(ctx, el.Get("value").String())
	}
}

func (ed *editor) OnUpdate(ctx app.Context) { ed.write(ctx) }

// write puts a newly loaded content into the textarea, after the render
// that created it.
func (ed *editor) write(ctx app.Context) {
	if ed.written == ed.Content.Seq {
		return
	}
	ed.written = ed.Content.Seq
	text, _ := ed.cut(ed.Content.Text)
	id := ed.ID
	ed.setLines(lineCount(text))
	ctx.Defer(func(app.Context) { setFieldValue(id, text) })
}

func (ed *editor) setLines(n int) {
	if n != ed.lines {
		ed.lines, ed.gutter = n, gutterText(n)
	}
}

func (ed *editor) onInput(ctx app.Context, e app.Event) {
	text := ctx.JSSrc().Get("value").String()
	// A huge paste would make every later keystroke and layout of the
	// textarea slow: show only the part the page analyses, and keep the
	// rest beside it when KeepTail. (While a part is hidden the textarea
	// is read-only: an input then comes from a script replacing the whole
	// text, so the old hidden part goes.)
	wasHidden := ed.hidden != ""
	shown, kept := ed.cut(text)
	if len(shown) < len(text) {
		ctx.JSSrc().Set("value", shown)
	}
	if n := lineCount(shown); n != ed.lines || ed.hidden != "" || wasHidden {
		ed.setLines(n) // the gutter or read-only changes: let this event re-render
	} else {
		ctx.PreventUpdate() // nothing visible changed yet; the analysis follows, debounced
	}
	if ed.OnChange != nil {
		ed.OnChange(ctx, kept) // with KeepTail, the hidden part too
	}
}

func (ed *editor) Render() app.UI {
	area := app.Elem("textarea").
		ID(ed.ID).
		Class("source").
		Aria("label", ed.Label).
		Attr("rows", ed.lines+1).
		Attr("wrap", "off").
		Spellcheck(false).
		OnInput(ed.onInput)
	if ed.hidden != "" {
		// Only when set: go-app writes a false one as readonly="false",
		// which a prerendered page would read as read-only.
		area = area.Attr("readonly", true)
	}
	return app.Elem("div").Class("editor").Body(
		app.Elem("pre").Class("gutter").Aria("hidden", "true").Text(ed.gutter),
		area,
	)
}

// setFieldValue writes a form field's value in the browser (a no-op on the
// server, where go-app's window is a stub).
func setFieldValue(id, value string) {
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", value)
	}
}
