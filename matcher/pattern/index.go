package pattern

import (
	"cmp"
	"math/bits"
	"slices"
	"sort"
	"strings"
)

// An Index finds the rules of a token's applying groups that may match
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
// lists every matching rule as it would without the index.
type Index struct {
	// refs are the rules by literal prefix: refs[start[i]:start[i+1]]
	// are those whose prefix is prefix i, the distinct prefixes sorted.
	refs  []Ref
	start []int32
	// parent[i] is the index of the longest other prefix that is a prefix
	// of prefix i, or -1.
	parent []int32
	// prefixes holds the distinct prefixes when there are at most
	// keepPrefixes of them; beyond, a prefix is read again from the body
	// of its first rule (body). A string is 16 bytes, more than a rule's
	// line takes in a file of short lines: with millions of distinct
	// rules, the prefixes alone would outweigh the file, and a check
	// could not keep its memory within 4 times the file.
	prefixes []string
	body     func(Ref) string
	// wild holds the rules whose literal prefix is at most "/", by the
	// longest segment between their stars.
	wild *substringIndex
}

// keepPrefixes is the most distinct prefixes an Index holds as strings,
// 1 MiB of them: below it the binary search of a URL reads no rule
// (BenchmarkEvaluateSiteFile measures such a search).
var keepPrefixes = 1 << 16

// A Ref names rule Rule of group Group of a file.
type Ref struct{ Group, Rule int32 }

// Rules are the rules an index is built from.
type Rules struct {
	// Each yields every rule with the body of its compiled pattern (a
	// final '$' removed).
	Each func(add func(body string, ref Ref))
	// Bodies returns a function that gives the body Each yields with a
	// ref. It is called only to build an index, which may keep what it
	// returns: the caller's Rules, made at every evaluation, then stays
	// off the heap.
	Bodies func() func(ref Ref) string
}

// literalPrefix is the bytes of a compiled pattern's body before its first
// '*'.
func literalPrefix(body string) string {
	if i := strings.IndexByte(body, '*'); i >= 0 {
		return body[:i]
	}
	return body
}

// isWild reports whether the substring index, not the prefixes, finds the
// rule of body: its literal prefix is at most "/", and a segment follows.
func isWild(body string) bool {
	prefix := literalPrefix(body)
	return len(prefix) <= 1 && strings.TrimLeft(body[len(prefix):], "*") != ""
}

// NewIndex indexes the rules. size is how many rules Each yields, or a
// guess: it only sizes the array of refs.
//
// The build keeps no key per rule: the refs are sorted in place by the
// prefixes of their bodies, read again through rules.Bodies, and the
// prefixes are then counted before their arrays are made. An entry of
// key and ref per rule (24 bytes) and an order of them would allocate
// several times what the index keeps.
func NewIndex(size int, rules Rules) *Index {
	// The rules by prefix fill refs from the front, those for the
	// substring index from the back, which it copies in the order of
	// their segments: no array of them grows by append. Rules past a
	// size too small go to arrays of their own.
	refs := make([]Ref, max(size, 0))
	n, w := 0, len(refs)
	var overRefs, overWild []Ref
	rules.Each(func(body string, ref Ref) {
		wild := isWild(body)
		switch {
		case n == w && wild:
			overWild = append(overWild, ref)
		case n == w:
			overRefs = append(overRefs, ref)
		case wild:
			w--
			refs[w] = ref
		default:
			refs[n] = ref
			n++
		}
	})
	wild := refs[w:]
	if n < len(refs)*3/4-16 {
		// A quarter or more of the array is wild rules, which the
		// substring index copies, or room a guess left: keep only what
		// is used.
		refs = slices.Clone(refs[:n])
	}
	refs = append(refs[:n:n], overRefs...)
	if len(overWild) > 0 {
		wild = append(wild[:len(wild):len(wild)], overWild...)
	}
	body := rules.Bodies()
	key := func(r Ref) string { return literalPrefix(body(r)) }
	// By prefix only: candidates puts the rules it finds in file order.
	// first marks the first rule of each distinct prefix.
	first := sortRefs(refs, key)
	n = 0
	for _, w := range first {
		n += bits.OnesCount64(w)
	}
	x := &Index{refs: refs, parent: make([]int32, 0, n), start: make([]int32, 0, n+1), body: body}
	if n <= keepPrefixes {
		x.prefixes = make([]string, 0, n)
	}
	// The prefixes of the current one, longest last, and their keys.
	var chain []int32
	var chainKeys []string
	for i, r := range refs {
		if first[i/64]&(1<<(i%64)) == 0 {
			continue
		}
		k := key(r)
		for len(chain) > 0 && !strings.HasPrefix(k, chainKeys[len(chain)-1]) {
			chain, chainKeys = chain[:len(chain)-1], chainKeys[:len(chainKeys)-1]
		}
		parent := int32(-1)
		if len(chain) > 0 {
			parent = chain[len(chain)-1]
		}
		id := int32(len(x.parent))
		if x.prefixes != nil {
			x.prefixes = append(x.prefixes, k)
		}
		x.parent = append(x.parent, parent)
		x.start = append(x.start, int32(i))
		chain, chainKeys = append(chain, id), append(chainKeys, k)
	}
	x.start = append(x.start, int32(len(refs)))
	if len(wild) > 0 {
		x.wild = newSubstringIndex(wild, body)
	}
	return x
}

