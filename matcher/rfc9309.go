package matcher

import (
	"strconv"
	"strings"
)

// rfc9309 is RFC 9309 as written. Where the RFC is silent it makes these
// choices: only a final '$' anchors; a user-agent value is read up to its
// first character that may not stand in a product token; keys are compared
// without case; lines that are not records are ignored.
type rfc9309 struct{}

// rfcFile is what the rfc9309 reading keeps beside the line model: the
// pattern flags of every rule, by group (the pattern is File.Normalized's).
type rfcFile struct {
	patterns [][]patFlags
}

// nonStandard are the records people write that RFC 9309 does not define,
// each with the message that says who reads them (§2.2.4 lets crawlers
// interpret other records), which starts with the key. A table of
// constants rather than a map: nothing is built when the program starts,
// no message is made per line, and seven keys compare as fast as they hash.
var nonStandard = [...]struct{ key, msg string }{
	{"crawl-delay", "crawl-delay: not part of RFC 9309; Bing and Yandex read it, Google ignores it"},
	{"noindex", "noindex: not part of RFC 9309; Google stopped reading it in 2019. robots.txt controls crawling, not indexing: a URL " +
		"disallowed here can still be indexed from links. To keep a page out of search, let it be crawled and send a noindex " +
		"robots meta tag or an X-Robots-Tag: noindex header"},
	{"host", "host: not part of RFC 9309; only Yandex read it, and it has since retired it"},
	{"clean-param", "clean-param: not part of RFC 9309; Yandex reads it"},
	{"request-rate", "request-rate: not part of RFC 9309; a few small crawlers read it"},
	{"visit-time", "visit-time: not part of RFC 9309; a few small crawlers read it"},
	{"nofollow", "nofollow: not part of RFC 9309; no major crawler reads it"},
}

// nonStandardMsg returns the message of the record with the lower-cased
// key, and whether it is one of nonStandard; its text after "key: " says
// who reads it.
func nonStandardMsg(lower string) (string, bool) {
	for _, r := range nonStandard {
		if r.key == lower {
			return r.msg, true
		}
	}
	return "", false
}

// googleTypos are keys Google's parser accepts for the standard ones
// (robots.cc: KeyIsUserAgent, KeyIsDisallow, with kAllowFrequentTypos).
var googleTypos = []struct{ prefix, key string }{
	{"user-agent", "user-agent"}, {"useragent", "user-agent"}, {"user agent", "user-agent"},
	{"allow", "allow"},
	{"disallow", "disallow"}, {"dissallow", "disallow"}, {"dissalow", "disallow"},
	{"disalow", "disallow"}, {"diasllow", "disallow"}, {"disallaw", "disallow"},
	{"sitemap", "sitemap"}, {"site-map", "sitemap"},
}

// googleKey returns the standard key Google's parser reads key as, or "".
func googleKey(lower string) string {
	for _, t := range googleTypos {
		if strings.HasPrefix(lower, t.prefix) {
			return t.key
		}
	}
	return ""
}

// parse reads every line on its own (rfc9309_lines.go), then places the
// lines in groups in one pass in file order.
func (rfc9309) parse(src []byte, text string) *File {
	s := newScanner(RFC9309, src, text)
	w := newRFCLines(s, len(s.f.Lines))
	w.read(s.f.Lines)
	p := &rfcParser{scanner: s, group: -1, agents: w.agents, rules: w.rules, pats: w.pats}
	p.run(s.f.Lines)
	p.checkLastGroup()
	s.checkBytes()
	s.f.derived = w.derived
	p.finish()
	s.f.Diagnostics = sortedDiagnostics(s.diags)
	return s.f
}

// A groupStart is where a group begins: the indexes of its first agent and
// first rule, and the number of its first line.
type groupStart struct{ agent, rule, line int }

// rfcParser makes the groups of RFC 9309 §2.1 out of lines that rfcLines
// has already read: what needs the lines before it (which group a line is
// in, a token named twice, a rule before any group) and nothing else.
type rfcParser struct {
	*scanner
	// Every line's agents, rules and patterns, in file order.
	agents    []Agent
	rules     []Rule
	pats      []patFlags
	group     int  // current group, -1 before the first user-agent line
	seenRule  bool // a rule was read since the group's last user-agent line
	nextAgent int  // the index in agents of the next user-agent line
	nextRule  int  // the index in rules of the next rule in a group
	// starts holds where each group's agents and rules begin in agents
	// and rules (its patterns begin where its rules do), and its first
	// line: finish makes the groups out of them, once their number is
	// known.
	starts []groupStart
	// firstSeen maps each token, lower-cased (RFC 9309 §2.2.1 compares
	// tokens without case; a token is ASCII), to the first agent naming it.
	firstSeen map[string]int
}

