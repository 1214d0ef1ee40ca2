package crawlergrid

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

var option = regexp.MustCompile(`<option([^>]*)>`)

// The picker offers none first only where asked, shows the own list's
// field only while the own list is chosen, and says what is wrong.
func TestPicker(t *testing.T) {
	for _, tc := range []struct {
		name     string
		p        Picker
		want     []string
		wantNot  []string
		selected string
	}{
		{"the release check's", Picker{ID: "release", Preset: "search"},
			[]string{`id="release-preset"`, `value="ai-training"`}, []string{`value="none"`, `id="release-own"`, `id="release-crawler-error"`}, `value="search"`},
		{"the explorer's, none chosen", Picker{ID: "crawlers", None: "None: the token"},
			[]string{`id="crawlers-preset"`, `>None: the token<`}, []string{`id="crawlers-own"`}, `value="none"`},
		{"an own list that names no crawler", Picker{ID: "crawlers", None: "None", Preset: "own", Own: "Google bot", Err: `unknown crawler "Google bot"`},
			[]string{`id="crawlers-own"`, `value="Google bot"`, `id="crawlers-crawler-error"`, "unknown crawler"}, nil, `value="own"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := app.HTMLString(tc.p.Render())
			for _, w := range tc.want {
				if !strings.Contains(html, w) {
					t.Errorf("no %s in %s", w, html)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(html, w) {
					t.Errorf("%s in %s", w, html)
				}
			}
			var selected []string
			for _, m := range option.FindAllStringSubmatch(html, -1) {
				if attrs := strings.ReplaceAll(m[1], `selected="false"`, ""); strings.Contains(attrs, "selected") {
					selected = append(selected, m[1])
				}
			}
			if len(selected) != 1 || !strings.Contains(selected[0], tc.selected) {
				t.Errorf("the options selected are %q, want the one of %s", selected, tc.selected)
			}
		})
	}
}
