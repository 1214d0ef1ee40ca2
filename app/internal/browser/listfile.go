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
	f := files.Index(0)
	name := f.Get("name").String()
	input.Set("value", "")
	if f.Get("size").Int() > limit {
		done(ctx, name, nil, errors.New("the file is larger than the page reads"))
		return
	}
	onPromise(ctx, f.Call("arrayBuffer"), func(ctx app.Context, v app.Value, ok bool) {
		if !ok {
			done(ctx, name, nil, errors.New("the browser could not read the file"))
			return
		}
		u8 := app.Window().Get("Uint8Array").New(v)
		data := make([]byte, u8.Length())
		app.CopyBytesToGo(data, u8)
		done(ctx, name, data, nil)
	})
}
