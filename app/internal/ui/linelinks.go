package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lineLink is "line N" as a button that shows line N in the editor, with
// the caret at its start.
func lineLink(word string, n int) app.UI {
	num := strconv.Itoa(n)
	return app.Elem("button").Attr("type", "button").Class("line-link").DataSet("line", n).
		Title("Show " + word + " " + num + " in the editor").OnClick(goToLine).Text(word + " " + num)
}

func goToLine(ctx app.Context, _ app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("line").String()); err == nil {
		ctx.NewActionWithValue(gotoLineAction, lineTarget{ID: "robots-src", Line: n})
	}
}

// maxLineLinks bounds the links made in one text.
const maxLineLinks = 20

// withLineLinks is text with each "line N" (or "Line N") made a lineLink.
func withLineLinks(text string) []app.UI {
	var out []app.UI
	rest := text
	for len(out) < 2*maxLineLinks {
		word, n, before, after, ok := nextLineRef(rest)
		if !ok {
			break
		}
		out = append(out, app.Text(before), lineLink(word, n))
		rest = after
	}
	return append(out, app.Text(rest))
}

// nextLineRef finds the first "line N" or "Line N" in s that starts a word.
func nextLineRef(s string) (word string, n int, before, after string, ok bool) {
	for at := 0; at < len(s); {
		i := strings.Index(strings.ToLower(s[at:]), "line ")
		if i < 0 {
			return "", 0, "", "", false
		}
		i += at
		j := i + len("line ")
		k := j
		for k < len(s) && k-j < 9 && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		startsWord := i == 0 || !isWordByte(s[i-1])
		if k > j && startsWord && (k == len(s) || !isWordByte(s[k])) {
			n, _ = strconv.Atoi(s[j:k])
			return s[i : i+4], n, s[:i], s[k:], true
		}
		at = i + 1
	}
	return "", 0, "", "", false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
