//go:build e2e && !wasm

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/ui"
	"robots-explorer/app/internal/view"
)

// The textarea of a large file holds a window of it (ui.WindowLimit); the
// page holds the whole file. These tests edit a 500 KiB file as a person
// does and check, after each edit, the whole file the page holds (its
// "Download robots.txt"), the verdicts against the matcher run natively on
// the file the edits should make, and the gutter beside the text.

// caretInFile is where the robots.txt editor's caret is in the file: its
// line (1-based) and the UTF-16 column in that line.
const caretInFile = `(ta => { const head = ta.value.slice(0, ta.selectionStart).split("\n");
	return {Line: Number(ta.dataset.firstLine || 1) - 1 + head.length, Col: head[head.length - 1].length}; })(document.getElementById("robots-src"))`

type filePos struct{ Line, Col int }

// windowed reads where the textarea's window starts in the file (its first
// line) and how long it is.
type windowed struct{ First, Length int }

const readWindow = `(ta => ({First: Number(ta.dataset.firstLine || 1), Length: ta.value.length}))(document.getElementById("robots-src"))`

// edited waits until the page has analysed the file the edits should have
// made (model), then checks the whole file it holds and its verdicts.
func (p *page) edited(model, after string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(model)))
	n := eval[int](p, `window.__downloads.length`) + 1
	p.do(chromedp.Click(chromedp.ID("save-robots")))
	d := p.lastDownload(n)
	// Back to the editor, with its caret where it was, as a Tab back would.
	p.focusField("robots-src")
	if d.Text != model {
		i := 0
		for i < min(len(d.Text), len(model)) && d.Text[i] == model[i] {
			i++
		}
		p.t.Fatalf("after %s the page holds %d bytes, want %d; they differ from byte %d: %q, want %q", after, len(d.Text), len(model), i,
			d.Text[i:min(len(d.Text), i+40)], model[i:min(len(model), i+40)])
	}
	ex := view.RFC9309Example()
	ex.Robots, ex.URLs = model, windowURLs
	p.waitFor(fmt.Sprintf(`document.querySelectorAll("table.results tbody tr").length === %d`, len(windowURLs)))
	sameRows(p.t, p.shown(), want(p.t, ex))
	p.gutterAligned("robots-src", after)
	if n := eval[int](p, `document.getElementById("robots-src").value.length`); n > 2*ui.WindowLimit {
		p.t.Errorf("after %s the textarea holds %d characters of the large file, want a window of it", after, n)
	}
}

// windowURLs are the URLs of the window tests: the first is decided by a
// rule the test types at the file's end.
var windowURLs = []string{"/zzz/page", "/catalog/item-7/x?sort=1", "/area12/open/a.html", "/catalog/item-6000/x?sort=1"}

// gutterBesideText checks that the gutter's first number in view, N, is
// beside the file's line N: the number's box lies in the row where the
// textarea draws the line that reads as the file's line N.
func (p *page) gutterBesideText(model, after string) {
	p.t.Helper()
	p.gutterAligned("robots-src", after)
	type row struct {
		N    int
		Text string
	}
	r := eval[row](p, `(ta => {
		const g = ta.parentElement.querySelector(".gutter"), gr = g.getBoundingClientRect();
		const lh = parseFloat(getComputedStyle(ta).lineHeight), pt = parseFloat(getComputedStyle(ta).paddingTop);
		const num = [...g.querySelectorAll(".n")].find(n => n.getBoundingClientRect().top >= gr.top);
		const mid = (num.getBoundingClientRect().top + num.getBoundingClientRect().bottom) / 2;
		const i = Math.floor((mid - ta.getBoundingClientRect().top - ta.clientTop - pt + ta.scrollTop) / lh);
		return {N: Number(num.textContent), Text: ta.value.split("\n")[i]};
	})(document.getElementById("robots-src"))`)
	lines := strings.Split(model, "\n")
	if r.N < 1 || r.N > len(lines) || lines[r.N-1] != r.Text {
		p.t.Errorf("after %s the gutter draws %d beside %q, which is not the file's line %d", after, r.N, r.Text, r.N)
	}
}

