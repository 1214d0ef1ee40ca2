//go:build e2e && !wasm

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"

	"github.com/chromedp/chromedp"
)

// hostileFiles are the hostile inputs of the robustness corpus, as pasted
// into the page: what a JavaScript string can hold (bytes above 0x7F
// arrive as the characters U+0080 to U+00FF, so "binary" is that).
func hostileFiles() []struct{ name, src, notice string } {
	bin := make([]rune, 64<<10)
	x := uint32(2463534242)
	for i := range bin {
		x ^= x << 13 // xorshift32: reproducible noise, a NUL every 256 bytes or so
		x ^= x >> 17
		x ^= x << 5
		bin[i] = rune(x & 0xFF)
	}
	return []struct{ name, src, notice string }{
		{"10 MiB file", testkit.ManyRules(10 << 20), "size"},
		{"1 MiB single line", "User-agent: *\nDisallow: /" + strings.Repeat("a", 1<<20) + "\n", "long-line"},
		{"100,000 * in one pattern", "User-agent: *\nDisallow: /" + strings.Repeat("*", 100000) + "x\n", "long-line"},
		{"binary with NUL bytes", string(bin), "binary"},
		{"CR-only line ends", "User-agent: *\rDisallow: /private/\rAllow: /private/public/\r", ""},
	}
}

// startProbe counts timer callbacks and animation frames and keeps the
// longest gap between timer callbacks: a tab that stays responsive keeps
// running them while the explorer works.
const startProbe = `(() => {
	const p = window.probe = {ticks: 0, frames: 0, maxGap: 0, last: performance.now()};
	const tick = () => { const now = performance.now(); p.maxGap = Math.max(p.maxGap, now - p.last); p.last = now; p.ticks++; setTimeout(tick, 10); };
	const frame = () => { p.frames++; requestAnimationFrame(frame); };
	setTimeout(tick, 10); requestAnimationFrame(frame);
	return true;
})()`

// Each hostile file pasted is analysed and the page stays responsive:
// timers and frames keep running after it, the verdicts are the
// matcher's, and a notice says what is special about the input. The
// longest pause of the page is logged, not asserted.
func TestE2EHostileInput(t *testing.T) {
	p := openExplorer(t)
	p.setField("urls", "/private/x\n/private/public/y\n/"+strings.Repeat("a", 100)+"x")
	eval[bool](p, startProbe)
	for _, h := range hostileFiles() {
		text := h.src
		if text == "" {
			continue
		}
		start := time.Now()
		p.setField("robots-src", text)
		got := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text) // a textarea's value normalizes line ends
		p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming && window.robotsExplorerTiming.bytes === %d`, len(got)))
		// Responsive: a timer and two frames still come after the analysis.
		before := eval[int](p, `window.probe.ticks + window.probe.frames * 1000`)
		p.waitFor(fmt.Sprintf(`window.probe.ticks + window.probe.frames * 1000 >= %d + 2001`, before))
		s := p.shown()
		t.Logf("%s: analysed in %.0f ms (evaluate %.0f, render %.0f), page paused at most %.0f ms, %.1f s wall",
			h.name, s.Timing.TotalMs, s.Timing.EvaluateMs, s.Timing.RenderMs, eval[float64](p, `window.probe.maxGap`), time.Since(start).Seconds())
		eval[bool](p, `(() => { window.probe.maxGap = 0; return true; })()`)
		notices := eval[string](p, `[...document.querySelectorAll("#input-notices [data-notice]")].map(n => n.dataset.notice).join()`)
		if h.notice != "" && !strings.Contains(notices, h.notice) {
			t.Errorf("%s: notices %q, want %q", h.name, notices, h.notice)
		}
		if h.notice == "size" {
			keepsWhatIsNotShown(p, got)
		}
		if h.notice == "" && notices != "" {
			t.Logf("%s: notices %q", h.name, notices)
		}
	}
	p.noConsoleErrors()
}

// keepsWhatIsNotShown checks that a file too large to analyse whole
// stays whole in the editor, editable, and in the page's count of the
// bytes it has; then the notice's button cuts it to the analysed part, an
// edit that Ctrl+Z undoes.
func keepsWhatIsNotShown(p *page, text string) {
	total := len(text)
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d && !document.getElementById("robots-src").readOnly`, total))
	if n, want := eval[int](p, `document.getElementById("robots-src").value.split("\n").length`), strings.Count(text, "\n")+1; n != want {
		p.t.Errorf("the editor holds %d lines, want all %d", n, want)
	}
	// A person clicks once the page has settled: the other readings'
	// comparison, deferred, renders its table when it ends, and a click
	// sent during that long task lands where the button was before.
	p.waitFor(`document.querySelector('#readings[data-state="done"]') !== null`)
	p.settle()
	p.do(chromedp.Click(chromedp.ID("drop-hidden")))
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, len(view.BoundSource(text))))
	p.waitFor(`!document.querySelector('#input-notices [data-notice="size"]')`)
	// The cut is one edit: Ctrl+Z in the editor brings the whole file back.
	p.do(chromedp.Click("#robots-src .cm-line"))
	p.key("z", "KeyZ", 90, ctrl)
	p.waitFor(fmt.Sprintf(`window.robotsExplorerTiming.bytes === %d`, total))
	p.waitFor(`document.querySelector('#input-notices [data-notice="size"]') !== null`)
}
