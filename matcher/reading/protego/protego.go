// Package protego is the reading matcher.Protego, behind matcher.Reader.
//
// Protego is what scrapy/protego 0.6.1 (git 81f1b35), Scrapy's default
// robots.txt parser, answers for
//
//	Protego.parse(body.decode("utf-8", "ignore")).can_fetch(url, token)
//
// Bytes that are not UTF-8 are dropped; a byte-order mark is kept as
// U+FEFF. Lines are those of str.splitlines. A line is cut at its first
// '#', stripped, and split at its first ':'; a line without ':' gets a
// second chance when it starts with a directive name in lower case
// followed by a space. Disallow has five accepted misspellings; user-agent
// may be written "useragent" or "user agent". A value left empty is
// ignored. A user-agent line after any other directive starts a new
// record; an empty user-agent line counts as one, so the line after it
// joins the record before it. Where urlparse raises ValueError on a
// pattern, Protego.parse raises: this reading reports it and keeps the
// rules read before.
//
// Protego keeps one rule set per user-agent value (lower-cased); a value
// that holds '*' also names the rule set of the value without its stars.
// Records naming the same value add to the same rule set. The token's rule
// set is the one whose name scores highest: "*" scores 1, a name that is a
// substring of the lower-cased token scores its length, the first created
// wins a tie, and a score of 0 means no rules apply.
//
// Each pattern is quoted its own way (protego's _quote_pattern): its path
// is percent-decoded except %2F, %2A, %24 and %25, then encoded except
// "/*%=", while its params and query are kept as written. A pattern with
// '$' is added twice, once with every '$' read as the literal %24. An
// allow ending in /index.html also allows its directory. The URL's path is
// decoded except %2F and %25 and encoded except "/%"; scheme and host are
// dropped, params, query and fragment kept. The rules are sorted by the
// length of their quoted pattern, longest first, an allow before a
// disallow of the same length; the first that matches decides. '*' is any
// run of characters and a final '$' the end of the URL.
package protego

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/pattern"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/py"
	"robots-explorer/matcher/internal/words"
)

const pgSource = "scrapy/protego 0.6.1"

// Reader is the Protego reading; matcher/readings registers it.
type Reader struct{}

// pgFile is what the protego reading keeps beside the line model.
type pgFile struct {
	// The entries protego builds from each rule of a group are made when
	// an evaluation first reads the group: a parse keeps none, since the
	// entries of a large file's rules take more memory than the file, and
	// a check reads only its token's groups. mu guards what the builds write
	// (at, all, odd): diff evaluates one File from several goroutines.
	mu sync.Mutex
	// at[g] is 0 while group g is not built; then 1 + where its entries
	// start in all, when each of its rules has one entry whose match form
	// is the pattern as written, as most groups' rules do; else -(1 + the
	// index of its entries in odd). An int32 per group, rather than a
	// Once and a pointer per group and an object and an array per group
	// read: a file of short lines has a million '*' groups, which one
	// token reads.
	at  []int32
	all []pgMatcher
	odd []*pgEntries
	// sets are the rule sets, in the order protego creates them.
	sets []pgSet
	// runs[i] is the last group of run i: the groups read between two
	// resets of protego's current_rule_sets, which every set in it shares
	// from the group where it joined.
	runs []int
}

// A pgSet is one of protego's rule sets: a lower-cased user-agent value
// and where it joined the runs that add rules to it.
type pgSet struct {
	name  string
	joins []pgJoin
}

// A pgJoin says that a rule set joined run run at group group: it gets
// the rules of that group and of the rest of the run. Runs rather than
// lists of groups keep a file of many sets sharing many groups linear.
// int32s, since a large file has hundreds of thousands of sets of a join
// each, and with ints a join is a 16-byte allocation.
type pgJoin struct{ group, run int32 }

// pgEntries are the entries of a group's rules, in one array: a slice per
// rule would be 24 bytes and an allocation more for each rule, and a
// token of a large file reads a million of them. They are kept as
// pgMatchers, what matching reads: the match that decides is made again
// in full (pgMatch).
type pgEntries struct {
	all []pgMatcher
	// starts[r] is where rule r's entries start in all, in the order
	// protego adds them; starts[len(rules)] is len(all). It stays nil
	// while every rule has one entry, all[r], as most do (a twin with %24
	// or a directory entry is rare), so that a file of many rules adds
	// no int32 per rule to -compare's peak memory, which protego's
	// evaluation sets.
	starts []int32
	n      int // the number of rules
	// texts holds, one after the other, the match forms that are not
	// their rule's pattern as written (a twin with %24, a directory).
	texts string
}

// of returns the entries of rule r.
func (e *pgEntries) of(r int) []pgMatcher {
	if e.starts == nil {
		return e.all[r : r+1 : r+1]
	}
	return e.all[e.starts[r]:e.starts[r+1]:e.starts[r+1]]
}

// text is the match form of m, one of e's entries.
func (e *pgEntries) text(f *matcher.File, m *pgMatcher) string {
	if m.own {
		return f.TextOf(matcher.Span{Start: m.at, End: m.at + m.n})
	}
	return e.texts[m.at : m.at+m.n]
}

// matches reports whether m, one of e's entries, matches the quoted URL
// path.
func (e *pgEntries) matches(f *matcher.File, m *pgMatcher, path string) bool {
	return !m.never && m.flags.Pattern(e.text(f, m)).Match(path)
}

// entries returns the entries of each selected group's rules, read by
// entriesOf, made from the rule's value as the parse read it (decoded
// with errors="ignore") for the groups no evaluation read before. The
// parse reported a value that raises and kept no rule of it, so every
// rule here builds. What a build wrote before this one's unlock is there
// to read after it; a later build writes other groups' entries, after
// this one's in all or in a new array.
func (ext *pgFile) entries(f *matcher.File, selected []int) pgBuilt {
	ext.mu.Lock()
	defer ext.mu.Unlock()
	n := 0
	for _, gi := range selected {
		if ext.unbuilt(gi) {
			n += f.Groups[gi].Rules.Len()
		}
	}
	if n > 0 {
		// Room for all of them at once: grown by append, the array would
		// leave its smaller copies beside it.
		ext.all = slices.Grow(ext.all, n)
		var b pgBuilder
		for _, gi := range selected {
			if ext.unbuilt(gi) {
				ext.build(f, gi, &b)
			}
		}
	}
	return pgBuilt{at: ext.at, all: ext.all, odd: ext.odd}
}

