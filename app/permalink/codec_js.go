//go:build js

package permalink

import (
	"errors"
	"syscall/js"
)

// In the browser the streams are asynchronous: deflateRaw and inflateRaw
// block the calling goroutine until the stream has run. Call them (through
// Compact and Decode) from a goroutine of their own, such as go-app's
// ctx.Async, never from a JavaScript callback, which cannot wait.

// deflateRaw compresses data with the browser's
// CompressionStream("deflate-raw").
func deflateRaw(data []byte) ([]byte, error) {
	return runStream("CompressionStream", data, -1)
}

// inflateRaw decompresses with DecompressionStream("deflate-raw"), counting
// the chunks it yields: past limit bytes it cancels the stream and fails
// with errInflateSize.
func inflateRaw(data []byte, limit int) ([]byte, error) {
	return runStream("DecompressionStream", data, limit)
}

// runStream pipes data through a new stream of the class kind and collects
// what comes out, chunk by chunk; limit < 0 means no limit.
func runStream(kind string, data []byte, limit int) ([]byte, error) {
	class := js.Global().Get(kind)
	if class.IsUndefined() {
		return nil, errors.New("this browser has no " + kind)
	}
	in := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(in, data)
	blob := js.Global().Get("Blob").New([]any{in})
	reader := blob.Call("stream").Call("pipeThrough", class.New("deflate-raw")).Call("getReader")
	var out []byte
	for {
		res, err := await(reader.Call("read"))
		if err != nil {
			return nil, err
		}
		if res.Get("done").Bool() {
			return out, nil
		}
		chunk := res.Get("value")
		n := chunk.Get("length").Int()
		if limit >= 0 && len(out)+n > limit {
			reader.Call("cancel")
			return nil, errInflateSize
		}
		start := len(out)
		out = append(out, make([]byte, n)...)
		js.CopyBytesToGo(out[start:], chunk)
	}
}

// await blocks until the promise p settles and returns its value, or its
// rejection as an error.
func await(p js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	ch := make(chan settled, 1)
	onValue := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{v: args[0]}
		return nil
	})
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- settled{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	defer onValue.Release()
	defer onError.Release()
	p.Call("then", onValue, onError)
	s := <-ch
	return s.v, s.err
}
