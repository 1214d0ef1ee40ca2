package compare

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"robots-explorer/matcher"
)

// The swappable choices, in the fixed order in which CompareWith tries them:
// from how the file is read, through which groups apply, to how a rule
// matches and which rule decides. A factor earlier in the list is named
// when swapping it alone makes the readings agree, even if a later one
// would too.
const (
	choiceRobotsTxt = iota
	choiceLines
	choiceBounds
	choiceAgent
	choiceMerge
	choiceIndexHTML
	choiceMatch
	choiceNormalize
	choiceEmpty
	choiceDecide
	choicePriority
	numChoices
)

// choiceFactors names the factor of each choice; choiceLines is named
// typos or line-cut by the line that decides (see linesFactor).
var choiceFactors = [numChoices]Factor{
	FactorRobotsTxt, FactorTypos, FactorGroupBoundary, FactorTokenMatching, FactorMerging,
	FactorIndexHTML, FactorWildcards, FactorNormalization, FactorEmptyRule, FactorFirstMatch, FactorPriority,
}

// A mix says, bit by choice, which of the two readings each choice is
// taken from: bit clear, reading 0; set, reading 1. mixOf(0) is reading 0
// alone, allMix reading 1 alone.
type mix uint16

const allMix mix = 1<<numChoices - 1

func (m mix) of(choice int) int { return int(m>>choice) & 1 }

// with returns m with choice taken from the other reading.
func (m mix) flip(choice int) mix { return m ^ 1<<choice }

// A modelSide is one reading of the pair: its choices and its file.
type modelSide struct {
	c     *Choices
	f     *matcher.File
	lines []ModelLine
	// norms holds, by line, the pattern the reading's own parse compares
	// for each of its rules (filed once per comparison), so that the model
	// does not normalize again what the parse did.
	norms  []string
	isRule []bool
}

// ownPattern is the pattern the reading's parse made of the rule on line
// n, if it made one.
func (s *modelSide) ownPattern(n int32) (string, bool) {
	if s.isRule == nil {
		s.norms, s.isRule = make([]string, s.f.NumLines()+1), make([]bool, s.f.NumLines()+1)
		for _, g := range s.f.Groups {
			rules := s.f.RulesOf(g)
			for ri := range rules {
				r := &rules[ri]
				if int(r.Line) < len(s.isRule) {
					s.norms[r.Line], s.isRule[r.Line] = s.f.NormalizedRule(r), true
				}
			}
		}
	}
	if n < 0 || int(n) >= len(s.isRule) || !s.isRule[n] {
		return "", false
	}
	return s.norms[n], true
}

// A pairModel evaluates one URL for one token under mixes of two readings'
// choices. Every stage is cached by the choices it depends on, so the
// swaps of a comparison lex, group and choose groups at most a few times,
// and normalize each rule's pattern at most once per reading.
type pairModel struct {
	side   [2]*modelSide
	token  string
	target *matcher.Target
	groups map[mix][]modelGroup
	sel    map[mix][]int
	paths  [2]*modelPath
	// pats caches each rule's pattern by the reading normalizing it and
	// the reading lexing it (a line cut may change a value), by line.
	pats [2][2][]modelPattern
	// override, when set, replaces the lines of reading 0 for one
	// evaluation (linesFactor's search for the deciding line): they are
	// reading 0's but for the line at index overrideAt.
	override   []ModelLine
	overrideAt int
}

type modelPath struct {
	path string
	ok   bool
}

type modelPattern struct {
	pattern string
	ok      bool
	done    bool
}

// A modelVerdict is what the model decides.
type modelVerdict struct {
	ok      bool // a verdict was reached (the program did not give up)
	allowed bool
	winner  int32   // the deciding line, 0 when none
	matched []int32 // the lines that matched, in file order
}

func newPairModel(a, b *modelSide, token string, t *matcher.Target) *pairModel {
	return &pairModel{side: [2]*modelSide{a, b}, token: token, target: t,
		groups: map[mix][]modelGroup{}, sel: map[mix][]int{}}
}

func (s *modelSide) linesOf() []ModelLine {
	if s.lines == nil {
		s.lines = s.c.Lines(s.f)
	}
	return s.lines
}

// sides makes each reading's side once per comparison, so that a file is
// lexed for the model once, however many pairs it is in.
type sides map[*matcher.File]*modelSide

