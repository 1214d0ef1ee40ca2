//go:build e2e

package main

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fillLocalStorage fills the page's local storage to the brim, as other
// saved work would, and returns how many characters it took. It goes on
// down to one character a value, so that what is left is too little for
// any key of the page's: a remainder of a few hundred characters held, by
// chance, the marker or even a small work.
func (p *page) fillLocalStorage() int {
	return eval[int](p, `(() => { let chunk = "x".repeat(1 << 20), n = 0;
		for (let i = 0; chunk.length >= 1; i++) {
			try { localStorage.setItem("filler" + i, chunk); n += chunk.length; }
			catch (e) { chunk = chunk.slice(0, chunk.length / 2); }
		}
		return n; })()`)
}

// idbWorkHolds is a condition on the work the page keeps in IndexedDB: it
// starts a read of it and is true once a read found text in it. It never
// creates the database, which the page makes with its object store.
func idbWorkHolds(text string) string {
	return `(() => {
		const r = indexedDB.open("robots-explorer");
		r.onupgradeneeded = () => r.transaction.abort();
		r.onsuccess = () => {
			const db = r.result;
			if (db.objectStoreNames.contains("saved")) {
				const g = db.transaction("saved").objectStore("saved").get("robots-explorer/work");
				g.onsuccess = () => { window.idbWork = String(g.result ?? ""); };
			}
			db.close();
		};
		return (window.idbWork ?? "").includes(` + strconv.Quote(text) + `);
	})()`
}

// Past local storage's quota the work is kept in IndexedDB, and a new tab
// shows it; where no store takes it, the page says so. (A 3.5 MB paste
// used to throw QuotaExceededError unseen, and a new tab showed older
// work with no way back.)
func TestE2ESaveBeyondQuota(t *testing.T) {
	p := openExplorer(t)
	// Without the work's own earlier save to give back, the storage stays
	// full to its last bytes: no room for the work, nor even for the marker
	// that says where it went.
	eval[bool](p, `(localStorage.removeItem("robots-explorer/work"), true)`)
	t.Logf("local storage filled with %d characters", p.fillLocalStorage())
	p.do(chromedp.Focus("#token"))
	p.insertText("quota")
	p.waitFor(idbWorkHolds("Googlebotquota"))
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
