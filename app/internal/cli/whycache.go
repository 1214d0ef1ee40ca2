//go:build !wasm

package cli

import (
	"robots-explorer/matcher"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
)

// maxWhyLines is the most lines a file may have for whyCache to keep the
// reasons of its rules: a string header per line, up to 16 MiB of them.
const maxWhyLines = 1 << 20

// A whyCache keeps the text reason of each deciding rule (record.AppendWhy
// through escape.AppendText: "line N: rule"), made the first time the rule
// decides: a check of a million URLs meets the same few hundred deciding
// rules again and again, and the line number, the trimmed rule and its
// escaping would otherwise be worked out for every URL and crawler.
type whyCache struct {
	f     *matcher.File
	lines []string // by line index; "" until made
}

func newWhyCache(f *matcher.File) *whyCache {
	c := &whyCache{f: f}
	if n := f.NumLines(); n <= maxWhyLines {
		c.lines = make([]string, n)
	}
	return c
}

// append appends res's reason, as record.AppendWhy with escape.AppendText
// writes it.
func (c *whyCache) append(b []byte, res *matcher.Result) []byte {
	if res.Winner < 0 || res.Winner >= len(res.Matches) {
		return record.AppendWhy(b, c.f, res, escape.AppendText)
	}
	// The winner's rule read in place: WinningRule would copy its Match.
	return c.appendRule(b, &res.Matches[res.Winner].Rule)
}

// appendRule appends the reason of a decision r decided, as append does.
func (c *whyCache) appendRule(b []byte, r *matcher.Rule) []byte {
	i := int(r.Line) - 1
	if i < 0 || i >= len(c.lines) {
		return record.AppendRuleWhy(b, c.f, r, escape.AppendText)
	}
	if s := c.lines[i]; s != "" {
		return append(b, s...)
	}
	start := len(b)
	b = record.AppendRuleWhy(b, c.f, r, escape.AppendText)
	c.lines[i] = string(b[start:])
	return b
}