// unbuilt reports whether gi is a group of the file whose entries are
// not made yet.
func (ext *pgFile) unbuilt(gi int) bool { return gi >= 0 && gi < len(ext.at) && ext.at[gi] == 0 }

// build makes group gi's entries.
func (ext *pgFile) build(f *matcher.File, gi int, b *pgBuilder) {
	start := len(ext.all)
	e := b.build(f, f.RulesOf(f.Groups[gi]), ext.all)
	if e.starts == nil && e.texts == "" {
		ext.all, ext.at[gi] = e.all, int32(start+1)
		return
	}
	e.all = slices.Clone(e.all[start:])
	ext.all = ext.all[:start]
	ext.odd = append(ext.odd, e)
	ext.at[gi] = -int32(len(ext.odd))
}

// pgBuilt is what an evaluation reads of the entries built.
type pgBuilt struct {
	at  []int32
	all []pgMatcher
	odd []*pgEntries
}

// entriesOf returns the entries of group gi's rules: a group of the
// selection entries built them for.
func (b pgBuilt) entriesOf(f *matcher.File, gi int) pgEntries {
	if gi < 0 || gi >= len(b.at) {
		return pgEntries{}
	}
	switch at := b.at[gi]; {
	case at > 0:
		n := f.Groups[gi].Rules.Len()
		return pgEntries{all: b.all[at-1 : int(at-1)+n : int(at-1)+n], n: n}
	case at < 0:
		return *b.odd[-at-1]
	}
	return pgEntries{}
}

// A pgBuilder keeps the room an entries build makes each rule's entries
// in, from group to group.
type pgBuilder struct{ made []pgEntry }

// build appends the entries of rules to all and returns them as
// pgEntries whose all is that array (the group's from its length on).
func (b *pgBuilder) build(f *matcher.File, rules []matcher.Rule, all []pgMatcher) *pgEntries {
	from := len(all)
	e := &pgEntries{n: len(rules)}
	var texts []byte
	for ri := range rules {
		if e.starts != nil {
			e.starts[ri] = int32(len(all) - from)
		}
		b.made = b.made[:0]
		value := f.TextOf(rules[ri].Pattern)
		pgAdd(&b.made, pgIgnore(value), rules[ri].Allow(), false, nil)
		for k := range b.made {
			m := &b.made[k]
			kept := pgMatcher{n: int32(len(m.match)), prio: m.prio, flags: m.flags, never: m.never}
			if m.match == value {
				kept.own, kept.at = true, rules[ri].Pattern.Start
			} else {
				kept.at = int32(len(texts))
				texts = append(texts, m.match...)
			}
			all = append(all, kept)
		}
		if e.starts == nil && len(all)-from != ri+1 {
			// The first rule with other than one entry: every rule
			// before it had one.
			e.starts = make([]int32, len(rules)+1)
			for k := range ri + 1 {
				e.starts[k] = int32(k)
			}
		}
	}
	if e.starts != nil {
		e.starts[len(rules)] = int32(len(all) - from)
	}
	e.all, e.texts = all, string(texts)
	return e
}

// groups returns the groups of s, in file order.
func (s *pgSet) groups(runs []int) []int {
	var out []int
	for _, j := range s.joins {
		for g := int(j.group); g <= runs[j.run]; g++ {
			out = append(out, g)
		}
	}
	return out
}

// A pgEntry is one rule as protego stores it: its quoted pattern, its
// priority (the pattern's length in characters) and, when steps were
// asked for, how the line's value became the pattern.
type pgEntry struct {
	pattern string
	steps   *[]matcher.Step
	pgForm
}

// A pgForm is what matching reads of an entry.
type pgForm struct {
	// match is the pattern as the project's matcher reads it to match as
	// protego's regular expression does (see pgMatchForm); never is set
	// when that expression can match no URL.
	match string
	prio  int32
	flags pattern.Flags
	never bool
}

// A pgMatcher is a pgForm as a group keeps it (pgEntries), in 16 bytes
// rather than 24, with its match form as a place: [at, at+n) of the
// source when own (the pattern as written, as most are), else of the
// group's texts. A token of a large file reads a million of them.
type pgMatcher struct {
	at, n int32
	prio  int32
	flags pattern.Flags
	own   bool
	never bool
}

// stepList is how the line's value became e's pattern, when steps were
// asked for.
func (e *pgEntry) stepList() []matcher.Step {
	if e.steps == nil {
		return nil
	}
	return *e.steps
}

// pgMatchForm is the pattern q as compilePattern reads it so that it
// matches where protego's _URLPattern does. Protego turns a pattern with
// '*' into a regular expression: '*' is '.*?', a final '$' the end, and
// every other piece between stars is literal, except a piece that is a
// lone '$', which stays '$' and so also means the end. Quoting leaves a raw
// '$' only in a query or params, where "*$*" can occur: the pattern must
// then reach the end there, so it matches nothing when text follows, and
// is the part before it followed by "*$" otherwise.
func pgMatchForm(q string) (form string, never bool) {
	if strings.IndexByte(q, '*') < 0 || !strings.Contains(q, "$") {
		return q, false
	}
	body := strings.TrimSuffix(q, "$")
	segs := strings.Split(body, "*")
	for i, seg := range segs {
		if seg != "$" {
			continue
		}
		if i == 0 {
			return q, true // "$*…": the end comes before the URL's first character
		}
		for _, rest := range segs[i+1:] {
			if rest != "" {
				return q, true
			}
		}
		return strings.Join(segs[:i], "*") + "*$", false
	}
	return q, false
}

