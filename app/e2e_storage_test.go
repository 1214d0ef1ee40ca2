//go:build e2e

package main

import (
	"context"
	"strconv"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
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
// creates the database, which the page makes with its object store, and
// its own opens are not among those countIDBOpens counts.
func idbWorkHolds(text string) string {
	return `(() => {
		const r = (window.__idbOpenUncounted ?? indexedDB.open.bind(indexedDB))("robots-explorer");
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

	// No store takes it (IndexedDB refuses the page's connection and a new
	// one): the page says so, and how to keep the work.
	eval[bool](p, `(() => { IDBFactory.prototype.open = function () {
		const req = {}; setTimeout(() => req.onerror && req.onerror(), 0); return req; };
		IDBDatabase.prototype.transaction = function () { throw new DOMException("refused", "InvalidStateError"); };
		return true; })()`)
	p.do(chromedp.Focus("#token"))
	p.insertText("2")
	p.waitFor(`(document.querySelector('#notice[data-kind="error"]')?.textContent ?? "").includes("could not be saved")`)
	if !eval[bool](p, `document.getElementById("notice").textContent.includes("Save state to file")`) {
		t.Error("the notice does not say how to keep the work")
	}
	p.noConsoleErrors()
}

// countIDBOpens, run in each new document before the page's scripts,
// counts the page's opens of its database in window.__idbOpens.
const countIDBOpens = `(() => {
	const open = IDBFactory.prototype.open;
	window.__idbOpens = 0;
	window.__idbOpenUncounted = name => open.call(indexedDB, name);
	IDBFactory.prototype.open = function (name, ...rest) {
		if (name === "robots-explorer") window.__idbOpens++;
		return open.call(this, name, ...rest);
	};
})()`

// The page opens its database once and keeps the connection for every
// load, save and delete; when another tab deletes the database (its
// versionchange), the page closes the connection, so the deletion goes
// through, and the next save opens a new one.
func TestE2EIndexedDBOneConnection(t *testing.T) {
	p := openExplorer(t)
	p.cdp(func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: countIDBOpens})
		return err
	})
	// A page whose local storage lacks its work looks for it in IndexedDB.
	eval[bool](p, `(localStorage.removeItem("robots-explorer/work"), true)`)
	p.load()
	p.waitFor(`window.__idbOpens === 1`)
	eval[bool](p, `(localStorage.removeItem("robots-explorer/work"), true)`)
	p.fillLocalStorage()
	for _, token := range []string{"alpha", "beta", "gamma"} {
		p.setField("token", token)
		p.waitFor(idbWorkHolds("token=" + token))
	}
	p.do(chromedp.Click(chromedp.CSS(`.label-row button`))) // the example replaces edited work: kept aside in IndexedDB
	p.do(chromedp.Click(chromedp.ID("discard-previous")))   // and deleted from it
	p.settle()
	if n := eval[int](p, `window.__idbOpens`); n != 1 {
		t.Errorf("the page opened its database %d times for one load, three saves, a put and a delete; want once", n)
	}

	evalPromise[bool](p, `new Promise((ok, fail) => { const r = indexedDB.deleteDatabase("robots-explorer");
		r.onsuccess = () => ok(true); r.onerror = () => fail(r.error); })`, 60*time.Second)
	p.setField("token", "delta")
	p.waitFor(idbWorkHolds("token=delta"))
	if n := eval[int](p, `window.__idbOpens`); n != 2 {
		t.Errorf("after the database was deleted the page opened it %d times in all, want twice", n)
	}
	p.noConsoleErrors()
}
