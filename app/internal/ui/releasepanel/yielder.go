package releasepanel

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// A yielder runs work in slices, each in a task of its own: a message on
// a MessageChannel (without setTimeout's 4 ms clamp) starts the next, so
// input and frames come between two slices. The slice runs in the
// message's callback itself, as the panel's evaluation does (see
// releasePanel.next): js/wasm runs one goroutine at a time, so it may
// touch the component's state.
type yielder struct {
	channel app.Value
	onMsg   app.Func
	slice   func()
}

// post runs slice in a task of its own, soon.
func (y *yielder) post(slice func()) {
	if y.channel == nil {
		y.channel = app.Window().Get("MessageChannel").New()
		y.onMsg = app.FuncOf(func(app.Value, []app.Value) any {
			if s := y.slice; s != nil {
				y.slice = nil
				s()
			}
			return nil
		})
		y.channel.Get("port1").Set("onmessage", y.onMsg)
	}
	y.slice = slice
	y.channel.Get("port2").Call("postMessage", nil)
}

// stop drops a slice not yet run and lets the channel go.
func (y *yielder) stop() {
	y.slice = nil
	if y.channel != nil {
		y.channel.Get("port1").Set("onmessage", nil)
		y.onMsg.Release()
		y.channel, y.onMsg = nil, nil
	}
}