// info is what the reading is, kept as data: Info returns a copy.
var info = matcher.ReadingInfo{
	Name:    matcher.Protego,
	Title:   "Protego (Scrapy)",
	Mirrors: "scrapy/protego 0.6.1 (81f1b35), Scrapy's default robots.txt parser",
	UsedBy:  "Scrapy: its ROBOTSTXT_PARSER setting defaults to scrapy.robotstxt.ProtegoRobotParser (Scrapy documentation, Settings, ROBOTSTXT_PARSER: https://docs.scrapy.org/en/latest/topics/settings.html)",
}

func (Reader) Info() matcher.ReadingInfo { return info }

// codeDollarTwice marks a pattern that protego adds twice, once with its
// '$' read literally.
const codeDollarTwice matcher.Code = "dollar-twice"

// ReadTarget reads a URL as protego's can_fetch does: it takes any string
// to urllib.parse's urlparse and its own _quote_path (pgRequestPath), so
// no URL is refused before it; where urlparse raises, Evaluate says so.
func (Reader) ReadTarget(t *matcher.Target, raw string) error {
	matcher.ReadAsGiven(t, raw)
	return nil
}

func (Reader) Parse(src []byte, text string, o matcher.ParseOptions) *matcher.File {
	s := matcher.NewScanner(matcher.Protego, src, text, o)
	f := s.File
	p := &pgParser{Scanner: s, ext: &pgFile{}, open: -1, names: map[string]int{}}
	bad := py.ReadLines(s, o.Pause, pgSplitLines, p.line)
	p.finish()
	s.CheckBytes()
	p.checkEncoding(bad)
	f.SetExt(p.ext)
	f.Diagnostics = s.SortedDiagnostics()
	return f
}

// pgSplitLines is body.decode("utf-8", "ignore").splitlines(), keeping
// where each line lies in the source. Of a valid source it is
// pySplitLines; otherwise every invalid sequence (as CPython's decoder cuts
// them) is dropped before the text is split, so that a CR and an LF with
// only bad bytes between them are one line break. It also returns the
// offset of the first dropped byte, or -1. whole is string(src).
func pgSplitLines(src []byte, whole string, pause func(), emit func(py.Line)) int {
	if utf8.Valid(src) {
		py.SplitLinesEach(src, whole, pause, emit)
		return -1
	}
	text := make([]byte, 0, len(src))
	off := make([]int, 0, len(src)) // source offset of each byte of text
	bad := -1
	for i := 0; i < len(src); {
		_, n, ok := py.Unit(src[i:])
		if !ok {
			if bad < 0 {
				bad = i
			}
			i += n
			continue
		}
		text = append(text, src[i:i+n]...)
		for k := 0; k < n; k++ {
			off = append(off, i+k)
		}
		i += n
	}
	start, from := 0, 0 // start: source offset of the line; from: its first byte in text
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		if !py.LineBreak(r) {
			i += n
			continue
		}
		emit(pgLine(string(text[from:i]), off[from:i], start, off[i]))
		next := i + n
		if r == '\r' && next < len(text) && text[next] == '\n' {
			next++
		}
		start, from, i = off[next-1]+1, next, next
	}
	if from < len(text) {
		emit(pgLine(string(text[from:]), off[from:], start, len(src)))
	}
	return bad
}

// pgLine is one line of the decoded text; off (shared with the other
// lines, never changed) maps its bytes to the source.
func pgLine(text string, off []int, start, end int) py.Line {
	if len(off) == 0 || off[len(off)-1]-off[0] == len(off)-1 && off[0] == start && end-start == len(off) {
		return py.NewLine(start, end, text, nil) // no byte was dropped inside the line
	}
	return py.NewLine(start, end, text, off[:len(off):len(off)])
}

type pgParser struct {
	*matcher.Scanner
	ext  *pgFile
	open int // the group being read, or -1
	// prev is the last directive read (previous_rule_field), "" before any.
	prev  string
	names map[string]int // rule set name → index in ext.sets
	stop  bool           // parse raised: the lines after are not read
	// scratch holds the entries of the rule being read.
	scratch []pgEntry
}

// The directive names protego knows, lower-cased.
var (
	pgDisallowKeys = []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}
	pgUserAgent    = []string{"user-agent", "useragent", "user agent"}
	pgSitemap      = []string{"sitemap", "sitemaps", "site-map"}
	// pgSecondChance are the names a line without ':' may start with
	// (_is_valid_directive_field): visit-time is not one of them.
	pgSecondChance = append(append(append([]string{"allow", "crawl-delay", "crawl delay", "request-rate", "request rate", "host"},
		pgDisallowKeys...), pgUserAgent...), pgSitemap...)
	pgOtherKeys = []string{"crawl-delay", "crawl delay", "request-rate", "request rate", "visit-time", "visit time", "host"}
)

// A pgCut is a line split as protego splits it, with offsets in the
// line's text.
type pgCut struct {
	CommentAt      int // index of '#', or -1
	field, value   string
	keyAt, valueAt int
	ok             bool // a field was found
	Colon          bool
}

// cutPgLine splits a line: the comment at the first '#', strip(), then
// field and value at the first ':'. Without ':', the text before one of
// its spaces is the field when it is a directive name exactly as written
// (so only in lower case), and the rest is the value.
func cutPgLine(text string) pgCut {
	c := pgCut{CommentAt: strings.IndexByte(text, '#')}
	content := text
	if c.CommentAt >= 0 {
		content = text[:c.CommentAt]
	}
	bodyAt := py.LeadingSpace(content)
	body := py.Strip(content)
	if body == "" {
		return c
	}
	field, value := "", ""
	if i := strings.IndexByte(body, ':'); i >= 0 {
		field, value, c.Colon, c.ok = body[:i], body[i+1:], true, true
	} else {
		for i := 0; i < len(body) && i <= len("request rate"); i++ {
			if body[i] == ' ' && slices.Contains(pgSecondChance, body[:i]) {
				field, value, c.ok = body[:i], body[i+1:], true
				break
			}
		}
	}
	if !c.ok {
		return c
	}
	c.keyAt = bodyAt + py.LeadingSpace(field)
	c.field = py.Strip(field)
	c.valueAt = bodyAt + len(field) + 1 + py.LeadingSpace(value)
	c.value = py.Strip(value)
	return c
}

