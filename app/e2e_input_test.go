//go:build e2e && !wasm

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// How a person acts on the page, through the browser's own input: real key
// presses and editing commands, the system clipboard, the mouse wheel.

// cdp runs protocol commands on the page's target.
func (p *page) cdp(f func(ctx context.Context) error) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 120*time.Second)
	defer cancel()
	if err := f(ctx); err != nil {
		p.t.Fatal(err)
	}
}

// grantClipboard lets the page write the system clipboard from a script
// (navigator.clipboard.writeText), as a person copying elsewhere would.
func (p *page) grantClipboard() {
	p.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		p.cdp(func(ctx context.Context) error {
			_, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: p.srv.URL})
			return err
		})
	}
}

// key presses one key with modifiers (input.Modifier bits); commands are
// the editing commands the browser runs for it, as its key bindings do
// where a key binding alone does not run in a headless page (Ctrl+V runs
// "paste", Ctrl+A "selectAll").
func (p *page) key(key, code string, vk, mods int64, commands ...string) {
	p.t.Helper()
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeKeyDown, input.DispatchKeyEventTypeKeyUp} {
		params := input.DispatchKeyEventParams{Type: typ, Key: key, Code: code, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk, Modifiers: mods}
		if typ == input.DispatchKeyEventTypeKeyDown {
			params.Commands = commands
		}
		p.cdp(func(ctx context.Context) error {
			_, err := chromedp.Call(ctx, input.DispatchKeyEvent, params)
			return err
		})
	}
}

const ctrl = 2 // input modifier bit

// focusField puts the focus in a field, as a click or Tab would.
func (p *page) focusField(id string) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { document.getElementById(%q).focus(); return document.activeElement.id === %q; })()`, id, id))
}

// writeClipboard puts text on the system clipboard. The page must have the
// focus for that (headless, the focus is emulated).
func (p *page) writeClipboard(text string) {
	p.t.Helper()
	p.cdp(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
		return err
	})
	ctx, cancel := context.WithTimeout(p.ctx, 120*time.Second)
	defer cancel()
	js := `navigator.clipboard.writeText(` + jsString(text) + `).then(() => true)`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		msg := err.Error()
		if len(msg) > 300 { // the message quotes the script, with all the text
			msg = msg[len(msg)-300:]
		}
		p.t.Fatalf("writing %d bytes to the clipboard: …%s", len(text), msg)
	}
}

// paste puts text on the system clipboard, then selects all of the field
// (Ctrl+A) and pastes over it with Ctrl+V: the browser's own paste, with
// its trusted paste event and clipboard data.
func (p *page) paste(id, text string) {
	p.t.Helper()
	p.writeClipboard(text)
	p.focusField(id)
	p.key("a", "KeyA", 65, ctrl, "selectAll")
	p.key("v", "KeyV", 86, ctrl, "paste")
}

// insertText types text at the caret, as a keyboard or an input method.
func (p *page) insertText(text string) {
	p.t.Helper()
	p.cdp(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// mouseParams are Input.dispatchMouseEvent's, for a move or a wheel turn. The
// generated params drop a zero deltaX, which the protocol requires for
// mouseWheel.
type mouseParams struct {
	Type   input.DispatchMouseEventType `json:"type"`
	X      float64                      `json:"x"`
	Y      float64                      `json:"y"`
	DeltaX float64                      `json:"deltaX"`
	DeltaY float64                      `json:"deltaY"`
}

var dispatchMouse = cdp.Command[mouseParams, cdp.Empty]{Method: input.CommandDispatchMouseEvent}

// wheel turns the mouse wheel over the centre of an element by dy pixels.
func (p *page) wheel(id string, dy float64) {
	p.t.Helper()
	type point struct{ X, Y float64 }
	at := eval[point](p, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + Math.min(r.height / 2, 40)}; })()`, id))
	p.cdp(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, dispatchMouse, mouseParams{Type: input.DispatchMouseEventTypeMouseWheel, X: at.X, Y: at.Y, DeltaY: dy})
		return err
	})
}

// watchLongTasks starts recording the page's long tasks (over 50 ms, the
// browser's own 'longtask' entries) from now on, and forgets the page's
// earlier spans (browser.Span, performance.measure entries).
const watchLongTasks = `(() => {
	window.longTasks = [];
	if (!window.longTaskObserver) {
		window.longTaskObserver = new PerformanceObserver(list => {
			for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, ms: e.duration});
		});
		window.longTaskObserver.observe({type: "longtask"});
	}
	performance.clearMeasures();
	window.watchStart = performance.now();
	return true;
})()`

// longTasks is what the page recorded since watchLongTasks: how many long
// tasks, the longest, and their sum; Pieces, for the longest few, the
// page's spans inside each ("820 ms: compare: parse google 790").
type longTasks struct {
	Count   int      `json:"count"`
	Longest float64  `json:"longest"`
	Total   float64  `json:"total"`
	Pieces  []string `json:"pieces"`
}

// readLongTasks waits for two frames first, so that the observer has
// delivered the entries of the tasks before them.
func (p *page) readLongTasks() longTasks {
	p.t.Helper()
	return evalPromise[longTasks](p, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
		const l = window.longTasks;
		const spans = performance.getEntriesByType("measure");
		const pieces = [...l].sort((a, b) => b.ms - a.ms).slice(0, 8).map(t => {
			const inside = spans.filter(s => s.startTime >= t.start - 1 && s.startTime + s.duration <= t.start + t.ms + 1 && s.duration >= 5);
			return Math.round(t.ms) + " ms: " + (inside.map(s => s.name + " " + Math.round(s.duration)).join(", ") || "none of the page's spans");
		});
		r({count: l.length, longest: Math.max(0, ...l.map(e => e.ms)), total: l.reduce((s, e) => s + e.ms, 0), pieces});
	}, 0))))`, 120*time.Second)
}

// typeKeys types text key by key (key down, character, key up).
func (p *page) typeKeys(text string) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(text))
}
