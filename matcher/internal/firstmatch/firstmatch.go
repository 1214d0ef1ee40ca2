// Package firstmatch writes what the first-match readings (python,
// koster1996) say of a decision: they decide by the first matching rule of
// one record, in file order, and explain it in those terms.
package firstmatch

import (
	"fmt"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/words"
)

// Sentence says which rule decided: "Disallowed by line 4,
// `Disallow: /x`, the first rule in file order that matches", then where
// (which may be empty), then a full stop.
func Sentence(f *matcher.File, res *matcher.Result, where string) string {
	verdict := "Allowed"
	if !res.Allowed {
		verdict = "Disallowed"
	}
	w := res.Matches[res.Winner].Rule
	return fmt.Sprintf("%s by %s, the first rule in file order that matches%s.", verdict, matcher.RuleText(f, w), where)
}

// Later names the other matching rules, which came too late to
// count: " It comes before line 6, `Allow: /x/y`, which also matches.";
// those the Result does not list (Result.Omitted) it counts.
func Later(f *matcher.File, res *matcher.Result) string {
	var lines []string
	var only matcher.Rule
	for i, m := range res.Matches {
		if i != res.Winner {
			only = m.Rule
			lines = append(lines, fmt.Sprint(m.Rule.Line))
		}
	}
	switch {
	case len(lines) == 0 && res.Omitted == 0:
		return ""
	case len(lines) == 1 && res.Omitted == 0:
		return fmt.Sprintf(" It comes before %s, which also matches.", matcher.RuleText(f, only))
	case len(lines) == 0:
		return fmt.Sprintf(" It comes before %s.", words.Count(res.Omitted, "other matching rule"))
	case res.Omitted > 0:
		lines = append(lines, fmt.Sprintf("%d more", res.Omitted))
	}
	return fmt.Sprintf(" It comes before the other matching rules, at lines %s and %s.",
		strings.Join(lines[:len(lines)-1], ", "), lines[len(lines)-1])
}

// NoMatch says why the one record a first-match reading obeys
// (python, koster1996) allowed the path: no rules, or none a prefix of it.
func NoMatch(f *matcher.File, res *matcher.Result) string {
	g := f.Groups[res.Groups.Selected[0]]
	if g.Rules.Len() == 0 {
		return fmt.Sprintf("Allowed: the record at line %d has no rules.", g.FirstLine)
	}
	return fmt.Sprintf("Allowed: no rule of the record at line %d is a prefix of %s.", g.FirstLine, res.Path)
}
