// Package release compares two versions of a robots.txt file the way a
// release needs: every URL for every crawler under both, the verdicts that
// change with the lines that decide them, counts per crawler, and a line
// diff of the files that marks which edited lines caused the changes. It
// is built on the matcher and the crawler directory, and fetches nothing.
package release

import (
	"strconv"

	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

// A Verdict is one side of a pair: the verdict and what decided it.
type Verdict struct {
	Allowed bool           `json:"allowed"`
	Reason  matcher.Reason `json:"reason"`
	Line    int            `json:"line,omitempty"` // the deciding rule's line; 0 when no rule decided
	Rule    string         `json:"rule,omitempty"` // that line's text
	// Why is the reading's explanation when no rule decided (no group,
	// no match, /robots.txt).
	Why string `json:"why,omitempty"`
}

// LineText is the deciding line's number as a CSV field: empty when no
// rule decided.
func (v Verdict) LineText() string {
	if v.Line == 0 {
		return ""
	}
	return strconv.Itoa(v.Line)
}

// Decider is what decided, as a CSV field: the deciding line's text, or
// the reading's explanation when no rule decided.
func (v Verdict) Decider() string {
	if v.Line == 0 {
		return v.Why
	}
	return v.Rule
}

// Word is "allowed" or "disallowed".
func (v Verdict) Word() string {
	if v.Allowed {
		return "allowed"
	}
	return "disallowed"
}

// Decided is the short form of what decided: "line 3: Disallow: /x", or
// the reason.
func (v Verdict) Decided() string {
	if v.Line > 0 {
		return "line " + strconv.Itoa(v.Line) + ": " + v.Rule
	}
	return v.Why
}

// A Count is what changed for one crawler.
type Count struct {
	Crawler       string `json:"crawler"`
	NowDisallowed int    `json:"now_disallowed"`
	NowAllowed    int    `json:"now_allowed"`
	Unchanged     int    `json:"unchanged"`
}

// A Release compares the two files for a list of crawlers.
type Release struct {
	Old, New *crawler.Matrix
	Counts   []Count
	// OldDelivered, when set, is the verdict every URL gets under the old
	// file whatever its rules say, because of how it was delivered (RFC
	// 9309 §2.3.1: a file unavailable allows all, one unreachable
	// disallows all). Its Reason is ReasonDelivery.
	OldDelivered *Verdict
	// oldCause and newCause count, per line of each file, the changed
	// pairs that line decided.
	oldCause, newCause map[int]int
	oldRes, newRes     []*matcher.Result
}

// ReasonDelivery is the reason of a verdict the delivery of the file gave.
const ReasonDelivery matcher.Reason = "delivery"

// New compares old and new (parsed under the same reading) for cs.
func New(old, new *matcher.File, cs []crawler.Crawler) *Release {
	r := &Release{Old: crawler.NewMatrix(old, cs), New: crawler.NewMatrix(new, cs), Counts: make([]Count, len(cs))}
	for i, c := range cs {
		r.Counts[i].Crawler = c.Name
	}
	return r.Fork()
}

// A Pair is one URL for one crawler under both files.
type Pair struct {
	Crawler  int // index in the crawler list
	Old, New Verdict
	Changed  bool
}

// Check evaluates t for every crawler under both files, counts the
// changes, and calls fn with each pair (those that did not change too,
// when all is set), in crawler order, until fn returns an error.
func (r *Release) Check(t *matcher.Target, all bool, fn func(Pair) error) error {
	// A pair needs the verdicts and their deciding lines alone (Verdict).
	r.Old.Decide(t, r.oldRes)
	r.New.Decide(t, r.newRes)
	for i := range r.oldRes {
		o, n := r.oldRes[i], r.newRes[i]
		ov := r.oldVerdict(o)
		changed := ov.Allowed != n.Allowed
		c := &r.Counts[i]
		switch {
		case !changed:
			c.Unchanged++
		case n.Allowed:
			c.NowAllowed++
		default:
			c.NowDisallowed++
		}
		if changed {
			r.cause(o, n)
		}
		if changed || all {
			p := Pair{Crawler: i, Old: ov, New: VerdictOf(r.New.File, n), Changed: changed}
			if err := fn(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// cause counts the deciding lines of a changed pair.
func (r *Release) cause(o, n *matcher.Result) {
	if m, ok := o.WinningRule(); ok && r.OldDelivered == nil {
		r.oldCause[int(m.Rule.Line)]++
	}
	if m, ok := n.WinningRule(); ok {
		r.newCause[int(m.Rule.Line)]++
	}
}

// oldVerdict is the old side of res: the delivery's verdict when it
// decides, else the rules'.
func (r *Release) oldVerdict(res *matcher.Result) Verdict {
	if r.OldDelivered != nil {
		return *r.OldDelivered
	}
	return VerdictOf(r.Old.File, res)
}

// VerdictOf is res, a result on f, as a Verdict: its deciding line and
// that line's text, or the reading's explanation when no rule decided.
func VerdictOf(f *matcher.File, res *matcher.Result) Verdict {
	v := Verdict{Allowed: res.Allowed, Reason: res.Reason}
	if m, ok := res.WinningRule(); ok {
		v.Line, v.Rule = int(m.Rule.Line), f.RuleText(m.Rule)
	} else {
		v.Why = string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
	}
	return v
}

// Changed reports whether any verdict changed so far.
func (r *Release) Changed() bool {
	for _, c := range r.Counts {
		if c.NowAllowed+c.NowDisallowed > 0 {
			return true
		}
	}
	return false
}

// A DiffLine is one line of the line diff, with the changed pairs it
// decided: a removed or kept line of the old file in the old verdicts, an
// added or kept line of the new file in the new ones.
type DiffLine struct {
	Edit
	Text string `json:"text"`
	// Caused is the number of changed verdicts this line decided; for a
	// kept line, in either file.
	Caused int `json:"caused"`
}

// LineDiff is the line diff of the two files, with what each line caused.
// Call it after the URLs are checked.
func (r *Release) LineDiff() []DiffLine {
	a, b := lines(r.Old.File), lines(r.New.File)
	edits := Lines(a, b)
	out := make([]DiffLine, len(edits))
	for i, e := range edits {
		d := DiffLine{Edit: e}
		switch e.Op {
		case Removed:
			d.Text, d.Caused = a[e.Old-1], r.oldCause[e.Old]
		case Added:
			d.Text, d.Caused = b[e.New-1], r.newCause[e.New]
		default:
			d.Text, d.Caused = b[e.New-1], r.oldCause[e.Old]+r.newCause[e.New]
		}
		out[i] = d
	}
	return out
}

// lines are the texts of f's lines.
func lines(f *matcher.File) []string {
	out := make([]string, f.NumLines())
	for i := range out {
		out[i] = f.Text(i + 1)
	}
	return out
}

// Fork returns a Release that shares r's files and plans and counts on its
// own, so that another goroutine may check URLs with it; Merge adds what
// it counted back into r.
func (r *Release) Fork() *Release {
	n := len(r.Counts)
	f := &Release{Old: r.Old.Fork(), New: r.New.Fork(), OldDelivered: r.OldDelivered, Counts: make([]Count, n), oldCause: map[int]int{}, newCause: map[int]int{},
		oldRes: make([]*matcher.Result, n), newRes: make([]*matcher.Result, n)}
	for i, c := range r.Counts {
		f.Counts[i].Crawler = c.Crawler
	}
	return f
}

// Merge adds the counts of a fork of r into r.
func (r *Release) Merge(f *Release) {
	for i, c := range f.Counts {
		r.Counts[i].NowAllowed += c.NowAllowed
		r.Counts[i].NowDisallowed += c.NowDisallowed
		r.Counts[i].Unchanged += c.Unchanged
	}
	for l, n := range f.oldCause {
		r.oldCause[l] += n
	}
	for l, n := range f.newCause {
		r.newCause[l] += n
	}
}
