//go:build e2e && !wasm

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/ui"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"

	"github.com/chromedp/chromedp"
)

// watchSizeNotice notes, in the page, when the size notice appears after
// the next Ctrl+V: window.pasteAt is the key press, window.noticeAt the
// notice's arrival in the DOM.
const watchSizeNotice = `(() => {
	delete window.pasteAt; delete window.noticeAt;
	document.addEventListener("keydown", e => { if (e.key === "v" && e.ctrlKey && window.pasteAt === undefined) window.pasteAt = performance.now(); }, {capture: true});
	const seen = () => document.querySelector('#input-notices [data-notice="size"]') !== null;
	const mo = new MutationObserver(() => { if (seen()) { window.noticeAt = performance.now(); mo.disconnect(); } });
	mo.observe(document.body, {childList: true, subtree: true});
	return !seen();
})()`

// A real paste (Ctrl+V, the system clipboard) of a file far past what the
// page analyses shows the size notice and keeps the tab responsive: timers
// and frames run again after it. How long the notice took and the longest
// main-thread task are logged, not asserted (speed figures come from
// benchmarks, not from a shared test machine).
func TestE2EPasteLargeFile(t *testing.T) {
	for _, size := range []int{2 << 20, 10 << 20} {
		t.Run(view.ByteSize(size), func(t *testing.T) {
			p := openExplorer(t)
			p.grantClipboard()
			text := testkit.ManyRules(size)
			p.writeClipboard(text)
			eval[bool](p, startProbe)
			eval[bool](p, watchLongTasks)
			if !eval[bool](p, watchSizeNotice) {
				t.Fatal("the size notice shows before the paste")
			}
			p.focusField("robots-src")
			p.key("a", "KeyA", 65, ctrl, "selectAll")
			start := time.Now()
			p.key("v", "KeyV", 86, ctrl, "paste")
			p.waitFor(`window.noticeAt !== undefined && window.pasteAt !== undefined`)
			noticeMs := eval[float64](p, `window.noticeAt - window.pasteAt`)
			p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(text)))
			// All the work of the paste: the analysis, the comparison of
			// the other readings, the save and the link.
			analysed := time.Since(start)
			p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
			p.waitFor(fmt.Sprintf(`window.robotsExplorerSaveTiming && window.robotsExplorerSaveTiming.bytes === %d`, len(text)))
			type after struct{ Compared, Saved float64 }
			done := eval[after](p, `({Compared: window.robotsExplorerCompareTiming.at - window.pasteAt, Saved: window.robotsExplorerSaveTiming.at - window.pasteAt})`)
			// Responsive: a timer and two frames still come after it.
			before := eval[int](p, `window.probe.ticks + window.probe.frames * 1000`)
			p.waitFor(fmt.Sprintf(`window.probe.ticks + window.probe.frames * 1000 >= %d + 2001`, before))
			lt := p.readLongTasks()
			type pasteTiming struct{ CopyMs, AcceptMs float64 }
			pt := eval[pasteTiming](p, `window.robotsExplorerPasteTiming`)
			t.Logf("the editor spent %.0f ms copying the clipboard's text into Go (in slices of %d code units, a task each), "+
				"then %.0f ms taking it", pt.CopyMs, ui.PasteSlice, pt.AcceptMs)
			t.Logf("real paste of %s: size notice %.0f ms after Ctrl+V; longest main-thread task %.0f ms (%d long tasks, %.0f ms in all); "+
				"longest gap between timer callbacks %.0f ms; %.1f s wall until analysed, the other readings compared %.1f s and the work saved %.1f s after Ctrl+V",
				view.ByteSize(len(text)), noticeMs, lt.Longest, lt.Count, lt.Total, eval[float64](p, `window.probe.maxGap`), analysed.Seconds(),
				done.Compared/1000, done.Saved/1000)
			t.Logf("the long tasks of the paste, longest first, with the page's work in each:\n\t%s", strings.Join(lt.Pieces, "\n\t"))
			if n := eval[int](p, `document.getElementById("robots-src").value.length`); n > view.AnalysedLimit {
				t.Errorf("the editor holds %d characters, want at most %d", n, view.AnalysedLimit)
			}
			keepsWhatIsNotShown(p, text)
			p.noConsoleErrors()
		})
	}
}

// watchKeystroke notes, for the next key press, when it went down
// (window.keyAt) and when the frame after its input event began
// (window.keyFrameAt).
// window.inputMs is the time the page's own input handlers (on the
// field, between the window's capturing and bubbling listeners) took.
const watchKeystroke = `(() => {
	delete window.keyAt; delete window.keyFrameAt; delete window.inputMs;
	document.addEventListener("keydown", () => { window.keyAt = performance.now(); }, {capture: true, once: true});
	let inputAt;
	window.addEventListener("input", () => { inputAt = performance.now(); }, {capture: true, once: true});
	window.addEventListener("input", () => {
		window.inputMs = performance.now() - inputAt;
		requestAnimationFrame(() => { window.keyFrameAt = performance.now(); });
	}, {once: true});
	return true;
})()`

