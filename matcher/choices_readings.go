package matcher

import (
	"strings"
	"unicode/utf8"
)

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
	Index: func(p string, allow bool) (string, bool) {
		if !allow {
			return "", false
		}
		return indexDirectory(p)
	},
	Path:    func(t *Target) (string, bool) { return GooglePath(t.Input), true },
	Pattern: func(v string) (string, bool) { return EscapeGooglePattern(v), true },
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
		FactorGroupBoundary: "ends a record at an empty line, counts a Crawl-delay or Request-rate line as a rule, and drops a record that has no rule yet (CPython robotparser)",
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

var pythonRFCChoices = Choices{
	Lines:     pythonLines,
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Bounds:    boundsDelayEndsAgents,
	Agent: func(value, token string) (bool, bool) {
		name, _, _ := strings.Cut(token, "/")
		return value != "*" && strings.Contains(prLower(name), prLower(value)), value == "*"
	},
	Merge:    mergeByValue,
	AgentKey: prLower,
	Match: func(pattern, path string) bool {
		if rejectsByPrefix(pattern, path) {
			return false
		}
		_, ok := prMatch(pattern, path)
		return ok
	},
	Path: func(t *Target) (string, bool) {
		p, _, err := prRequestPath(targetInput(t))
		return p, err == nil
	},
	BadURLAllows: true,
	Pattern:      prRulePath,
	Empty:        emptyAllowsAll,
	Priority: func(pattern, path string) int {
		n, _ := prMatch(pattern, path)
		return n
	},
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "reads only the exact keys, lower-cased, on lines split as str.splitlines splits them (CPython robotparser, RFC 9309 rewrite)",
		FactorGroupBoundary: "also ends the user-agent lines at a Crawl-delay or Request-rate line (CPython robotparser, RFC 9309 rewrite)",
		FactorTokenMatching: "applies a group whose value is a substring of the crawler's name cut at '/', lower-cased, when no value equals the whole token (CPython robotparser, RFC 9309 rewrite)",
		FactorMerging:       "merges the groups filed under the same value, and takes the value equal to the token, else the first naming it, else '*' (CPython robotparser, RFC 9309 rewrite)",
		FactorNormalization: "decodes and re-encodes URL and pattern alike, so %2F matches '/' (CPython robotparser, RFC 9309 rewrite)",
		FactorEmptyRule:     "reads an empty Disallow as an Allow matching every path with priority 0 (CPython robotparser, RFC 9309 rewrite)",
		FactorPriority:      "ranks a rule by the characters of the URL it matches, not by its pattern's length (CPython robotparser, RFC 9309 rewrite)",
		FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (CPython robotparser, RFC 9309 rewrite)",
	}),
}

func (pythonRFC) choices() *Choices { return &pythonRFCChoices }

var crawlerCommonsChoices = Choices{
	RobotsTxt: func(path string) bool { return path == "/robots.txt" },
	Agent: func(value, token string) (bool, bool) {
		v := pyLower(value)
		return v != "" && v != "*" && ccNames(v, pyLower(token)), v == "*"
	},
	Index: func(p string, _ bool) (string, bool) { return ccIndexDirectory(p) },
	Match: func(pattern, path string) bool {
		return !rejectsByPrefix(pattern, path) && ccMatch(compilePattern(pattern), path)
	},
	Path: func(t *Target) (string, bool) {
		p, _ := ccRequestPath(t)
		return p, true
	},
	Pattern: func(v string) (string, bool) { return ccEscape(ccUnescape(v), false), true },
	Special: func(res, other *Result) (Factor, string, bool) {
		s, ok := wholeFileSentence(res, other)
		return FactorWholeFile, s, ok
	},
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "finds a key by prefix among the known keys and their typos, followed by ':' or white space (crawler-commons)",
		FactorTokenMatching: "compares the lower-cased value with the token, or, for a value that is no product token, its leading token (crawler-commons)",
		FactorIndexHTML:     "lets a rule, allow or disallow, ending in index.htm or index.html also stand for its directory (crawler-commons)",
		FactorWildcards:     "reads '*' as any run, but looks for the text after the last '*' of a pattern ending in '$' only at its first place (crawler-commons)",
		FactorNormalization: "decodes unreserved %XX and encodes '*' and '$' in the URL, so only a pattern's %2A and %24 match them (crawler-commons)",
	}),
}

