package matcher

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
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

// lowerKey is strings.ToLower for a key. For an ASCII key that lower-cases
// to a common one (sitemap, or a key of nonStandard) it allocates nothing:
// the lower-case bytes are built on the stack and compared.
func lowerKey(key string) string {
	var buf [16]byte
	if len(key) > len(buf) {
		return strings.ToLower(key)
	}
	for i := 0; i < len(key); i++ {
		if key[i] >= 0x80 {
			return strings.ToLower(key)
		}
		buf[i] = lowerByte(key[i])
	}
	lower := buf[:len(key)]
	if string(lower) == "sitemap" {
		return "sitemap"
	}
	if msg, ok := nonStandardMsg(string(lower)); ok {
		return msg[:len(lower)] // a message starts with its key
	}
	return strings.ToLower(key)
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

func (rfc9309) parse(src []byte, text string) *File {
	procs := runtime.GOMAXPROCS(0)
	return parseRFC(src, text, procs, chunkCount(len(src), procs))
}

// parseRFC parses src, reading its lines in the given number of chunks on
// up to procs processors; a small file, or one chunk, is read in one piece.
func parseRFC(src []byte, text string, procs, chunks int) *File {
	s, lines, p := readFile(src, text, procs, chunks)
	p.checkLastGroup()
	s.checkBytes()
	logs := make([]*diagLog, 0, len(lines)+1)
	for _, c := range lines {
		if c.scanner != s {
			logs = append(logs, &c.diags)
		}
	}
	logs = append(logs, &s.diags)
	s.f.derived = joinDerived(lines)
	if len(lines) == 1 {
		p.finish()
		s.f.Diagnostics = sortedDiagnostics(logs...)
		return s.f
	}
	// Every diagnostic is in, so a large file's list is made while its
	// groups are: each writes many fresh pages.
	var wg sync.WaitGroup
	wg.Go(func() { s.f.Diagnostics = sortedDiagnostics(logs...) })
	p.finish()
	wg.Wait()
	return s.f
}

// newRFCParser returns the group pass of the file s reads, which expects
// about agents user-agent lines.
func newRFCParser(s *scanner, agents int) *rfcParser {
	return &rfcParser{scanner: s, group: -1, expect: agents}
}

// place places the lines of chunk c, which begin at index base in
// File.Lines, in their groups. The chunks must come in file order, one at a
// time, but need not wait for the chunks after them to be read.
func (p *rfcParser) place(c *rfcLines, lines []Line, base int) {
	p.agents.add(c.agents)
	p.rules.add(c.rules)
	p.pats.add(c.pats)
	p.run(lines, base)
}

// joinDerived joins the chunks' derived patterns into one list, and moves
// each chunk's rules' indexes to match.
func joinDerived(chunks []*rfcLines) []string {
	n := 0
	for _, c := range chunks {
		n += len(c.derived)
	}
	if len(chunks[0].derived) == n {
		return chunks[0].derived // the indexes are right already
	}
	all := make([]string, 0, n)
	for _, c := range chunks {
		if base := int32(len(all)); base > 0 && len(c.derived) > 0 {
			for i := range c.rules {
				if c.rules[i].derived > 0 {
					c.rules[i].derived += base
				}
			}
		}
		all = append(all, c.derived...)
	}
	return all
}

// A groupStart is where a group begins: the indexes of its first agent and
// first rule, and the number of its first line.
type groupStart struct{ agent, rule, line int }

// rfcParser makes the groups of RFC 9309 §2.1 out of lines that readFile
// has already read: what needs the lines before it (which group a line is
// in, a token named twice, a rule before any group) and nothing else.
type rfcParser struct {
	*scanner
	// Every line's agents, rules and patterns, in file order.
	agents    runs[Agent]
	rules     runs[Rule]
	pats      runs[patFlags]
	group     int  // current group, -1 before the first user-agent line
	seenRule  bool // a rule was read since the group's last user-agent line
	nextAgent int  // the index in agents of the next user-agent line
	nextRule  int  // the index in rules of the next rule in a group
	// starts holds where each group's agents and rules begin in agents
	// and rules (its patterns begin where its rules do), and its first
	// line: finish makes the groups out of them, once their number is
	// known.
	starts    []groupStart
	firstSeen *tokenSet // the first agent naming each token
	expect    int       // about how many agents the file has, to size firstSeen
}

// run places the lines in their groups. It is the pass over the lines
// that must go in file order (a chunk's lines after those of the chunks
// before it), so a rule or another line costs it only a store or two: the
// groups' rule lists and last lines are made from the rules by finish.
func (p *rfcParser) run(lines []Line, base int) {
	for i := range lines {
		l := &lines[i]
		switch l.Kind {
		case KindUserAgent:
			p.near = base + i
			p.userAgent(l)
		case KindAllow, KindDisallow:
			if p.group < 0 {
				p.near = base + i
				p.report(int(l.Start), int(l.End), CodeRuleOutsideGroup, Warning, "RFC 9309 §2.1",
					"this rule comes before any user-agent line, so it belongs to no group and applies to no crawler")
				continue
			}
			p.seenRule = true
			p.rules.at(p.nextRule).Group = int32(p.group)
			p.nextRule++
			l.Group = int32(p.group)
		case KindBlank, KindComment, KindOther:
			l.Group = int32(p.group)
		}
	}
}

// rfcKey returns the kind a key names. RFC 9309 §2.2 writes the keys as
// ABNF strings, which RFC 5234 §2.3 compares without case in US-ASCII
// only; the length picks the one key to compare. The keys hold only letters
// and '-', so setting bit 0x20 of every byte lower-cases exactly: the only
// other byte it maps onto one of them is CR (to '-'), and a CR never
// stands inside a line. That lets a key be compared eight bytes at a time.
func rfcKey(key string) Kind {
	const lower = 0x2020202020202020
	switch len(key) {
	case len("allow"):
		if half(key)|lower == half("allo")|lower && key[4]|0x20 == 'w' {
			return KindAllow
		}
	case len("disallow"):
		if word(key)|lower == word("disallow") {
			return KindDisallow
		}
	case len("user-agent"):
		if word(key)|lower == word("user-age") && key[8]|0x20 == 'n' && key[9]|0x20 == 't' {
			return KindUserAgent
		}
	}
	return KindOther
}

// word and half return the first eight and four bytes of s as a
// little-endian number: the compiler makes each one load.
func word(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func half(s string) uint64 {
	_ = s[3]
	return uint64(uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24)
}

func (p *rfcParser) userAgent(l *Line) {
	if p.group < 0 || p.seenRule {
		p.starts = append(p.starts, groupStart{p.nextAgent, p.nextRule, int(l.Number)})
		p.group, p.seenRule = len(p.starts)-1, false
	}
	l.Group = int32(p.group)
	agent := p.nextAgent
	tok := p.agents.at(agent).Token
	p.nextAgent++
	if tok == "" {
		return
	}
	if p.firstSeen == nil {
		p.firstSeen = newTokenSet(max(p.expect, p.agents.len()) - agent)
	}
	first, ok := p.firstSeen.add(tok, agent, p.agentToken)
	if !ok {
		return
	}
	if line := p.agents.at(first).Line; int(p.f.Lines[line-1].Group) != p.group {
		p.reportMsg(int(l.Value.Start), int(l.Value.End), CodeDuplicateAgent, Info, "RFC 9309 §2.2.1",
			p.arena.quoted("", tok, " is also named on line "+strconv.Itoa(line)+": the rules of both groups are merged"))
	}
}

func (p *rfcParser) agentToken(i int) string { return p.agents.at(i).Token }

// checkLastGroup reports the last group when it has no rules. No other
// group can be empty: a user-agent line starts a new group only after a
// rule.
func (p *rfcParser) checkLastGroup() {
	last := len(p.starts) - 1
	if last < 0 || p.starts[last].rule < p.rules.len() {
		return
	}
	l := p.f.Lines[p.starts[last].line-1]
	p.report(int(l.Start), int(l.End), CodeEmptyGroup, Info, "RFC 9309 §2.2.1",
		"this group has no rules: the crawlers it names may crawl everything, and do not fall back to the * group")
}

// finish makes the groups out of where they start, and the compiled
// patterns; it reports nothing, so that it may run beside the merge of the
// diagnostics.
func (p *rfcParser) finish() {
	p.f.Groups = make([]Group, len(p.starts))
	patterns := make([][]patFlags, len(p.f.Groups))
	for gi := range p.f.Groups {
		a, r := p.starts[gi].agent, p.starts[gi].rule
		aEnd, rEnd := p.agents.len(), p.rules.len()
		if gi+1 < len(p.starts) {
			aEnd, rEnd = p.starts[gi+1].agent, p.starts[gi+1].rule
		}
		g := &p.f.Groups[gi]
		g.Index, g.FirstLine = gi, p.starts[gi].line
		g.Agents, g.Rules = p.agents.slice(a, aEnd), p.rules.slice(r, rEnd)
		patterns[gi] = p.pats.slice(r, rEnd)
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
