package matcher

import (
	"fmt"
	"strings"
)

// evaluate is RobotFileParser.can_fetch after parse(): disallow_all and
// allow_all are false and last_checked is set, so the answer comes from the
// records. The URL is unquoted, parsed, put back together without scheme
// and host, and quoted; the first record that applies is asked, and its
// first rule whose path is a prefix of the URL decides.
func (python) evaluate(f *File, token string, t *Target) *Result {
	res := &Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	ext, _ := f.ext.(*pyFile)
	if ext == nil {
		ext = &pyFile{def: -1}
	}
	path, steps, err := pyRequestPath(targetInput(t))
	res.Path, res.Steps = path, steps
	res.Groups = pySelect(f, ext, token)
	switch {
	case err != nil:
		res.Reason = ReasonRaises
	case len(res.Groups.Selected) == 0:
		res.Allowed, res.Reason = true, ReasonNoGroup
	default:
		g := f.Groups[res.Groups.Selected[0]]
		for i := range g.Rules {
			if r := &g.Rules[i]; strings.HasPrefix(path, f.normalized(r)) {
				m := f.matchOf(r)
				m.Priority = -1
				_, m.Steps, _ = pyPatternSteps(m.Pattern)
				res.Matches = append(res.Matches, m)
			}
		}
		res.Allowed, res.Reason = true, ReasonNoMatch
		if len(res.Matches) > 0 {
			res.Winner = 0
			res.Allowed, res.Reason = res.Matches[0].Rule.Allow, ReasonFirstMatch
		}
	}
	res.Diagnostics = firstMatchBearing(f, res)
	res.Explanation = pyExplain(f, res, err)
	return res
}

// targetInput is the URL as the caller wrote it: python reads it itself.
func targetInput(t *Target) string {
	if t == nil {
		return ""
	}
	if t.Input == "" {
		return t.Path
	}
	return t.Input
}

// pyStepper records a Step for each transformation that changes its input.
type pyStepper struct {
	s     string
	steps []Step
}

func (p *pyStepper) do(rule, source, next string) {
	if next != p.s {
		p.steps = append(p.steps, Step{Input: p.s, Output: next, Rule: rule, Source: source})
	}
	p.s = next
}

const (
	srcUnquote  = "CPython urllib.parse.unquote"
	srcSanitize = "CPython urllib.parse.urlsplit (WHATWG URL standard)"
	srcUnparse  = "CPython urllib.parse.urlparse, urlunparse"
	srcQuote    = "CPython urllib.parse.quote"
)

// pyRequestPath is what can_fetch compares: the URL unquoted, parsed with
// urlparse, put back together from its path, params, query and fragment
// alone (urlunparse), and quoted; "/" when that is empty. The error is the
// ValueError urlparse raises.
func pyRequestPath(raw string) (string, []Step, error) {
	p := &pyStepper{s: raw}
	p.do("%XX escapes are decoded (a broken UTF-8 sequence becomes U+FFFD)", srcUnquote, pyUnquote(raw))
	p.do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", srcSanitize, pySanitize(p.s))
	u, err := pyURLParse(p.s)
	if err != nil {
		return p.s, p.steps, err
	}
	p.do("the scheme and host are dropped, and so are empty ';', '?' and '#'; the fragment is kept", srcUnparse,
		pyURLUnparse(pyURL{path: u.path, params: u.params, query: u.query, fragment: u.fragment}))
	p.do("everything but letters, digits, '_.-~' and '/' is percent-encoded, as UTF-8 with upper-case hex", srcQuote, pyQuote(p.s))
	if p.s == "" {
		p.do("an empty path is /", pySource+" (can_fetch)", "/")
	}
	return p.s, p.steps, nil
}

// pyPatternSteps are the steps from a rule's value as written to the path
// RuleLine compares: unquote (done by parse), then quote(urlunparse(
// urlparse(…))), which keeps a scheme and host.
func pyPatternSteps(value string) (string, []Step, error) {
	p := &pyStepper{s: value}
	p.do("%XX escapes are decoded (a broken UTF-8 sequence becomes U+FFFD)", srcUnquote, pyUnquote(value))
	p.do("control characters and spaces at the start are removed, and tabs, CRs and LFs anywhere", srcSanitize, pySanitize(p.s))
	u, err := pyURLParse(p.s)
	if err != nil {
		return p.s, p.steps, err
	}
	p.do("the parts are put back together: empty ';', '?' and '#' are dropped", srcUnparse, pyURLUnparse(u))
	p.do("everything but letters, digits, '_.-~' and '/' is percent-encoded, as UTF-8 with upper-case hex", srcQuote, pyQuote(p.s))
	return p.s, p.steps, nil
}