func (p *pgParser) line(l *matcher.Line, pl py.Line) {
	c := cutPgLine(pl.Text)
	if c.CommentAt >= 0 {
		l.Comment = matcher.SpanOf(pl.Src(c.CommentAt+1), int(l.End))
	}
	if !c.ok {
		p.classifyEmpty(l, pl, c)
		return
	}
	l.Key, l.Value = pgSpan(pl, c.keyAt, len(c.field)), pgSpan(pl, c.valueAt, len(c.value))
	field := py.Lower(c.field)
	l.Kind = pgKind(field)
	if p.stop {
		return // parse raised: the line is classified, not read
	}
	if !c.Colon {
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeMissingColon, matcher.Info, pgSource+" (_parse_robotstxt)",
			"no ':' on this line: protego reads %q as the directive because it is written exactly so, in lower case, before a space", c.field)
	}
	if c.value == "" {
		p.prev = field
		p.emptyValue(l, field)
		return
	}
	if p.open < 0 && !slices.Contains(pgUserAgent, field) && !slices.Contains(pgSitemap, field) {
		if l.Kind.IsRule() {
			p.Report(int(l.Start), int(l.End), matcher.CodeRuleOutsideGroup, matcher.Warning, pgSource+" (_parse_robotstxt)",
				"no user-agent line comes before this rule: protego ignores it")
		}
		return
	}
	switch {
	case l.Kind == matcher.KindUserAgent:
		p.userAgent(l, c.value)
	case l.Kind.IsRule():
		p.rule(l, c.value)
	case slices.Contains(pgSitemap, field), slices.Contains(pgOtherKeys, field):
	default:
		p.Report(int(l.Key.Start), int(l.Key.End), matcher.CodeUnknownKey, matcher.Info, pgSource,
			"protego does not know %q: it ignores the line, but a user-agent line after it starts a new record", c.field)
	}
	if p.open >= 0 {
		p.File.Groups[p.open].LastLine = l.Number // the line is part of the open record
	}
	p.prev = field
}

// pgSpan is where the n bytes of a line's text at i lie in the source:
// from the first to just past the last, so that bytes dropped after them
// stay out.
func pgSpan(pl py.Line, i, n int) matcher.Span {
	start := pl.Src(i)
	if n == 0 {
		return matcher.SpanOf(start, start)
	}
	return matcher.SpanOf(start, pl.Src(i+n-1)+1)
}

// classifyEmpty sets the kind of a line that holds no directive.
func (p *pgParser) classifyEmpty(l *matcher.Line, pl py.Line, c pgCut) {
	body := pl.Text
	if c.CommentAt >= 0 {
		body = body[:c.CommentAt]
	}
	switch {
	case py.Strip(body) == "" && c.CommentAt >= 0:
		l.Kind = matcher.KindComment
	case py.Strip(body) == "":
		l.Kind = matcher.KindBlank
	case p.stop:
		l.Kind = matcher.KindInvalid
	default:
		l.Kind = matcher.KindInvalid
		p.Report(int(l.Start), int(l.End), matcher.CodeInvalidLine, matcher.Warning, pgSource+" (_parse_robotstxt)",
			"no ':' and no lower-case directive name before a space: protego ignores this line")
	}
}

func pgKind(field string) matcher.Kind {
	switch {
	case slices.Contains(pgUserAgent, field):
		return matcher.KindUserAgent
	case field == "allow":
		return matcher.KindAllow
	case slices.Contains(pgDisallowKeys, field):
		return matcher.KindDisallow
	}
	return matcher.KindOther
}

func (p *pgParser) emptyValue(l *matcher.Line, field string) {
	switch l.Kind {
	case matcher.KindUserAgent:
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyUserAgent, matcher.Warning, pgSource+" (_parse_robotstxt)",
			"an empty user-agent value is ignored: it names no rule set")
	case matcher.KindAllow, matcher.KindDisallow:
		p.Report(int(l.Key.Start), int(l.End), matcher.CodeEmptyPattern, matcher.Info, pgSource+" (_parse_robotstxt)",
			"protego ignores a rule with an empty value; a user-agent line after it still starts a new record")
	}
}

// userAgent adds the line's value, lower-cased, to the rule sets the
// rules that follow go to; after any other directive it first empties
// them. A value holding '*' (other than "*") also names the rule set
// without its stars.
//
// When only an empty user-agent line separates this one from rules
// before it, protego keeps the rule sets those rules went to, and the
// sets this line names get only the rules after it: the line then starts
// a new group, which the kept sets share.
func (p *pgParser) userAgent(l *matcher.Line, value string) {
	reset := p.open < 0 || p.prev != "" && !slices.Contains(pgUserAgent, p.prev)
	if reset || p.File.Groups[p.open].Rules.Len() > 0 {
		p.open = p.File.AddGroup(l.Number)
		p.ext.at = append(p.ext.at, 0)
		if reset {
			p.ext.runs = append(p.ext.runs, p.open)
		}
		p.ext.runs[len(p.ext.runs)-1] = p.open
	}
	name := py.Lower(value)
	p.File.AppendAgent(&p.File.Groups[p.open].Agents, p.File.NewAgent(l.Number, value, name, name == "*"))
	for _, n := range pgNames(name) {
		p.addToSet(n)
	}
	if bare := strings.ReplaceAll(name, "*", ""); name != "*" && strings.Contains(name, "*") {
		how := fmt.Sprintf("protego removes the '*' and files this record under %q too", bare)
		if bare == "" {
			how = "protego would remove the '*', which leaves nothing: the record is filed under this value only"
		}
		p.Report(int(l.Value.Start), int(l.Value.End), matcher.CodeNonStandardRecord, matcher.Info, pgSource+" (_parse_robotstxt)",
			"'*' inside a user-agent value: %s", how)
	}
}

