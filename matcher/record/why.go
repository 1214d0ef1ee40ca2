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
		return DecidingLine(int(m.Rule.Line), f.RuleText(m.Rule))
	}
	return res.Explanation
}

// AppendWhy appends Why(f, res) to dst, passing each text that comes from
// the file or the URL through text (escape.AppendText for a terminal): a
// command printing a line per URL builds it without a string per field.
// TestWhy holds the two to the same text.
func AppendWhy(dst []byte, f *matcher.File, res *matcher.Result, text func([]byte, string) []byte) []byte {
	m, ok := res.WinningRule()
	if !ok {
		// A decision alone may have left its sentence to it
		// (matcher.File.DecideInto).
		return matcher.AppendExplanation(dst, f, res, text)
	}
	return AppendRuleWhy(dst, f, &m.Rule, text)
}

// AppendRuleWhy appends the reason AppendWhy gives when r decided.
func AppendRuleWhy(dst []byte, f *matcher.File, r *matcher.Rule, text func([]byte, string) []byte) []byte {
	dst = append(dst, "line "...)
	dst = strconv.AppendInt(dst, int64(r.Line), 10)
	dst = append(dst, ": "...)
	return text(dst, strings.TrimSpace(f.RuleText(*r)))
}

// DecidingLine is "line N: text". The white space around the line's text is
// trimmed: it is not part of the rule (RFC 9309 §2.2), and at the end of a
// terminal line or in a table cell it cannot be seen. The full line stays in
// Rule.Text.
func DecidingLine(n int, text string) string {
	return "line " + strconv.Itoa(n) + ": " + strings.TrimSpace(text)
}
