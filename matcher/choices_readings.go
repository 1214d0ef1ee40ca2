package matcher

import "strings"

// The choices of each reading, for the comparison (see choices.go). Each
// is the reading's own behaviour, stage by stage, built from the same
// functions its evaluation calls; Compare checks on every difference that
// they reproduce the reading's verdict before it swaps them.

// rfcSays is what RFC 9309 chooses, in words; the other readings start
// from it.
var rfcSays = map[Factor]string{
	FactorTypos:         "reads only the keys user-agent, allow and disallow, in any case (RFC 9309 §2.2)",
	FactorGroupBoundary: "ends a group only at a user-agent line after a rule; blank and other lines end nothing (RFC 9309 §2.1)",
	FactorTokenMatching: "compares the value's product token (its leading letters, '-' and '_') with the whole token, ignoring case (RFC 9309 §2.2.1)",
	FactorMerging:       "merges every group naming the token, else every '*' group (RFC 9309 §2.2.1)",
	FactorIndexHTML:     "has no index.html rule",
	FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (RFC 9309 §2.2.3)",
	FactorNormalization: "compares URL and pattern with their percent-encoding made the same (unreserved characters decoded, hex upper-cased, non-ASCII encoded; RFC 9309 §2.2.2)",
	FactorEmptyRule:     "reads an empty pattern as matching nothing (RFC 9309 §2.2.2)",
	FactorFirstMatch:    "lets the most specific matching rule decide (RFC 9309 §2.2.2)",
	FactorPriority:      "counts a rule's priority as the octets of its pattern (RFC 9309 §2.2.2)",
}

func says(base map[Factor]string, over map[Factor]string) map[Factor]string {
	out := make(map[Factor]string, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

var rfcChoices = Choices{
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Says:      rfcSays,
}

func (rfc9309) choices() *Choices { return &rfcChoices }

var googleChoices = Choices{
	Agent: func(value, token string) (bool, bool) {
		tok, global := googleAgent(value)
		return !global && equalFoldASCII(tok, token), global
	},
	IndexHTML: true,
	Path:      func(t *Target) (string, bool) { return GooglePath(t.Input), true },
	Pattern:   func(v string) (string, bool) { return EscapeGooglePattern(v), true },
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "also reads common typos (disalow, useragent, …), any key starting with a known one, and a missing colon (robots.cc), and cuts lines at 16,663 bytes",
		FactorTokenMatching: "compares the value's product token with the token exactly as given, ignoring ASCII case (robots.cc)",
		FactorIndexHTML:     "lets an Allow ending in /index.htm… also allow its directory (robots.cc)",
		FactorNormalization: "takes the URL as given and only escapes non-ASCII bytes of a pattern (robots.cc)",
		FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (robots.cc)",
	}),
}

func (google) choices() *Choices { return &googleChoices }

var pythonChoices = Choices{
	Lines:  pythonLines,
	Bounds: boundsEmptyLine,
	Agent: func(value, token string) (bool, bool) {
		tok := pyUnquote(value)
		return strings.Contains(pyName(token), pyLower(tok)), tok == "*"
	},
	Merge: firstNamedNotGlobal,
	Match: matchPrefix,
	Path: func(t *Target) (string, bool) {
		p, _, err := pyRequestPath(targetInput(t))
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) {
		p, err := pyRulePath(pyUnquote(v))
		return p, err == nil
	},
	Empty:  emptyAllowsAll,
	Decide: decideFirst,
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "reads only the exact keys, lower-cased, on lines split as str.splitlines splits them (CPython robotparser)",
		FactorGroupBoundary: "ends a record at an empty line and drops a record that has no rule yet (CPython robotparser)",
		FactorTokenMatching: "applies a record when its value is a substring of the crawler's name cut at '/', lower-cased (CPython robotparser)",
		FactorMerging:       "obeys only the first record that applies, and a record naming '*' only as the default (CPython robotparser)",
		FactorWildcards:     "compares '*' and '$' as ordinary characters, as a prefix (CPython robotparser)",
		FactorNormalization: "unquotes and re-quotes URL and pattern with urllib.parse (CPython robotparser)",
		FactorEmptyRule:     "reads an empty Disallow as allowing every path (CPython robotparser)",
		FactorFirstMatch:    "lets the first matching rule in file order decide (CPython robotparser)",
	}),
}

func (python) choices() *Choices { return &pythonChoices }

// pythonLines is python's lexing, which stops where parse() raised.
func pythonLines(f *File) []modelLine {
	lines := linesOf(f)
	for _, d := range f.Diagnostics {
		if d.Code == CodeRaises && d.Pos.Line >= 1 && d.Pos.Line <= len(lines) {
			lines[d.Pos.Line-1].Stop = true
			break
		}
	}
	return lines
}

var kosterChoices = Choices{
	RobotsTxt: func(path string) bool {
		p, _, _ := strings.Cut(path, "?")
		return p == "/robots.txt"
	},
	Bounds: boundsBlankLine,
	Agent: func(value, token string) (bool, bool) {
		name := kosterName(token)
		global := value == "*"
		return !global && name != "" && strings.Contains(strings.ToLower(value), name), global
	},
	Merge: firstNamed,
	Match: matchPrefix,
	Path: func(t *Target) (string, bool) {
		path := "/"
		if t != nil && t.Path != "" {
			path = t.Path
		}
		p, _ := kosterNormalize(path, false)
		return p, true
	},
	Pattern: func(v string) (string, bool) {
		p, _ := kosterNormalize(v, false)
		return p, true
	},
	Empty:  emptyAllowsAll,
	Decide: decideFirst,
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "reads only the exact keys, in any case (draft-koster-robots §3.3)",
		FactorGroupBoundary: "ends a record at a blank line (draft-koster-robots §3.3)",
		FactorTokenMatching: "applies a record whose value contains the robot's name, ignoring case (draft-koster-robots §3.2.1)",
		FactorMerging:       "obeys only the first record that names the robot, else the first '*' record (draft-koster-robots §3.2.1)",
		FactorWildcards:     "has no wildcards: '*' and '$' are ordinary characters, compared as a prefix (draft-koster-robots §3.2.2)",
		FactorNormalization: "decodes every %XX but %2F on both sides (draft-koster-robots §3.2.2)",
		FactorEmptyRule:     "reads an empty Disallow as allowing every path (draft-koster-robots §4)",
		FactorFirstMatch:    "lets the first matching rule in file order decide (draft-koster-robots §3.2.2)",
	}),
}

func (koster1996) choices() *Choices { return &kosterChoices }
