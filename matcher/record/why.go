package record

import (
	"strconv"
	"strings"

	"robots-explorer/matcher"
)

// Why is the short reason of res, a verdict on f, as check prints it beside
// each URL and the page's table of URLs shows it: the deciding line, or the
// explanation when no rule decided.
func Why(f *matcher.File, res *matcher.Result) string {
	if m, ok := res.WinningRule(); ok {
		return DecidingLine(int(m.Rule.Line), f.Text(int(m.Rule.Line)))
	}
	return res.Explanation
}

// DecidingLine is "line N: text". The white space around the line's text is
// trimmed: it is not part of the rule (RFC 9309 §2.2), and at the end of a
// terminal line or in a table cell it cannot be seen. The full line stays in
// Rule.Text.
func DecidingLine(n int, text string) string {
	return "line " + strconv.Itoa(n) + ": " + strings.TrimSpace(text)
}
