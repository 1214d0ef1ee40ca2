//go:build e2e && !wasm

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
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
			t.Logf("real paste of %s: size notice %.0f ms after Ctrl+V; longest main-thread task %.0f ms (%d long tasks, %.0f ms in all); "+
				"longest gap between timer callbacks %.0f ms; %.1f s wall until analysed, the other readings compared %.1f s and the work saved %.1f s after Ctrl+V",
				view.ByteSize(len(text)), noticeMs, lt.Longest, lt.Count, lt.Total, eval[float64](p, `window.probe.maxGap`), analysed.Seconds(),
				done.Compared/1000, done.Saved/1000)
			t.Logf("the long tasks of the paste, longest first, with the page's work in each:\n\t%s", strings.Join(lt.Pieces, "\n\t"))
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
	p.waitFor(caretAtFileEnd())
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
// of text.
func caretAtFileEnd() string {
	return `(ed => ed.selectionStart === ed.value.length)(document.getElementById("robots-src"))`
}
