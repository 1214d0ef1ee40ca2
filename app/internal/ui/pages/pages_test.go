package pages

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/lesson"
)

// render loads a page as the server prerenders it (no OnMount: nothing is
// checked or compared yet) and returns its HTML.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

// Every lesson is on the page with its RFC 9309 section link and a button
// per example.
func TestLessonsPageListsEveryLesson(t *testing.T) {
	html := render(t, NewLessonsPage())
	buttons := 0
	for _, l := range lesson.All() {
		for _, want := range []string{`id="lesson-` + l.ID + `"`, l.SectionURL(), "RFC 9309 §" + l.Section} {
			if !strings.Contains(html, want) {
				t.Errorf("lesson %s: %q missing", l.ID, want)
			}
		}
		buttons += len(l.Examples)
	}
	if got := strings.Count(html, "Open in the explorer"); got != buttons {
		t.Errorf("%d example buttons, want %d", got, buttons)
	}
}

// The register page lists every case, each still to be checked when
// prerendered, and the gallery every query of the seed cases.
func TestRegisterAndGalleryPagesListEveryCase(t *testing.T) {
	cases := testkit.RegisterCases(t)
	html := render(t, NewRegisterPage())
	if got := strings.Count(html, `data-status="pending"`); got < len(cases) {
		t.Errorf("%d pending marks for %d cases", got, len(cases))
	}
	for _, c := range cases {
		if !strings.Contains(html, `data-case="`+c.ID+`"`) {
			t.Errorf("case %s missing", c.ID)
		}
	}
	seeds := seedCases(cases)
	rows := 0
	for _, c := range seeds {
		rows += len(c.Queries)
	}
	if len(seeds) == 0 || rows < 30 {
		t.Fatalf("%d seed cases, %d rows: the seed tables are missing", len(seeds), rows)
	}
	if got := strings.Count(render(t, NewGalleryPage()), `class="gallery-row"`); got != rows {
		t.Errorf("the gallery has %d rows, the seed cases %d queries", got, rows)
	}
}

// Each page, as prerendered, holds its content in one main landmark after
// the site's header, and names every column of its tables.
func TestPagesHaveMainAndNamedHeaders(t *testing.T) {
	emptyHeader := regexp.MustCompile(`<th[^>]*>\s*</th>`)
	for _, c := range []struct {
		name string
		page app.Composer
	}{{"lessons", NewLessonsPage()}, {"examples", NewGalleryPage()}, {"register", NewRegisterPage()}} {
		html := render(t, c.page)
		if n := strings.Count(html, "<main"); n != 1 {
			t.Errorf("%s: %d main landmarks, want 1", c.name, n)
		}
		if h, m := strings.Index(html, "</header>"), strings.Index(html, "<main"); h < 0 || m < h {
			t.Errorf("%s: the main landmark does not follow the header", c.name)
		}
		if e := emptyHeader.FindString(html); e != "" {
			t.Errorf("%s: a table header without a name: %s", c.name, e)
		}
	}
}
