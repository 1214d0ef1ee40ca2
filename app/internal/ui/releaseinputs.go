package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/ui/releasepanel"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// The explorer's side of the release check: a second editor
// for the file in production ("before") above the main one, which then
// holds the candidate ("after"); both load from disk too, and both travel
// in links and saved work (permalink.State.Before). The check itself is
// the releasePanel below the page.

// loadBefore writes a loaded text into the before editor; a link or saved
// work with a file in production opens the check.
func (e *explorer) loadBefore(text string) {
	e.before = editorContent{Seq: e.before.Seq + 1, Text: text}
	if text != "" {
		e.release = true
	}
}

func (e *explorer) renderReleaseToggle() app.UI {
	label := "Check a release against the file in production"
	if e.release {
		label = "Close the release check"
	}
	return app.Elem("button").Attr("type", "button").ID("release-toggle").Class("link").
		Aria("expanded", e.release).Aria("controls", "release").OnClick(e.onReleaseToggle).Text(label)
}

func (e *explorer) onReleaseToggle(ctx app.Context, _ app.Event) { e.release = !e.release }

// renderBefore is the editor of the file in production, and the loading
// of either file from disk, while the check is open.
func (e *explorer) renderBefore() app.UI {
	return app.If(e.release, func() app.UI {
		return app.Elem("div").Class("release-files").Body(
			app.Elem("div").Class("label-row").Body(
				app.Elem("label").ID("robots-before-label").Text("Before: the robots.txt in production"),
				app.Elem("label").Class("file-button").Attr("for", "before-file").Text("Load before from disk"),
				app.ElemSelfClosing("input").Attr("type", "file").ID("before-file").Class("visually-hidden").
					Attr("accept", ".txt,text/plain").OnChange(e.onLoadBefore),
			),
			newCodeEditor("robots-before", "robots.txt in production (before)", e.before, e.onBefore),
			app.Elem("div").Class("label-row").Body(
				app.Elem("span").Class("after-label").Text("After: the candidate, in the robots.txt editor"),
				app.Elem("label").Class("file-button").Attr("for", "after-file").Text("Load after from disk"),
				app.ElemSelfClosing("input").Attr("type", "file").ID("after-file").Class("visually-hidden").
					Attr("accept", ".txt,text/plain").OnChange(e.onLoadAfter),
			),
		)
	})
}

func (e *explorer) onBefore(ctx app.Context, text string) {
	e.in.Before, e.edited = text, true
	e.persistLater(ctx)
}

func (e *explorer) onLoadBefore(ctx app.Context, _ app.Event) {
	browser.ReadChosenFile(ctx, ctx.JSSrc(), permalink.MaxState, func(ctx app.Context, text string, err error) {
		if err != nil {
			e.say("The file in production could not be loaded: "+err.Error()+".", "error")
			return
		}
		e.loadBefore(text)
		e.onBefore(ctx, text)
	})
}

func (e *explorer) onLoadAfter(ctx app.Context, _ app.Event) {
	browser.ReadChosenFile(ctx, ctx.JSSrc(), permalink.MaxState, func(ctx app.Context, text string, err error) {
		if err != nil {
			e.say("The candidate file could not be loaded: "+err.Error()+".", "error")
			return
		}
		e.source = editorContent{Seq: e.source.Seq + 1, Text: text}
		e.in.Robots, e.edited = text, true
		e.gen++
		e.analyze(ctx)
	})
}

// renderRelease is the check, below the explorer, while it is open.
func (e *explorer) renderRelease() app.UI {
	return app.If(e.release, func() app.UI {
		return releasepanel.New(e.in.Before, e.in.Robots, view.ReadingOf(e.in))
	})
}
