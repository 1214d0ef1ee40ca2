package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/browser"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// persistDelay is how long the explorer waits after an analysis or a
// choice before it saves the work locally and writes it into the address
// bar: compacting a large file is not worth doing at every keystroke.
const persistDelay = 300 * time.Millisecond

// The explorer's side of sharing: the state in the URL fragment, local
// saving, files, and the way back to work a link replaced. See DESIGN §4:
// the state is rebuilt from the URL in OnNav, and go-app ignores a
// navigation to the URL it last navigated to, so loading never depends on
// a navigation happening.

// openLink shows what the link frag holds, once decoded.
func (e *explorer) openLink(ctx app.Context, frag string, first bool, ex permalink.State, chosen int, err error) {
	if err != nil {
		if first {
			e.restoreSaved(ctx)
		}
		e.say(view.LinkProblem(err), "error")
		return
	}
	e.fragment = frag
	e.linked = view.LinkState(ex, chosen)
	if !first && view.SameState(e.state(), e.linked) {
		return // back or forward to what is shown already
	}
	if first {
		e.keepSavedWork(ctx, e.linked)
	}
	e.replaceWork(ctx, ex, chosen)
}

// restoreSaved shows the work saved on an earlier visit, or the default
// example when there is none. Saved work that cannot be read is kept and
// offered back, never replaced: the page starts empty beside it.
func (e *explorer) restoreSaved(ctx app.Context) {
	browser.LoadText(ctx, view.WorkKey, func(ctx app.Context, text string, found bool) {
		w, err := view.ReadSaved(text)
		switch {
		case !found || err == nil && w.Link == "":
			e.load(ctx, view.RFC9309Example(), 0)
		case err != nil:
			e.keepUnread(ctx, view.NewUnreadWork(text, err))
			e.load(ctx, permalink.State{}, 0)
		default:
			e.decodeThen(ctx, w.Link, func(ctx app.Context, ex permalink.State, chosen int, err error) {
				if err != nil { // ex is then empty
					e.keepUnread(ctx, view.NewUnreadWork(text, err))
				}
				e.edited = w.Edited && err == nil
				e.load(ctx, ex, chosen)
			})
		}
	})
}

// keepSavedWork runs when a link opens the explorer: the work saved on an
// earlier visit, if someone edited it and it is not what the link shows,
// is kept aside and offered back, and so is saved work that cannot be
// read. So is work kept aside earlier and not yet restored or discarded.
func (e *explorer) keepSavedWork(ctx app.Context, link permalink.State) {
	browser.LoadText(ctx, view.WorkKey, func(ctx app.Context, text string, found bool) {
		w, err := view.ReadSaved(text)
		var s permalink.State
		if err == nil {
			s, err = permalink.Decode(w.Link)
		}
		switch {
		case found && err != nil:
			e.keepUnread(ctx, view.NewUnreadWork(text, err))
			return
		case found && w.Edited && !view.SameState(s, link):
			e.keepAside(ctx, s)
			return
		}
		var prev string
		browser.LoadValue(ctx, view.PreviousKey, &prev, func(ctx app.Context, found bool) {
			if s, err := permalink.Decode(prev); found && err == nil && !view.SameState(s, link) {
				e.previous = &s
			}
		})
	})
}

// keepUnread keeps saved work that could not be read under its own key,
// which no save overwrites, and offers it back with the reason.
func (e *explorer) keepUnread(ctx app.Context, w view.UnreadWork) {
	e.unread = &w
	browser.StoreValue(ctx, view.UnreadKey, w, func(ctx app.Context, err error) {
		e.say("The saved work that could not be read could not be kept in this browser either ("+err.Error()+"): “Download it” keeps it.", "error")
	})
}

// offerUnread offers back the saved work an earlier visit could not read
// and kept.
func (e *explorer) offerUnread(ctx app.Context) {
	var w view.UnreadWork
	browser.LoadValue(ctx, view.UnreadKey, &w, func(ctx app.Context, found bool) {
		if found && e.unread == nil {
			e.unread = &w
		}
	})
}

func (e *explorer) onDownloadUnread(ctx app.Context, ev app.Event) {
	if e.unread != nil {
		browser.DownloadText(view.SaveFileName, e.unread.Text+"\n")
	}
}

