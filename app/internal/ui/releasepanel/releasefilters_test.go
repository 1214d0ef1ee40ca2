package releasepanel

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Every option has a value of its own: go-app leaves out an empty value
// attribute, and the browser then takes the option's text ("any") for
// its value, which no filter knows.
func TestOptionsHaveValues(t *testing.T) {
	html := app.HTMLString(selectField("f", "Verdict", "", nil, [2]string{"", "any"}, [2]string{"allowed", "allowed"}))
	// go-app writes attributes in no fixed order: read each tag whole.
	tags := regexp.MustCompile(`<option[^>]*>`).FindAllString(html, -1)
	if len(tags) != 2 || !strings.Contains(tags[0], ` value="`+noValue+`"`) || !strings.Contains(tags[1], ` value="allowed"`) {
		t.Errorf("options rendered as %s", html)
	}
	for _, tag := range tags {
		if !strings.Contains(tag, ` value="`) {
			t.Errorf("an option without a value: %s", tag)
		}
	}
}
