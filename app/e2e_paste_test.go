//go:build e2e && !wasm

package main

import (
	"fmt"
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
			// Responsive: a timer and two frames still come after it.
			before := eval[int](p, `window.probe.ticks + window.probe.frames * 1000`)
			p.waitFor(fmt.Sprintf(`window.probe.ticks + window.probe.frames * 1000 >= %d + 2001`, before))
			lt := p.readLongTasks()
			t.Logf("real paste of %s: size notice %.0f ms after Ctrl+V; longest main-thread task %.0f ms (%d long tasks, %.0f ms in all); "+
				"longest gap between timer callbacks %.0f ms; %.1f s wall until analysed",
				view.ByteSize(len(text)), noticeMs, lt.Longest, lt.Count, lt.Total, eval[float64](p, `window.probe.maxGap`), time.Since(start).Seconds())
			if n := eval[int](p, `document.getElementById("robots-src").value.length`); n > view.AnalysedLimit {
				t.Errorf("the editor holds %d characters, want at most %d", n, view.AnalysedLimit)
			}
			keepsWhatIsNotShown(p, len(text))
			p.noConsoleErrors()
		})
	}
}

// watchKeystroke notes, for the next key press, when it went down
// (window.keyAt) and when the frame after its input event began
// (window.keyFrameAt).
const watchKeystroke = `(() => {
	delete window.keyAt; delete window.keyFrameAt;
	document.addEventListener("keydown", () => { window.keyAt = performance.now(); }, {capture: true, once: true});
	window.addEventListener("input", () => requestAnimationFrame(() => { window.keyFrameAt = performance.now(); }), {once: true});
	return true;
})()`

// Typing one character into a pasted 500 KiB file: the time from the key
// press to the next frame, and the longest task until the analysis that
// follows is on screen, are logged.
func TestE2ETypingInLargeFile(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	text := testkit.ManyRules(500 << 10)
	p.paste("robots-src", text)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(text)))
	p.key("End", "End", 35, ctrl)
	p.waitFor(fmt.Sprintf(`document.getElementById("robots-src").selectionStart === %d`, len(text)))
	var frames []float64
	var longest float64
	for i := 0; i < 5; i++ {
		eval[bool](p, watchLongTasks)
		eval[bool](p, watchKeystroke)
		p.typeKeys("#")
		p.waitFor(`window.keyFrameAt !== undefined`)
		frames = append(frames, eval[float64](p, `window.keyFrameAt - window.keyAt`))
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, len(text)+i+1))
		lt := p.readLongTasks()
		longest = max(longest, lt.Longest)
	}
	t.Logf("typing one character at the end of a %s file: key press to next frame median %.1f ms (of %v); "+
		"longest main-thread task until re-analysed %.0f ms", view.ByteSize(len(text)), median(frames), frames, longest)
	p.noConsoleErrors()
}