// pyName is the crawler's name as Entry.applies_to compares it.
func pyName(token string) string {
	name, _, _ := strings.Cut(token, "/")
	return pyLower(name)
}

// pySelect is can_fetch's choice of record: the first of rp.entries with a
// user-agent value that is a substring of the name, else the default
// (first '*') record, else none.
func pySelect(f *File, ext *pyFile, token string) GroupTrace {
	name := pyName(token)
	tr := GroupTrace{Token: token}
	chosen := -1
	for _, gi := range ext.entries {
		for _, a := range f.Groups[gi].Agents {
			if strings.Contains(name, pyLower(a.Token)) {
				chosen = gi
				break
			}
		}
		if chosen >= 0 {
			break
		}
	}
	if chosen < 0 && ext.def >= 0 {
		chosen, tr.Global = ext.def, true
	}
	if chosen >= 0 {
		tr.Selected = []int{chosen}
	}
	for gi, g := range f.Groups {
		for _, a := range g.Agents {
			tr.Agents = append(tr.Agents, pyAgentMatch(ext, gi, a, name, chosen))
		}
	}
	tr.Summary = pySummary(f, tr, name)
	return tr
}

func pyAgentMatch(ext *pyFile, gi int, a Agent, name string, chosen int) UserAgentMatch {
	m := UserAgentMatch{Agent: a, Group: gi}
	sub := strings.Contains(name, pyLower(a.Token))
	switch {
	case containsInt(ext.ignored, gi):
		m.How = "in a later record naming '*': python keeps only the first such record"
	case gi == ext.def && a.Global:
		m.Matched = gi == chosen
		m.How = "'*': the default record, used only when no other record applies"
	case gi == ext.def:
		m.How = "in the record naming '*': python files the whole record as the default and never compares this value"
	case !sub:
		m.How = fmt.Sprintf("%q is not a substring of %q", pyLower(a.Token), name)
	case chosen >= 0 && gi > chosen:
		m.How = fmt.Sprintf("%q is a substring of %q, but an earlier record already applies", pyLower(a.Token), name)
	default:
		m.Matched = true
		m.How = fmt.Sprintf("%q is a substring of %q", pyLower(a.Token), name)
	}
	return m
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func pySummary(f *File, tr GroupTrace, name string) string {
	how := fmt.Sprintf("%q (the crawler's name cut at '/' and lower-cased)", name)
	switch {
	case len(tr.Selected) == 0 && len(f.Groups) == 0:
		return "The file has no record that python keeps, so no rules apply: everything is allowed."
	case len(tr.Selected) == 0:
		return fmt.Sprintf("No record's token is a substring of %s and no record names *, so no rules apply: everything is allowed.", how)
	case tr.Global:
		return fmt.Sprintf("No record's token is a substring of %s, so the first record naming * (line %d) applies.",
			how, f.Groups[tr.Selected[0]].FirstLine)
	}
	g := f.Groups[tr.Selected[0]]
	var value string
	for _, a := range tr.Agents {
		if a.Group == g.Index && a.Matched {
			value = a.Agent.Token
			break
		}
	}
	return fmt.Sprintf("The record at line %d applies: it is the first record whose token is a substring of %s, with %q.",
		g.FirstLine, how, value)
}

func pyExplain(f *File, res *Result, err error) string {
	switch res.Reason {
	case ReasonRaises:
		return fmt.Sprintf("No verdict: python's can_fetch raises %v for this URL; shown as disallowed, since a crawler whose check fails fetches nothing.", err)
	case ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case ReasonNoMatch:
		return firstMatchNoMatch(f, res)
	}
	w := res.Matches[res.Winner].Rule
	s := firstMatchSentence(f, res, "")
	if w.Allow && f.Lines[w.Line-1].Kind == KindDisallow {
		s = strings.TrimSuffix(s, ".") + ": python reads an empty Disallow as allowing everything."
	}
	return s + laterMatches(f, res)
}
