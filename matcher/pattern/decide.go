package pattern

import (
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// A Decider finds, for a path, the strongest matching disallow and the
// strongest matching allow of a set of rules, without listing the others:
// a longest-match decision (RFC 9309 §2.2.2: the most octets win, an allow
// wins a tie) needs only those two, and a URL of a large file can match
// hundreds of rules. The time per path is that of a walk along the path,
// not of the rules it matches:
//
//   - a rule without a '*' before its end (a trailing '*' only repeats
//     what prefix matching does) is a literal prefix, or with a final '$'
//     a whole path. The prefixes are kept sorted, each with the strongest
//     rules of itself and of the shorter prefixes it starts with; the one
//     entry the path lands on gives every prefix rule's best at once.
//     Whole paths are a map.
//   - the other rules are kept once per pattern (merged groups repeat
//     them) and found through an Index: those that start with a wildcard
//     ("/*.php$", "/*?sort=") by the literal segment they require, which
//     one pass over the path finds, the rest by their literal prefix. Each
//     one found is matched as Pattern.Match matches it.
//
// The readings that use it are those whose decision is this longest match
// with a pattern matched as Pattern.Match does (rfc9309, google and
// robots-parser), and the first-match readings (python, koster1996), whose
// rules are literal prefixes given minus their place as priority, so that
// the strongest is the first. python-rfc ranks a rule by how much of the
// URL it matches, which no table made before the URL holds; protego and
// crawler-commons say beside their Evaluate how they match otherwise.
type Decider struct {
	// sets is how many sets of rules the Decider holds (NewDeciders): one
	// for a selection, several for the selections of several crawlers,
	// whose URL it then walks once for all of them. Each entry below
	// keeps a Strongest per set, set by set.
	sets int
	// prefixes are the distinct literal prefixes, sorted; parent[i] is
	// the longest other prefix that prefix i starts with, or -1; best
	// holds, for prefix i, the strongest rules of prefix i and its
	// parents.
	prefixes []string
	// heads are the heads of the prefixes (headOf), which order the
	// table as its strings do wherever two heads differ: most steps of
	// the search compare numbers held side by side, not strings each in
	// a place of its own. BenchmarkDecideWordSite shows the check -urls
	// target needs it.
	heads  []uint64
	parent []int32
	best   []Strongest
	exact  map[string][]Strongest
	// wild are the other rules, one per distinct pattern, and index finds
	// those of them that may match a path (Ref.Rule is the place in wild).
	wild  []wildRule
	index *Index
}

// A Best is a matching rule as the decision weighs it. Found is false
// when no rule of its kind matched.
type Best struct {
	Ref      Ref
	Priority int32
	Found    bool
}

// Strongest are the strongest disallow ([0]) and allow ([1]).
type Strongest [2]Best

// A DecideRule is one rule a Decider holds: its compiled pattern, the
// priority the reading gives it, its kind and where it stands in the file.
// A rule that matches as two patterns (Google's allow of …/index.htm…,
// which also matches its directory with a priority of its own) is given
// twice with the same Ref; the stronger one that matches counts.
type DecideRule struct {
	Pattern  Pattern
	Priority int
	Allow    bool
	Ref      Ref
}

type wildRule struct {
	pat  Pattern
	best []Strongest // per set
}

// stronger reports whether a beats b: a higher priority, or the same and
// first in file order, which is where a full list of the matches would
// find it first.
func (a Best) stronger(b Best) bool {
	switch {
	case !a.Found:
		return false
	case !b.Found || a.Priority != b.Priority:
		return !b.Found || a.Priority > b.Priority
	}
	return a.Ref.order() < b.Ref.order()
}

// merge keeps in s the stronger of each kind of s and o.
func (s *Strongest) merge(o Strongest) {
	for k := range s {
		if o[k].stronger(s[k]) {
			s[k] = o[k]
		}
	}
}

// mergeAll keeps in each of s the stronger of it and its peer in o.
func mergeAll(s, o []Strongest) {
	for i := range s {
		s[i].merge(o[i])
	}
}

func (s *Strongest) add(r DecideRule) {
	k := 0
	if r.Allow {
		k = 1
	}
	if b := (Best{Ref: r.Ref, Priority: int32(r.Priority), Found: true}); b.stronger(s[k]) {
		s[k] = b
	}
}

// asPrefix is the literal prefix p matches every path starting with, when
// it is one: trailing stars match any rest, anchored or not.
func asPrefix(p Pattern) (string, bool) {
	body := p.Body
	if p.Star {
		body = strings.TrimRight(body, "*")
		if strings.IndexByte(body, '*') >= 0 {
			return "", false
		}
		return body, true
	}
	return body, !p.Anchored
}

// NewDecider indexes the rules each yields. They are yielded, not handed
// over in a slice: a file of millions of rules would hold a second copy
// of them while the Decider is built, most of them repeats it keeps once.
func NewDecider(each func(add func(DecideRule))) *Decider {
	return NewDeciders(1, func(add func(int, DecideRule)) {
		each(func(r DecideRule) { add(0, r) })
	})
}

// NewDeciders indexes sets sets of rules, each rule yielded with its set
// (0 to sets-1), for DecideEach to decide a path for every set in one
// walk along it.
func NewDeciders(sets int, each func(add func(set int, r DecideRule))) *Decider {
	d := &Decider{sets: sets}
	byPrefix := map[string][]Strongest{}
	wild := map[Pattern]int{}
	each(func(set int, r DecideRule) {
		if prefix, ok := asPrefix(r.Pattern); ok {
			s := byPrefix[prefix]
			if s == nil {
				s = make([]Strongest, sets)
				byPrefix[prefix] = s
			}
			s[set].add(r)
			return
		}
		if !r.Pattern.Star {
			if d.exact == nil {
				d.exact = map[string][]Strongest{}
			}
			s := d.exact[r.Pattern.Body]
			if s == nil {
				s = make([]Strongest, sets)
				d.exact[r.Pattern.Body] = s
			}
			s[set].add(r)
			return
		}
		i, ok := wild[r.Pattern]
		if !ok {
			i = len(d.wild)
			wild[r.Pattern] = i
			d.wild = append(d.wild, wildRule{pat: r.Pattern, best: make([]Strongest, sets)})
		}
		d.wild[i].best[set].add(r)
	})
	d.sortPrefixes(byPrefix)
	if len(d.wild) > 0 {
		d.index = NewIndex(len(d.wild), Rules{
			Each: func(add func(string, Ref)) {
				for i, w := range d.wild {
					add(w.pat.Body, Ref{Rule: int32(i)})
				}
			},
			Bodies: func() func(Ref) string { return func(r Ref) string { return d.wild[r.Rule].pat.Body } },
		})
	}
	return d
}

// Sets is how many sets of rules d holds.
func (d *Decider) Sets() int { return d.sets }

// sortPrefixes fills the sorted table of prefixes. A prefix sorts after
// every prefix it starts with, so its parent's best is known when it is
// reached.
func (d *Decider) sortPrefixes(byPrefix map[string][]Strongest) {
	for p := range byPrefix {
		d.prefixes = append(d.prefixes, p)
	}
	sort.Strings(d.prefixes)
	d.heads = make([]uint64, len(d.prefixes))
	for i, p := range d.prefixes {
		d.heads[i] = headOf(p)
	}
	d.parent = make([]int32, len(d.prefixes))
	d.best = make([]Strongest, 0, len(d.prefixes)*d.sets)
	var chain []int32 // the prefixes of the current one, longest last
	for i, p := range d.prefixes {
		for len(chain) > 0 && !strings.HasPrefix(p, d.prefixes[chain[len(chain)-1]]) {
			chain = chain[:len(chain)-1]
		}
		d.parent[i] = -1
		d.best = append(d.best, byPrefix[p]...)
		if len(chain) > 0 {
			d.parent[i] = chain[len(chain)-1]
			mergeAll(d.bestOf(i), d.bestOf(int(d.parent[i])))
		}
		chain = append(chain, int32(i))
	}
}

// bestOf is the strongest rules of each set for prefix i.
func (d *Decider) bestOf(i int) []Strongest { return d.best[i*d.sets : (i+1)*d.sets] }

// Decide returns the strongest rules of each kind that match path, of a
// Decider of one set. buf is room for the candidates of the wild rules,
// returned for the next call.
func (d *Decider) Decide(path string, buf []Ref) (Strongest, []Ref) {
	var s [1]Strongest
	buf = d.DecideEach(path, s[:], buf)
	return s[0], buf
}

// DecideEach writes into out (one per set) the strongest rules of each
// kind of each set that match path, in one walk along it. buf is as
// Decide's.
func (d *Decider) DecideEach(path string, out []Strongest, buf []Ref) []Ref {
	if k := d.longestPrefix(path); k >= 0 {
		copy(out, d.bestOf(k))
	} else {
		clear(out)
	}
	if e, ok := d.exact[path]; ok {
		mergeAll(out, e)
	}
	if d.index == nil {
		return buf
	}
	// In any order, and a rule found twice is merged twice to no effect:
	// Candidates would sort them into file order.
	buf = d.index.byPrefix(path, buf[:0])
	if d.index.wild != nil {
		buf = d.index.wild.candidates(path, buf)
	}
	for _, ref := range buf {
		w := &d.wild[ref.Rule]
		if strongerSomewhere(w.best, out) && w.pat.Match(path) {
			mergeAll(out, w.best)
		}
	}
	return buf
}

// strongerSomewhere reports whether a rule of o beats its peer in s, so
// that a candidate that cannot change the decision is not matched.
func strongerSomewhere(o, s []Strongest) bool {
	for i := range o {
		if o[i][0].stronger(s[i][0]) || o[i][1].stronger(s[i][1]) {
			return true
		}
	}
	return false
}

// longestPrefix is the longest prefix of the table that path starts with,
// or -1. Every prefix of path sorts at or before it, and the entries
// between the longest of them and path all start with it, so it is the
// last entry at or before path or one of that entry's parents.
func (d *Decider) longestPrefix(path string) int {
	j := d.search(path)
	if j == len(d.prefixes) || d.prefixes[j] != path {
		j--
	}
	if j < 0 {
		return -1
	}
	common := commonPrefixLen(d.prefixes[j], path)
	for j >= 0 && len(d.prefixes[j]) > common {
		j = int(d.parent[j])
	}
	return j
}

// search is sort.SearchStrings(d.prefixes, path): the first prefix that
// does not sort before path. A string that sorts before another has a
// head no greater, so only equal heads need the strings compared.
func (d *Decider) search(path string) int {
	h := headOf(path)
	lo, hi := 0, len(d.heads)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ph := d.heads[m]; ph < h || ph == h && d.prefixes[m] < path {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// A LazyDecider is a selection's Decider, built once the full
// evaluations made instead (Spend) have done about as much work as the
// build: a Decider costs a few times what its rules do to build and to
// keep, which a check of a few URLs, or of URLs that each match a few
// rules, would not win back; a check whose URLs match many rules wins it
// back within tens of URLs. A File may be evaluated from several
// goroutines, so the counts are atomic and the build is guarded; an ask
// that races with another may build it a little sooner or later, which
// changes no answer.
type LazyDecider struct {
	spent, rules atomic.Int64 // rules is 1 + the selection's rules, 0 until the first ask
	once         sync.Once
	d            atomic.Pointer[Decider]
}

// askCost is the work of a full evaluation beyond its matches, in
// matches: the lookups every URL costs.
const askCost = 4

// Get returns the Decider of the rules each yields (NewDecider), or nil
// while the work spent is below the count of the selection's rules.
func (l *LazyDecider) Get(count func() int, each func(add func(DecideRule))) *Decider {
	if d := l.d.Load(); d != nil {
		return d
	}
	if l.rules.Load() == 0 {
		l.rules.Store(1 + int64(count()))
	}
	if l.spent.Load() < l.rules.Load() {
		return nil
	}
	l.once.Do(func() { l.d.Store(NewDecider(each)) })
	return l.d.Load()
}

// Built reports whether Get has built the Decider.
func (l *LazyDecider) Built() bool { return l.d.Load() != nil }

// Decider is the Decider Get built, or nil.
func (l *LazyDecider) Decider() *Decider { return l.d.Load() }

// Spend notes a full evaluation made because Get returned nil, which
// found matches matching rules.
func (l *LazyDecider) Spend(matches int) { l.spent.Add(int64(askCost + matches)) }

// Before reports whether r stands before o in the file.
func (r Ref) Before(o Ref) bool { return r.order() < o.order() }
