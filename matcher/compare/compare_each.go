package compare

import "robots-explorer/matcher"

// CompareEach is CompareWith for the URLs targets, with the file parsed
// under one reading at a time: chosen is the file under the chosen
// reading, and parse(r) reads it under reading r. Each other reading's
// file is evaluated for every target, its differences with the chosen
// reading explained, and then let go before the next is parsed, so that
// memory holds two readings' files, not all of them (a 100 MiB file
// under every reading at once took 6.7 GB). The answers are CompareWith's;
// the Comparisons' Files are nil, and Winning gives each deciding line.
// The other readings' Results are kept in brief (see brief), so that what
// stays for the output grows with the URLs, not with their matches and
// diagnostics under every reading.
func CompareEach(chosen *matcher.File, parse func(matcher.Reading) *matcher.File, token string, targets []*matcher.Target) []*Comparison {
	out := make([]*Comparison, len(targets))
	own := make([]*matcher.Result, len(targets))
	for i, t := range targets {
		out[i], own[i] = &Comparison{}, chosen.EvaluateTarget(token, t)
	}
	for _, r := range matcher.Readings() {
		f := chosen
		if r != chosen.Reading {
			f = parse(r)
		}
		// A model of each side per reading, the chosen one's made again
		// each time: kept, it would sit beside the next reading's parse.
		ss := sides{}
		for i, t := range targets {
			res := own[i]
			if f != chosen {
				res = f.EvaluateTarget(token, t)
			}
			c := out[i]
			c.Results, c.Winning = append(c.Results, res), append(c.Winning, winningText(f, res))
			if res.Allowed != own[i].Allowed {
				c.Differences = append(c.Differences, explainDifference(ss, chosen, own[i], f, res))
			}
			if f != chosen {
				c.Results[len(c.Results)-1] = brief(res)
			}
		}
	}
	return out
}

// winningText is the text of the line of res's winning rule in f, or "".
func winningText(f *matcher.File, res *matcher.Result) string {
	if w, ok := res.WinningRule(); ok {
		return f.Text(int(w.Rule.Line))
	}
	return ""
}

// brief is res without what only an explanation of its own shows: its
// verdict, reason, explanation, path and applying groups stay, Matches
// holds only the winning rule, and the diagnostics, steps and the trace
// of every user-agent line go.
func brief(res *matcher.Result) *matcher.Result {
	b := *res
	b.Matches, b.Winner, b.RunnerUp, b.Diagnostics, b.Steps = nil, -1, -1, nil, nil
	b.Groups.Agents = nil
	if w, ok := res.WinningRule(); ok {
		b.Matches, b.Winner = []matcher.Match{w}, 0
	}
	return &b
}