// prefix is the distinct prefix i.
func (x *Index) prefix(i int32) string {
	if x.prefixes != nil {
		return x.prefixes[i]
	}
	return literalPrefix(x.body(x.refs[x.start[i]]))
}

// Candidates appends to buf every indexed rule that may match path, once
// and in file order (group, then rule), so that an evaluation meets them
// in the order it would meet them rule by rule: the rules whose literal
// prefix path starts with, and those whose segment it contains.
func (x *Index) Candidates(path string, buf []Ref) []Ref {
	n := len(buf)
	buf = x.byPrefix(path, buf)
	if x.wild != nil {
		buf = x.wild.candidates(path, buf)
	}
	if len(buf)-n > 1 {
		slices.SortFunc(buf[n:], fileOrder)
		buf = slices.Compact(buf)
	}
	return buf
}

// byPrefix appends the rules whose literal prefix path starts with.
func (x *Index) byPrefix(path string, buf []Ref) []Ref {
	// The last prefix that sorts at or before path.
	var j int
	if x.prefixes != nil {
		var found bool
		if j, found = slices.BinarySearch(x.prefixes, path); !found {
			j--
		}
	} else {
		j = sort.Search(len(x.parent), func(m int) bool { return x.prefix(int32(m)) > path }) - 1
	}
	if j < 0 {
		return buf
	}
	common := commonPrefixLen(x.prefix(int32(j)), path)
	k := int32(j)
	for k >= 0 && len(x.prefix(k)) > common {
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

// A LazyIndex is a selection's rule index, built the second time an
// evaluation asks for candidates: a token asked about once does not pay
// for it. The first evaluation tries every rule instead, which costs less
// than sorting them, and a check of one URL, or a page that decides one
// URL after each edit, asks once. A file is read by one goroutine at a
// time, so no lock is needed.
type LazyIndex struct {
	x    *Index
	size int // how many rules the first evaluation tried, or 0
}

// Candidates appends to buf the rules that may match path, in file order:
// every rule the first time, and after that those the index built from
// them (see NewIndex) finds.
func (l *LazyIndex) Candidates(path string, buf []Ref, rules Rules) []Ref {
	if l.x != nil {
		return l.x.Candidates(path, buf)
	}
	if l.size > 0 {
		l.x = NewIndex(l.size, rules)
		return l.x.Candidates(path, buf)
	}
	buf, l.size = everyRule(buf, rules.Each)
	return buf
}

// Built is the index once the second evaluation has built it, or nil:
// an evaluation that finds it asks it directly, without making the Rules
// that Candidates takes.
func (l *LazyIndex) Built() *Index { return l.x }

// everyRule appends every rule each yields, in file order, and says how
// many (at least 1, which marks the first evaluation done). The rules are
// counted first and gathered into an array of that size: grown by
// append, the array would allocate several times what it keeps. They
// are gathered apart from buf: appended to by a
// closure, buf (and the caller's array behind it) would move to the heap
// at every evaluation; a buf without room for them is not copied twice,
// the new array takes it.
func everyRule(buf []Ref, each func(add func(body string, ref Ref))) ([]Ref, int) {
	n := 0
	each(func(string, Ref) { n++ })
	var all []Ref
	fits := cap(buf)-len(buf) >= n
	if fits {
		all = make([]Ref, 0, n)
	} else {
		all = make([]Ref, len(buf), len(buf)+n)
		copy(all, buf)
	}
	from := len(all)
	each(func(_ string, ref Ref) { all = append(all, ref) })
	if got := all[from:]; !slices.IsSortedFunc(got, fileOrder) {
		slices.SortFunc(got, fileOrder)
	}
	if fits {
		return append(buf, all...), max(n, 1)
	}
	return all, max(n, 1)
}

// fileOrder orders rules as they stand in the file: by group, then rule,
// compared at once as one number (a path of a large file can meet
// hundreds of candidates, and sorting them is the most frequent compare
// of a check of -urls on such a file; two fields in turn, through cmp.Or,
// cost more).
func fileOrder(a, b Ref) int { return cmp.Compare(a.order(), b.order()) }

// order is r's place in the file as one number, group first; both are
// indexes, not negative.
func (r Ref) order() uint64 { return uint64(uint32(r.Group))<<32 | uint64(uint32(r.Rule)) }

// A substringIndex finds the rules a path may match through a literal
// segment the rule requires somewhere in it: for rules whose literal
// prefix says little ("/*.pdf$", "/*?sessionid=" start with "/" and would
// be tried on every path), the longest segment between stars. It is an
// Aho-Corasick automaton over those segments (Aho and Corasick, 1975):
// one pass over the path reports every segment it contains, in
// O(len(path) + segments found), whatever the number of rules.
type substringIndex struct {
	// nodes[0] is the root; the nodes are in breadth-first order, so the
	// children of a node are consecutive, sorted by byte, and a node's
	// fail link points to an earlier node.
	nodes []acNode
	refs  []Ref // the rules, by segment: a node's are refs[refLo:refHi]
	// root is the root's child along each byte, or -1.
	root [256]int32
	// next, when not nil, is the automaton as a table of rows, one for
	// each node with children: the state after the row starting at r on
	// a byte of class c is next[r+c], the fail links already followed.
	// It is the start of the row of the node reached, or, when that node
	// or one down its dictionary links ends a segment, the node
	// complemented (^node), whose row then starts at row[node]; so a byte
	// that finds no segment reads no node. A node without children moves
	// as its fail node does and has no row of its own: most nodes end a
	// segment's own tail, and a row for each would make the table much
	// larger and slower to build (BenchmarkNewIndex). class[b] is 0 for a byte in no segment (which
	// leads back to the root), else one of its own. The table spares
	// each byte of a path the walk along the fail links, with a binary
	// search among the children of each node met; it is built only while
	// it stays small (maxTable).
	next    []int32
	row     []int32
	class   [256]uint8
	classes int
}

// maxTable bounds the entries of a substringIndex's table, 1 MiB: a file
// of many long segments over many bytes keeps the automaton's links
// instead.
const maxTable = 1 << 18

type acNode struct {
	b             byte  // the byte of the edge from the parent
	child, nchild int32 // the children are nodes[child : child+nchild]
	fail          int32 // the node of the longest proper suffix that is in the trie
	dict          int32 // the nearest node down the fail chain that ends a segment, or -1
	refLo, refHi  int32 // the rules whose segment ends here
}

// step returns the child of node u along b, or -1.
func (x *substringIndex) step(u int32, b byte) int32 {
	if u == 0 {
		return x.root[b]
	}
	return x.child(u, b)
}

// child finds the child of node u along b, or -1, among its children.
func (x *substringIndex) child(u int32, b byte) int32 {
	n := &x.nodes[u]
	lo, hi := n.child, n.child+n.nchild
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		if x.nodes[m].b < b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < n.child+n.nchild && x.nodes[lo].b == b {
		return lo
	}
	return -1
}

// newSubstringIndex builds the automaton over the longest segments of the
// rules refs, whose bodies body gives, keeping a copy of refs sorted by
// them. A node of the trie is a run of the sorted segments that share its
// bytes, so the trie is built level by level from the runs, its nodes
// counted beforehand, and the refs of a node are a run of the copy.
func newSubstringIndex(refs []Ref, body func(Ref) string) *substringIndex {
	segs := make([]string, len(refs))
	order := make([]Ref, len(refs)) // sorted by segment: Rule is the index in refs
	for i, r := range refs {
		b := body(r)
		segs[i], order[i].Rule = longestSegment(b[len(literalPrefix(b)):]), int32(i)
	}
	sortRefs(order, func(o Ref) string { return segs[o.Rule] })
	keys := make([]string, len(refs))
	x := &substringIndex{refs: make([]Ref, len(refs))}
	nodes := 1
	for i, o := range order {
		keys[i], x.refs[i] = segs[o.Rule], refs[o.Rule]
		lcp := 0
		if i > 0 {
			lcp = commonPrefixLen(keys[i-1], keys[i])
		}
		nodes += len(keys[i]) - lcp
	}
	x.nodes = make([]acNode, 1, nodes)
	// span[u] is the run of wild below node u; the depth of u is the
	// number of bytes its run shares.
	type span struct{ lo, hi, depth int32 }
	spans := make([]span, 1, nodes)
	spans[0] = span{0, int32(len(keys)), 0}
	x.nodes[0] = acNode{dict: -1}
	for u := 0; u < len(x.nodes); u++ {
		sp := spans[u]
		lo, d := sp.lo, int(sp.depth)
		// Sorted, the segments that end here come first.
		for lo < sp.hi && len(keys[lo]) == d {
			lo++
		}
		x.nodes[u].refLo, x.nodes[u].refHi = sp.lo, lo
		x.nodes[u].child = int32(len(x.nodes))
		for lo < sp.hi {
			b := keys[lo][d]
			hi := lo + 1
			for hi < sp.hi && keys[hi][d] == b {
				hi++
			}
			x.nodes = append(x.nodes, acNode{b: b, dict: -1})
			spans = append(spans, span{lo, hi, int32(d + 1)})
			lo = hi
		}
		x.nodes[u].nchild = int32(len(x.nodes)) - x.nodes[u].child
	}
	for b := range x.root {
		x.root[b] = x.child(0, byte(b))
	}
	x.link()
	x.table(keys)
	return x
}

// table builds next from the trie and its fail links, when it fits in
// maxTable: in breadth-first order, a node's row is its fail node's row,
// which comes earlier, with its own children written over it, rather
// than asking each node for its child along every class by binary
// search, which would weigh in BenchmarkNewIndex.
func (x *substringIndex) table(keys []string) {
	x.classes = 1
	for _, k := range keys {
		for i := 0; i < len(k); i++ {
			if x.class[k[i]] == 0 && x.classes < 256 {
				x.class[k[i]] = uint8(x.classes)
				x.classes++
			}
		}
	}
	// The rows: the root's, and one for each other node with children;
	// a node without them has its fail node's, which comes earlier.
	x.row = make([]int32, len(x.nodes))
	rows := int32(1)
	for u := 1; u < len(x.nodes); u++ {
		if x.nodes[u].nchild > 0 {
			x.row[u], rows = rows, rows+1
		} else {
			x.row[u] = x.row[x.nodes[u].fail]
		}
	}
	if x.classes == 256 || int(rows)*x.classes > maxTable {
		x.class, x.classes, x.row = [256]uint8{}, 0, nil
		return
	}
	x.next = make([]int32, int(rows)*x.classes)
	for u := range x.nodes {
		n := &x.nodes[u]
		if u != 0 && n.nchild == 0 {
			continue
		}
		r := int(x.row[u])
		row := x.next[r*x.classes : (r+1)*x.classes]
		if u != 0 {
			f := int(x.row[n.fail])
			copy(row, x.next[f*x.classes:(f+1)*x.classes])
		}
		for v := n.child; v < n.child+n.nchild; v++ {
			t := x.row[v]
			if x.ends(v) {
				t = ^v
			}
			row[x.class[x.nodes[v].b]] = t
		}
	}
	// The states and row hold where a row starts in next (row number ×
	// classes), not its number: each byte of a path is then one load
	// from the table, with no multiply before it.
	for i, t := range x.next {
		if t >= 0 {
			x.next[i] = t * int32(x.classes)
		}
	}
	for u := range x.row {
		x.row[u] *= int32(x.classes)
	}
}

// link makes the fail and dictionary links in one pass over the nodes in
// breadth-first order: a node's links are made from its parent's, which
// are shorter and come earlier.
func (x *substringIndex) link() {
	for u := int32(0); u < int32(len(x.nodes)); u++ {
		n := x.nodes[u]
		for v := n.child; v < n.child+n.nchild; v++ {
			b := x.nodes[v].b
			f := int32(0)
			if u != 0 {
				for f = n.fail; ; f = x.nodes[f].fail {
					if t := x.step(f, b); t >= 0 {
						f = t
						break
					}
					if f == 0 {
						break
					}
				}
			}
			x.nodes[v].fail = f
			if fn := &x.nodes[f]; fn.refHi > fn.refLo {
				x.nodes[v].dict = f
			} else {
				x.nodes[v].dict = fn.dict
			}
		}
	}
}

// candidates appends to buf the rules whose segment path contains (a rule
// once for each place its segment is found).
func (x *substringIndex) candidates(path string, buf []Ref) []Ref {
	if x.next != nil {
		return x.tableCandidates(path, buf)
	}
	s := int32(0)
	for i := 0; i < len(path); i++ {
		for {
			if t := x.step(s, path[i]); t >= 0 {
				s = t
				break
			}
			if s == 0 {
				break
			}
			s = x.nodes[s].fail
		}
		for t := s; t > 0; t = x.nodes[t].dict {
			buf = append(buf, x.refs[x.nodes[t].refLo:x.nodes[t].refHi]...)
		}
	}
	return buf
}

// ends reports whether node u, or one down its dictionary links, ends a
// segment.
func (x *substringIndex) ends(u int32) bool {
	n := &x.nodes[u]
	return n.refHi > n.refLo || n.dict > 0
}

// tableCandidates is candidates through the table.
func (x *substringIndex) tableCandidates(path string, buf []Ref) []Ref {
	r := int32(0)
	for i := 0; i < len(path); i++ {
		if r = x.next[int(r)+int(x.class[path[i]])]; r >= 0 {
			continue
		}
		s := ^r
		for t := s; t > 0; t = x.nodes[t].dict {
			buf = append(buf, x.refs[x.nodes[t].refLo:x.nodes[t].refHi]...)
		}
		r = x.row[s]
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