// Typing one character into a pasted 500 KiB file: the time from the key
// press to the next frame (median and 95th percentile of twenty real key
// presses), and the long tasks until the analysis that follows is on
// screen, are logged.
func TestE2ETypingInLargeFile(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	text := testkit.ManyRules(500 << 10)
	p.paste("robots-src", text)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(text)))
	p.key("End", "End", 35, ctrl)
	p.waitFor(caretAtFileEnd(text))
	var frames, handlers []float64
	var longest float64
	var pieces []string
	count := 0
	for i := 0; i < 20; i++ {
		eval[bool](p, watchLongTasks)
		eval[bool](p, watchKeystroke)
		p.typeKeys("#")
		p.waitFor(`window.keyFrameAt !== undefined`)
		frames = append(frames, eval[float64](p, `window.keyFrameAt - window.keyAt`))
		handlers = append(handlers, eval[float64](p, `window.inputMs`))
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, len(text)+i+1))
		lt := p.readLongTasks()
		longest, count = max(longest, lt.Longest), count+lt.Count
		pieces = append(pieces, lt.Pieces...)
	}
	t.Logf("typing one character at the end of a %s file: key press to next frame median %.1f ms, p95 %.1f ms (of %.0f); "+
		"the page's input handler median %.1f ms, p95 %.1f ms; longest main-thread task until re-analysed %.0f ms (%d long tasks in %d key presses)",
		view.ByteSize(len(text)), median(frames), percentile(frames, 95), frames, median(handlers), percentile(handlers, 95), longest, count, len(frames))
	t.Logf("the long tasks of the key presses, with the page's work in each:\n\t%s", strings.Join(pieces, "\n\t"))
	p.noConsoleErrors()
}

// caretAtFileEnd is true once the robots.txt editor's caret is at the end
// of text, the whole file, of which the textarea may hold a window: at
// the end of its value, on the file's last line.
func caretAtFileEnd(text string) string {
	return fmt.Sprintf(`(ta => ta.selectionStart === ta.value.length && Number(ta.dataset.firstLine || 1) - 1 + ta.value.split("\n").length === %d)(document.getElementById("robots-src"))`,
		strings.Count(text, "\n")+1)
}

// After a paste too large to analyse whole, the read-only editor holds a
// window of the analysed part: wheel turns past its end move the window
// on, the gutter keeps number N beside line N of the file, and the lines
// shown are the file's own lines at those numbers.
func TestE2EPasteWindowFollowsWheel(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	text := testkit.ManyRules(2 << 20)
	p.paste("robots-src", text)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(text)))
	p.waitFor(`document.getElementById("robots-src").readOnly`)
	p.gutterAligned("robots-src", "the paste")
	if n := eval[int](p, `document.getElementById("robots-src").value.length`); n > ui.WindowLimit {
		t.Errorf("the read-only editor holds %d characters, want at most %d", n, ui.WindowLimit)
	}
	fileLines := strings.Split(text, "\n")
	moved := 0
	for turn := 0; turn < 60 && moved < 2; turn++ {
		before := eval[int](p, `Number(document.getElementById("robots-src").dataset.firstLine || 1)`)
		p.wheel("robots-src", 4000)
		p.gutterAligned("robots-src", fmt.Sprintf("wheel turn %d", turn+1))
		type window struct {
			First int
			Head  string
		}
		w := eval[window](p, `(ta => ({First: Number(ta.dataset.firstLine || 1), Head: ta.value.slice(0, ta.value.indexOf("\n"))}))(document.getElementById("robots-src"))`)
		if w.First != before {
			moved++
			if w.First > len(fileLines) || fileLines[w.First-1] != w.Head {
				t.Fatalf("the window starts at line %d with %q, which is not the file's line %d", w.First, w.Head, w.First)
			}
		}
	}
	if moved < 2 {
		t.Fatalf("60 wheel turns moved the read-only window %d times, want at least 2", moved)
	}
	p.noConsoleErrors()
}

// In the read-only window of a large paste, the problem count's button
// goes to a line far past the first window: the window moves there, the
// caret lands at the start of that line of the file (and stays when the
// window settles), and the gutter numbers it.
func TestE2EPasteWindowGoesToLine(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	text := testkit.ManyRules(2 << 20)
	p.paste("robots-src", text)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(text)))
	p.waitFor(`document.getElementById("robots-src").readOnly`)
	a := view.Analyze(permalink.State{Robots: view.BoundSource(text), Token: "Googlebot", URLs: []string{"/"}}, nil, nil)
	pr := view.NewProblems(a.File)
	far, sev := 0, ""
	for i, s := range view.SeverityOrder {
		if line, ok := pr.Next(i, 1); ok && line > 5000 {
			far, sev = line, s.Sev.String()
			break
		}
	}
	if far == 0 {
		t.Fatal("the analysed part has no problem past line 5000 to go to natively")
	}
	p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#problems button.problem[data-severity="%s"]`, sev))))
	caretLine := `(ta => Number(ta.dataset.firstLine || 1) - 1 + ta.value.slice(0, ta.selectionStart).split("\n").length)(document.getElementById("robots-src"))`
	p.waitFor(fmt.Sprintf(`%s === %d`, caretLine, far))
	p.settle()
	if got := eval[int](p, caretLine); got != far {
		t.Errorf("once the window settled the caret is on line %d, want %d", got, far)
	}
	lineAtCaret := eval[string](p, `(ta => { const v = ta.value, s = ta.selectionStart, e = v.indexOf("\n", s); return v.slice(s, e < 0 ? v.length : e); })(document.getElementById("robots-src"))`)
	if want := strings.Split(text, "\n")[far-1]; lineAtCaret != want {
		t.Errorf("the caret is at the start of %q, want line %d of the file, %q", lineAtCaret, far, want)
	}
	p.gutterAligned("robots-src", "going to line "+fmt.Sprint(far))
	p.noConsoleErrors()
}
