package browser

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The work is saved in the browser's local storage while it fits (some
// 5 MB in most browsers, shared with everything else the site keeps) and
// in IndexedDB, which holds far more, when it does not. Local storage is
// tried first because it reads back at once, so that a visit shows the
// saved work without waiting. A value that went to IndexedDB leaves a
// small marker under its key in local storage where there is room for it;
// a key that local storage does not hold is looked up in IndexedDB too,
// since a storage full to the last bytes has no room even for the marker,
// and the work is in IndexedDB all the same.

const (
	workDB      = "robots-explorer"
	workObjects = "saved"
	// inIndexedDB is the marker stored under a key whose value is in
	// IndexedDB.
	inIndexedDB = "\x00indexeddb"
)

var errNoIndexedDB = errors.New("this browser offers no IndexedDB")

// StoreValue saves v under key. failed is called only when neither store
// took the value; the older value is then gone too, so that it never
// passes for the newer one.
func StoreValue(ctx app.Context, key string, v any, failed func(ctx app.Context, err error)) {
	ls := ctx.LocalStorage()
	if err := ls.Set(key, v); err == nil {
		return
	}
	ls.Del(key)
	b, err := json.Marshal(v)
	if err != nil {
		failed(ctx, err)
		return
	}
	idbPut(ctx, key, string(b), markedThen(key, failed))
}

// StoreText saves text under key as it is, as StoreValue saves a value's
// JSON encoding; LoadText reads it back, and LoadValue when text is a
// JSON encoding (made beforehand, off the UI goroutine, for a value of
// megabytes).
func StoreText(ctx app.Context, key, text string, failed func(ctx app.Context, err error)) {
	if err := setLocal(key, text); err == nil {
		return
	}
	ls := ctx.LocalStorage()
	ls.Del(key)
	idbPut(ctx, key, text, markedThen(key, failed))
}

// markedThen is what follows a put into IndexedDB: the marker is left
// where it fits (a failure to write it loses nothing, as LoadValue looks
// in IndexedDB for a key local storage lacks), and failed is called only
// when IndexedDB refused the value.
func markedThen(key string, failed func(ctx app.Context, err error)) func(ctx app.Context, err error) {
	return func(ctx app.Context, err error) {
		if err != nil {
			failed(ctx, err)
			return
		}
		_ = ctx.LocalStorage().Set(key, inIndexedDB)
	}
}

// setLocal writes text under key in local storage, which throws when it
// is full.
func setLocal(key, text string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("local storage refused %d characters: %v", len(text), r)
		}
	}()
	ls := app.Window().Get("localStorage")
	if !ls.Truthy() {
		return errors.New("this browser offers no local storage")
	}
	ls.Call("setItem", key, text)
	return nil
}

// LoadValue reads the value saved under key into v and tells done whether
// there was one that decoded. It answers at once for a value in local
// storage.
func LoadValue(ctx app.Context, key string, v any, done func(ctx app.Context, found bool)) {
	LoadText(ctx, key, func(ctx app.Context, text string, found bool) {
		done(ctx, found && json.Unmarshal([]byte(text), v) == nil)
	})
}

// LoadText reads the text saved under key, as it was stored, and tells
// done whether there was one. It answers at once for a text in local
// storage.
func LoadText(ctx app.Context, key string, done func(ctx app.Context, text string, found bool)) {
	if text, ok := getLocal(key); ok && !isMarker(text) {
		done(ctx, text, true)
		return
	}
	idbGet(ctx, key, func(ctx app.Context, text string, err error) {
		done(ctx, text, err == nil && text != "")
	})
}

// getLocal reads key from local storage.
func getLocal(key string) (string, bool) {
	ls := app.Window().Get("localStorage")
	if !ls.Truthy() {
		return "", false
	}
	v := ls.Call("getItem", key)
	if v.Type() != app.TypeString {
		return "", false
	}
	return v.String(), true
}

// isMarker reports whether text, from local storage, is the marker of a
// value in IndexedDB (stored JSON-encoded, as StoreValue stores values).
func isMarker(text string) bool {
	var s string
	return len(text) < 32 && json.Unmarshal([]byte(text), &s) == nil && s == inIndexedDB
}

// DeleteValue removes key from both stores (from IndexedDB even with no
// marker, which a full local storage may have had no room for).
func DeleteValue(ctx app.Context, key string) {
	idbDelete(ctx, key)
	ctx.LocalStorage().Del(key)
}

// idbRequest calls done on the UI goroutine when the IndexedDB request
// (or transaction) req succeeds or fails, with the request's result.
func idbRequest(ctx app.Context, req app.Value, okEvent string, done func(ctx app.Context, result app.Value, err error)) {
	var ok, fail app.Func
	settled := false
	settle := func(result app.Value, err error) {
		if settled { // a failed transaction reports both error and abort
			return
		}
		settled = true
		ok.Release()
		fail.Release()
		ctx.Dispatch(func(ctx app.Context) { done(ctx, result, err) })
	}
	ok = app.FuncOf(func(app.Value, []app.Value) any {
		settle(req.Get("result"), nil)
		return nil
	})
	fail = app.FuncOf(func(app.Value, []app.Value) any {
		msg := "the browser refused to store it"
		if e := req.Get("error"); e.Truthy() {
			msg = e.Get("message").String()
		}
		settle(app.Null(), errors.New(msg))
		return nil
	})
	req.Set(okEvent, ok)
	req.Set("onerror", fail)
	if okEvent == "oncomplete" {
		req.Set("onabort", fail)
	}
}