func (e *explorer) onDiscardUnread(ctx app.Context, ev app.Event) {
	e.unread = nil
	browser.DeleteValue(ctx, view.UnreadKey)
}

// replaceWork loads an input that replaces the current one; work someone
// typed is kept aside first, so that nothing typed is lost.
func (e *explorer) replaceWork(ctx app.Context, ex permalink.State, chosen int) {
	if cur := e.state(); e.edited && !view.SameState(cur, view.LinkState(ex, chosen)) {
		e.keepAside(ctx, cur)
	}
	e.edited = false
	e.load(ctx, ex, chosen)
}

func (e *explorer) keepAside(ctx app.Context, s permalink.State) {
	e.previous = &s
	browser.StoreValue(ctx, view.PreviousKey, permalink.Readable(s), func(ctx app.Context, err error) {
		e.say(notSaved("The work this replaced", err), "error")
	})
}

// state is what is shown, as a link would carry it.
func (e *explorer) state() permalink.State { return view.LinkState(e.in, e.chosen) }

// openState loads a state from within the explorer (an example, a file,
// the previous work) as a new step of the history, so that Back returns
// to what was there before.
func (e *explorer) openState(ctx app.Context, ex permalink.State, chosen int) {
	e.notice = ""
	e.replaceWork(ctx, ex, chosen)
	s := e.state()
	// linked at once: a save that runs while the link is compacted finds
	// the address bar's state on its way and leaves it alone.
	e.linked = s
	e.compactThen(ctx, s, func(ctx app.Context, c string, err error, current bool) {
		if !current {
			return // newer work has taken the address bar
		}
		frag := ""
		if err == nil && len(c) <= permalink.MaxFragment {
			frag = c
		}
		e.fragment = frag
		ctx.NavigateTo(here(ctx, frag))
		// go-app ignores a navigation to the URL it last navigated to;
		// the address bar must show this state all the same.
		ctx.Page().ReplaceURL(here(ctx, frag))
	})
}

// maxSavedRobots bounds the file saved in the browser: a browser keeps
// about 5 million characters per site, and the readable link of a larger
// file cannot fit (encoding it and failing froze the tab for seconds after
// a 10 MiB paste). Links and saved files still carry it.
const maxSavedRobots = 4 << 20

// here is the explorer's URL with fragment frag (base64url or already
// escaped). It is absolute, as go-app's last navigated URL is: a URL
// without its scheme never compares equal, and go-app then reloads the
// page's component.
func here(ctx app.Context, frag string) *url.URL {
	u := *ctx.Page().URL()
	u.Path, u.RawPath, u.RawQuery, u.ForceQuery = "/", "", "", false
	u.Fragment, u.RawFragment = "", ""
	if frag != "" {
		if f, err := url.PathUnescape(frag); err == nil {
			u.Fragment, u.RawFragment = f, frag
		}
	}
	return &u
}

// persistLater saves the work locally and writes it into the address bar
// once the input has been still for persistDelay.
func (e *explorer) persistLater(ctx app.Context) {
	e.persistSeq++
	seq, gen := e.persistSeq, e.gen
	ctx.After(persistDelay, func(ctx app.Context) {
		ctx.PreventUpdate()
		if seq == e.persistSeq && gen == e.gen { // an edit since: its analysis persists
			e.persist(ctx)
		}
	})
}

func (e *explorer) persist(ctx app.Context) {
	s := e.state()
	start := browser.PerfNow()
	if !app.IsClient || len(s.Robots) < pacedFrom {
		link := permalink.Readable(s)
		e.store(ctx, s, link, savedJSON(link, e.edited), start)
		return
	}
	// The link of a large file and what is saved are written in the
	// background, in short browser tasks; a newer save stops them.
	seq, edited := e.persistSeq, e.edited
	e.later(ctx, &e.saving, "background: readable link", func(pause func()) func(ctx app.Context) {
		link := permalink.ReadablePaced(s, pause)
		saved := ""
		if len(s.Robots) <= maxSavedRobots {
			pause()
			saved = savedJSON(link, edited)
		}
		return func(ctx app.Context) {
			ctx.PreventUpdate()
			if seq == e.persistSeq {
				e.store(ctx, s, link, saved, start)
			}
		}
	})
}

