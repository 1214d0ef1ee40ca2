package compare

import "robots-explorer/matcher"

// CompareEach is CompareWith for the URLs urls, with the file parsed
// under one reading at a time: parse(r) reads it under reading r, and
// chosen is the chosen reading. The chosen reading's file is evaluated for
// every URL and let go (a URL it refuses has a nil Comparison and its
// error in the second result); then each other reading's file is evaluated,
// its differences with the chosen reading explained, and let go before
// the next is parsed, so that memory holds one reading's file at a time,
// not all of them: a large file parsed under every reading at once takes
// several times the memory of its parse under one. Only a
// difference to explain needs both files: the chosen one is then parsed
// again and kept for the readings after. The answers are CompareWith's;
// the Comparisons' Files are nil, and Winning gives each deciding line.
// A parse may list only some matches (matcher.ParseOptions.MaxMatches):
// a difference is then explained
// from the two readings evaluated again in full (whole).
// The other readings' Results are kept in brief (see brief), so that what
// stays for the output grows with the URLs, not with their matches and
// diagnostics under every reading; the chosen reading's keep everything
// but the trace of every user-agent line (Groups.Agents), which no
// comparison reads: kept, a trace line for every user-agent line of a
// large file would sit beside every other reading's parse.
func CompareEach(chosen matcher.Reading, parse func(matcher.Reading) *matcher.File, token string, urls []string) ([]*Comparison, []error) {
	out := make([]*Comparison, len(urls))
	own := make([]*matcher.Result, len(urls))
	ownWinning := make([]string, len(urls))
	errs := make([]error, len(urls))
	fc := parse(chosen)
	for i, u := range urls {
		res, err := fc.Evaluate(token, u)
		if errs[i] = err; err == nil {
			out[i], own[i] = &Comparison{}, untraced(res)
			ownWinning[i] = winningText(fc, own[i])
		}
	}
	fc = nil // parsed again only for a difference to explain
	for _, r := range matcher.Readings() {
		if r == chosen {
			for i, c := range out {
				if c != nil {
					c.Results, c.Winning = append(c.Results, own[i]), append(c.Winning, ownWinning[i])
				}
			}
			continue
		}
		f := parse(r)
		// A model of each side per reading, the chosen one's made again
		// each time: kept, it would sit beside the next reading's parse.
		ss := sides{}
		for i, c := range out {
			if c == nil {
				continue
			}
			res := evaluate(f, token, urls[i])
			c.Results, c.Winning = append(c.Results, res), append(c.Winning, winningText(f, res))
			if res.Allowed != own[i].Allowed {
				if fc == nil {
					fc = parse(chosen)
				}
				c.Differences = append(c.Differences, explainDifference(ss, fc, whole(fc, own[i], token), f, whole(f, res, token)))
			}
			c.Results[len(c.Results)-1] = brief(res)
		}
	}
	return out, errs
}

// whole is res, the evaluation of t in f, with every match: evaluated
// again when f keeps only the matches its decision weighs, for an
// explanation, whose sentences name the others.
func whole(f *matcher.File, res *matcher.Result, token string) *matcher.Result {
	if every := f.WithEveryMatch(); every != f && res.Reason != matcher.ReasonNoVerdict {
		return untraced(every.EvaluateTarget(token, res.Target))
	}
	return res
}

// winningText is the text of the line of res's winning rule in f, or "".
func winningText(f *matcher.File, res *matcher.Result) string {
	if w, ok := res.WinningRule(); ok {
		return f.RuleText(w.Rule)
	}
	return ""
}

// untraced is res without the trace of every user-agent line.
func untraced(res *matcher.Result) *matcher.Result {
	u := *res
	u.Groups = u.Groups.WithoutAgents()
	return &u
}

// brief is res without what only an explanation of its own shows: its
// verdict, reason, explanation, path and the summary of its group
// selection stay, Matches holds only the winning rule, and the
// diagnostics, steps, the trace of every user-agent line and the list of
// the applying groups go. The output reads no reading's groups but the
// chosen one's; kept, the list of each other reading, a million groups
// of a file of short lines, would sit beside the last reading's parse.
func brief(res *matcher.Result) *matcher.Result {
	b := untraced(res)
	b.Matches, b.Winner, b.RunnerUp, b.Diagnostics, b.Steps = nil, -1, -1, nil, nil
	b.Groups.Selected = nil
	if w, ok := res.WinningRule(); ok {
		b.Matches, b.Winner = []matcher.Match{w}, 0
	}
	return b
}
