package ui

import (
	"time"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/version"
	"robots-explorer/app/internal/view"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The decision record's buttons under the chosen URL's verdict: download
// or copy it, as Markdown or JSON (view/recordexport.go builds it).

// onRecord returns the handler that downloads (or copies) the chosen URL's
// record in the form ext, "md" or "json".
func (e *explorer) onRecord(ext string, copyIt bool) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		rec, err := view.DecisionRecord(e.result, e.chosen, e.in.Robots, e.delivery.Facts, time.Now(), version.Tool())
		if err != nil {
			e.say("No record: "+err.Error()+".", "error")
			return
		}
		text, mime, err := view.RecordText(rec, ext)
		if err != nil {
			e.say("The record could not be written: "+err.Error()+".", "error")
			return
		}
		name := view.RecordFileName(rec, ext)
		if !copyIt {
			browser.DownloadAs(name, mime, text)
			e.say("Decision record saved as "+name+" (SHA-256 of the file "+rec.File.SHA256[:12]+"…).", "info")
			return
		}
		browser.CopyText(ctx, text, func(ctx app.Context, ok bool) {
			if ok {
				e.say("Decision record copied ("+recordFormName(ext)+").", "info")
			} else {
				e.say("The browser refused the clipboard: download the record instead.", "error")
			}
		})
	}
}

// recordFormName names a record's file extension for people.
func recordFormName(ext string) string {
	switch ext {
	case "md":
		return "Markdown"
	case "json":
		return "JSON"
	}
	return ""
}

// renderRecordBar is the record's buttons, shown for a URL that can be read.
func (e *explorer) renderRecordBar() app.UI {
	if e.detail == nil || e.detail.Row.Result == nil {
		return app.Text("")
	}
	button := func(id, text, ext string, copyIt bool) app.UI {
		return app.Elem("button").Attr("type", "button").ID(id).OnClick(e.onRecord(ext, copyIt), app.EventScope(id)).Text(text)
	}
	return app.Elem("div").ID("record").Class("record-bar share").Role("group").Aria("label", "Decision record").Body(
		app.Elem("span").Class("record-label").Text("Decision record:"),
		button("record-md", "Download Markdown", "md", false),
		button("record-json", "Download JSON", "json", false),
		button("record-copy-md", "Copy Markdown", "md", true),
		button("record-copy-json", "Copy JSON", "json", true),
	)
}