// savedJSON is what the local storage keeps of the work: a SavedWork, as
// JSON.
func savedJSON(link string, edited bool) string {
	b, err := json.Marshal(view.SavedWork{Link: link, Edited: edited})
	if err != nil {
		panic(err) // two strings and a boolean always encode
	}
	return string(b)
}

// store saves the work s, whose readable link is link and whose saved
// form (savedJSON) is saved, locally, and writes its compact link into the
// address bar.
func (e *explorer) store(ctx app.Context, s permalink.State, link, saved string, start float64) {
	if len(s.Robots) > maxSavedRobots {
		// Said once, not after every edit of the same large file.
		if !e.tooLargeToSave {
			e.tooLargeToSave = true
			e.say(notSaved("Your work", fmt.Errorf("its file is over %d MiB", maxSavedRobots>>20)), "error")
		}
	} else {
		e.tooLargeToSave = false
		sp := browser.StartSpan("save: store the work")
		defer sp.End()
		browser.StoreText(ctx, view.WorkKey, saved, func(ctx app.Context, err error) {
			e.say(notSaved("Your work", err), "error")
		})
	}
	if view.SameState(s, e.linked) || e.typedLink(ctx) {
		// The address bar already holds this state, or a link typed
		// there wins.
		browser.PublishSaveTiming(len(s.Robots), start)
		return
	}
	e.compactLinkThen(ctx, func(func()) string { return link }, func(ctx app.Context, c string, err error, current bool) {
		browser.PublishSaveTiming(len(s.Robots), start)
		if !current || e.typedLink(ctx) {
			return
		}
		frag := ""
		if err == nil && len(c) <= permalink.MaxFragment {
			frag = c // else no link: a reload restores the local save
		}
		e.fragment, e.linked = frag, s
		ctx.Page().ReplaceURL(here(ctx, frag))
	})
}

// typedLink reports whether the address bar holds a link the explorer has
// not loaded yet (typed or opened while a save waited): it wins, and
// OnNav loads it.
func (e *explorer) typedLink(ctx app.Context) bool {
	return ctx.Page().URL().EscapedFragment() != e.fragment
}

// say shows a message above the inputs; kind is "error" or "info".
// noticeSeq counts messages, so that the same message said twice is
// still seen as new.
func (e *explorer) say(msg, kind string) {
	e.notice, e.noticeKind = msg, kind
	e.noticeSeq++
}

// onCopyLink makes the compact link of the current work and copies it, or
// says that the work is too large for a link.
func (e *explorer) onCopyLink(ctx app.Context, ev app.Event) {
	s := e.state()
	e.compactThen(ctx, s, func(ctx app.Context, c string, err error, current bool) {
		if err != nil {
			e.shareLink = ""
			e.say("No link could be made in this browser ("+err.Error()+"). Use “Save to file” instead.", "error")
			return
		}
		if len(c) > permalink.MaxFragment {
			e.shareLink = ""
			e.say(view.TooLargeForLink(len(c)), "error")
			return
		}
		e.shareCompact(ctx, s, c, current)
	})
}

// shareCompact puts the compact link c of s on the clipboard, or below the
// buttons when the clipboard refuses: the person asked for it, even if the
// work changed while it was made. The address bar takes it only while s
// is the newest state (current).
func (e *explorer) shareCompact(ctx app.Context, s permalink.State, c string, current bool) {
	u := ctx.Page().URL()
	link := u.Scheme + "://" + u.Host + "/#" + c
	e.shareLink = link
	if current {
		e.fragment, e.linked = c, s
		ctx.Page().ReplaceURL(here(ctx, c))
	}
	browser.CopyText(ctx, link, func(ctx app.Context, ok bool) {
		if ok {
			e.say("Link copied: it holds the whole state, compacted ("+view.KiB(len(c))+").", "info")
		} else {
			e.say("Copy the link below: it holds the whole state, compacted ("+view.KiB(len(c))+").", "info")
		}
	})
}

func (e *explorer) onSaveFile(ctx app.Context, ev app.Event) {
	browser.DownloadText(view.SaveFileName, view.FileText(e.state()))
	e.say("The page's state (file, token, crawlers, URLs, reading, delivery facts) saved as "+view.SaveFileName+"; “"+view.LoadStateLabel+"” opens it again.", "info")
}

