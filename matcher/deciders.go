package matcher

import (
	"sync"
	"sync/atomic"

	"robots-explorer/matcher/pattern"
)

// Deciders decide one URL for several tokens at once, as File.DecideInto
// decides it for each (the crawlers of a release check, say): under the
// RFC 9309 reading, once each token's selection has its own Decider, one
// pattern.Decider holds the rules of every token's selection, set by set,
// and the URL's path is walked once for all of them, not once per token.
// A Deciders is used by one goroutine at a time; its forks (Fork), one
// each, share what is built.
type Deciders struct {
	f      *File
	tokens []string
	walk   *walk
	best   []pattern.Strongest
	refs   []pattern.Ref
}

// A walk is the Decider of every token's selection, built once for a
// Deciders and its forks, once every selection's own is.
type walk struct {
	once  sync.Once
	built atomic.Bool
	sels  []*Selection
	d     *pattern.Decider
}

// Deciders decides for tokens, which should select different groups:
// tokens that select the same ones get the same answer twice.
func (f *File) Deciders(tokens []string) *Deciders {
	return &Deciders{f: f, tokens: tokens, walk: new(walk)}
}

// Fork is a Deciders for another goroutine, sharing what e builds.
func (e *Deciders) Fork() *Deciders {
	return &Deciders{f: e.f, tokens: e.tokens, walk: e.walk}
}

// DecideInto decides t for each token into res (one Result per token), as
// File.DecideInto does.
func (e *Deciders) DecideInto(res []Result, t *Target) {
	if _, ok := e.f.impl().(rfc9309); ok && e.ready() {
		e.decideRFC(res, t)
		return
	}
	for i, tok := range e.tokens {
		e.f.DecideInto(&res[i], tok, t)
	}
}

// ready reports whether the walk for all tokens is built, and builds it
// once each token's selection has built its own Decider: until then a
// token's decisions are those that pay for its own (pattern.LazyDecider),
// and the few URLs of a small check build nothing.
func (e *Deciders) ready() bool {
	w := e.walk
	if !w.built.Load() {
		ext, _ := e.f.ext.(*rfcFile)
		if ext == nil {
			return false
		}
		sels := make([]*Selection, len(e.tokens))
		for i, tok := range e.tokens {
			if sels[i] = e.f.SelectionFor(tok, selectGroups); !sels[i].Decide.Built() {
				return false
			}
		}
		w.once.Do(func() {
			w.sels = sels
			if len(sels) == 1 {
				// One token's walk is its selection's own Decider.
				w.d = sels[0].Decide.Decider()
				w.built.Store(true)
				return
			}
			w.d = pattern.NewDeciders(len(sels), func(add func(int, pattern.DecideRule)) {
				for i, sel := range sels {
					ext.decideRules(e.f, sel.Trace.Selected, func(r pattern.DecideRule) { add(i, r) })
				}
			})
			w.built.Store(true)
		})
	}
	if e.best == nil {
		e.best = make([]pattern.Strongest, len(e.tokens))
	}
	return true
}

// decideRFC is rfc9309.DecideInto for every token, from one walk.
func (e *Deciders) decideRFC(res []Result, t *Target) {
	f := e.f
	path, steps := pattern.NormalizePath(t.Path)
	e.refs = e.walk.d.DecideEach(path, e.best, e.refs)
	for i, tok := range e.tokens {
		r := &res[i]
		*r = Result{Reading: f.Reading, Token: tok, Target: t, Path: path, Steps: steps[:len(steps):len(steps)], Winner: -1, RunnerUp: -1,
			matches: r.matches[:0], refs: r.refs[:0]}
		rfcDecideFrom(f, r, e.walk.sels[i], e.best[i])
	}
}

// A Decision is what a Result decides, without the Result: the verdict,
// its reason and the deciding rule (nil when no rule decided).
type Decision struct {
	Allowed bool
	Reason  Reason
	Rule    *Rule
}

// DecideLean decides t for each token into out (one per token), as
// DecideInto would, but builds no Result: a caller that prints only the
// verdict and the deciding rule makes no Match per token and URL. It
// reports false, having decided nothing, until the walk for every token
// is built or under a reading other than RFC 9309's: DecideInto then
// decides (and builds the walk in time).
func (e *Deciders) DecideLean(out []Decision, t *Target) bool {
	if _, ok := e.f.impl().(rfc9309); !ok || !e.ready() {
		return false
	}
	f := e.f
	path, _ := pattern.NormalizePath(t.Path)
	e.refs = e.walk.d.DecideEach(path, e.best, e.refs)
	for i := range e.tokens {
		out[i] = leanDecision(f, e.walk.sels[i], e.best[i], path)
	}
	return true
}

// leanDecision is the Decision rfcDecideFrom makes from best, the
// strongest disallow and allow: the one of higher priority decides, an
// allow winning a tie, and /robots.txt is always allowed.
func leanDecision(f *File, sel *Selection, best pattern.Strongest, path string) Decision {
	dis, al := best[0], best[1]
	switch {
	case path == "/robots.txt":
		return Decision{Allowed: true, Reason: ReasonRobotsTxt}
	case len(sel.Trace.Selected) == 0:
		return Decision{Allowed: true, Reason: ReasonNoGroup}
	case !dis.Found && !al.Found:
		return Decision{Allowed: true, Reason: ReasonNoMatch}
	case !al.Found || dis.Found && dis.Priority > al.Priority:
		return Decision{Allowed: false, Reason: ReasonLongest, Rule: f.RuleOf(dis.Ref)}
	case dis.Found && dis.Priority == al.Priority:
		return Decision{Allowed: true, Reason: ReasonTieAllow, Rule: f.RuleOf(al.Ref)}
	default:
		return Decision{Allowed: true, Reason: ReasonLongest, Rule: f.RuleOf(al.Ref)}
	}
}
