package matcher

import (
	"cmp"
	"slices"
	"strings"
)

// A ruleIndex finds the rules of a token's applying groups that may match
// a path, without trying the others. A rule can match a path only if the
// path starts with the rule's literal prefix, the bytes of its pattern
// before the first '*' (RFC 9309 §2.2.3: '*' is the only special character
// before the end, and a final '$' only anchors). A crawler asks about many
// URLs for one token, and a large file gives one token thousands of rules;
// with the index a URL costs a binary search and the rules whose prefix it
// starts with, not a match attempt per rule.
//
// The distinct prefixes are kept sorted. Every prefix of a path that the
// index holds sorts at or before the path, and all the entries between the
// longest such prefix and the path start with it; so the entry just before
// the path, walked up through its own prefixes (parent), reaches every
// prefix of the path the index holds. Each rule is still matched in full:
// the index only leaves out rules that cannot match, and the explanation
// lists every matching rule as before.
type RuleIndex struct {
	prefixes []string // distinct literal prefixes, sorted
	// parent[i] is the index of the longest other prefix that is a prefix
	// of prefixes[i], or -1.
	parent []int32
	// refs[start[i]:start[i+1]] are the rules whose prefix is prefixes[i].
	start []int32
	refs  []RuleRef
	// wild holds the rules whose literal prefix is at most "/", by the
	// longest segment between their stars.
	wild *substringIndex
}

// A ruleRef names rule Rule of group Group of a File.
type RuleRef struct{ Group, Rule int32 }

// literalPrefix is the bytes of a compiled pattern's body before its first
// '*'.
func literalPrefix(body string) string {
	if i := strings.IndexByte(body, '*'); i >= 0 {
		return body[:i]
	}
	return body
}

type prefixedRef struct {
	prefix string
	ref    RuleRef
}

// NewRuleIndex indexes the rules each yields, with the bodies of their
// compiled patterns (a final '$' removed).
func NewRuleIndex(each func(add func(body string, ref RuleRef))) *RuleIndex {
	var all, wild []prefixedRef
	each(func(body string, ref RuleRef) {
		prefix := literalPrefix(body)
		if seg := longestSegment(body[len(prefix):]); len(prefix) <= 1 && seg != "" {
			wild = append(wild, prefixedRef{seg, ref})
			return
		}
		all = append(all, prefixedRef{prefix, ref})
	})
	// By prefix only: candidates puts the rules it finds in file order.
	slices.SortFunc(all, func(a, b prefixedRef) int { return strings.Compare(a.prefix, b.prefix) })
	x := &RuleIndex{refs: make([]RuleRef, len(all))}
	var chain []int32 // the prefixes of the current one, longest last
	for i, e := range all {
		x.refs[i] = e.ref
		if n := len(x.prefixes); n > 0 && x.prefixes[n-1] == e.prefix {
			continue
		}
		for len(chain) > 0 && !strings.HasPrefix(e.prefix, x.prefixes[chain[len(chain)-1]]) {
			chain = chain[:len(chain)-1]
		}
		parent := int32(-1)
		if len(chain) > 0 {
			parent = chain[len(chain)-1]
		}
		id := int32(len(x.prefixes))
		x.prefixes = append(x.prefixes, e.prefix)
		x.parent = append(x.parent, parent)
		x.start = append(x.start, int32(i))
		chain = append(chain, id)
	}
	x.start = append(x.start, int32(len(all)))
	if len(wild) > 0 {
		x.wild = newSubstringIndex(func(add func(string, RuleRef)) {
			for _, w := range wild {
				add(w.prefix, w.ref)
			}
		})
	}
	return x
}

// candidates appends to buf every indexed rule that may match path, once
// and in file order (group, then rule), so that an evaluation meets them
// in the order it would meet them rule by rule: the rules whose literal
// prefix path starts with, and those whose segment it contains.
func (x *RuleIndex) Candidates(path string, buf []RuleRef) []RuleRef {
	n := len(buf)
	buf = x.byPrefix(path, buf)
	if x.wild != nil {
		buf = x.wild.candidates(path, buf)
	}
	if len(buf)-n > 1 {
		slices.SortFunc(buf[n:], func(a, b RuleRef) int { return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Rule, b.Rule)) })
		buf = slices.Compact(buf)
	}
	return buf
}

