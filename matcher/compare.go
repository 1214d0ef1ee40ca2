package matcher

import (
	"fmt"
	"slices"
	"strings"
)

// A Factor names what makes two readings decide differently.
type Factor string

// The factors, in the order Compare looks for them: the first that differs
// is the one named.
const (
	FactorWholeFile      Factor = "whole-file"     // one reading decides for every URL (crawler-commons: Crawl-delay, HTML page)
	FactorNoVerdict      Factor = "no-verdict"     // one reading's program gives no verdict for the URL
	FactorRobotsTxt      Factor = "robots-txt"     // /robots.txt is always allowed under one only
	FactorTypos          Factor = "typos"          // a line is a rule under one reading only
	FactorLineCut        Factor = "line-cut"       // Google cuts long lines
	FactorMerging        Factor = "merging"        // one reading merges groups the other leaves out
	FactorTokenMatching  Factor = "token-matching" // different user-agent lines chosen for the token
	FactorGroupBoundary  Factor = "group-boundary" // the same user-agent lines head different rules
	FactorIndexHTML      Factor = "index-html"     // Google's index.html rule
	FactorWildcards      Factor = "wildcards"      // '*' and '$' are special under one reading only
	FactorNormalization  Factor = "normalization"  // the same rule matches under one reading only
	FactorFirstMatch     Factor = "first-match"    // the first rule in file order decides under one
	FactorPriority       Factor = "priority"       // priority is counted differently
	FactorInterpretation Factor = "interpretation" // none of the above: see each explanation
)

// A Difference explains why two readings disagree on one URL.
type Difference struct {
	A        Reading `json:"a"`
	B        Reading `json:"b"`
	Factor   Factor  `json:"factor"`
	Sentence string  `json:"sentence"`
}

// A Comparison is one URL evaluated under every reading.
type Comparison struct {
	Results     []*Result // one per reading, in Readings() order
	Differences []Difference
}

// ParseAll parses src under every reading, in Readings() order.
func ParseAll(src []byte) []*File {
	return parseAll(src, string(src)) // one copy, which every reading's File shares
}

// ParseAllText is ParseAll for a source held as a string: the Files'
// strings are slices of text, and they share one copy of its bytes as
// Source.
func ParseAllText(text string) []*File {
	return parseAll([]byte(text), text)
}

func parseAll(src []byte, text string) []*File {
	files := make([]*File, len(readers))
	for i, r := range readers {
		files[i] = parseWithin(r.impl, src, text, maxSource)
	}
	return files
}

// Compare evaluates token and rawURL against files (one per reading, as
// ParseAll returns) and explains each pair of readings that disagree.
func Compare(files []*File, token, rawURL string) (*Comparison, error) {
	t, err := ParseTarget(rawURL)
	if err != nil {
		return nil, err
	}
	c := &Comparison{}
	for _, f := range files {
		c.Results = append(c.Results, f.EvaluateTarget(token, t))
	}
	for i := range c.Results {
		for j := i + 1; j < len(c.Results); j++ {
			a, b := c.Results[i], c.Results[j]
			if a.Allowed != b.Allowed {
				c.Differences = append(c.Differences, explainDifference(files[i], a, files[j], b))
			}
		}
	}
	return c, nil
}

// Agree reports whether every reading gave the same verdict.
func (c *Comparison) Agree() bool { return len(c.Differences) == 0 }

func explainDifference(fa *File, a *Result, fb *File, b *Result) Difference {
	d := Difference{A: a.Reading, B: b.Reading}
	d.Factor, d.Sentence = firstFactor(fa, a, fb, b)
	return d
}

