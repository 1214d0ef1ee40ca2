package releasepanel

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Every option has a value of its own: go-app leaves out an empty value
// attribute, and the browser then takes the option's text ("any") for
// its value, which no filter knows.
func TestOptionsHaveValues(t *testing.T) {
	html := app.HTMLString(selectField("f", "Verdict", "", nil, [2]string{"", "any"}, [2]string{"allowed", "allowed"}))
	if !strings.Contains(html, `<option value="`+noValue+`"`) || !strings.Contains(html, `value="allowed"`) {
		t.Errorf("options rendered as %s", html)
	}
	if strings.Count(html, "<option") != strings.Count(html, "<option value=") {
		t.Errorf("an option without a value: %s", html)
	}
}