func (crawlerCommons) choices() *Choices { return &crawlerCommonsChoices }

var protegoChoices = Choices{
	Lines:  pythonLines,
	Bounds: boundsAgentAfterAny,
	Agent: func(value, token string) (bool, bool) {
		// A value with '*' inside is also filed without its stars
		// (AgentKeys): each key is scored as it is.
		name, v := pyLower(pyStrip(token)), pyLower(value)
		return v != "*" && v != "" && strings.Contains(name, v), v == "*"
	},
	Merge:     bestScore,
	AgentKeys: func(value string) []string { return pgNames(pyLower(value)) },
	Index: func(p string, allow bool) (string, bool) {
		if !allow || !strings.HasSuffix(p, "/index.html") {
			return "", false
		}
		return p[:len(p)-len("index.html")] + "$", true
	},
	Match: func(pattern, path string) bool {
		if rejectsByPrefix(pattern, path) {
			return false
		}
		form, never := pgMatchForm(pattern)
		return !never && compilePattern(form).match(path)
	},
	Path: func(t *Target) (string, bool) {
		p, _, err := pgRequestPath(targetInput(t))
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) {
		entries, own, err := pgBuild(pgIgnore(v), false, false)
		if err != nil || own < 0 {
			return "", false
		}
		return entries[own].pattern, true
	},
	Alternates: func(v string) []string {
		if !strings.Contains(v, "$") {
			return nil
		}
		entries, own, err := pgBuild(strings.ReplaceAll(pgIgnore(v), "$", "%24"), false, false)
		if err != nil || own < 0 {
			return nil
		}
		return []string{entries[own].pattern}
	},
	Priority: func(pattern, _ string) int { return utf8.RuneCountInString(pattern) },
	Says: says(rfcSays, map[Factor]string{
		FactorTypos:         "also reads misspellings of disallow and user-agent, and a lower-case directive followed by a space without ':' (protego)",
		FactorGroupBoundary: "starts a new record at a user-agent line after any other directive (protego)",
		FactorTokenMatching: "applies a rule set whose value is a substring of the lower-cased token (protego)",
		FactorMerging:       "files every record under its value and takes the rule set whose value is longest, '*' scoring 1 (protego)",
		FactorIndexHTML:     "lets an Allow ending in /index.html also allow its directory (protego)",
		FactorNormalization: "quotes pattern and URL path its own way and also tries a pattern with '$' as a literal %24 (protego)",
		FactorPriority:      "counts a rule's priority as the characters of its quoted pattern (protego)",
	}),
}

func (protego) choices() *Choices { return &protegoChoices }

var robotsParserChoices = Choices{
	Bounds: boundsAgentAfterKey,
	Agent: func(value, token string) (bool, bool) {
		if value == "" {
			return false, false
		}
		name := rpName(pyDecode([]byte(value)))
		return name != "*" && name == rpTokenName(token), name == "*"
	},
	Path: func(t *Target) (string, bool) {
		robots, url := rpURLs(t)
		p, _, err := rpRequestPath(robots, url)
		return p, err == nil
	},
	Pattern: func(v string) (string, bool) { return rpPattern(pyDecode([]byte(v))), true },
	Special: func(res, _ *Result) (Factor, string, bool) {
		return FactorNoVerdict, res.Explanation, res.Reason == ReasonNoVerdict
	},
	Says: says(rfcSays, map[Factor]string{
		FactorGroupBoundary: "starts a new list of names at a user-agent line after any other line with a key, and files no name of a list without a rule or Crawl-delay (robots-parser)",
		FactorTokenMatching: "compares the value, lower-cased and cut at its first '/', with the token read the same way (robots-parser)",
		FactorNormalization: "reads the URL with the WHATWG URL parser and encodes a pattern as encodeURI does, keeping '%' (robots-parser)",
		FactorWildcards:     "reads '*' as any run of characters and a final '$' as the end of the path (robots-parser)",
	}),
}

func (robotsParser) choices() *Choices { return &robotsParserChoices }
