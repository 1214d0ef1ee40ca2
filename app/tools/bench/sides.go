package bench

import (
	"github.com/jimsmart/grobotstxt"
	"github.com/temoto/robotstxt"

	"robots-explorer/matcher"
	_ "robots-explorer/matcher/readings"
)

// A Side is one library doing the whole job a crawler does: read the file,
// then decide every URL. Run returns how many URLs were disallowed, so a
// benchmark's work cannot be optimized away and a test can check that every
// side read the inputs.
type Side struct {
	Name string
	Run  func(body []byte, urls []string) int
}

// Sides lists ours first, then the libraries it is compared with.
var Sides = []Side{
	{"ours", ours(matcher.RFC9309)},
	{"ours-google", ours(matcher.Google)},
	{"temoto", temoto},
	{"grobotstxt", grobot},
}

// ours parses once and computes the whole explanation of every URL: the
// group trace with the sentence of every user-agent line, every matching
// rule with its normalization steps, the winner, the bearing diagnostics
// and the sentence. The trace's sentences are written when read, so they
// are read here: the page shows them, and leaving them unread would not
// count work a whole explanation includes.
func ours(r matcher.Reading) func([]byte, []string) int {
	return func(body []byte, urls []string) int {
		f := matcher.Parse(r, body, matcher.ParseOptions{})
		n := 0
		for _, u := range urls {
			res, err := f.Evaluate(Token, u)
			if err != nil || !res.Allowed {
				n++
			}
			if err == nil {
				traceWords += readTrace(&res.Groups)
			}
		}
		return n
	}
}

// traceWords keeps readTrace's count, so the sentences cannot be
// optimized away.
var traceWords int

// readTrace writes the sentence of every user-agent line of tr and
// returns their bytes.
func readTrace(tr *matcher.GroupTrace) int {
	n := 0
	for _, m := range tr.Agents {
		n += len(tr.How(m))
	}
	return n
}

// temoto parses once (its patterns become regular expressions) and tests
// each path; it takes the path, not the URL.
func temoto(body []byte, urls []string) int {
	r, err := robotstxt.FromBytes(body)
	if err != nil {
		return len(urls)
	}
	g := r.FindGroup(Token)
	n := 0
	for _, u := range urls {
		if !g.Test(PathOf(u)) {
			n++
		}
	}
	return n
}

// grobot is a Go port of robots.cc: its API parses the body on every call,
// as the C++ library does.
func grobot(body []byte, urls []string) int {
	s := string(body)
	m := grobotstxt.NewRobotsMatcher()
	n := 0
	for _, u := range urls {
		if !m.AgentAllowed(s, Token, u) {
			n++
		}
	}
	return n
}