// onSaveRobots downloads the robots.txt being edited, whole (also the part
// past what the page analyses), as the file a server would send.
func (e *explorer) onSaveRobots(ctx app.Context, ev app.Event) {
	browser.DownloadText(view.RobotsFileName, e.in.Robots)
	e.say("The robots.txt ("+view.ByteSize(len(e.in.Robots))+") saved as "+view.RobotsFileName+".", "info")
}

func (e *explorer) onLoadFile(ctx app.Context, ev app.Event) {
	browser.ReadChosenFile(ctx, ctx.JSSrc(), permalink.MaxState, func(ctx app.Context, text string, err error) {
		if err != nil {
			e.say("This file could not be opened: "+err.Error()+". Your work is unchanged.", "error")
			return
		}
		e.decodeThen(ctx, strings.TrimSpace(text), func(ctx app.Context, ex permalink.State, chosen int, err error) {
			if err != nil {
				e.say("This file could not be opened: "+err.Error()+". Your work is unchanged.", "error")
				return
			}
			e.openState(ctx, ex, chosen)
			e.say("Loaded the state saved in the file.", "info")
		})
	})
}

// onRestore brings back the work a link or an example replaced.
func (e *explorer) onRestore(ctx app.Context, ev app.Event) {
	if e.previous == nil {
		return
	}
	ex, chosen, err := view.Open(*e.previous)
	e.previous = nil
	browser.DeleteValue(ctx, view.PreviousKey)
	if err != nil {
		e.say(view.LinkProblem(err), "error")
		return
	}
	e.openState(ctx, ex, chosen)
	e.edited = true // it is the person's own work again
}

func (e *explorer) onDiscardPrevious(ctx app.Context, ev app.Event) {
	e.previous = nil
	browser.DeleteValue(ctx, view.PreviousKey)
}

// notSaved says that what could not be saved in this browser, and why,
// and how to keep it all the same.
func notSaved(what string, err error) string {
	return what + " could not be saved in this browser (" + err.Error() + "): a new tab will not show it. " +
		"Use “Save state to file” to keep it."
}

// decodeThen calls done with what decodeLink makes of fragment. A readable
// fragment is read at once; a compact one off the UI goroutine, and done
// then runs on it only if gen is still e.linkGen, so that a link decoded
// late never replaces a state that came after it.
func (e *explorer) decodeThen(ctx app.Context, fragment string, done func(ctx app.Context, ex permalink.State, chosen int, err error)) {
	if !permalink.IsCompact(fragment) {
		ex, chosen, err := view.DecodeLink(fragment)
		done(ctx, ex, chosen, err)
		return
	}
	gen := e.nextLinkGen()
	ctx.Async(func() {
		ex, chosen, err := view.DecodeLink(fragment)
		ctx.Dispatch(func(ctx app.Context) {
			if gen == e.linkGen {
				done(ctx, ex, chosen, err)
			}
		})
	})
}

// compactThen compacts s off the UI goroutine (the browser's stream is
// asynchronous) and calls done with the link on it. current says whether
// s is still the newest state asked for the address bar (e.linkGen has not
// moved on): a late result must never overwrite newer state with it.
func (e *explorer) compactThen(ctx app.Context, s permalink.State, done func(ctx app.Context, link string, err error, current bool)) {
	e.compactLinkThen(ctx, func(pause func()) string { return permalink.ReadablePaced(s, pause) }, done)
}

// compactLinkThen is compactThen of the state whose readable link
// readable makes, paced by its pause (browser.Pacer): a file of megabytes
// is encoded in short browser tasks.
func (e *explorer) compactLinkThen(ctx app.Context, readable func(pause func()) string, done func(ctx app.Context, link string, err error, current bool)) {
	gen := e.nextLinkGen()
	ctx.Async(func() {
		c, err := permalink.CompactReadable(readable(browser.NewPacer(context.Background(), "background: link").Pause))
		ctx.Dispatch(func(ctx app.Context) { done(ctx, c, err, gen == e.linkGen) })
	})
}

func (e *explorer) nextLinkGen() int {
	e.linkGen++
	return e.linkGen
}
