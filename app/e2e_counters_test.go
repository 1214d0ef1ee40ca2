//go:build e2e && !wasm

// Browser tests of the counters and badges that sum up what the page
// says elsewhere: each must agree with the detail it sums up.

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"robots-explorer/app/internal/releaseview"
	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// An export ends with what it wrote: once the file is offered, the status
// beside the buttons says how many rows went into which file, and no
// "Writing…" of a slice before stays on the screen.
func TestE2EExportStatusEnds(t *testing.T) {
	p := openExplorer(t)
	p.grantClipboard()
	p.do(chromedp.Click(chromedp.ID("release-toggle")))
	p.waitFor(`document.getElementById("robots-before") !== null && document.getElementById("release-run") !== null`)
	list := releaseURLs(20_000)
	p.paste("release-urls", strings.Join(list, "\n"))
	p.waitFor(`(document.getElementById("release-list-summary")?.textContent ?? "").startsWith("20,000 URLs from the pasted list")`)
	p.paste("robots-before", releaseBefore)
	p.paste("robots-src", releaseAfter)
	p.waitFor(fmt.Sprintf(`document.getElementById("robots-before").value === %s && window.robotsExplorerTiming.bytes === %d`,
		jsString(releaseBefore), len(releaseAfter)))
	p.runRelease()
	p.do(chromedp.Click(chromedp.ID("release-unchanged")))

	nat := releaseview.Start(releaseview.Input{Before: releaseBefore, After: releaseAfter, Reading: matcher.RFC9309,
		Crawlers: releaseview.ByPurpose(crawler.Search), URLs: list})
	nat.Step(len(list))
	all := nat.View(releaseview.Filter{Unchanged: true})
	p.waitFor(fmt.Sprintf(`document.getElementById("release-count").textContent === "Showing %s of %s."`,
		releaseview.Thousands(all.Len()), releaseview.Plural(nat.Rows(), "pair")))

	eval[bool](p, captureDownloads)
	p.do(chromedp.Click(chromedp.ID("release-csv")))
	p.waitFor(`window.__downloads.length === 1`)
	want := "Wrote " + releaseview.Plural(all.Len(), "row") + " to release-check.csv."
	p.waitFor(`document.getElementById("release-csv").disabled === false`)
	if got := eval[string](p, `document.getElementById("release-export-status").textContent`); got != want {
		t.Errorf("after the download the status says %q, want %q", got, want)
	}
	p.noConsoleErrors()
}
