package browser

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The few browser facilities sharing needs: the clipboard, a download and
// a chosen file. Each reports back on the UI goroutine through
// ctx.Dispatch, and each fails quietly where the browser lacks the API
// (on the server, go-app's window is a stub).

// onPromise calls done on the UI goroutine once p settles: ok with its
// value, or not ok. A handled rejection is no console error.
func onPromise(ctx app.Context, p app.Value, done func(ctx app.Context, v app.Value, ok bool)) {
	var resolve, reject app.Func
	settle := func(v app.Value, ok bool) {
		resolve.Release()
		reject.Release()
		ctx.Dispatch(func(ctx app.Context) { done(ctx, v, ok) })
	}
	resolve = app.FuncOf(func(this app.Value, args []app.Value) any {
		var v app.Value = app.Null()
		if len(args) > 0 {
			v = args[0]
		}
		settle(v, true)
		return nil
	})
	reject = app.FuncOf(func(this app.Value, args []app.Value) any {
		settle(app.Null(), false)
		return nil
	})
	p.Call("then", resolve, reject)
}

// CopyText puts s on the clipboard and reports whether it got there.
func CopyText(ctx app.Context, s string, done func(ctx app.Context, ok bool)) {
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		done(ctx, false)
		return
	}
	onPromise(ctx, clip.Call("writeText", s), func(ctx app.Context, _ app.Value, ok bool) { done(ctx, ok) })
}

// DownloadText offers text as a file named name.
func DownloadText(name, text string) { DownloadAs(name, "text/plain;charset=utf-8", text) }

// DownloadAs offers text as a file named name, of media type mime: a Blob
// URL on an anchor created here and clicked, never markup.
func DownloadAs(name, mime, text string) {
	doc := app.Window().Get("document")
	if !doc.Truthy() {
		return
	}
	offer(name, app.Window().Get("Blob").New([]any{text}, map[string]any{"type": mime}))
}

// offer downloads blob as a file named name.
func offer(name string, blob app.Value) {
	doc := app.Window().Get("document")
	if !doc.Truthy() {
		return
	}
	urlAPI := app.Window().Get("URL")
	href := urlAPI.Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Call("click")
	urlAPI.Call("revokeObjectURL", href)
}

// errFileTooLarge refuses a file before reading it.
var errFileTooLarge = errors.New("the file is larger than a saved state can be")

// ReadChosenFile reads the first file of a file input as text; files over
// limit bytes are refused unread. The input is cleared, so choosing the
// same file again reads it again.
func ReadChosenFile(ctx app.Context, input app.Value, limit int, done func(ctx app.Context, text string, err error)) {
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	input.Set("value", "")
	if f.Get("size").Int() > limit {
		done(ctx, "", errFileTooLarge)
		return
	}
	onPromise(ctx, f.Call("text"), func(ctx app.Context, v app.Value, ok bool) {
		if !ok {
			done(ctx, "", errors.New("the browser could not read the file"))
			return
		}
		done(ctx, v.String(), nil)
	})
}

// DownloadParts offers the parts BlobParts gathered as one file named
// name, of media type mime.
func DownloadParts(name, mime string, parts *BlobParts) {
	if parts == nil || !parts.list.Truthy() {
		return
	}
	offer(name, app.Window().Get("Blob").New(parts.list, map[string]any{"type": mime}))
}

// BlobParts gathers a file made in slices: each slice's bytes become a
// Blob of their own as they come, and the file is a Blob of those Blobs,
// which the browser joins without copying them again. A Blob of the
// byte arrays themselves would copy them all at the end, in one long
// task.
type BlobParts struct {
	list app.Value
	size int
}

// NewBlobParts is an empty list of parts.
func NewBlobParts() *BlobParts { return &BlobParts{list: app.Window().Get("Array").New()} }

// Add copies b to the page as the next part.
func (p *BlobParts) Add(b []byte) {
	if len(b) == 0 || !p.list.Truthy() {
		return
	}
	u8 := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(u8, b)
	p.list.Call("push", app.Window().Get("Blob").New([]any{u8}))
	p.size += len(b)
}

// Size is the number of bytes gathered.
func (p *BlobParts) Size() int { return p.size }