// pgNames are the rule-set names one user-agent value gives.
func pgNames(name string) []string {
	if name == "*" || !strings.Contains(name, "*") {
		return []string{name}
	}
	if bare := strings.ReplaceAll(name, "*", ""); bare != "" {
		return []string{name, bare}
	}
	return []string{name}
}

func (p *pgParser) addToSet(name string) {
	i, ok := p.names[name]
	if !ok {
		i = len(p.ext.sets)
		p.names[name] = i
		p.ext.sets = append(p.ext.sets, pgSet{name: name})
	}
	// A set already in this run (current_rule_sets) gets its rules.
	run := len(p.ext.runs) - 1
	if s := &p.ext.sets[i]; len(s.joins) == 0 || int(s.joins[len(s.joins)-1].run) != run {
		s.joins = append(s.joins, pgJoin{group: int32(p.open), run: int32(run)})
	}
}

func (p *pgParser) rule(l *matcher.Line, value string) {
	allow := l.Kind == matcher.KindAllow
	// The entries are made here only to check them and read the rule's
	// own pattern (pgFile.entries makes them again when a token reads the
	// group): into one array used again for every rule, rather than an
	// array per rule for the collector.
	p.scratch = p.scratch[:0]
	own, err := pgAdd(&p.scratch, value, allow, false, nil)
	entries := p.scratch
	if err != nil {
		p.Report(int(l.Start), int(l.End), matcher.CodeRaises, matcher.Error, pgSource+" (_quote_pattern)",
			"protego's parse raises %v while quoting this pattern (urlparse): no rules are read at all; this reading keeps what came before", err)
		p.stop = true
		return
	}
	g := &p.File.Groups[p.open]
	main := ""
	if own >= 0 {
		main = entries[own].pattern
	}
	p.File.AppendRule(&g.Rules, p.File.NewRule(l, allow, main))
	switch {
	case len(entries) == 0:
		p.Report(int(l.Value.Start), int(l.Value.End), matcher.CodeEmptyPattern, matcher.Warning, pgSource+" (_quote_pattern)",
			"protego's quoting leaves nothing of this pattern (a scheme and nothing after it), so it adds no rule")
	case strings.Contains(value, "$") && own > 0:
		p.Report(int(l.Value.Start), int(l.Value.End), codeDollarTwice, matcher.Info, pgSource+" (_RuleSet.allow, disallow)",
			"protego adds this rule twice: as %q, where only a final '$' ends the URL, and as %q, where every '$' is the literal %%24",
			entries[own].pattern, entries[0].pattern)
	}
}

// finish files every line between a record's first and last into it.
func (p *pgParser) finish() {
	for gi, g := range p.File.Groups {
		for n := g.FirstLine; n <= g.LastLine; n++ {
			p.File.SetLineGroup(int(n)-1, int32(gi))
		}
	}
}

// checkEncoding replaces the generic invalid-UTF-8 warnings with what
// protego's caller does, and reports a byte-order mark, which it keeps.
func (p *pgParser) checkEncoding(bad int) {
	p.DropDiagnostics(matcher.CodeInvalidUTF8)
	if bad >= 0 {
		p.Report(bad, bad+1, matcher.CodeInvalidUTF8, matcher.Warning, "Python bytes.decode (errors=\"ignore\")",
			"invalid UTF-8: the body is decoded with errors=\"ignore\", so protego never sees these bytes and reads the text around them as if they were not there")
	}
	if strings.HasPrefix(string(p.File.Source[:min(3, len(p.File.Source))]), "\uFEFF") {
		p.Report(0, 3, matcher.CodeBOM, matcher.Warning, "Python bytes.decode (\"utf-8\")",
			"a UTF-8 byte-order mark starts the file: decode(\"utf-8\") keeps it as U+FEFF, which strip() does not remove, so protego does not recognize the first line's directive (a caller that decodes with \"utf-8-sig\" drops the mark)")
	}
}

// pgBuild is what protego's _RuleSet.allow or disallow adds for one value:
// a pattern with '$' first adds itself with every '$' as %24; then the
// quoted pattern, unless quoting left nothing; then, for an allow whose
// quoted pattern ends in /index.html, the directory followed by '$'. The
// error is the ValueError urlparse raises. own is the index of the entry
// quoted from the value as written, or -1 when quoting left nothing.
func pgBuild(value string, allow, steps bool) (entries []pgEntry, own int, err error) {
	own, err = pgAdd(&entries, value, allow, steps, nil)
	return entries, own, err
}

// pgAdd adds what protego adds for pat, after the steps before that made
// pat from the line's value; it returns the index of pat's own entry.
func pgAdd(out *[]pgEntry, pat string, allow, steps bool, before []matcher.Step) (int, error) {
	if strings.Contains(pat, "$") {
		twin := strings.ReplaceAll(pat, "$", "%24")
		var st []matcher.Step
		if steps {
			st = append(append(st, before...), matcher.Step{Input: pat, Output: twin, Source: pgSource + " (_RuleSet.allow, disallow)",
				Rule: "a pattern holding '$' is also added with every '$' written %24, a literal dollar sign"})
		}
		if _, err := pgAdd(out, twin, allow, steps, st); err != nil {
			return -1, err
		}
	}
	var st *py.Stepper
	if steps {
		st = &py.Stepper{S: pat}
	}
	q, err := pgQuotePattern(pat, st)
	if err != nil || q == "" {
		return -1, err
	}
	if q == pat {
		q = pat // the pattern as written, a slice of the source: no copy kept per rule
	}
	e := pgEntry{pattern: q, pgForm: pgForm{prio: int32(utf8.RuneCountInString(q))}}
	e.match, e.never = pgMatchForm(q)
	e.flags = pattern.FlagsOf(e.match)
	if steps {
		all := append(append([]matcher.Step(nil), before...), st.Steps...)
		e.steps = &all
	}
	own := len(*out)
	*out = append(*out, e)
	if !allow || !strings.HasSuffix(q, "/index.html") {
		return own, nil
	}
	dir := q[:len(q)-len("index.html")] + "$"
	var next []matcher.Step
	if steps {
		next = append(append(next, e.stepList()...), matcher.Step{Input: q, Output: dir, Source: pgSource + " (_RuleSet.allow)",
			Rule: "an allowed …/index.html also allows its directory: the directory followed by '$' is added as another allow"})
	}
	_, err = pgAdd(out, dir, allow, steps, next)
	return own, err
}

