package matcher

import "slices"

// The swappable choices, in the fixed order in which Compare tries them:
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
	f     *File
	lines []modelLine
}

// A pairModel evaluates one URL for one token under mixes of two readings'
// choices. Every stage is cached by the choices it depends on, so the
// swaps of a comparison lex, group and choose groups at most a few times,
// and normalize each rule's pattern at most once per reading.
type pairModel struct {
	side   [2]*modelSide
	token  string
	target *Target
	groups map[mix][]modelGroup
	sel    map[mix][]int
	paths  [2]*modelPath
	pats   map[patKey]modelPattern
	// override, when set, replaces the lines of reading 0 for one
	// evaluation (linesFactor's search for the deciding line).
	override []modelLine
}

type modelPath struct {
	path string
	ok   bool
}

type patKey struct {
	norm, lines int
	line        int32
}

type modelPattern struct {
	pattern string
	ok      bool
}

// A modelVerdict is what the model decides.
type modelVerdict struct {
	ok      bool // a verdict was reached (the program did not give up)
	allowed bool
	winner  int32   // the deciding line, 0 when none
	matched []int32 // the lines that matched, in file order
	applied []int32 // the rule lines of the applying groups
}

func newPairModel(a, b *modelSide, token string, t *Target) *pairModel {
	return &pairModel{side: [2]*modelSide{a, b}, token: token, target: t,
		groups: map[mix][]modelGroup{}, sel: map[mix][]int{}, pats: map[patKey]modelPattern{}}
}

func (s *modelSide) linesOf() []modelLine {
	if s.lines == nil {
		s.lines = s.c.Lines(s.f)
	}
	return s.lines
}

// c returns the choices reading m takes for choice.
func (p *pairModel) c(m mix, choice int) *Choices { return p.side[m.of(choice)].c }

func (p *pairModel) lines(m mix) []modelLine {
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
		return selectModel(groups, p.c(m, choiceAgent).Agent, p.c(m, choiceMerge).Merge, p.token)
	}
	k := m & (groupChoices | 1<<choiceAgent | 1<<choiceMerge)
	s, ok := p.sel[k]
	if !ok {
		s = selectModel(groups, p.c(m, choiceAgent).Agent, p.c(m, choiceMerge).Merge, p.token)
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

func (p *pairModel) pattern(m mix, l modelLine) modelPattern {
	k := patKey{m.of(choiceNormalize), m.of(choiceLines), l.Line}
	if p.override != nil {
		k.lines = -1 // the overridden lines are not cached
	}
	if v, ok := p.pats[k]; ok && k.lines >= 0 {
		return v
	}
	pat, ok := p.c(m, choiceNormalize).Pattern(l.Value)
	v := modelPattern{pat, ok}
	if k.lines >= 0 {
		p.pats[k] = v
	}
	return v
}

// selectModel chooses the applying groups: whether a user-agent line
// names the token is the agent choice, what is done with that the merge
// choice.
func selectModel(groups []modelGroup, agent func(value, token string) (bool, bool), merge mergeRule, token string) []int {
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
		if isNamed && !(merge == firstNamedNotGlobal && isGlobal) {
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

// eval decides the URL under mix m.
func (p *pairModel) eval(m mix) modelVerdict {
	path := p.path(m)
	if !path.ok {
		return modelVerdict{}
	}
	v := modelVerdict{ok: true, allowed: true}
	groups := p.groupsOf(m)
	sel := p.selected(m, groups)
	match, empty, index := p.c(m, choiceMatch).Match, p.c(m, choiceEmpty).Empty, p.c(m, choiceIndexHTML).IndexHTML
	priority := p.c(m, choicePriority).Priority
	first := p.c(m, choiceDecide).Decide == decideFirst
	best, bestAllow := -1, false
	for _, gi := range sel {
		for _, r := range groups[gi].Rules {
			v.applied = append(v.applied, r.Line)
			allow := r.Kind == KindAllow
			prio := -1
			switch pat := p.pattern(m, r); {
			case !pat.ok:
			case r.Value == "" && empty == emptyMatchesNothing:
			case r.Value == "":
				allow, prio = true, 0
			case match(pat.pattern, path.path):
				prio = priority(pat.pattern, path.path)
			case index && allow:
				if d, ok := indexDirectory(pat.pattern); ok && matchWildcards(d, path.path) {
					prio = len(d)
				}
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
	slices.Sort(v.applied)
	if rt := p.c(m, choiceRobotsTxt).RobotsTxt; rt != nil && rt(path.path) {
		v.winner = 0
		return v
	}
	if v.winner != 0 {
		v.allowed = bestAllow
	}
	return v
}
