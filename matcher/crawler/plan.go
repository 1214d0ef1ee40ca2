package crawler

import (
	"fmt"
	"strings"

	"robots-explorer/matcher"
)

// A Plan is how one crawler reads one parsed file: which of its tokens
// decides, found once for the file, so that each URL then costs one
// evaluation. RFC 9309 §2.2.1 matches groups against one product token; a
// crawler that obeys a second token where no group names its first does so
// by its operator's documented behaviour, not by the parser's, and the
// plan says which.
type Plan struct {
	Crawler Crawler
	// Token is the token whose groups decide: one of Crawler.Tokens, or
	// the first of them when the * group decides or no group applies.
	Token string
	// Fallback says Token is not the crawler's first: no group names the
	// tokens before it, and the operator documents the fallback.
	Fallback bool
	// Global says no group names any of the crawler's tokens and the *
	// group decides.
	Global bool
	// NoRules says no group names any of the crawler's tokens and the
	// operator documents that the crawler ignores the * group: no rules
	// apply, everything is allowed.
	NoRules bool
	// Sentence says what decided, labelled as the operator's behaviour
	// where it goes beyond RFC 9309; empty when the crawler's own token is
	// named by a group.
	Sentence string
	// trace is the group trace of a NoRules plan: no line selects a group.
	trace matcher.GroupTrace
	// allowed is a NoRules plan's explanation, made once, not per URL.
	allowed string
}

// root is the URL a plan asks about to learn which groups a token selects:
// the selection depends on the token alone.
var root, _ = matcher.ParseTarget("/")

// PlanFor works out how c reads f: the first of its tokens that a group of
// f names (under f's reading) decides; else the * group, unless the
// operator documents that c ignores it.
func PlanFor(f *matcher.File, c Crawler) Plan {
	p := Plan{Crawler: c, Token: c.Tokens[0]}
	for i, tok := range c.Tokens {
		if names(f, tok) {
			p.Token, p.Fallback = tok, i > 0
			if p.Fallback {
				p.Sentence = fmt.Sprintf("No group names %s; %s documents that this crawler then obeys the %s group "+
					"(the operator's behaviour, not the parser's; %s).", strings.Join(c.Tokens[:i], " or "), c.Operator, tok, c.Source.URL)
			}
			return p
		}
	}
	who := strings.Join(c.Tokens, " or ")
	if c.IgnoresGlobal {
		p.NoRules = true
		p.Sentence = fmt.Sprintf("No group names %s, and %s documents that this crawler ignores the * group, so no rules apply "+
			"(the operator's behaviour, not the parser's; %s).", who, c.Operator, c.Source.URL)
		p.trace = unselected(f.EvaluateTarget(p.Token, root).Groups, p.Sentence)
		p.allowed = "Allowed: " + strings.ToLower(p.Sentence[:1]) + p.Sentence[1:]
		return p
	}
	p.Global = true
	if len(c.Tokens) > 1 {
		p.Sentence = fmt.Sprintf("No group names %s, so the * group applies, if there is one.", who)
	}
	return p
}

// names reports whether a group of f names tok, under f's reading, rather
// than tok falling to the * group or to none.
func names(f *matcher.File, tok string) bool {
	tr := f.EvaluateTarget(tok, root).Groups
	return len(tr.Selected) > 0 && !tr.Global
}

// Evaluate decides the plan's crawler's verdict on t. The Result is the
// reading's, for the deciding token; when no rules apply it says so.
func (p *Plan) Evaluate(f *matcher.File, t *matcher.Target) *matcher.Result {
	res := f.EvaluateTarget(p.Token, t)
	if !p.NoRules {
		return res
	}
	out := *res
	p.noRules(&out)
	return &out
}

// Decide is Evaluate into res for the verdict and its deciding rule alone
// (matcher.File.DecideInto): res may list only the winner and the
// runner-up, and its sentence is what matcher.AppendExplanation writes.
func (p *Plan) Decide(f *matcher.File, t *matcher.Target, res *matcher.Result) {
	f.DecideInto(res, p.Token, t)
	if p.NoRules {
		p.noRules(res)
	}
}

// noRules makes res say that no rules apply to the plan's crawler.
func (p *Plan) noRules(res *matcher.Result) {
	res.Allowed, res.Reason = true, matcher.ReasonNoGroup
	res.Matches, res.Winner, res.RunnerUp = nil, -1, -1
	res.Groups, res.Diagnostics = p.trace, nil
	res.Explanation = p.allowed
}

// unselected is tr with no group selected, summed up by sentence.
func unselected(tr matcher.GroupTrace, sentence string) matcher.GroupTrace {
	agents := make([]matcher.UserAgentMatch, len(tr.Agents))
	for i, a := range tr.Agents {
		a.How, a.Matched = tr.How(a), false
		agents[i] = a
	}
	return matcher.GroupTrace{Token: tr.Token, Agents: agents, Summary: sentence}
}

// Plans works out the plan of every crawler for f.
func Plans(f *matcher.File, cs []Crawler) []Plan {
	out := make([]Plan, len(cs))
	for i, c := range cs {
		out[i] = PlanFor(f, c)
	}
	return out
}

// Bare is the crawler a bare product token stands for when it is not in
// the directory: it obeys that token alone, and the * group, as RFC 9309
// §2.2.1 says; no operator behaviour is assumed.
func Bare(token string) Crawler {
	return Crawler{Name: token, Tokens: []string{token}}
}
