//go:build e2e && !wasm

// The browser tests: the built UI (web/app.wasm) served by the real handler
// and driven in headless Debian Chromium through chromedp. Run them with
// make test-e2e (make test runs them too); they need chromium and a build.

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"robots-explorer/app/internal/site"
	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// page is one browser tab on the explorer, with the console errors it saw.
type page struct {
	t      *testing.T
	ctx    context.Context
	srv    *httptest.Server
	mu     sync.Mutex
	errors []string
}

// openExplorer serves ../web on 127.0.0.1 (a free port) and opens the
// explorer in a fresh headless Chromium with the flags of DESIGN §5.
func openExplorer(t *testing.T) *page {
	t.Helper()
	s, warnings, err := site.LoadSite(buildWeb)
	if err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	if len(warnings) > 0 {
		t.Fatalf("the web directory is not a complete build: %v", warnings)
	}
	return openPage(t, s)
}

// buildWeb is the build's web directory, seen from the test's directory.
var buildWeb = filepath.Join("..", "web")

// openPage serves h and opens it in a fresh Chromium.
func openPage(t *testing.T, h http.Handler) *page {
	t.Helper()
	return openServed(t, httptest.NewServer(h))
}

// openServed opens the page srv serves in a fresh Chromium.
func openServed(t *testing.T, srv *httptest.Server) *page {
	t.Helper()
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("the browser tests need Debian's chromium: apt-get install -y chromium (make test installs it when run as root)")
	}
	p := &page{t: t, srv: srv}
	t.Cleanup(p.srv.Close)

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.Flag("no-sandbox", true))
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	p.ctx = ctx
	p.collectErrors()
	p.load()
	return p
}

// collectErrors records console errors, uncaught exceptions and browser
// log errors (CSP violations arrive there) for noConsoleErrors. Listen (not
// chromedp.Events, which queues events for another goroutine) sees every
// event before the reply to any later command, so one round trip is enough
// to know that all earlier events are in.
func (p *page) collectErrors() {
	add := func(s string) { p.mu.Lock(); p.errors = append(p.errors, s); p.mu.Unlock() }
	err := chromedp.Listen(p.ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				add("console." + string(ev.Type) + ": " + strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			add("exception: " + (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.EntryLevelError {
				add("log: " + ev.Entry.Text + " " + ev.Entry.URL)
			}
		}
	})
	if err != nil {
		p.t.Fatalf("listening to the page's console: %v", err)
	}
}

// settle waits until the page has nothing left to do that a test could
// miss: the document and every image loaded or failed (an injected
// image's onerror fires then), a frame rendered and the task queue drained.
// Each is a condition, not a delay, so a slow machine only waits longer.
func (p *page) settle() {
	p.t.Helper()
	p.waitFor(`document.readyState === "complete" && [...document.images].every(i => i.complete)`)
	evalPromise[bool](p, `new Promise(r => requestAnimationFrame(() => setTimeout(() => r(true))))`, 60*time.Second)
}

// noConsoleErrors fails the test when the page logged any error. After
// settle's round trip, every event the page sent before it has been seen.
func (p *page) noConsoleErrors() {
	p.t.Helper()
	p.settle()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		p.t.Errorf("console error: %s", e)
	}
}

// load navigates to the explorer and waits until the wasm has replaced
// the prerendered page: go-app removes #app-wasm-loader then.
func (p *page) load() {
	p.t.Helper()
	p.do(chromedp.Navigate(p.srv.URL + "/"))
	p.waitReady()
}

func (p *page) waitReady() {
	p.t.Helper()
	p.do(chromedp.WaitNotPresent(chromedp.ID("app-wasm-loader")))
	p.waitFor(`window.robotsExplorerTiming !== undefined`)
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// evalPromise is eval of an expression whose value is a promise: it waits
// up to timeout for the promise to settle and returns what it resolves to.
func evalPromise[T any](p *page, js string, timeout time.Duration) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is true: the UI analyses
// after a debounce, so results appear a little after an edit.
func (p *page) waitFor(js string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Fatalf("waiting for %s: %v", js, err)
	}
}