func (ss sides) of(c *Choices, f *matcher.File) *modelSide {
	s, ok := ss[f]
	if !ok {
		s = &modelSide{c: c.withDefaults(), f: f}
		ss[f] = s
	}
	return s
}

// c returns the choices reading m takes for choice.
func (p *pairModel) c(m mix, choice int) *Choices { return p.side[m.of(choice)].c }

func (p *pairModel) lines(m mix) []ModelLine {
	if p.override != nil && m.of(choiceLines) == 0 {
		return p.override
	}
	return p.side[m.of(choiceLines)].linesOf()
}

const groupChoices mix = 1<<choiceLines | 1<<choiceBounds

func (p *pairModel) groupsOf(m mix) []modelGroup {
	if p.override != nil {
		return p.c(m, choiceBounds).Bounds(p.lines(m))
	}
	k := m & groupChoices
	g, ok := p.groups[k]
	if !ok {
		g = p.c(m, choiceBounds).Bounds(p.lines(m))
		p.groups[k] = g
	}
	return g
}

func (p *pairModel) selected(m mix, groups []modelGroup) []int {
	if p.override != nil {
		return selectModel(groups, p.c(m, choiceAgent).Agent, p.c(m, choiceMerge), p.token)
	}
	k := m & (groupChoices | 1<<choiceAgent | 1<<choiceMerge)
	s, ok := p.sel[k]
	if !ok {
		s = selectModel(groups, p.c(m, choiceAgent).Agent, p.c(m, choiceMerge), p.token)
		p.sel[k] = s
	}
	return s
}

func (p *pairModel) path(m mix) modelPath {
	i := m.of(choiceNormalize)
	if p.paths[i] == nil {
		path, ok := p.side[i].c.Path(p.target)
		p.paths[i] = &modelPath{path, ok}
	}
	return *p.paths[i]
}

func (p *pairModel) pattern(m mix, l *ModelLine) modelPattern {
	norm, lex := m.of(choiceNormalize), m.of(choiceLines)
	if p.override != nil && lex == 0 && int(l.Line)-1 == p.overrideAt {
		return p.side[norm].patternOf(l.Value)
	}
	if norm == lex {
		// The reading's own lines: its parse normalized them already.
		if pat, ok := p.side[norm].ownPattern(l.Line); ok {
			return modelPattern{pat, true, true}
		}
		return p.side[norm].patternOf(l.Value)
	}
	cache := p.pats[norm][lex]
	if cache == nil {
		cache = make([]modelPattern, len(p.lines(m)))
		p.pats[norm][lex] = cache
	}
	i := int(l.Line) - 1
	if i < 0 || i >= len(cache) {
		return p.side[norm].patternOf(l.Value)
	}
	if !cache[i].done {
		cache[i] = p.side[norm].patternOf(l.Value)
	}
	return cache[i]
}

// patternOf is a rule's value as the reading compares it.
func (s *modelSide) patternOf(value string) modelPattern {
	pat, ok := s.c.Pattern(value)
	return modelPattern{pat, ok, true}
}

// selectModel chooses the applying groups: whether a user-agent line
// names the token is the agent choice, what is done with that the merge
// choice.
func selectModel(groups []modelGroup, agent func(value, token string) (bool, bool), mc *Choices, token string) []int {
	merge := mc.Merge
	switch merge {
	case MergeByValue:
		return selectByValue(groups, agent, mc.AgentKey, token)
	case BestScore:
		return selectByScore(groups, agent, mc.AgentKeys, token)
	}
	var named, global []int
	def := -1
	for gi, g := range groups {
		isNamed, isGlobal := false, false
		for _, a := range g.Agents {
			n, gl := agent(a.Value, token)
			isNamed, isGlobal = isNamed || n && !gl, isGlobal || gl
		}
		if isGlobal {
			global = append(global, gi)
			if def < 0 {
				def = gi
			}
		}
		if isNamed && !(merge == FirstNamedNotGlobal && isGlobal) {
			named = append(named, gi)
		}
	}
	switch {
	case len(named) > 0 && merge == mergeAll:
		return named
	case len(named) > 0:
		return named[:1]
	case def >= 0 && merge == mergeAll:
		return global
	case def >= 0:
		return []int{def}
	}
	return nil
}

