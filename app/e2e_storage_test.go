//go:build e2e

package main

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fillLocalStorage fills the page's local storage to the brim, as other
// saved work would, and returns how many characters it took.
func (p *page) fillLocalStorage() int {
	return eval[int](p, `(() => { let chunk = "x".repeat(1 << 20), n = 0;
		for (let i = 0; chunk.length >= 512; i++) {
			try { localStorage.setItem("filler" + i, chunk); n += chunk.length; }
			catch (e) { chunk = chunk.slice(0, chunk.length / 2); }
		}
		return n; })()`)
}

// Past local storage's quota the work is kept in IndexedDB, and a new tab
// shows it; where no store takes it, the page says so. (A 3.5 MB paste
// used to throw QuotaExceededError unseen, and a new tab showed older
// work with no way back.)
func TestE2ESaveBeyondQuota(t *testing.T) {
	p := openExplorer(t)
	t.Logf("local storage filled with %d characters", p.fillLocalStorage())
	p.do(chromedp.Focus("#token"))
	p.insertText("quota")
	p.waitFor(`JSON.parse(localStorage.getItem("robots-explorer/work") ?? "null") === "\u0000indexeddb"`)
	if n := eval[string](p, `document.querySelector('#notice[data-kind="error"]')?.textContent ?? ""`); n != "" {
		t.Errorf("saved in IndexedDB, yet the page says: %s", n)
	}

	// A new tab of the same browser shows the newest work.
	tab, cancel := chromedp.NewContext(p.ctx)
	defer cancel()
	ctx, stop := context.WithTimeout(tab, 60*time.Second)
	defer stop()
	if err := chromedp.Do(ctx, chromedp.Navigate(p.srv.URL+"/"), chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("token").value === "Googlebotquota"`,
		chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		got, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.getElementById("token").value`))
		t.Fatalf("a new tab shows the token %q, want the newest work's Googlebotquota: %v", got, err)
	}

	// No store takes it: the page says so, and how to keep the work.
	eval[bool](p, `(() => { IDBFactory.prototype.open = function () {
		const req = {}; setTimeout(() => req.onerror && req.onerror(), 0); return req; }; return true; })()`)
	p.do(chromedp.Focus("#token"))
	p.insertText("2")
	p.waitFor(`(document.querySelector('#notice[data-kind="error"]')?.textContent ?? "").includes("could not be saved")`)
	if !eval[bool](p, `document.getElementById("notice").textContent.includes("Save state to file")`) {
		t.Error("the notice does not say how to keep the work")
	}
	p.noConsoleErrors()
}
