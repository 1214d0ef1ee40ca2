package view

import (
	"strconv"
	"strings"
)

// The examples and register pages list dozens of cases over thousands of
// pixels. They read as prose: a case's title in words, its source without
// the project's table numbers, each verdict as a sentence ("Disallowed by
// line 2"); a contents list and a filter box, which narrows the list as
// one types, lead to a case.

// VerdictLabel says a verdict in the register's notation ("allowed:2",
// "disallowed:-") in words; anything else (an error) is returned as is.
func VerdictLabel(code string) string {
	verdict, line, ok := strings.Cut(code, ":")
	if !ok || verdict != "allowed" && verdict != "disallowed" {
		return code
	}
	word := strings.ToUpper(verdict[:1]) + verdict[1:]
	if line == "-" {
		if verdict == "allowed" {
			return "Allowed: no rule matches"
		}
		return "Disallowed, by no single rule"
	}
	if _, err := strconv.Atoi(line); err != nil {
		return code
	}
	return word + " by line " + line
}

// CaseTitle is a case's name in words: "longer-allow-written-last" is
// "Longer allow written last".
func CaseTitle(name string) string {
	s := strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(name))
	if s == "" {
		return name
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// CaseHeading is a case's family and title, the family alone when the
// case is named after it.
func CaseHeading(v CaseView) string {
	if v.Name == "" || v.Name == v.Family {
		return v.Family
	}
	return v.Family + ": " + CaseTitle(v.Name)
}

// PlainSource is a case's source without the seed tables' numbers:
// "1996 draft table (seed 000)" is "1996 draft table", `seed 001, table
// "Which rule wins"` is `the explorer's table "Which rule wins"`.
func PlainSource(s string) string {
	out, found := dropSeedRef(s)
	if !found {
		return s
	}
	switch {
	case out == "":
		return "the explorer's own tables"
	case strings.HasPrefix(out, `"`):
		return "the explorer's table " + out
	}
	return out
}

// dropSeedRef removes "(seed NNN)" or a leading "seed NNN, table " from s.
func dropSeedRef(s string) (string, bool) {
	i := strings.Index(s, "seed ")
	if i < 0 {
		return s, false
	}
	j := i + len("seed ")
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i+len("seed ") {
		return s, false
	}
	before, after := s[:i], s[j:]
	if strings.HasSuffix(before, "(") && strings.HasPrefix(after, ")") {
		before, after = before[:len(before)-1], after[1:]
	} else {
		after = strings.TrimPrefix(strings.TrimPrefix(after, ","), " ")
		after = strings.TrimPrefix(after, "table ")
	}
	return strings.TrimSpace(before + after), true
}

// caseSearchText is what the filter looks in: every word a person may
// remember of a case, lower-cased.
func caseSearchText(v CaseView) string {
	var b strings.Builder
	for _, s := range []string{v.ID, v.Family, v.Name, CaseTitle(v.Name), v.Source, v.Text, v.Robots} {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	for _, q := range v.Queries {
		b.WriteString(q.URL + " " + q.Token + "\n")
	}
	return strings.ToLower(b.String())
}

// CaseSearchTexts is caseSearchText of every view.
func CaseSearchTexts(views []CaseView) []string {
	out := make([]string, len(views))
	for i, v := range views {
		out[i] = caseSearchText(v)
	}
	return out
}

// FilterCases returns the indexes of the cases whose text holds every word
// of query, whatever the case; all of them for an empty query.
func FilterCases(texts []string, query string) []int {
	words := strings.Fields(strings.ToLower(query))
	out := make([]int, 0, len(texts))
	for i, t := range texts {
		ok := true
		for _, w := range words {
			if !strings.Contains(t, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// FilterCount says how many cases the filter leaves.
func FilterCount(shown, all int, query string) string {
	if strings.TrimSpace(query) == "" {
		return Plural(all, "case") + "."
	}
	if shown == 0 {
		return "No case matches “" + query + "”."
	}
	return strconv.Itoa(shown) + " of " + Plural(all, "case") + " match “" + query + "”."
}

// CaseAnchor is the id of a case's article, for the contents list.
func CaseAnchor(prefix, id string) string {
	return prefix + "-" + strings.NewReplacer("/", "-", " ", "-").Replace(id)
}