// firstFactor walks the factors in order and names the first one on which
// the two decisions differ.
func firstFactor(fa *File, a *Result, fb *File, b *Result) (Factor, string) {
	A, B := a.Reading, b.Reading
	if s, ok := wholeFileSentence(a, b); ok {
		return FactorWholeFile, s
	}
	for _, r := range []*Result{a, b} {
		if r.Reason == ReasonNoVerdict || r.Reason == ReasonRaises {
			return FactorNoVerdict, r.Explanation
		}
	}
	if (a.Reason == ReasonRobotsTxt) != (b.Reason == ReasonRobotsTxt) {
		x, y := A, B
		if b.Reason == ReasonRobotsTxt {
			x, y = B, A
		}
		return FactorRobotsTxt, fmt.Sprintf("%s always allows /robots.txt itself (RFC 9309 §2.2.2); %s treats it like any other path.", x, y)
	}
	for _, pair := range [][2]*Result{{a, b}, {b, a}} {
		w, ok := pair[0].WinningRule()
		if !ok {
			continue
		}
		fo, other := fb, pair[1]
		if pair[0] == b {
			fo = fa
		}
		if lineKind(fo, int(w.Rule.Line)) != w.Rule.Kind() {
			return FactorTypos, fmt.Sprintf("%s reads line %d, `%s`, as %s rule; %s reads it as %s, so it does not apply there.",
				pair[0].Reading, w.Rule.Line, fo.Text(int(w.Rule.Line)), articled(w.Rule.Kind().String()), other.Reading, lineKindWords(fo, int(w.Rule.Line)))
		}
	}
	if f, s, ok := lineCutFactor(fa, a, fb, b); ok {
		return f, s
	}
	ua, ub := matchedAgentLines(a), matchedAgentLines(b)
	if !slices.Equal(ua, ub) {
		if f, s, ok := mergingFactor(a, ua, b, ub); ok {
			return f, s
		}
		return FactorTokenMatching, fmt.Sprintf("%s: %s %s: %s", A, a.Groups.Summary, B, b.Groups.Summary)
	}
	if ra, rb := applyingRuleLines(fa, a), applyingRuleLines(fb, b); !slices.Equal(ra, rb) {
		return FactorGroupBoundary, fmt.Sprintf("the same user-agent lines head different rules: under %s the applying rules are on lines %v, under %s on lines %v (they end a group at different lines: a blank line, or a Crawl-delay or other record after the user-agent lines).", A, ra, B, rb)
	}
	if a.Reason == ReasonIndexHTML || b.Reason == ReasonIndexHTML {
		x := A
		if b.Reason == ReasonIndexHTML {
			x = B
		}
		if s, ok := ccIndexSentence(x); ok {
			return FactorIndexHTML, s
		}
		return FactorIndexHTML, fmt.Sprintf("%s applies Google's index.html rule: an Allow ending in /index.htm… also allows the directory itself.", x)
	}
	if ma, mb := matchedLines(a), matchedLines(b); !slices.Equal(ma, mb) {
		if f, s, ok := wildcardFactor(fa, a, fb, b); ok {
			return f, s
		}
		if s, ok := ccAnchorSentence(fa, a, fb, b); ok {
			return FactorWildcards, s
		}
		return FactorNormalization, normalizationSentence(fa, a, fb, b)
	}
	if (a.Reason == ReasonFirstMatch) != (b.Reason == ReasonFirstMatch) {
		x, y := A, B
		if b.Reason == ReasonFirstMatch {
			x, y = B, A
		}
		return FactorFirstMatch, fmt.Sprintf("%s takes the first matching rule in file order; %s takes the most specific one.", x, y)
	}
	if wa, wb := a.Winner, b.Winner; wa >= 0 && wb >= 0 && a.Matches[wa].Rule.Line != b.Matches[wb].Rule.Line {
		return FactorPriority, fmt.Sprintf("%s gives the win to line %d, %s to line %d: they count a rule's priority differently.", A, a.Matches[wa].Rule.Line, B, b.Matches[wb].Rule.Line)
	}
	return FactorInterpretation, fmt.Sprintf("%s: %s %s: %s", A, a.Explanation, B, b.Explanation)
}

// lineCutFactor names Google's line cut when a winning rule sits on a line
// longer than the cut and the other reading read it whole.
func lineCutFactor(fa *File, a *Result, fb *File, b *Result) (Factor, string, bool) {
	for _, r := range []*Result{a, b} {
		f := fa
		if r == b {
			f = fb
		}
		if w, ok := r.WinningRule(); ok && hasDiag(f, int(w.Rule.Line), CodeLongLine) {
			return FactorLineCut, fmt.Sprintf("line %d is longer than %d bytes: Google's parser reads only its start, so the readings compare different patterns.", w.Rule.Line, GoogleLineLimit), true
		}
	}
	return "", "", false
}

func hasDiag(f *File, line int, code Code) bool {
	for _, d := range f.Diagnostics {
		if d.Pos.Line == line && d.Code == code {
			return true
		}
	}
	return false
}

func lineKind(f *File, line int) Kind {
	if line < 1 || line > len(f.Lines) {
		return KindInvalid
	}
	return f.Lines[line-1].Kind
}

func lineKindWords(f *File, line int) string {
	if line < 1 || line > len(f.Lines) {
		return "nothing (it never reaches that line)"
	}
	switch k := f.Lines[line-1].Kind; k {
	case KindOther:
		return "a record it does not know"
	case KindInvalid:
		return "a line that is not a record"
	default:
		return articled(k.String()) + " line"
	}
}

func articled(s string) string {
	if s != "" && (s[0] == 'a' || s[0] == 'e' || s[0] == 'i' || s[0] == 'o' || s[0] == 'u') {
		return "an " + s
	}
	return "a " + s
}