// Typing at the start, in the middle and at the end of a 500 KiB file,
// Enter, Backspace and Delete at the window's edges, the wheel to the
// middle, Ctrl+Home and Ctrl+End, Ctrl+A with Ctrl+C and Delete: the page
// always holds the file the edits make, its verdicts follow, and number N
// stays beside line N.
func TestE2EEditLargeFileWindow(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	eval[bool](p, captureDownloads)
	p.paste("urls", strings.Join(windowURLs, "\n"))
	model := testkit.ManyRules(500 << 10)
	p.paste("robots-src", model)
	p.edited(model, "the paste")

	// A line link in the results goes to its line, far from the window at
	// the file's end that the paste left.
	ex := view.RFC9309Example()
	ex.Robots, ex.URLs = model, windowURLs
	far := view.Analyze(ex, nil, nil).Rows[3].Line
	if w := eval[windowed](p, readWindow); far >= w.First {
		t.Fatalf("line %d, the deciding line of %s, is in the window from line %d already", far, windowURLs[3], w.First)
	}
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`table.results tbody tr[data-row="3"] button.line-link[data-line="%d"]`, far))))
	p.waitFor(fmt.Sprintf(`(c => c.Line === %d && c.Col === 0)(%s)`, far, caretInFile))
	lineAtCaret := eval[string](p, `(ta => { const v = ta.value, s = ta.selectionStart, e = v.indexOf("\n", s); return v.slice(s, e < 0 ? v.length : e); })(document.getElementById("robots-src"))`)
	if want := strings.Split(model, "\n")[far-1]; lineAtCaret != want {
		t.Errorf("the line link to line %d put the caret at the start of %q, want %q", far, lineAtCaret, want)
	}
	p.gutterBesideText(model, fmt.Sprintf("the line link to line %d", far))

	// The start: Ctrl+Home goes to the file's first line, typing lands there.
	p.key("Home", "Home", 36, ctrl)
	p.waitFor(`(ta => ta.selectionStart === 0 && ta.dataset.firstLine === "1")(document.getElementById("robots-src"))`)
	p.typeKeys("#")
	model = "#" + model
	p.edited(model, "typing at the start")

	// The end: Ctrl+End goes to the file's last line; a rule typed there
	// decides the first URL.
	p.key("End", "End", 35, ctrl)
	if !p.becomes(caretAtFileEnd(model), 10*time.Second) {
		t.Fatalf("Ctrl+End did not reach the file's end: %s", eval[string](p, `(ta => JSON.stringify({first: ta.dataset.firstLine, lines: ta.value.split("\n").length, sel: ta.selectionStart, len: ta.value.length, focus: document.activeElement.id}))(document.getElementById("robots-src"))`))
	}
	p.key("Enter", "Enter", 13, 0, "insertNewline")
	p.insertText("User-agent: Googlebot")
	p.key("Enter", "Enter", 13, 0, "insertNewline")
	p.insertText("Disallow: /zzz/")
	model += "\nUser-agent: Googlebot\nDisallow: /zzz/"
	p.edited(model, "typing at the end")
	if v := p.shown().Verdicts[0]; v != "disallowed" {
		t.Errorf("the rule typed at the end leaves %s %s", windowURLs[0], v)
	}

	// The middle: Ctrl+Home, then the wheel until the view is half way
	// down the file; a click puts the caret on a line in view.
	total := strings.Count(model, "\n") + 1
	p.key("Home", "Home", 36, ctrl)
	p.waitFor(`document.getElementById("robots-src").dataset.firstLine === "1"`)
	inView := `(ta => Number(ta.dataset.firstLine || 1) + Math.floor(ta.scrollTop / 20))(document.getElementById("robots-src"))`
	for turn := 0; turn < 120 && eval[int](p, inView) < total/2; turn++ {
		p.wheel("robots-src", 4000)
		p.settle()
	}
	if line := eval[int](p, inView); line < total/2 || line > total*3/4 {
		t.Fatalf("the wheel brought line %d of %d into view, want the middle", line, total)
	}
	p.gutterBesideText(model, "the wheel to the middle")
	type point struct{ X, Y float64 }
	at := eval[point](p, `(ta => { const r = ta.getBoundingClientRect(); return {X: r.left + 20, Y: r.top + r.height / 2}; })(document.getElementById("robots-src"))`)
	p.do(chromedp.MouseClickXY(at.X, at.Y))
	p.waitFor(`document.activeElement.id === "robots-src"`)
	pos := eval[filePos](p, caretInFile)
	p.typeKeys("X")
	cut := len(ui.LineStart(model, pos.Line)) + pos.Col
	model = model[:cut] + "X" + model[cut:]
	p.edited(model, fmt.Sprintf("typing on line %d, in the middle", pos.Line))
	// Undo works for typing that did not move the window.
	p.typeKeys("Q")
	p.edited(model[:cut+1]+"Q"+model[cut+1:], "typing Q after it")
	p.key("z", "KeyZ", 90, ctrl, "undo")
	p.edited(model, "Ctrl+Z")
	// A small paste there: the browser's own, inside the window.
	pasted := "Disallow: /pasted/\n"
	p.writeClipboard(pasted)
	p.focusField("robots-src")
	p.key("v", "KeyV", 86, ctrl, "paste")
	model = model[:cut+1] + pasted + model[cut+1:]
	p.edited(model, "a paste in the middle")

	// The window's edges: Backspace at its first character deletes the
	// line end before it; Delete after its last character the one after.
	w := eval[windowed](p, readWindow)
	if w.First == 1 {
		t.Fatal("the window starts at the file's first line in the middle of the file")
	}
	eval[bool](p, `(ta => { ta.setSelectionRange(0, 0); return true; })(document.getElementById("robots-src"))`)
	p.key("Backspace", "Backspace", 8, 0, "deleteBackward")
	cut = len(ui.LineStart(model, w.First)) - 1
	model = model[:cut] + model[cut+1:]
	p.edited(model, "Backspace at the window's first character")
	w = eval[windowed](p, readWindow)
	eval[bool](p, `(ta => { ta.setSelectionRange(ta.value.length, ta.value.length); return true; })(document.getElementById("robots-src"))`)
	p.key("Delete", "Delete", 46, 0, "deleteForward")
	cut = len(ui.LineStart(model, w.First)) + w.Length // the file is ASCII: a UTF-16 unit a byte
	if model[cut] != '\n' {
		t.Fatalf("the window does not end at a line end: %q follows it", model[cut:cut+10])
	}
	model = model[:cut] + model[cut+1:]
	p.edited(model, "Delete after the window's last character")

	// Ctrl+A selects the whole file: Ctrl+V replaces it, Ctrl+X cuts it
	// (and Ctrl+V puts it back), Ctrl+C copies it, Delete empties it.
	model = testkit.ManyGroups(300 << 10)
	p.paste("robots-src", model)
	p.edited(model, "Ctrl+A, Ctrl+V")
	p.key("a", "KeyA", 65, ctrl, "selectAll")
	p.key("x", "KeyX", 88, ctrl, "cut")
	p.edited("", "Ctrl+A, Ctrl+X")
	if got := evalPromise[string](p, `navigator.clipboard.readText()`, 30*time.Second); got != model {
		t.Errorf("Ctrl+A, Ctrl+X put %d characters on the clipboard, want the whole file's %d", len(got), len(model))
	}
	p.key("v", "KeyV", 86, ctrl, "paste")
	p.edited(model, "Ctrl+V of what was cut")
	p.key("a", "KeyA", 65, ctrl, "selectAll")
	p.key("c", "KeyC", 67, ctrl, "copy")
	if got := evalPromise[string](p, `navigator.clipboard.readText()`, 30*time.Second); got != model {
		t.Errorf("Ctrl+A, Ctrl+C put %d characters on the clipboard, want the whole file's %d", len(got), len(model))
	}
	p.key("Delete", "Delete", 46, 0, "deleteForward")
	model = ""
	p.edited(model, "Ctrl+A, Delete")
	if v := p.shown().Verdicts[0]; v != "allowed" {
		t.Errorf("the empty file leaves %s %s", windowURLs[0], v)
	}
	p.noConsoleErrors()
}
