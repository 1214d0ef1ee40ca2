package browser

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// MaxListFile is the largest URL list the page reads from disk (a gzipped
// one may decompress to more; urllist bounds that).
const MaxListFile = 64 << 20

// ReadChosenBytes reads the first file of a file input as bytes, for the
// lists that may be gzipped: the bytes go to Go's gzip reader, which
// bounds what they decompress to. Files over limit bytes are refused
// unread; the input is cleared, so that choosing the same file again
// reads it again.
func ReadChosenBytes(ctx app.Context, input app.Value, limit int, done func(ctx app.Context, name string, data []byte, err error)) {
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0) // the list empties with the input
	input.Set("value", "")
	ReadFileBytes(ctx, f, limit, done)
}

// DroppedFile is the first file a drop event carries, or a falsy value.
func DroppedFile(ev app.Event) app.Value {
	dt := ev.Get("dataTransfer")
	if !dt.Truthy() || !dt.Get("files").Truthy() || dt.Get("files").Length() == 0 {
		return app.Null()
	}
	return dt.Get("files").Index(0)
}

// ReadFileBytes reads the File f as bytes; one over limit bytes is
// refused unread.
func ReadFileBytes(ctx app.Context, f app.Value, limit int, done func(ctx app.Context, name string, data []byte, err error)) {
	name := f.Get("name").String()
	if f.Get("size").Int() > limit {
		done(ctx, name, nil, errors.New("the file is larger than the page reads"))
		return
	}
	onPromise(ctx, f.Call("arrayBuffer"), func(ctx app.Context, v app.Value, ok bool) {
		if !ok {
			done(ctx, name, nil, errors.New("the browser could not read the file"))
			return
		}
		done(ctx, name, bufferBytes(v), nil)
	})
}

// bufferBytes copies an ArrayBuffer into Go.
func bufferBytes(v app.Value) []byte {
	u8 := app.Window().Get("Uint8Array").New(v)
	data := make([]byte, u8.Length())
	app.CopyBytesToGo(data, u8)
	return data
}

// PostForBytes posts body to path on the page's own origin with the
// headers given and reports the response's status and bytes; err is a
// request that got no response.
func PostForBytes(ctx app.Context, path string, headers map[string]any, body string, done func(ctx app.Context, status int, data []byte, err error)) {
	fetch := app.Window().Get("fetch")
	if !fetch.Truthy() {
		done(ctx, 0, nil, errors.New("this browser cannot send requests"))
		return
	}
	req := map[string]any{"method": "POST", "headers": headers, "body": body, "credentials": "same-origin", "cache": "no-store"}
	onPromise(ctx, app.Window().Call("fetch", path, req), func(ctx app.Context, resp app.Value, ok bool) {
		if !ok {
			done(ctx, 0, nil, errors.New("the server did not answer"))
			return
		}
		status := resp.Get("status").Int()
		onPromise(ctx, resp.Call("arrayBuffer"), func(ctx app.Context, v app.Value, ok bool) {
			if !ok {
				done(ctx, status, nil, errors.New("the answer broke off"))
				return
			}
			done(ctx, status, bufferBytes(v), nil)
		})
	})
}

// MetaContent is the content of the page's meta element named name, and
// whether there is one.
func MetaContent(name string) (string, bool) {
	doc := app.Window().Get("document")
	if !doc.Truthy() {
		return "", false
	}
	el := doc.Call("querySelector", `meta[name="`+name+`"]`)
	if !el.Truthy() {
		return "", false
	}
	return el.Call("getAttribute", "content").String(), true
}