// shown is what the page shows: each row's URL and verdict, the chosen
// verdict and the winning line.
type shown struct {
	URLs     []string `json:"urls"`
	Verdicts []string `json:"verdicts"`
	Chosen   string   `json:"chosen"`
	Winner   int      `json:"winner"`
	Timing   struct {
		EvaluateMs float64 `json:"evaluateMs"`
		RenderMs   float64 `json:"renderMs"`
		TotalMs    float64 `json:"totalMs"`
		At         float64 `json:"at"`
		Bytes      int     `json:"bytes"`
	} `json:"timing"`
}

const readShown = `(() => {
	const rows = [...document.querySelectorAll("table.results tbody tr")];
	const w = document.querySelector('#file .line[data-mark="winner"]');
	return {
		urls: rows.map(r => r.querySelector("button.choose").textContent),
		verdicts: rows.map(r => r.dataset.verdict),
		chosen: document.getElementById("verdict")?.dataset.verdict ?? "",
		winner: w ? Number(w.dataset.line) : 0,
		timing: window.robotsExplorerTiming,
	};
})()`

func (p *page) shown() shown { return eval[shown](p, readShown) }

// want is what the matcher says natively for the same input: the page must
// agree with it.
func want(t *testing.T, ex permalink.State) shown {
	t.Helper()
	a := view.Analyze(ex, nil, nil)
	var w shown
	for _, r := range a.Rows {
		w.URLs = append(w.URLs, r.URL)
		w.Verdicts = append(w.Verdicts, r.Verdict)
	}
	if len(a.Rows) > 0 {
		w.Chosen, w.Winner = a.Rows[0].Verdict, a.Rows[0].Line
	}
	return w
}

func sameRows(t *testing.T, got, want shown) {
	t.Helper()
	if strings.Join(got.URLs, "\n") != strings.Join(want.URLs, "\n") ||
		strings.Join(got.Verdicts, ",") != strings.Join(want.Verdicts, ",") {
		t.Errorf("rows:\n got %q %q\nwant %q %q", got.URLs, got.Verdicts, want.URLs, want.Verdicts)
	}
}

// setField replaces a field's text as a paste does and fires input.
func (p *page) setField(id, text string) {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.focus(); el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, id, jsString(text))
	eval[bool](p, js)
}

func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// The default example (RFC 9309 §5.1) shows its verdicts on a first visit,
// the same verdicts the matcher gives natively.
func TestE2EDefaultExample(t *testing.T) {
	p := openExplorer(t)
	got, w := p.shown(), want(t, view.RFC9309Example())
	sameRows(t, got, w)
	if got.Chosen != w.Chosen || got.Winner != w.Winner {
		t.Errorf("chosen verdict %q, winner line %d; want %q, %d", got.Chosen, got.Winner, w.Chosen, w.Winner)
	}
	if !strings.Contains(strings.Join(got.Verdicts, ","), "disallowed") || !strings.Contains(strings.Join(got.Verdicts, ","), "allowed,") {
		t.Errorf("the default example should show both verdicts, got %v", got.Verdicts)
	}
	t.Logf("first load to interactive on loopback: %.0f ms (navigation start to the first analysis rendered)", got.Timing.At)
	p.noConsoleErrors()
}