func matchedAgentLines(r *Result) []int {
	var out []int
	for _, a := range r.Groups.Agents {
		if a.Matched {
			out = append(out, a.Agent.Line)
		}
	}
	return out
}

func applyingRuleLines(f *File, r *Result) []int {
	var out []int
	for _, gi := range r.Groups.Selected {
		for _, rule := range f.Groups[gi].Rules {
			out = append(out, int(rule.Line))
		}
	}
	slices.Sort(out)
	return out
}

func matchedLines(r *Result) []int {
	out := make([]int, len(r.Matches))
	for i, m := range r.Matches {
		out[i] = int(m.Rule.Line)
	}
	slices.Sort(out)
	return out
}

// normalizationSentence shows the first rule that matches under one reading
// only, with the forms each reading compares.
func normalizationSentence(fa *File, a *Result, fb *File, b *Result) string {
	line := firstOfSymmetricDifference(matchedLines(a), matchedLines(b))
	pa, pb := matchedForm(fa, a, line), matchedForm(fb, b, line)
	yes := a.Reading
	if !slices.Contains(matchedLines(a), line) {
		yes = b.Reading
	}
	return fmt.Sprintf("line %d matches under %s only: %s compares the path %q with the pattern %q; %s compares %q with %q.",
		line, yes, a.Reading, a.Path, pa, b.Reading, b.Path, pb)
}

func firstOfSymmetricDifference(x, y []int) int {
	for _, v := range x {
		if !slices.Contains(y, v) {
			return v
		}
	}
	for _, v := range y {
		if !slices.Contains(x, v) {
			return v
		}
	}
	return 0
}

// matchedForm is the pattern the line matched as, when it matched under
// r (protego also compares a line with '$' as its %24 twin), else the
// line's normalized pattern.
func matchedForm(f *File, r *Result, line int) string {
	for _, m := range r.Matches {
		if int(m.Rule.Line) == line {
			return m.Normalized
		}
	}
	return normalizedAt(f, line)
}

func normalizedAt(f *File, line int) string {
	r, _ := ruleAt(f, line)
	return f.Normalized(r)
}

// mergingFactor names the case where one reading's chosen user-agent lines
// include all of the other's and more: it merges groups the other ignores.
func mergingFactor(a *Result, ua []int, b *Result, ub []int) (Factor, string, bool) {
	wide, narrow, wl, nl := a, b, ua, ub
	if len(ub) > len(ua) {
		wide, narrow, wl, nl = b, a, ub, ua
	}
	if len(nl) == 0 || !containsAll(wl, nl) {
		return "", "", false
	}
	return FactorMerging, fmt.Sprintf("%s merges every group naming the token (user-agent lines %s); %s obeys only the first (line %d).",
		wide.Reading, joinInts(wl), narrow.Reading, nl[0]), true
}

func containsAll(x, y []int) bool {
	for _, v := range y {
		if !slices.Contains(x, v) {
			return false
		}
	}
	return true
}

func joinInts(v []int) string {
	s := ""
	for i, n := range v {
		switch {
		case i == 0:
		case i == len(v)-1:
			s += " and "
		default:
			s += ", "
		}
		s += fmt.Sprint(n)
	}
	return s
}

// literalPatterns reports whether a reading reads '*' and '$' as ordinary
// characters (CPython's robotparser; the 1996 draft has no wildcards).
func literalPatterns(r Reading) bool { return r == Python || r == Koster1996 }

// wildcardFactor names the case where the first rule matching under one
// reading only has a '*' or '$' that only one of them reads as special.
func wildcardFactor(fa *File, a *Result, fb *File, b *Result) (Factor, string, bool) {
	if literalPatterns(a.Reading) == literalPatterns(b.Reading) {
		return "", "", false
	}
	line := firstOfSymmetricDifference(matchedLines(a), matchedLines(b))
	f := fa
	if literalPatterns(a.Reading) {
		f = fb
	}
	r, ok := ruleAt(f, line)
	if !ok || !strings.ContainsAny(f.TextOf(r.Pattern), "*$") {
		return "", "", false
	}
	special, literal := a.Reading, b.Reading
	if literalPatterns(a.Reading) {
		special, literal = literal, special
	}
	return FactorWildcards, fmt.Sprintf("line %d, `%s`: %s reads its * and $ as wildcards; %s compares them as ordinary characters, so the rule does not match the same paths.",
		line, f.Text(line), special, literal), true
}

func ruleAt(f *File, line int) (Rule, bool) {
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			if int(r.Line) == line {
				return r, true
			}
		}
	}
	return Rule{}, false
}