// run places the lines in their groups: the pass over the lines that must
// go in file order. The groups' rule lists and last lines are made from
// the rules by finish.
func (p *rfcParser) run(lines []Line) {
	for i := range lines {
		l := &lines[i]
		switch l.Kind {
		case KindUserAgent:
			p.userAgent(l)
		case KindAllow, KindDisallow:
			if p.group < 0 {
				p.report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, "RFC 9309 §2.1",
					"this rule comes before any user-agent line, so it belongs to no group and applies to no crawler")
				continue
			}
			p.seenRule = true
			p.rules[p.nextRule].Group = int32(p.group)
			p.nextRule++
			l.Group = int32(p.group)
		case KindBlank, KindComment, KindOther:
			l.Group = int32(p.group)
		}
	}
}

// rfcKey returns the kind a key names. RFC 9309 §2.2 writes the keys as
// ABNF strings, which RFC 5234 §2.3 compares without case in US-ASCII only.
func rfcKey(key string) Kind {
	switch {
	case equalFoldASCII(key, "allow"):
		return KindAllow
	case equalFoldASCII(key, "disallow"):
		return KindDisallow
	case equalFoldASCII(key, "user-agent"):
		return KindUserAgent
	}
	return KindOther
}

func (p *rfcParser) userAgent(l *Line) {
	if p.group < 0 || p.seenRule {
		p.starts = append(p.starts, groupStart{p.nextAgent, p.nextRule, int(l.Number)})
		p.group, p.seenRule = len(p.starts)-1, false
	}
	l.Group = int32(p.group)
	agent := p.nextAgent
	tok := p.agents[agent].Token
	p.nextAgent++
	if tok == "" {
		return
	}
	if p.firstSeen == nil {
		p.firstSeen = map[string]int{}
	}
	key := asciiLower(tok)
	first, ok := p.firstSeen[key]
	if !ok {
		p.firstSeen[key] = agent
		return
	}
	if line := p.agents[first].Line; int(p.f.Lines[line-1].Group) != p.group {
		p.reportMsg(int(l.Value.Start), int(l.Value.End), CodeDuplicateAgent, Info, "RFC 9309 §2.2.1",
			strconv.Quote(tok)+" is also named on line "+strconv.Itoa(line)+": the rules of both groups are merged")
	}
}

// checkLastGroup reports the last group when it has no rules. No other
// group can be empty: a user-agent line starts a new group only after a
// rule.
func (p *rfcParser) checkLastGroup() {
	last := len(p.starts) - 1
	if last < 0 || p.starts[last].rule < len(p.rules) {
		return
	}
	l := p.f.Lines[p.starts[last].line-1]
	p.report(int(l.Start), int(l.End), CodeEmptyGroup, Info, "RFC 9309 §2.2.1",
		"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
}

// finish makes the groups out of where they start, and the compiled
// patterns.
func (p *rfcParser) finish() {
	p.f.Groups = make([]Group, len(p.starts))
	patterns := make([][]patFlags, len(p.f.Groups))
	for gi := range p.f.Groups {
		a, r := p.starts[gi].agent, p.starts[gi].rule
		aEnd, rEnd := len(p.agents), len(p.rules)
		if gi+1 < len(p.starts) {
			aEnd, rEnd = p.starts[gi+1].agent, p.starts[gi+1].rule
		}
		g := &p.f.Groups[gi]
		g.Index, g.FirstLine = gi, p.starts[gi].line
		// Full slice expressions: a caller's append copies a group's
		// slice instead of writing over the next group's.
		g.Agents, g.Rules = p.agents[a:aEnd:aEnd], p.rules[r:rEnd:rEnd]
		patterns[gi] = p.pats[r:rEnd:rEnd]
		g.LastLine = g.Agents[len(g.Agents)-1].Line
		if len(g.Rules) > 0 {
			g.LastLine = max(g.LastLine, int(g.Rules[len(g.Rules)-1].Line))
		}
	}
	p.f.ext = &rfcFile{patterns: patterns}
}

func isAbsoluteURL(s string) bool {
	return hasScheme(s) && len(s) > strings.Index(s, "://")+3
}