const (
	srcPgQuote   = pgSource + " (_quote_pattern)"
	srcPgUnquote = pgSource + " (_unquote)"
)

// pgQuotePattern is protego's _quote_pattern: a pattern starting with
// http:// or https:// gets a '/' in front and one starting with // gets
// another //; a final '?', ';' or '$' is set aside; the rest is parsed
// with urlparse, its path decoded (except %2F, %2A, %24 and %25) and
// encoded (except "/*%="), and put back together with the character set
// aside after the path, then params and query as written.
func pgQuotePattern(pat string, st *py.Stepper) (string, error) {
	if st == nil && pgQuoteKeeps(pat) {
		return pat, nil
	}
	do := func(rule, source, next string) string {
		if st != nil {
			st.Do(rule, source, next)
		}
		return next
	}
	if strings.HasPrefix(pat, "https://") || strings.HasPrefix(pat, "http://") {
		pat = do("a pattern starting with http:// or https:// gets a '/' in front", srcPgQuote, "/"+pat)
	}
	if strings.HasPrefix(pat, "//") {
		pat = do("a pattern starting with // gets another // in front, so that urlparse reads no host", srcPgQuote, "//"+pat)
	}
	last := ""
	if c := pat[len(pat)-1]; c == '?' || c == ';' || c == '$' {
		last, pat = pat[len(pat)-1:], pat[:len(pat)-1]
	}
	u, err := py.URLParse(pat)
	if err != nil {
		return "", err
	}
	put := func(path string) string {
		return py.URLUnparse(py.URL{Path: path + last, Params: u.Params, Query: u.Query, Fragment: u.Fragment})
	}
	path := pgUnquote(u.Path, "/*$%")
	if st != nil {
		do("urlparse and urlunparse drop a scheme, a host and an empty ';' or '?'; a final '?', ';' or '$' is kept after the path", py.SrcUnparse, put(u.Path))
		do("the path's %XX escapes are decoded, except %2F, %2A, %24 and %25, which are upper-cased (a broken UTF-8 sequence becomes U+FFFD)", srcPgUnquote, put(path))
	}
	path = pgQuote(path, "/*%=")
	return do("the path is percent-encoded, as UTF-8 with upper-case hex, except letters, digits, '_.-~' and '/*%='; params and query stay as written", py.SrcQuote, put(path)), nil
}

// pgQuoteKeeps reports whether _quote_pattern returns pat as it is: it
// holds only bytes that neither urlparse nor quoting touch, and does not
// start with //.
func pgQuoteKeeps(pat string) bool {
	if strings.HasPrefix(pat, "//") {
		return false
	}
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if !pattern.IsUnreserved(c) && strings.IndexByte("/*=", c) < 0 {
			return false
		}
	}
	return true
}

// pgUnquote is protego's _unquote: each %XX (hex digits in either case)
// becomes its octet, unless that octet is one of keep, when the escape
// stays, upper-cased; the octets are then decoded as UTF-8 with
// errors="replace".
func pgUnquote(s, keep string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if !pattern.IsEscape(s, i) {
			b = append(b, s[i])
			continue
		}
		c := pattern.Unhex(s[i+1])<<4 | pattern.Unhex(s[i+2])
		if strings.IndexByte(keep, c) >= 0 {
			b = append(b, pattern.EscapeByte(c)...)
		} else {
			b = append(b, c)
		}
		i += 2
	}
	return py.Decode(b)
}

// pgQuote is urllib.parse.quote(s, safe): the UTF-8 octets of everything
// but ASCII letters, digits, "_.-~" and safe are written %XX.
func pgQuote(s, safe string) string {
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		c := s[i]
		if pattern.IsUnreserved(c) || strings.IndexByte(safe, c) >= 0 {
			return "", 0, false
		}
		return pattern.EscapeByte(c), 1, true
	})
}

// pgRequestPath is protego's _quote_path of the URL: urlparse, the path
// decoded (except %2F and %25) and encoded (except "/%"), put back
// together from path, params, query and fragment; "/" when that is empty.
func pgRequestPath(raw string) (string, []matcher.Step, error) {
	p := &py.Stepper{S: raw}
	u, err := py.URLParse(raw)
	if err != nil {
		return raw, nil, err
	}
	put := func(path string) string {
		return py.URLUnparse(py.URL{Path: path, Params: u.Params, Query: u.Query, Fragment: u.Fragment})
	}
	p.Do("the scheme and host are dropped, and so are an empty ';', '?' and '#'; the fragment is kept", py.SrcUnparse, put(u.Path))
	path := pgUnquote(u.Path, "/%")
	p.Do("the path's %XX escapes are decoded, except %2F and %25, which are upper-cased (a broken UTF-8 sequence becomes U+FFFD)", srcPgUnquote, put(path))
	p.Do("the path is percent-encoded, as UTF-8 with upper-case hex, except letters, digits, '_.-~' and '/%'; params, query and fragment stay as written", py.SrcQuote, put(pgQuote(path, "/%")))
	if p.S == "" {
		p.Do("an empty result is /", pgSource+" (_quote_path)", "/")
	}
	return p.S, p.Steps, nil
}

