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

func TestEditedKeepsEditsAndCauses(t *testing.T) {
	diff := []release.DiffLine{
		{Edit: release.Edit{Op: release.Same, Old: 1, New: 1}, Text: "User-agent: *"},
		{Edit: release.Edit{Op: release.Removed, Old: 2}, Text: "Disallow: /a"},
		{Edit: release.Edit{Op: release.Added, New: 2}, Text: "Disallow: /b"},
		{Edit: release.Edit{Op: release.Same, Old: 3, New: 3}, Text: "Disallow: /c", Caused: 4},
	}
	got := Edited(diff)
	if len(got) != 3 || got[0].Text != "Disallow: /a" || got[1].Text != "Disallow: /b" || got[2].Caused != 4 {
		t.Errorf("Edited = %+v, want the removed, the added and the kept line that caused changes", got)
	}
}
