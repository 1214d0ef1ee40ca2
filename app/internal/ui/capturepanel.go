package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/view"
)

// Captures in the page: a WARC file loaded from disk (the file picker, or
// dropped on the delivery panel) or fetched by robots-explorer serve on
// this computer fills the editor and the delivery panel, both read-only
// while it is used: they are what the capture recorded. The view model is
// view/capture.go.

// A capturePanel is what the delivery panel shows of captures.
type capturePanel struct {
	loaded *view.LoadedCapture
	// fetchWhy says why the page cannot ask its server to fetch ("" when
	// it can); fetching that a fetch is under way.
	fetchWhy                                    string
	fetching                                    bool
	onFile, onDragOver, onDrop, onFetch, onStop app.EventHandler
}

func (e *explorer) capturePanel() capturePanel {
	return capturePanel{loaded: e.capture, fetchWhy: e.fetchWhy, fetching: e.fetching,
		onFile: e.onCaptureFile, onDragOver: onDragOver, onDrop: e.onCaptureDrop, onFetch: e.onFetchFromSite, onStop: e.onStopCapture}
}

// renderCapture is the capture in use and its source, or how to get one.
func renderCapture(cp capturePanel) app.UI {
	fetch := app.Elem("button").Attr("type", "button").ID("capture-fetch").Text("Fetch from the site").OnClick(cp.onFetch)
	if cp.fetchWhy != "" || cp.fetching {
		fetch = fetch.Attr("disabled", true)
	}
	return app.Elem("div").ID("capture").Class("capture").Body(
		app.If(cp.loaded != nil, func() app.UI {
			return app.Elem("p").ID("capture-source").Class("callout").Body(
				app.Text(cp.loaded.Label()+" The file and these facts are read-only while the capture is used. "),
				app.Elem("button").Attr("type", "button").ID("capture-stop").Class("link").OnClick(cp.onStop).Text("Stop using the capture"),
			)
		}),
		app.Elem("div").Class("label-row").Body(
			app.Elem("label").Attr("for", "capture-file").Text("Load a capture (WARC, or drop one here)"),
			app.ElemSelfClosing("input").ID("capture-file").Attr("type", "file").Attr("accept", ".warc,.gz,application/warc").OnChange(cp.onFile),
			fetch,
		),
		app.If(cp.fetching, func() app.UI {
			return app.Elem("p").ID("capture-fetching").Class("hint").Aria("live", "polite").Text("Fetching the site’s robots.txt…")
		}),
		app.If(cp.fetchWhy != "", func() app.UI {
			return app.Elem("p").ID("capture-fetch-why").Class("hint").Text(cp.fetchWhy)
		}),
	)
}

// checkFetch reads whether the page's server fetches for it (the meta
// element serve writes), once the page runs in the browser.
func (e *explorer) checkFetch() {
	e.fetchToken, e.fetchWhy = view.FetchAvailability(browser.MetaContent(view.FetchMeta))
}

func (e *explorer) onCaptureFile(ctx app.Context, ev app.Event) {
	browser.ReadChosenBytes(ctx, ctx.JSSrc(), view.MaxCaptureFile, e.captureRead)
}

// onDragOver lets the delivery panel take a dropped file.
func onDragOver(ctx app.Context, ev app.Event) {
	ev.PreventDefault()
	ctx.PreventUpdate()
}

func (e *explorer) onCaptureDrop(ctx app.Context, ev app.Event) {
	ev.PreventDefault()
	if f := browser.DroppedFile(ev); f.Truthy() {
		browser.ReadFileBytes(ctx, f, view.MaxCaptureFile, e.captureRead)
	}
}

// captureRead loads the WARC file read from disk.
func (e *explorer) captureRead(ctx app.Context, name string, data []byte, err error) {
	if err == nil {
		err = e.useCapture(ctx, name, data)
	}
	if err != nil {
		e.say("This capture could not be used: "+err.Error()+". Your work is unchanged.", "error")
	}
}

// onFetchFromSite asks the page's server to fetch the robots.txt of the
// first full URL of the URL list.
func (e *explorer) onFetchFromSite(ctx app.Context, ev app.Event) {
	robots := view.FirstRobotsURL(e.in.URLs)
	if robots == "" {
		e.say("Give a full URL of the site (https://example.com/…) in the URL list: its robots.txt is fetched.", "error")
		return
	}
	e.fetching = true
	headers := map[string]any{view.FetchTokenHeader: e.fetchToken, "Content-Type": "text/plain;charset=utf-8"}
	browser.PostForBytes(ctx, view.FetchPath, headers, robots, func(ctx app.Context, status int, data []byte, err error) {
		e.fetching = false
		switch {
		case err != nil:
			e.say("The server did not fetch "+robots+": "+err.Error()+".", "error")
		case status != 200:
			e.say("The server did not fetch "+robots+": "+string(data[:min(len(data), 300)]), "error")
		default:
			if err := e.useCapture(ctx, "fetched by robots-explorer serve", data); err != nil {
				e.say("The fetch of "+robots+" could not be read: "+err.Error()+".", "error")
			}
		}
	})
}

// useCapture loads the WARC data, named name, into the editor and the
// delivery panel.
func (e *explorer) useCapture(ctx app.Context, name string, data []byte) error {
	c, err := view.LoadCapture(name, data, e.in.URLs)
	if err != nil {
		return err
	}
	st := e.in
	st.Robots, st.Delivery = c.Text, c.Form
	e.replaceWork(ctx, st, e.chosen)
	e.capture = c
	e.assessDelivery()
	if other := c.OtherSite(e.in.URLs); other != "" {
		e.say("Loaded the capture. "+other, "error")
		return nil
	}
	e.say("Loaded the capture: "+c.Label(), "info")
	return nil
}

// onStopCapture keeps the file and the facts, typed and editable.
func (e *explorer) onStopCapture(ctx app.Context, ev app.Event) {
	e.capture = nil
	e.assessDelivery()
}
