package matcher

import "fmt"

// evaluate is robots.cc's decision (RobotsMatcher::disallow): the rules of
// the groups naming the token if any group does (ever_seen_specific_agent_),
// else those of the '*' groups; of the matching rules the longest pattern
// wins, an allow wins a tie, and an empty pattern (priority 0) never
// decides. An allow of …/index.htm… that does not match still counts when
// its directory does. The URL is taken as given and /robots.txt is not
// special.
func (google) evaluate(f *File, token string, t *Target) *Result {
	path := GooglePath(t.Input)
	res := &Result{Reading: f.Reading, Token: token, Target: t, Path: path, Steps: googlePathSteps(t.Input, path), Winner: -1, RunnerUp: -1}
	sel := f.selectionFor(token, googleSelect)
	res.Groups = sel.trace
	ext, _ := f.ext.(*googleFile)
	var viaIndex []bool // parallel to res.Matches: matched through the index.html rule
	if ext != nil {
		var local [16]ruleRef
		for _, ref := range sel.rules.get(func() *ruleIndex { return ext.ruleIndex(f, res.Groups.Selected) }).candidates(path, local[:0]) {
			gi, ri := int(ref.Group), int(ref.Rule)
			m, index, ok := googleMatch(f, ext, gi, ri, &f.Groups[gi].Rules[ri], path)
			if ok {
				res.Matches = append(res.Matches, m)
				viaIndex = append(viaIndex, index)
			}
		}
	}
	res.decideLongest()
	if res.Winner >= 0 && viaIndex[res.Winner] {
		res.Reason = ReasonIndexHTML
	}
	res.Diagnostics = sel.diags
	res.Explanation = googleExplain(f, res)
	return res
}

// ruleIndex indexes the rules of the groups selected (see ruleIndex); an
// allow ending in /index.htm… by its directory pattern, which requires
// less of a path than its own. An empty pattern never decides (robots.cc
// gives it priority 0), and escaping never empties one: it is left out.
func (ext *googleFile) ruleIndex(f *File, selected []int) *ruleIndex {
	return newRuleIndex(func(add func(string, ruleRef)) {
		for _, gi := range selected {
			for ri, r := range f.Groups[gi].Rules {
				if r.Pattern.Start == r.Pattern.End {
					continue
				}
				body := ext.patterns[gi][ri].body
				if ix := ext.index[gi][ri]; ix != nil {
					body = ix.pat.body
				}
				add(body, ruleRef{int32(gi), int32(ri)})
			}
		}
	})
}

// googleMatch tries rule ri of group gi on path. An allow that does not
// match is tried again as its directory when it ends in /index.htm…
// (robots.cc HandleAllow); the priority is then that pattern's length.
func googleMatch(f *File, ext *googleFile, gi, ri int, r *Rule, path string) (m Match, index, ok bool) {
	if ext.patterns[gi][ri].match(path) {
		m = f.matchOf(r)
		m.Priority, m.Steps = len(m.Normalized), googlePatternSteps(m.Pattern)
		return m, false, true
	}
	ix := ext.index[gi][ri]
	if ix == nil || !ix.pat.match(path) {
		return Match{}, false, false
	}
	m = f.matchOf(r)
	m.Priority = len(ix.text)
	m.Steps = append(googlePatternSteps(m.Pattern), Step{Input: m.Normalized, Output: ix.text,
		Rule:   "an allow ending in /index.htm… also allows its directory: the pattern is tried again as the directory followed by '$'",
		Source: googleSource + " (HandleAllow)"})
	return m, true, true
}

// googlePatternSteps are the escaping steps of a pattern, worked out only
// for the rules that match.
func googlePatternSteps(p string) []Step {
	_, steps := normalize(p, googlePatternRules, true)
	return steps
}

func googlePathSteps(input, path string) []Step {
	if input == path {
		return nil
	}
	return []Step{{Input: input, Output: path,
		Rule:   "the path, params and query are taken from the URL as given (scheme, host and fragment dropped, no percent-encoding or decoding)",
		Source: googleSource + " (GetPathParamsQuery)"}}
}

// googleSelect chooses the groups as robots.cc does: a group applies when
// one of its user-agent tokens equals the token given, ASCII letters
// compared without case (absl::EqualsIgnoreCase; the token given is not
// trimmed or cut, so "Googlebot/2.1" matches no group); else every '*'
// group applies; else none.
func googleSelect(f *File, token string) GroupTrace {
	w := newTraceWriter(f, token, " equals %s, ignoring ASCII case", " is not %s (Google compares the whole token given)")
	for gi, g := range f.Groups {
		for _, a := range g.Agents {
			switch {
			case a.Global:
				w.global(a, gi)
			case equalFoldASCII(a.Token, token):
				w.named(a, gi)
			case a.Token == "":
				w.add(a, gi, false, "names an empty product token (the value starts with no letter, '-' or '_')")
			default:
				w.notNamed(a, gi)
			}
		}
	}
	return w.finish(f)
}

// googleExplain says why, in Google's terms; only the index.html rule needs
// words of its own.
func googleExplain(f *File, res *Result) string {
	if res.Reason != ReasonIndexHTML {
		return explain(f, res)
	}
	w := res.Matches[res.Winner]
	dir := w.Steps[len(w.Steps)-1].Output
	s := fmt.Sprintf("Allowed by %s: Google's parser reads an allow ending in /index.htm… as also allowing its directory, so %s (%s) matches %s",
		RuleText(f, w.Rule), dir, octets(w.Priority), res.Path)
	if res.RunnerUp < 0 {
		return s + "."
	}
	r := res.Matches[res.RunnerUp]
	if r.Priority == w.Priority {
		return fmt.Sprintf("%s and ties with %s (%s): on a tie, allow wins.", s, RuleText(f, r.Rule), octets(r.Priority))
	}
	return fmt.Sprintf("%s, longer than %s (%s).", s, RuleText(f, r.Rule), octets(r.Priority))
}