// byPrefix appends the rules whose literal prefix path starts with.
func (x *RuleIndex) byPrefix(path string, buf []RuleRef) []RuleRef {
	// The last prefix that sorts at or before path.
	j, found := slices.BinarySearch(x.prefixes, path)
	if !found {
		j--
	}
	if j < 0 {
		return buf
	}
	common := commonPrefixLen(x.prefixes[j], path)
	k := int32(j)
	for k >= 0 && len(x.prefixes[k]) > common {
		k = x.parent[k]
	}
	for ; k >= 0; k = x.parent[k] {
		buf = append(buf, x.refs[x.start[k]:x.start[k+1]]...)
	}
	return buf
}

func commonPrefixLen(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// lazyIndex builds a selection's rule index the first time an evaluation
// asks for it: a token asked about once does not pay for it. A File is read
// by one goroutine at a time, so a nil check is enough.
type LazyIndex struct {
	x *RuleIndex
}

func (l *LazyIndex) Get(build func() *RuleIndex) *RuleIndex {
	if l.x == nil {
		l.x = build()
	}
	return l.x
}

// A substringIndex finds the rules a path may match through a literal
// segment the rule requires somewhere in it: for rules whose literal
// prefix says little ("/*.pdf$", "/*?sessionid=" start with "/" and would
// be tried on every path), the longest segment between stars. It is an
// Aho-Corasick automaton over those segments (Aho and Corasick, 1975):
// one pass over the path reports every segment it contains, in
// O(len(path) + segments found), whatever the number of rules.
type substringIndex struct {
	nodes []acNode // nodes[0] is the root
}

type acNode struct {
	edges []acEdge // sorted by byte
	fail  int32    // the node of the longest proper suffix that is in the trie
	// dict is the nearest node down the fail chain that ends a segment,
	// or -1.
	dict int32
	refs []RuleRef // the rules whose segment ends here
}

type acEdge struct {
	b    byte
	next int32
}

func (n *acNode) step(b byte) int32 {
	i, ok := slices.BinarySearchFunc(n.edges, b, func(e acEdge, b byte) int { return cmp.Compare(e.b, b) })
	if !ok {
		return -1
	}
	return n.edges[i].next
}

func newSubstringIndex(each func(add func(segment string, ref RuleRef))) *substringIndex {
	x := &substringIndex{nodes: []acNode{{dict: -1}}}
	each(func(seg string, ref RuleRef) {
		s := int32(0)
		for i := 0; i < len(seg); i++ {
			next := x.nodes[s].step(seg[i])
			if next < 0 {
				next = int32(len(x.nodes))
				x.nodes = append(x.nodes, acNode{dict: -1})
				n := &x.nodes[s]
				at, _ := slices.BinarySearchFunc(n.edges, seg[i], func(e acEdge, b byte) int { return cmp.Compare(e.b, b) })
				n.edges = slices.Insert(n.edges, at, acEdge{seg[i], next})
			}
			s = next
		}
		x.nodes[s].refs = append(x.nodes[s].refs, ref)
	})
	// Fail and dictionary links, breadth first: a node's links are made
	// from its parent's, which are shorter.
	queue := []int32{0}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range x.nodes[u].edges {
			v := e.next
			f := int32(0)
			if u != 0 {
				for f = x.nodes[u].fail; ; f = x.nodes[f].fail {
					if t := x.nodes[f].step(e.b); t >= 0 {
						f = t
						break
					}
					if f == 0 {
						break
					}
				}
			}
			x.nodes[v].fail = f
			if len(x.nodes[f].refs) > 0 {
				x.nodes[v].dict = f
			} else {
				x.nodes[v].dict = x.nodes[f].dict
			}
			queue = append(queue, v)
		}
	}
	return x
}

// candidates appends to buf the rules whose segment path contains (a rule
// once for each place its segment is found).
func (x *substringIndex) candidates(path string, buf []RuleRef) []RuleRef {
	s := int32(0)
	for i := 0; i < len(path); i++ {
		for {
			if t := x.nodes[s].step(path[i]); t >= 0 {
				s = t
				break
			}
			if s == 0 {
				break
			}
			s = x.nodes[s].fail
		}
		for t := s; t > 0; t = x.nodes[t].dict {
			buf = append(buf, x.nodes[t].refs...)
		}
	}
	return buf
}

// longestSegment is the longest run of a pattern body between stars.
func longestSegment(body string) string {
	best := ""
	for seg := range strings.SplitSeq(body, "*") {
		if len(seg) > len(best) {
			best = seg
		}
	}
	return best
}