// idbStore gives done the database's object store in a transaction of the
// given mode.
func idbStore(ctx app.Context, mode string, done func(ctx app.Context, tx, store app.Value, err error)) {
	idbStoreOnce(ctx, mode, true, done)
}

// idbStoreOnce is idbStore; a connection the browser closed since it was
// kept throws at the transaction, and is then opened again, once, when
// again is set.
func idbStoreOnce(ctx app.Context, mode string, again bool, done func(ctx app.Context, tx, store app.Value, err error)) {
	idbDB(ctx, func(ctx app.Context, db app.Value, err error) {
		if err != nil {
			done(ctx, nil, nil, err)
			return
		}
		tx, err := idbTransaction(db, mode)
		switch {
		case err != nil && again:
			idb.db = nil
			idbStoreOnce(ctx, mode, false, done)
		case err != nil:
			done(ctx, nil, nil, err)
		default:
			done(ctx, tx, tx.Call("objectStore", workObjects), nil)
		}
	})
}

// idbTransaction starts a transaction on db; one on a closed connection
// throws.
func idbTransaction(db app.Value, mode string) (tx app.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("IndexedDB: %v", r)
		}
	}()
	return db.Call("transaction", workObjects, mode), nil
}

// idb is the page's one connection to its database, opened at the first
// use and kept for every later one: connections left open pile up. Only
// the page's UI goroutine touches it; on the server there is no IndexedDB
// and idbDB returns before.
var idb struct {
	db app.Value // the open connection, or nil
	// waiting are the uses that wait for the connection being opened.
	waiting []func(ctx app.Context, db app.Value, err error)
}

// idbDB gives done the open connection, opening it first when there is
// none.
func idbDB(ctx app.Context, done func(ctx app.Context, db app.Value, err error)) {
	factory := app.Window().Get("indexedDB")
	if !factory.Truthy() {
		done(ctx, nil, errNoIndexedDB)
		return
	}
	if idb.db != nil {
		done(ctx, idb.db, nil)
		return
	}
	if idb.waiting = append(idb.waiting, done); len(idb.waiting) > 1 {
		return // being opened
	}
	open, err := idbOpen(factory)
	if err != nil {
		idbOpened(ctx, nil, err)
		return
	}
	upgrade := app.FuncOf(func(app.Value, []app.Value) any {
		open.Get("result").Call("createObjectStore", workObjects)
		return nil
	})
	open.Set("onupgradeneeded", upgrade)
	idbRequest(ctx, open, "onsuccess", func(ctx app.Context, db app.Value, err error) {
		upgrade.Release()
		if err == nil {
			idbKeep(ctx, db)
		}
		idbOpened(ctx, db, err)
	})
}

// idbOpened hands the connection just opened, or why it could not be, to
// the uses that waited for it.
func idbOpened(ctx app.Context, db app.Value, err error) {
	waiting := idb.waiting
	idb.waiting = nil
	for _, done := range waiting {
		done(ctx, db, err)
	}
}

// idbKeep keeps db for later uses until another tab asks for the database
// (a newer version, or its deletion: versionchange, which waits until
// every connection is closed) or the browser closes it (close). The
// connection is then closed and forgotten, and the next use opens a new
// one.
func idbKeep(ctx app.Context, db app.Value) {
	idb.db = db
	var drop app.Func
	drop = app.FuncOf(func(app.Value, []app.Value) any {
		db.Set("onversionchange", nil)
		db.Set("onclose", nil)
		db.Call("close")
		ctx.Dispatch(func(app.Context) {
			if idb.db != nil && idb.db.Equal(db) {
				idb.db = nil
			}
			drop.Release()
		})
		return nil
	})
	db.Set("onversionchange", drop)
	db.Set("onclose", drop)
}

// idbOpen starts opening the database; a browser that forbids it (a
// private window of some browsers) throws at once.
func idbOpen(factory app.Value) (open app.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("IndexedDB: %v", r)
		}
	}()
	return factory.Call("open", workDB, 1), nil
}

func idbPut(ctx app.Context, key, text string, done func(ctx app.Context, err error)) {
	idbStore(ctx, "readwrite", func(ctx app.Context, tx, store app.Value, err error) {
		if err != nil {
			done(ctx, err)
			return
		}
		store.Call("put", text, key)
		idbRequest(ctx, tx, "oncomplete", func(ctx app.Context, _ app.Value, err error) { done(ctx, err) })
	})
}

func idbGet(ctx app.Context, key string, done func(ctx app.Context, text string, err error)) {
	idbStore(ctx, "readonly", func(ctx app.Context, _, store app.Value, err error) {
		if err != nil {
			done(ctx, "", err)
			return
		}
		idbRequest(ctx, store.Call("get", key), "onsuccess", func(ctx app.Context, v app.Value, err error) {
			if err != nil || v.Type() != app.TypeString {
				done(ctx, "", err)
				return
			}
			done(ctx, v.String(), nil)
		})
	})
}

func idbDelete(ctx app.Context, key string) {
	idbStore(ctx, "readwrite", func(ctx app.Context, _, store app.Value, err error) {
		if err == nil {
			store.Call("delete", key)
		}
	})
}