// matchRule is the priority with which a rule whose pattern is pattern
// matches path, or -1: as written, else as one of its alternate forms,
// else through the index.html rule.
func (p *pairModel) matchRule(pattern, value, path string, allow bool, match func(string, string) bool,
	priority func(string, string) int, alternates func(string) []string, index func(string, bool) (string, bool)) int {
	if match(pattern, path) {
		return priority(pattern, path)
	}
	prio := -1
	if alternates != nil {
		for _, alt := range alternates(value) {
			if match(alt, path) {
				prio = max(prio, priority(alt, path))
			}
		}
	}
	if prio < 0 && index != nil {
		if d, ok := index(pattern, allow); ok && matchWildcards(d, path) {
			prio = len(d)
		}
	}
	return prio
}

// applied returns the rule lines of the groups that apply under mix m.
func (p *pairModel) applied(m mix) []int32 {
	groups := p.groupsOf(m)
	var out []int32
	for _, gi := range p.selected(m, groups) {
		for _, r := range groups[gi].Rules {
			out = append(out, r.Line)
		}
	}
	slices.Sort(out)
	return out
}

// selectByValue is mergeByValue: the groups filed under the token's own
// key, else under the first key (in the order keys were first filed) one
// of whose kept values names the token, else under '*'. A key keeps the
// values of its first group that every later group filed there writes
// exactly alike (merge_entries). The keys are filed only when a value
// names the token: the other two answers need no more than a look at
// each value.
func selectByValue(groups []modelGroup, agent func(value, token string) (bool, bool), key func(string) string, token string) []int {
	own := key(token)
	if g := groupsUnder(groups, func(v string) bool { return key(v) == own }); g != nil {
		return g
	}
	k := keeper{groups: groups, agent: agent, token: token,
		namedOf: map[int]map[string]bool{}, valuesOf: map[int]map[string]bool{}, chains: map[string]bool{}}
	if k.anyNamed() {
		order, filed := fileGroups(groups, func(v string) []string { return []string{key(v)} })
		for _, o := range order {
			if k.keptNames(filed[o]) {
				return filed[o]
			}
		}
	}
	return groupsUnder(groups, func(v string) bool { return key(v) == "*" })
}

// groupsUnder lists, in file order, the groups filed under one key: those
// with a user-agent value that under reports true of.
func groupsUnder(groups []modelGroup, under func(value string) bool) []int {
	var out []int
	for gi, g := range groups {
		if slices.ContainsFunc(g.Agents, func(a *ModelLine) bool { return under(a.Value) }) {
			out = append(out, gi)
		}
	}
	return out
}

// fileGroups files each group under the keys of its user-agent values,
// once a key, and lists the keys in the order they were first filed.
func fileGroups(groups []modelGroup, keys func(string) []string) (order []string, filed map[string][]int) {
	filed = map[string][]int{}
	for gi, g := range groups {
		for _, a := range g.Agents {
			for _, k := range keys(a.Value) {
				if _, ok := filed[k]; !ok {
					order = append(order, k)
				}
				if l := filed[k]; len(l) == 0 || l[len(l)-1] != gi {
					filed[k] = append(l, gi)
				}
			}
		}
	}
	return order, filed
}

// selectByScore is bestScore: the groups filed under the key that scores
// highest, the first filed on a tie. A key scores the same wherever it is
// filed, so the values are scored in file order, and the groups gathered
// once the key is known.
func selectByScore(groups []modelGroup, agent func(value, token string) (bool, bool), keys func(string) []string, token string) []int {
	best, score := "", 0
	for _, g := range groups {
		for _, a := range g.Agents {
			for _, k := range keys(a.Value) {
				sc := 0
				switch named, global := agent(k, token); {
				case global:
					sc = 1
				case named:
					sc = utf8.RuneCountInString(k)
				}
				if sc > score {
					best, score = k, sc
				}
			}
		}
	}
	if score == 0 {
		return nil
	}
	return groupsUnder(groups, func(v string) bool { return slices.Contains(keys(v), best) })
}

// A keeper answers keptNames for the keys of one selection. Each group's
// values are asked of agent and gathered once, and a chain of groups that
// several keys share is answered once, so that the keys of a group of many
// user-agent lines cost time in proportion to the lines, not to the lines
// times the keys.
type keeper struct {
	groups []modelGroup
	agent  func(value, token string) (bool, bool)
	token  string
	// namedOf and valuesOf hold each group's values that name the token,
	// and all its values.
	namedOf, valuesOf map[int]map[string]bool
	chains            map[string]bool // by chain: keptNames
}

