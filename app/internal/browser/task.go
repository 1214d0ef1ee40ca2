package browser

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// NextTask runs f in a browser task of its own, after what the browser has
// queued (input, a frame): a message on the page's MessageChannel, which,
// unlike a zero-delay timer, is not held back 4 ms once timers nest. f runs
// in the message's callback itself: js/wasm runs one goroutine at a time
// and never preempts one, so f may touch a component's state; handed to
// ctx.Dispatch it would wait for go-app's next frame instead, and the
// time between slices would be longer than the slices. The tasks run in
// the order they were posted. Outside a browser f runs at once.
func NextTask(f func()) {
	if !app.IsClient {
		f()
		return
	}
	tasks.Lock()
	if tasks.port == nil {
		tasks.port = openTasks()
	}
	tasks.queue = append(tasks.queue, f)
	port := tasks.port
	tasks.Unlock()
	port.Call("postMessage", nil)
}

// tasks is the channel NextTask posts to and the functions waiting for
// their message. A background goroutine (browserTurn) posts too, hence
// the lock.
var tasks struct {
	sync.Mutex
	port   app.Value
	onTask app.Func
	queue  []func()
}

// openTasks makes the channel; its receiving end runs the first function
// waiting. It lives as long as the page.
func openTasks() app.Value {
	ch := app.Window().Get("MessageChannel").New()
	tasks.onTask = app.FuncOf(func(app.Value, []app.Value) any {
		tasks.Lock()
		var f func()
		if len(tasks.queue) > 0 {
			f, tasks.queue = tasks.queue[0], tasks.queue[1:]
		}
		tasks.Unlock()
		if f != nil {
			f()
		}
		return nil
	})
	ch.Get("port1").Set("onmessage", tasks.onTask)
	return ch.Get("port2")
}