// Typing a rule changes the verdict and the highlighted line (RFC 9309
// §2.2.2: the longer pattern wins). The keys go through the keyboard.
func TestE2ETypingRule(t *testing.T) {
	p := openExplorer(t)
	// Choose /publications/report.html, allowed by "Allow: /publications/".
	p.do(chromedp.Click(chromedp.CSS(`tbody tr[data-row="1"] button.choose`)))
	p.waitFor(`document.getElementById("verdict").dataset.verdict === "allowed"`)
	before := p.shown()

	insertAfter := "Allow: /publications/"
	typed := "\nDisallow: /publications/report"
	at := strings.Index(view.RFC9309Example().Robots, insertAfter) + len(insertAfter)
	eval[bool](p, fmt.Sprintf(`(() => { const el = document.getElementById("robots-src"); el.focus();
		el.setSelectionRange(%d, %d); return true; })()`, at, at))
	// Enter as a key press alone: chromedp's KeyEvent("\n") also sends a
	// char event, which an editor that handles the key itself (CodeMirror
	// does) would insert as a second line break.
	p.key("Enter", "Enter", 13, 0)
	p.do(chromedp.KeyEvent(typed[1:]))

	edited := view.RFC9309Example()
	edited.Robots = edited.Robots[:at] + typed + edited.Robots[at:]
	if got := eval[string](p, `document.getElementById("robots-src").value`); got != edited.Robots {
		t.Errorf("the editor holds %q after typing, want %q", got, edited.Robots)
	}
	a := view.Analyze(edited, nil, nil)
	w := a.Rows[1]
	p.waitFor(fmt.Sprintf(`document.getElementById("verdict").dataset.verdict === %q`, w.Verdict))
	got := p.shown()
	if got.Chosen == before.Chosen || got.Winner == before.Winner {
		t.Errorf("typing %q changed nothing: verdict %q line %d", typed, got.Chosen, got.Winner)
	}
	if got.Chosen != w.Verdict || got.Winner != w.Line {
		t.Errorf("after typing: verdict %q, winner line %d; want %q, %d", got.Chosen, got.Winner, w.Verdict, w.Line)
	}
	if v := eval[string](p, `document.querySelector('tbody tr[data-row="1"]').dataset.verdict`); v != w.Verdict {
		t.Errorf("row verdict %q, want %q", v, w.Verdict)
	}

	// The example button puts the example back into the editor and the
	// verdicts follow.
	p.do(chromedp.Click(chromedp.CSS(`.label-row button`)))
	p.waitFor(`document.getElementById("robots-src").value === ` + jsString(view.RFC9309Example().Robots))
	p.waitFor(`document.getElementById("verdict").dataset.verdict === ` + jsString(want(t, view.RFC9309Example()).Chosen))
	sameRows(t, p.shown(), want(t, view.RFC9309Example()))
	p.noConsoleErrors()
}

// Five URLs typed into the URL field give five rows, each with the
// matcher's verdict.
func TestE2EFiveURLs(t *testing.T) {
	p := openExplorer(t)
	urls := "/example/\n/example/page.html\n/publications/a\n/x.gif\nhttps://example.com/robots.txt"
	p.setField("urls", "")
	p.waitFor(`document.querySelectorAll("table.results tbody tr").length === 0`)
	eval[bool](p, `(() => { document.getElementById("urls").focus(); return true; })()`)
	p.do(chromedp.KeyEvent(urls))
	// Keys arrive one by one, so an analysis may run mid-typing: wait for
	// the last URL whole.
	p.waitFor(`[...document.querySelectorAll("table.results tbody tr button.choose")].map(b => b.textContent).join("\n") === ` + jsString(urls))
	ex := view.RFC9309Example()
	ex.URLs = strings.Split(urls, "\n")
	got := p.shown()
	sameRows(t, got, want(t, ex))
	p.noConsoleErrors()
}