// Evaluate is Protego.can_fetch: the rule set chosen for the token, its
// rules sorted longest quoted pattern first (an allow before a disallow of
// the same length, file order among equals), and the first that matches
// the quoted URL decides. Taking the strongest match in file order is the
// same decision without sorting. It is no matcher.StrongestDecider: a
// rule stands for several entries, each a regular expression protego
// compiles and matches against the quoted URL (protego.py, _RuleSet), and
// its priority counts characters, not octets, so pattern.Decider's
// patterns and priorities are not its.
func (Reader) Evaluate(f *matcher.File, token string, t *matcher.Target) *matcher.Result {
	res := &matcher.Result{Reading: f.Reading, Token: token, Target: t, Winner: -1, RunnerUp: -1}
	ext, _ := f.Ext().(*pgFile)
	if ext == nil {
		ext = &pgFile{}
	}
	path, steps, err := pgRequestPath(py.TargetInput(t))
	res.Path, res.Steps = path, steps
	sel := f.SelectionFor(token, pgSelect)
	res.Groups, res.Diagnostics = sel.Trace, sel.Diags
	if err != nil {
		res.Reason = matcher.ReasonRaises
		res.Explanation = fmt.Sprintf("No verdict: protego's can_fetch raises %v for this URL (urlparse); shown as disallowed, since a crawler whose check fails fetches nothing.", err)
		return res
	}
	entries := ext.entries(f, res.Groups.Selected)
	for _, gi := range res.Groups.Selected {
		built := entries.entriesOf(f, gi)
		for ri := range f.RulesOf(f.Groups[gi]) {
			if m, ok := pgMatch(f, res, &built, gi, ri, path); ok {
				res.AddMatch(f, m)
			}
		}
	}
	res.DecideLongest()
	res.Explanation = pgExplain(f, res)
	return res
}

// pgMatch tries the entries protego made of rule ri of group gi (built
// holds the group's); the strongest one that matches stands for the rule,
// unless res would not keep it (Result.Weighs).
func pgMatch(f *matcher.File, res *matcher.Result, built *pgEntries, gi, ri int, path string) (matcher.Match, bool) {
	if ri >= built.n {
		return matcher.Match{}, false
	}
	entries := built.of(ri)
	best := -1
	for k := range entries {
		e := &entries[k]
		if (best < 0 || e.prio > entries[best].prio) && built.matches(f, e, path) {
			best = k
		}
	}
	if best < 0 {
		return matcher.Match{}, false
	}
	r := &f.RulesOf(f.Groups[gi])[ri]
	if !res.Weighs(f, r.Allow(), int(entries[best].prio)) {
		// Asked before its texts and steps are made again below: for a
		// URL that a million rules match, they would be most of the check.
		return matcher.Match{}, false
	}
	m := f.MatchOf(r)
	m.Priority = int(entries[best].prio)
	// Made again in full, as pgFile.entries made them but with the steps:
	// the entry's pattern and how the value became it.
	if again, _, err := pgBuild(pgIgnore(m.Pattern), r.Allow(), true); best < len(again) {
		m.Normalized = again[best].pattern
		if err == nil {
			m.Steps = again[best].stepList()
		}
	}
	return m, true
}

// pgIgnore is s as decode("utf-8", "ignore") leaves it.
//
// Each invalid sequence CPython's decoder cuts is made of bytes Go's
// decoder also finds invalid, one by one, and the valid characters are
// the same: strings.ToValidUTF8 drops the same bytes.
func pgIgnore(s string) string {
	if utf8.ValidString(s) {
		return s // most values are valid, which ValidString finds faster
	}
	return strings.ToValidUTF8(s, "")
}

// pgScore is _RuleSet.applies_to: "*" scores 1, a name that is a
// substring of the token its length in characters, any other 0.
func pgScore(set, name string) int {
	switch {
	case set == "*":
		return 1
	case strings.Contains(name, set):
		return utf8.RuneCountInString(set)
	}
	return 0
}

// pgSelect is _get_matching_rule_set: the rule set with the highest score
// for the token (stripped and lower-cased), the first created on a tie;
// none when every score is 0.
func pgSelect(f *matcher.File, token string) matcher.GroupTrace {
	ext, _ := f.Ext().(*pgFile)
	if ext == nil {
		ext = &pgFile{}
	}
	name := py.Lower(py.Strip(token))
	best, score := -1, 0
	for i, s := range ext.sets {
		if sc := pgScore(s.name, name); sc > score {
			best, score = i, sc
		}
	}
	tr := matcher.GroupTrace{Token: token}
	chosen := ""
	if best >= 0 {
		chosen = ext.sets[best].name
		tr.Selected = ext.sets[best].groups(ext.runs)
		tr.Global, tr.Merged = chosen == "*", len(tr.Selected) > 1
	}
	tr.Agents = f.AgentMatches()
	for gi, g := range f.Groups {
		for _, ag := range f.AgentsOf(g) {
			a := f.AgentText(ag)
			tr.Agents = append(tr.Agents, matcher.UserAgentMatch{Agent: a, Group: gi, Matched: pgNamed(a.Token, chosen)})
		}
	}
	// Each line's sentence is written when read: made here, they would
	// be a hundred bytes per user-agent line, kept for the token, and a
	// large file's records name hundreds of thousands of crawlers.
	tr.SetExplainer(&pgAgentHow{name: name, chosen: chosen, score: score})
	tr.Summary = pgSummary(f, ext, tr, name, chosen, score)
	return tr
}

// pgNamed reports whether a user-agent value (lower-cased) files its
// record under the rule set chosen: one of its pgNames is chosen.
func pgNamed(value, chosen string) bool {
	if value == chosen {
		return true
	}
	if value == "*" || !strings.Contains(value, "*") {
		return false
	}
	bare := strings.ReplaceAll(value, "*", "")
	return bare != "" && bare == chosen
}

// pgAgentHow is what a selection keeps to write its user-agent lines'
// sentences (How): the token as protego compares it, the rule
// set chosen ("" when none) and its score.
type pgAgentHow struct {
	name, chosen string
	score        int
}

