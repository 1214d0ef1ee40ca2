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
	"robots-explorer/app/internal/ui/parts"
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

// Under a 404 the file counts as unavailable and every URL may be crawled
// (RFC 9309 §2.3.1.3), under a 503 as unreachable and none may (§2.3.1.4):
// the chosen URL's headline badge says what its row says, the delivery's
// verdict, while the rules' verdict stays beside it.
func TestE2EDeliveryHeadline(t *testing.T) {
	p := openExplorer(t)
	p.openDelivery()
	for _, c := range []struct {
		status   string
		row      int
		rules    string
		delivery string
	}{
		{"404", 0, "disallowed", "allowed"}, // /example/page.html
		{"503", 1, "allowed", "disallowed"}, // /publications/report.html
	} {
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`tbody tr[data-row="%d"] button.choose`, c.row))))
		p.waitFor(fmt.Sprintf(`document.querySelector('tbody tr[data-row="%d"]').getAttribute("aria-current") === "true"`, c.row))
		p.focusField("delivery-status")
		p.key("a", "KeyA", 65, ctrl, "selectAll")
		p.typeKeys(c.status)
		p.waitEffective(c.delivery)
		row := eval[string](p, fmt.Sprintf(`document.querySelector('tbody tr[data-row="%d"] .badge').textContent`, c.row))
		headline := eval[string](p, `document.querySelector("#verdict .badge").textContent`)
		if row != parts.VerdictText(c.delivery) || headline != row {
			t.Errorf("status %s: the row says %q, the headline %q; want both %q", c.status, row, headline, parts.VerdictText(c.delivery))
		}
		if got := eval[string](p, `document.querySelector("#effective-verdict .badge").textContent`); got != parts.VerdictText(c.rules) {
			t.Errorf("status %s: the rules' verdict beside it is %q, want %q", c.status, got, parts.VerdictText(c.rules))
		}
	}
	p.noConsoleErrors()
}
