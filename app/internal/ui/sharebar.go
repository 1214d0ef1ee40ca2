package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/view"
)

// renderNotice is the message about the last link, file or copy; an error
// is announced at once, information politely.
func renderNotice(msg, kind string, seq int) app.UI {
	if msg == "" {
		return app.Elem("div").ID("notice").Class("notice", "empty").Aria("live", "polite")
	}
	role := "status"
	if kind == "error" {
		role = "alert"
	}
	return app.Elem("div").ID("notice").Class("notice", kind).DataSet("kind", kind).DataSet("seq", seq).Role(role).Text(msg)
}

// renderRestore offers back the work a link or an example replaced.
func renderRestore(show bool, restore, discard app.EventHandler) app.UI {
	if !show {
		return app.Text("")
	}
	return app.Elem("div").ID("previous-work").Class("restore").Body(
		app.Elem("span").Text("Your previous work was kept when this state was opened. "),
		app.Elem("button").Attr("type", "button").ID("restore-previous").OnClick(restore).Text("Restore your previous work"),
		app.Elem("button").Attr("type", "button").Class("link").ID("discard-previous").OnClick(discard).Text("Discard it"),
	)
}

// renderUnread offers back saved work the explorer could not read, with
// the reason.
func renderUnread(w *view.UnreadWork, download, discard app.EventHandler) app.UI {
	if w == nil {
		return app.Text("")
	}
	return app.Elem("div").ID("unread-work").Class("restore").Role("alert").Body(
		app.Elem("span").Text("Your saved work could not be read: "+w.Reason+". It is kept in this browser until you discard it. "+
			"“Download it” saves it as a file, to mend by hand and open with “"+view.LoadStateLabel+"”. "),
		app.Elem("button").Attr("type", "button").ID("download-unread").OnClick(download).Text("Download it"),
		app.Elem("button").Attr("type", "button").Class("link").ID("discard-unread").OnClick(discard).Text("Discard it"),
	)
}

// shareHandlers are the share bar's actions.
type shareHandlers struct {
	copyLink, saveFile, loadFile, saveRobots app.EventHandler
}

// renderShare is the share bar: copy a link, save the state to or load it
// from a file, download the robots.txt being edited, and the link last
// made, selectable for copying by hand.
func renderShare(link string, h shareHandlers) app.UI {
	// A named section is a region landmark, so the bar is not content
	// outside every landmark (axe: region).
	return app.Elem("section").Class("share").Aria("label", "Share").Body(
		app.Elem("button").Attr("type", "button").ID("copy-link").OnClick(h.copyLink).Text("Copy link"),
		app.Elem("button").Attr("type", "button").ID("save-file").OnClick(h.saveFile).Text(view.SaveStateLabel),
		app.Elem("label").Class("file-button").Attr("for", "load-file").Text(view.LoadStateLabel),
		app.ElemSelfClosing("input").Attr("type", "file").ID("load-file").Class("visually-hidden").Attr("accept", ".txt,text/plain").OnChange(h.loadFile),
		app.Elem("button").Attr("type", "button").ID("save-robots").OnClick(h.saveRobots).Text(view.SaveRobotsLabel),
		app.If(link != "", func() app.UI {
			return app.ElemSelfClosing("input").Attr("type", "text").ID("share-link").Attr("readonly", true).Aria("label", "Link to this state").Attr("value", link)
		}),
	)
}