func (h *pgAgentHow) How(m matcher.UserAgentMatch) string {
	var parts []string
	matched := false
	for _, n := range pgNames(m.Agent.Token) {
		sc := pgScore(n, h.name)
		matched = matched || n == h.chosen
		switch {
		case n == "*":
			parts = append(parts, "'*' scores 1")
		case sc > 0:
			parts = append(parts, fmt.Sprintf("%q is a substring of %q and scores %d", n, h.name, sc))
		default:
			parts = append(parts, fmt.Sprintf("%q is not a substring of %q and scores 0", n, h.name))
		}
	}
	how := strings.Join(parts, "; ")
	switch {
	case matched:
	case h.chosen == "":
		how += ": no rule set scores more than 0"
	default:
		how += fmt.Sprintf(", but the rule set %q scores %d", h.chosen, h.score)
	}
	return how
}

func pgSummary(f *matcher.File, ext *pgFile, tr matcher.GroupTrace, name, chosen string, score int) string {
	switch {
	case len(ext.sets) == 0:
		return "The file has no user-agent line that protego keeps, so no rules apply: everything is allowed."
	case chosen == "":
		return fmt.Sprintf("No rule set's name is a substring of %q (the token stripped and lower-cased) and none is *, so no rules apply: everything is allowed.", name)
	}
	// A file may merge tens of thousands of records into one rule set:
	// the sentence names the first few.
	const named = 4
	lines := make([]int, 0, min(len(tr.Selected), named))
	for _, gi := range tr.Selected[:min(len(tr.Selected), named)] {
		lines = append(lines, int(f.Groups[gi].FirstLine))
	}
	where := words.JoinInts(lines)
	if more := len(tr.Selected) - len(lines); more > 0 {
		where = strings.Trim(strings.ReplaceAll(fmt.Sprint(lines), " ", ", "), "[]") + fmt.Sprintf(" and %d more", more)
	}
	how := fmt.Sprintf("its name is a substring of %q (the token stripped and lower-cased) and scores its length, %d", name, score)
	if chosen == "*" {
		how = "'*' scores 1"
	}
	return fmt.Sprintf("The rule set %q applies: %s, the highest score (the first created wins a tie); it holds the rules of the record%s at line%s %s.",
		chosen, how, plural(len(tr.Selected)), plural(len(tr.Selected)), where)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pgExplain says why, in protego's terms: the strongest match is the first
// match of the sorted rules.
func pgExplain(f *matcher.File, res *matcher.Result) string {
	switch res.Reason {
	case matcher.ReasonNoGroup:
		return "Allowed: " + res.Groups.Summary
	case matcher.ReasonNoMatch:
		if matcher.RulesIn(f, res.Groups.Selected) == 0 {
			return "Allowed: the rule set that applies has no rules. " + res.Groups.Summary
		}
		return fmt.Sprintf("Allowed: no rule of the rule set that applies matches %s.", res.Path)
	}
	verdict := "Allowed"
	if !res.Allowed {
		verdict = "Disallowed"
	}
	w := res.Matches[res.Winner]
	s := fmt.Sprintf("%s by %s (quoted %q, %s)", verdict, matcher.RuleText(f, w.Rule), w.Normalized, words.Characters(w.Priority))
	if res.RunnerUp < 0 {
		return s + ", the first match of the rules sorted longest first."
	}
	r := res.Matches[res.RunnerUp]
	if res.Reason == matcher.ReasonTieAllow {
		return fmt.Sprintf("%s, which ties with %s (%s): protego sorts an allow before a disallow of the same length.", s, matcher.RuleText(f, r.Rule), words.Characters(r.Priority))
	}
	return fmt.Sprintf("%s, which is longer than %s (%s): protego tries the longest pattern first.", s, matcher.RuleText(f, r.Rule), words.Characters(r.Priority))
}

var protegoChoices = compare.Choices{
	Lines:  py.ModelLines,
	Bounds: compare.BoundsAgentAfterAny,
	Agent: func(value, token string) (bool, bool) {
		// A value with '*' inside is also filed without its stars
		// (AgentKeys): each key is scored as it is.
		name, v := py.Lower(py.Strip(token)), py.Lower(value)
		return v != "*" && v != "" && strings.Contains(name, v), v == "*"
	},
	Merge:     compare.BestScore,
	AgentKeys: func(value string) []string { return pgNames(py.Lower(value)) },
	Index: func(p string, allow bool) (string, bool) {
		if !allow || !strings.HasSuffix(p, "/index.html") {
			return "", false
		}
		return p[:len(p)-len("index.html")] + "$", true
	},
	Match: func(pat, path string) bool {
		if compare.RejectsByPrefix(pat, path) {
			return false
		}
		form, never := pgMatchForm(pat)
		return !never && pattern.Compile(form).Match(path)
	},
	Path: func(t *matcher.Target) (string, bool) {
		p, _, err := pgRequestPath(py.TargetInput(t))
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
	Says: compare.Says(compare.RFCSays, map[compare.Factor]string{
		compare.FactorTypos:         "also reads misspellings of disallow and user-agent, and a lower-case directive followed by a space without ':' (protego)",
		compare.FactorGroupBoundary: "starts a new record at a user-agent line after any other directive (protego)",
		compare.FactorTokenMatching: "applies a rule set whose value is a substring of the lower-cased token (protego)",
		compare.FactorMerging:       "files every record under its value and takes the rule set whose value is longest, '*' scoring 1 (protego)",
		compare.FactorIndexHTML:     "lets an Allow ending in /index.html also allow its directory (protego)",
		compare.FactorNormalization: "quotes pattern and URL path its own way and also tries a pattern with '$' as a literal %24 (protego)",
		compare.FactorPriority:      "counts a rule's priority as the characters of its quoted pattern (protego)",
	}),
}

// Choices is the reading taken apart for the comparison (matcher/compare).
func (Reader) Choices() *compare.Choices { return &protegoChoices }