// measure edits the file n times and logs the in-page timings of the
// analyses that follow (evaluation, then go-app's render).
func (p *page) measure(label, src string, n int) {
	p.t.Helper()
	var evals, render, total []float64
	for i := -2; i < n; i++ { // two edits to warm up first

		text := fmt.Sprintf("%s# edit %d\n", src, i)
		// Edits of the same length follow each other: wait for a timing
		// published after this edit, not the last one's. The time it was
		// published is written as the shortest decimal that reads back
		// as the same number: written with %f, 4125.10000000149 became
		// 4125.100000, which the last edit's own timing was past, and the
		// loop went on at once, reading that timing again and editing
		// while the page was still busy with the edit before.
		before := eval[float64](p, `window.robotsExplorerTiming ? window.robotsExplorerTiming.at : -1`)
		p.setField("robots-src", text)
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d && window.robotsExplorerTiming.at > %s`,
			len(text), strconv.FormatFloat(before, 'g', -1, 64)))
		s := p.shown()
		if i < 0 {
			continue
		}
		evals, render, total = append(evals, s.Timing.EvaluateMs), append(render, s.Timing.RenderMs), append(total, s.Timing.TotalMs)
	}
	p.t.Logf("%s: re-evaluate+re-render median %.1f ms (evaluate %.1f ms, render %.1f ms), slowest %.1f ms, over %d edits",
		label, median(total), median(evals), median(render), slices.Max(total), n)
	// The other readings follow, deferred: log how long the last edit's
	// comparison took once it was on screen.
	last := fmt.Sprintf("%s# edit %d\n", src, n-1)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerCompareTiming && window.robotsExplorerCompareTiming.bytes === %d && document.querySelector('#readings[data-state="done"]') !== null`, len(last)))
	p.t.Logf("%s: then the other readings' comparison, deferred: %.1f ms", label,
		eval[float64](p, `window.robotsExplorerCompareTiming.compareMs`))
}

func median(v []float64) float64 { return percentile(v, 50) }

// percentile is the value at or below which pct per cent of v lie (the
// nearest rank).
func percentile(v []float64, pct int) float64 {
	s := append([]float64(nil), v...)
	slices.Sort(s)
	return s[max(0, (len(s)*pct+99)/100-1)]
}

// A pasted 500 KiB file is analysed and the page keeps answering: the
// verdicts follow the file and a later edit of the token still updates
// them. The timings are logged, not asserted.
func TestE2ELargeFile(t *testing.T) {
	p := openExplorer(t)
	big := testkit.ManyRules(500 << 10)
	p.setField("urls", "/private/x\n/private/public/y\n/area7/open/a.html\n/area7/b")
	p.measure("10 KiB file, many rules", testkit.ManyRules(10<<10), 7)
	p.measure("500 KiB file, many groups", testkit.ManyGroups(500<<10), 7)
	p.measure("500 KiB file, many rules", big, 7)

	ex := permalink.State{Robots: big + "# edit 6\n", Token: "Googlebot", URLs: []string{"/private/x", "/private/public/y", "/area7/open/a.html", "/area7/b"}, Reading: string(matcher.RFC9309)}
	sameRows(t, p.shown(), want(t, ex))

	// Still responsive: switching the token to bot7 re-evaluates.
	p.setField("token", "Bingbot")
	ex.Token = "Bingbot"
	w := want(t, ex)
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll("table.results tbody tr")].map(r => r.dataset.verdict).join() === %q`,
		strings.Join(w.Verdicts, ",")))
	if n := eval[int](p, `document.querySelectorAll("#file .line").length`); n > view.MaxShownLines {
		t.Errorf("the annotated file shows %d lines of a 500 KiB file, want at most %d", n, view.MaxShownLines)
	}
	p.noConsoleErrors()
}

// cachedForOffline starts, once, a loop that looks for the page, go-app's
// script and the wasm in the worker's caches, and reports what it found.
const cachedForOffline = `(() => {
	if (!window.__offlineCheck) {
		window.__offlineCheck = true;
		(async function loop() {
			for (;;) {
				for (const k of await caches.keys()) {
					const c = await caches.open(k);
					if (await c.match("/") && await c.match("/app.js") && await c.match("/web/app.wasm")) {
						window.__offlineReady = true;
						return;
					}
				}
				await new Promise(r => setTimeout(r, 100));
			}
		})();
	}
	return window.__offlineReady === true;
})()`

// After one visit the service worker serves the app: with the server gone,
// a reload still shows the verdicts.
func TestE2EOfflineReload(t *testing.T) {
	p := openExplorer(t)
	p.waitFor(`navigator.serviceWorker.controller !== null`)
	// go-app's worker fills its cache after it takes control (its install
	// handler does not wait for cache.addAll), so wait for the page and the
	// wasm to be cached before the server goes.
	p.waitFor(cachedForOffline)
	w := want(t, view.RFC9309Example())
	p.srv.Close()
	p.do(chromedp.Reload())
	p.waitReady()
	sameRows(t, p.shown(), w)
	p.noConsoleErrors()
}

// viewports are the widths the layout must hold at: a phone's and a wide
// screen's.
var viewports = []viewport{{"phone", 375, 800}, {"wide", 1600, 1000}}

type viewport struct {
	name string
	w, h int64
}

// resize sets the browser's viewport and waits until the page has it.
func (p *page) resize(v viewport) {
	p.t.Helper()
	p.do(chromedp.EmulateViewport(v.w, v.h))
	p.waitFor(fmt.Sprintf(`window.innerWidth === %d`, v.w))
}

// noSidewaysScroll fails the test when the page is wider than the
// viewport, naming the elements that stick out.
func (p *page) noSidewaysScroll(label string) {
	p.t.Helper()
	if over := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
		p.t.Errorf("%s: the page is %d px wider than the viewport; widest elements: %s", label, over,
			eval[string](p, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > window.innerWidth)
				.slice(0, 8).map(e => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right)).join("; ")`))
	}
}