// keptNames reports whether a value of the first of chain, written alike
// in every later group of chain, names the token. The values tried are
// those of whichever is smaller, the first group's naming the token or
// the second group's.
func (k *keeper) keptNames(chain []int) bool {
	first := k.namedIn(chain[0])
	if len(chain) == 1 || len(first) == 0 {
		return len(first) > 0
	}
	sig := make([]byte, 0, 8*len(chain))
	for _, gi := range chain {
		sig = strconv.AppendInt(append(sig, ','), int64(gi), 10)
	}
	kept, ok := k.chains[string(sig)]
	if !ok {
		kept = k.keptIn(first, chain)
		k.chains[string(sig)] = kept
	}
	return kept
}

func (k *keeper) keptIn(first map[string]bool, chain []int) bool {
	inAll := func(v string) bool {
		for _, gi := range chain[1:] {
			if !k.valuesIn(gi)[v] {
				return false
			}
		}
		return true
	}
	if second := k.groups[chain[1]].Agents; len(second) < len(first) {
		return slices.ContainsFunc(second, func(a *ModelLine) bool { return first[a.Value] && inAll(a.Value) })
	}
	for v := range first {
		if inAll(v) {
			return true
		}
	}
	return false
}

// anyNamed reports whether a value of any group names the token.
func (k *keeper) anyNamed() bool {
	for gi := range k.groups {
		if len(k.namedIn(gi)) > 0 {
			return true
		}
	}
	return false
}

// namedIn is the set of group gi's values that name the token.
func (k *keeper) namedIn(gi int) map[string]bool {
	if s, ok := k.namedOf[gi]; ok {
		return s
	}
	var s map[string]bool
	for _, a := range k.groups[gi].Agents {
		if n, gl := k.agent(a.Value, k.token); n && !gl {
			if s == nil {
				s = map[string]bool{}
			}
			s[a.Value] = true
		}
	}
	k.namedOf[gi] = s
	return s
}

// valuesIn is the set of group gi's values.
func (k *keeper) valuesIn(gi int) map[string]bool {
	if s, ok := k.valuesOf[gi]; ok {
		return s
	}
	s := make(map[string]bool, len(k.groups[gi].Agents))
	for _, a := range k.groups[gi].Agents {
		s[a.Value] = true
	}
	k.valuesOf[gi] = s
	return s
}

// eval decides the URL under mix m.
func (p *pairModel) eval(m mix) modelVerdict {
	path := p.path(m)
	if !path.ok {
		allows := p.c(m, choiceNormalize).BadURLAllows
		return modelVerdict{ok: allows, allowed: allows}
	}
	v := modelVerdict{ok: true, allowed: true}
	groups := p.groupsOf(m)
	sel := p.selected(m, groups)
	match, empty, index := p.c(m, choiceMatch).Match, p.c(m, choiceEmpty).Empty, p.c(m, choiceIndexHTML).Index
	priority := p.c(m, choicePriority).Priority
	alternates := p.c(m, choiceNormalize).Alternates
	first := p.c(m, choiceDecide).Decide == DecideFirst
	best, bestAllow := -1, false
	for _, gi := range sel {
		for _, r := range groups[gi].Rules {
			allow := r.Kind == matcher.KindAllow
			prio := -1
			switch pat := p.pattern(m, r); {
			case !pat.ok:
			case r.Value == "" && empty == emptyMatchesNothing:
			case r.Value == "":
				allow, prio = true, 0
			default:
				prio = p.matchRule(pat.pattern, r.Value, path.path, allow, match, priority, alternates, index)
			}
			if prio < 0 {
				continue
			}
			v.matched = append(v.matched, r.Line)
			if first && v.winner != 0 {
				continue
			}
			if v.winner == 0 || !first && (prio > best || prio == best && allow && !bestAllow) {
				v.winner, best, bestAllow = r.Line, prio, allow
			}
		}
	}
	if rt := p.c(m, choiceRobotsTxt).RobotsTxt; rt != nil && rt(path.path) {
		v.winner = 0
		return v
	}
	if v.winner != 0 {
		v.allowed = bestAllow
	}
	return v
}
