package releaseview

import (
	"reflect"
	"testing"

	"robots-explorer/app/internal/release"
)

func TestAllChangesKeepsCrawlerOrder(t *testing.T) {
	sums := []CrawlerSummary{
		{Crawler: "GPTBot", NowDisallowed: 2},
		{Crawler: "Googlebot"},
		{Crawler: "CCBot", NowDisallowed: 1, NowAllowed: 3},
	}
	want := []string{"2 URLs now disallowed for GPTBot", "1 URL now disallowed for CCBot", "3 URLs now allowed for CCBot"}
	if got := AllChanges(sums); !reflect.DeepEqual(got, want) {
		t.Errorf("AllChanges = %q, want %q", got, want)
	}
	if got := AllChanges(sums[1:2]); got != nil {
		t.Errorf("AllChanges of an unchanged crawler = %q, want none", got)
	}
}

// Crawlers that changed alike share one line, in the order of the first.
func TestAllChangesGroupsCrawlersChangedAlike(t *testing.T) {
	sums := []CrawlerSummary{
		{Crawler: "GPTBot", NowDisallowed: 14},
		{Crawler: "Googlebot", NowAllowed: 2},
		{Crawler: "ClaudeBot", NowDisallowed: 14},
		{Crawler: "bingbot", NowAllowed: 2, NowDisallowed: 1},
		{Crawler: "CCBot", NowDisallowed: 14},
	}
	want := []string{"14 URLs now disallowed for GPTBot, ClaudeBot and CCBot", "2 URLs now allowed for Googlebot and bingbot",
		"1 URL now disallowed for bingbot"}
	if got := AllChanges(sums); !reflect.DeepEqual(got, want) {
		t.Errorf("AllChanges = %q, want %q", got, want)
	}
}

func TestEditedKeepsEditsAndCauses(t *testing.T) {
	diff := []release.DiffLine{
		{Edit: release.Edit{Op: release.Same, Old: 1, New: 1}, Text: "User-agent: *"},
		{Edit: release.Edit{Op: release.Removed, Old: 2}, Text: "Disallow: /a"},
		{Edit: release.Edit{Op: release.Added, New: 2}, Text: "Disallow: /b"},
		{Edit: release.Edit{Op: release.Same, Old: 3, New: 3}, Text: "Disallow: /c", Caused: 4},
	}
	got, blanks := Edited(diff)
	if len(got) != 3 || got[0].Text != "Disallow: /a" || got[1].Text != "Disallow: /b" || got[2].Caused != 4 || blanks != 0 {
		t.Errorf("Edited = %+v, %d blanks; want the removed, the added and the kept line that caused changes", got, blanks)
	}
	// Blank lines added or removed are counted, not listed, unless one decided a change.
	diff = append(diff, release.DiffLine{Edit: release.Edit{Op: release.Added, New: 4}},
		release.DiffLine{Edit: release.Edit{Op: release.Removed, Old: 4}, Text: " \t"},
		release.DiffLine{Edit: release.Edit{Op: release.Added, New: 5}, Caused: 1})
	if got, blanks := Edited(diff); len(got) != 4 || blanks != 2 {
		t.Errorf("Edited = %+v, %d blanks; want 4 lines and 2 blanks", got, blanks)
	}
	if got := BlanksNote(2); got != "2 blank lines added or removed are not listed: they changed no verdict." {
		t.Errorf("BlanksNote(2) = %q", got)
	}
}