// The layout holds at a phone's width (no sideways scrolling of the page)
// and at a wide screen. Screenshots go to $E2E_SCREENSHOTS when it is set.
func TestE2ELayout(t *testing.T) {
	p := openExplorer(t)
	for _, size := range viewports {
		p.resize(size)
		p.noSidewaysScroll(size.name)
		if dir := os.Getenv("E2E_SCREENSHOTS"); dir != "" {
			ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, size.name+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	p.noConsoleErrors()
}

// Keyboard only: Tab reaches a result's button and Enter chooses it.
func TestE2EKeyboard(t *testing.T) {
	p := openExplorer(t)
	eval[bool](p, `(() => { document.getElementById("reading").focus(); return true; })()`)
	// From the reading select, Tab moves through the URL field to the rows.
	for i := 0; i < 10; i++ {
		if eval[bool](p, `document.activeElement.matches('tbody tr[data-row="2"] button')`) {
			break
		}
		p.do(chromedp.KeyEvent("\t"))
	}
	if !eval[bool](p, `document.activeElement.matches('tbody tr[data-row="2"] button')`) {
		t.Fatalf("Tab did not reach the third result; focus is on %s", eval[string](p, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	p.do(chromedp.KeyEvent("\r"))
	w := view.Analyze(view.RFC9309Example(), nil, nil).Rows[2]
	p.waitFor(`document.querySelector('tbody tr[data-row="2"]').getAttribute("aria-current") === "true"`)
	if got := p.shown(); got.Chosen != w.Verdict || got.Winner != w.Line {
		t.Errorf("after Enter: verdict %q line %d, want %q line %d", got.Chosen, got.Winner, w.Verdict, w.Line)
	}
	// The down arrow chooses the next row and keeps the focus on it.
	p.do(chromedp.KeyEvent(kb.ArrowDown))
	p.waitFor(`document.querySelector('tbody tr[data-row="3"]').getAttribute("aria-current") === "true"`)
	if !eval[bool](p, `document.activeElement.id === "choose-3"`) {
		t.Error("after the down arrow the focus left the chosen row")
	}
	p.noConsoleErrors()
}

// The static site works from a plain file server at a domain root: no
// compression, no special headers, nothing but files.
func TestE2EStaticSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	if err := site.WriteStatic(out, buildWeb, ""); err != nil {
		t.Fatalf("%v (the browser tests need make build first)", err)
	}
	p := openPage(t, http.FileServer(http.Dir(out)))
	sameRows(t, p.shown(), want(t, view.RFC9309Example()))
	p.noConsoleErrors()
}
