//go:build e2e

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
)

// A link the person opens always wins over a pending save of older work:
// a ~920 KB link set as the location hash 300-350 ms after an edit used to
// be overwritten by the save of the edit, and nothing was shown.
func TestE2ELinkBeatsPendingSave(t *testing.T) {
	p := openExplorer(t)
	// bigState is a large file of few lines: comparing it under every
	// reading keeps the page busy when the save comes due, which is when
	// the save and the link's navigation queue up together.
	bigState := func(token string, kb int) permalink.State {
		line := "Disallow: /private/" + strings.Repeat("é", 500) + "\n"
		return permalink.State{
			Robots:  "User-agent: " + token + "\n" + strings.Repeat(line, kb*1000/len(line)),
			Token:   token,
			URLs:    []string{"/private/é?q=1", "/public"},
			Reading: "rfc9309",
		}
	}
	work, linked := bigState("workbot", 700), bigState("linkbot", 300)
	link := permalink.Readable(view.LinkState(linked, 0))
	t.Logf("the link: %d KB; the work: %d KB", len(link)/1000, len(work.Robots)/1000)
	for i, delay := range []int{300, 325, 350} {
		// The person's own work, edited.
		p.open("/#" + testkit.CompactLink(t, view.LinkState(work, 0)))
		p.waitFor(`document.getElementById("token").value === "workbot"`)
		eval[bool](p, fmt.Sprintf(`(() => { window.bigLink = %s; window.bigLinkText = %s; return true; })()`, jsString(link), jsString(linked.Robots)))
		p.do(chromedp.Focus("#token"))
		p.insertText(fmt.Sprint(i))
		eval[bool](p, fmt.Sprintf(`(() => { setTimeout(() => { location.hash = window.bigLink; }, %d); return true; })()`, delay))
		// The editor holds the link's file.
		p.waitForWithin(20*time.Second, `document.getElementById("token").value === "linkbot" &&
			document.getElementById("robots-src").value === window.bigLinkText`)
		if t.Failed() {
			t.Fatalf("a link set %d ms after an edit was not loaded: the token is %q, the address bar holds %d bytes",
				delay, eval[string](p, `document.getElementById("token").value`), eval[int](p, `location.hash.length`))
		}
		// The link's own state is saved afterwards; the edit never comes back.
		p.waitFor(`(localStorage.getItem("robots-explorer/work") ?? "").includes("linkbot")`)
		if tok := eval[string](p, `document.getElementById("token").value`); tok != "linkbot" {
			t.Errorf("link set %d ms after an edit: the token became %q after the save", delay, tok)
		}
	}
	p.noConsoleErrors()
}

func (p *page) waitForWithin(d time.Duration, js string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Errorf("waiting for %s: %v", js, err)
	}
}
