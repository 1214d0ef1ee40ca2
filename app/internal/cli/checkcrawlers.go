//go:build !wasm

package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
	"robots-explorer/matcher/record"
)

// check -crawlers LIST (or -tokens LIST) evaluates every URL for each
// crawler, each with the token chain its operator documents; -csv prints
// one CSV row per URL and crawler (with a TOKEN and no -crawlers, the
// token is the one crawler).

// crawlerCheck is what check keeps for -crawlers, -tokens and -csv.
type crawlerCheck struct {
	crawlers []crawler.Crawler
	plans    []crawler.Plan // of crawlers, on the chosen reading's file
	// matrix evaluates each distinct selection once per URL for text and
	// CSV, which print no token or group trace; nil for -json.
	matrix *crawler.Matrix
	csv    bool
	// chosen says -crawlers or -tokens chose the crawlers, in TOKEN's
	// place; else TOKEN is the one crawler.
	chosen bool
	// own are the reasons of plans whose crawler a shared Result does not
	// explain (ownReason).
	own map[ownKey]*string
	// noRules are the reasons of plans that select no rules
	// (noRulesReason).
	noRules map[ownKey]string
}

// setCrawlers reads -crawlers, -tokens and -csv into c.
func (c *checkConfig) setCrawlers(choice crawlerChoice, asCSV bool) error {
	if !choice.set() && !asCSV {
		return nil
	}
	switch {
	case asCSV && c.json:
		return errors.New("-csv and -json exclude each other")
	case c.record || c.compare:
		return errors.New("-crawlers, -tokens and -csv do not combine with -record or -compare")
	}
	cc := &crawlerCheck{csv: asCSV, chosen: choice.set()}
	var err error
	if choice.set() {
		cc.crawlers, err = choice.resolve("")
	} else {
		// TOKEN as given, as text output checks it: one that is not a
		// product token is warned of (warnToken), not refused.
		cc.crawlers = []crawler.Crawler{crawler.Bare(c.token)}
	}
	c.crawl = cc
	return err
}

// prepareCrawlers works out the plans on the parsed file, says on stderr
// which crawlers the file decides by their operator's documented
// behaviour, and writes the CSV header.
func prepareCrawlers(c *checkConfig, ev *evaluator, w io.Writer, stderr io.Writer) error {
	cc := c.crawl
	cc.plans = crawler.Plans(ev.file(), cc.crawlers)
	if !c.json {
		cc.matrix = crawler.NewMatrix(ev.file(), cc.crawlers)
	}
	for _, p := range cc.plans {
		if p.Fallback || p.NoRules {
			fmt.Fprintf(stderr, "robots-explorer check: note: %s: %s\n", p.Crawler.Name, escape.Text(p.Sentence))
		}
	}
	if !cc.csv {
		return nil
	}
	return (&csvRows{w: w}).write("crawler", "url", "verdict", "line", "rule", "token")
}

// checkCrawlerList evaluates urls for every crawler, in order, writes the
// results and counts each URL in t (disallowed when any crawler is); lines
// are the -urls line numbers, or nil. A URL that cannot be read gets one
// error row.
func checkCrawlerList(c *checkConfig, ev *evaluator, urls []string, lines []int, w io.Writer, t *tally) (err error) {
	cc := c.crawl
	f := ev.file()
	var cw *csvRows
	if cc.csv {
		cw = &csvRows{w: w}
	}
	shared := make([]*matcher.Result, len(cc.plans))
	// lean are the Decisions of the plans, and none the Results of those
	// that select no rules, when the matrix decides without Results.
	lean, none := make([]matcher.Decision, len(cc.plans)), make([]*matcher.Result, len(cc.plans))
	text := crawlerLines{whys: ev.reasons()}
	// One Target for every URL, as ParseTargetInto reuses what it holds
	// (the robots.txt URL of a host seen before): a URL's results are
	// written before the next is read.
	target := new(matcher.Target)
	for i, u := range urls {
		if perr := f.ReadTargetInto(target, u); perr != nil {
			t.unchecked++
			if err := writeUnchecked(w, c, cw, u, c.where(lines, i), perr); err != nil {
				return err
			}
			continue
		}
		if cc.matrix == nil { // -json
			allowed := true
			for j := range cc.plans {
				p := &cc.plans[j]
				res := p.Evaluate(f, target)
				allowed = allowed && res.Allowed
				if err := writeCrawlerResult(w, nil, f, p, res, c.maxMatches); err != nil {
					return err
				}
			}
			t.add(allowed)
			continue
		}
		// Text and CSV give the verdict and its deciding line or
		// sentence alone.
		text.reset()
		if cc.matrix.DecideLean(target, lean) {
			allowed, decided := true, false
			for j := range cc.plans {
				p, d := &cc.plans[j], &lean[j]
				allowed = allowed && d.Allowed
				if d.Rule != nil {
					if err := writeRuleLine(w, cw, &text, f, p, target, d); err != nil {
						return err
					}
					continue
				}
				if p.NoRules {
					if err := writeFixedLine(w, cw, &text, p, target, cc.noRulesReason(f, j, target, none, cw != nil)); err != nil {
						return err
					}
					continue
				}
				// No rule decided: the sentence is the Result's.
				if !decided {
					cc.matrix.Decide(target, shared)
					decided = true
				}
				if err := cc.writeShared(w, cw, &text, f, j, target, shared[j]); err != nil {
					return err
				}
			}
			t.add(allowed)
			continue
		}
		cc.matrix.Decide(target, shared)
		allowed := true
		for j := range cc.plans {
			res := shared[j]
			allowed = allowed && res.Allowed
			if err := cc.writeShared(w, cw, &text, f, j, target, res); err != nil {
				return err
			}
		}
		t.add(allowed)
	}
	return nil
}

// writeShared writes the text line or CSV row of plan j from res, the
// Result it shares (crawler.Matrix.Decide).
func (cc *crawlerCheck) writeShared(w io.Writer, cw *csvRows, text *crawlerLines, f *matcher.File, j int, target *matcher.Target, res *matcher.Result) error {
	p := &cc.plans[j]
	// own is plan j's own sentence where the shared one does not hold
	// for it: the same for every URL.
	var own *string
	if !cc.matrix.Shares(j, res) {
		own = cc.ownReason(f, j, target, res, cw != nil)
	}
	if cw == nil {
		_, err := w.Write(text.line(lineBuffer(w), f, p, res, own))
		return err
	}
	return writeCrawlerCSV(cw, f, p, res, own)
}

// noRulesReason is the reason of plan j, which selects no rules, as its
// line or row gives it: the sentence of its plan alone, the same for every
// URL, so made once (none holds its Result).
func (cc *crawlerCheck) noRulesReason(f *matcher.File, j int, t *matcher.Target, none []*matcher.Result, csv bool) string {
	k := ownKey{j, matcher.ReasonNoGroup, csv}
	if s, ok := cc.noRules[k]; ok {
		return s
	}
	cc.matrix.NoRulesInto(j, t, none)
	res := none[j]
	var s string
	switch {
	case !cc.matrix.Shares(j, res):
		s = *cc.ownReason(f, j, t, res, csv)
	case csv:
		s = string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
	default:
		s = string(record.AppendWhy(nil, f, res, escape.AppendText))
	}
	if cc.noRules == nil {
		cc.noRules = map[ownKey]string{}
	}
	cc.noRules[k] = s
	return s
}

// writeFixedLine writes the allowed line or row of p's crawler, which
// selects no rules, with its reason why.
func writeFixedLine(w io.Writer, cw *csvRows, text *crawlerLines, p *crawler.Plan, target *matcher.Target, why string) error {
	if cw == nil {
		_, err := w.Write(text.fixedLine(lineBuffer(w), p, target, why))
		return err
	}
	return cw.write(p.Crawler.Name, target.Input, "allowed", "", why, p.Token)
}

// writeRuleLine writes the text line or CSV row of p's crawler where the
// rule of d decided, as writeShared writes it from the Result.
func writeRuleLine(w io.Writer, cw *csvRows, text *crawlerLines, f *matcher.File, p *crawler.Plan, target *matcher.Target, d *matcher.Decision) error {
	verdict := "disallowed"
	if d.Allowed {
		verdict = "allowed"
	}
	if cw == nil {
		_, err := w.Write(text.ruleLine(lineBuffer(w), p, target, verdict, d.Rule))
		return err
	}
	fields := [...]string{p.Crawler.Name, target.Input, verdict}
	return cw.writeLine(fields[:], int(d.Rule.Line), f.RuleText(*d.Rule), p.Token)
}

// ownKey names the sentence of one plan's own Result for one reason, as
// text (escaped) or as CSV (raw) prints it.
type ownKey struct {
	plan   int
	reason matcher.Reason
	csv    bool
}

// ownReason is the reason plan j's own Result gives where the Result it
// shares does not hold for it (crawler.Matrix.Shares): evaluated for the
// first URL with each reason, and kept.
func (cc *crawlerCheck) ownReason(f *matcher.File, j int, t *matcher.Target, shared *matcher.Result, csv bool) *string {
	k := ownKey{j, shared.Reason, csv}
	if s, ok := cc.own[k]; ok {
		return s
	}
	res := cc.matrix.Explained(j, t, shared)
	var s string
	if csv {
		s = string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
	} else {
		s = string(record.AppendWhy(nil, f, res, escape.AppendText))
	}
	if cc.own == nil {
		cc.own = map[ownKey]*string{}
	}
	cc.own[k] = &s
	return &s
}

// writeCrawlerCSV writes res's CSV row for p's crawler; own, when not nil,
// is the reason in place of res's (ownReason).
func writeCrawlerCSV(cw *csvRows, f *matcher.File, p *crawler.Plan, res *matcher.Result, own *string) error {
	if own != nil {
		return cw.write(p.Crawler.Name, res.Target.Input, res.Verdict(), "", *own, p.Token)
	}
	return writeCrawlerResult(nil, cw, f, p, res, 0)
}

// crawlerCheckJSON is check -json's object for one URL and crawler.
type crawlerCheckJSON struct {
	Crawler string `json:"crawler"`
	// Chain is the plan's sentence when the crawler's operator's
	// documented behaviour, not its own group, decided.
	Chain string `json:"chain,omitempty"`
	record.Row
}

// writeCrawlerResult writes a CSV row (cw set) or a JSON line.
func writeCrawlerResult(w io.Writer, cw *csvRows, f *matcher.File, p *crawler.Plan, res *matcher.Result, max int) error {
	name := p.Crawler.Name
	switch {
	case cw != nil:
		line, rule := "", ""
		if m, ok := res.WinningRule(); ok {
			line, rule = strconv.Itoa(int(m.Rule.Line)), f.RuleText(m.Rule)
		} else {
			rule = string(matcher.AppendExplanation(nil, f, res, func(b []byte, s string) []byte { return append(b, s...) }))
		}
		return cw.write(name, res.Target.Input, res.Verdict(), line, rule, p.Token)
	default: // -json
		out := crawlerCheckJSON{Crawler: name, Row: record.NewRow(f, res, nil, max)}
		if p.Fallback || p.NoRules {
			out.Chain = p.Sentence
		}
		b, err := jsonLine(out)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
}

// crawlerLines writes the text lines of one URL, "verdict crawler URL
// reason", the reason as check gives it (record.Why). The crawlers that
// share a selection share a Result (crawler.Matrix), and all share the
// URL: each is escaped once per URL, not once per crawler, and the reason
// of a deciding rule once per file (whyCache).
type crawlerLines struct {
	buf, url []byte
	// whys are the reasons of the file's deciding rules.
	whys *whyCache
	// results are the Results whose reason no rule gives written for the
	// URL so far, and sentences those reasons.
	results   []*matcher.Result
	sentences [][]byte
}

func (c *crawlerLines) reset() {
	c.url, c.results = c.url[:0], c.results[:0]
}

// line is the line of res for p's crawler, built in buf (lineBuffer) or,
// when buf is nil, in a buffer valid until the next call; own, when not
// nil, is the reason in place of res's.
func (c *crawlerLines) line(buf []byte, f *matcher.File, p *crawler.Plan, res *matcher.Result, own *string) []byte {
	if len(c.url) == 0 {
		c.url = escape.AppendText(c.url, res.Target.Input)
	}
	kept := buf == nil
	if kept {
		buf = c.buf[:0]
	}
	b := append(append(buf, res.Verdict()...), '\t')
	b = append(append(b, p.Crawler.Name...), '\t')
	b = append(append(b, c.url...), '\t')
	switch {
	case own != nil:
		b = append(b, *own...)
	case res.Winner >= 0:
		b = c.whys.append(b, res)
	default:
		b = append(b, c.sentence(f, res)...)
	}
	b = append(b, '\n')
	if kept {
		c.buf = b
	}
	return b
}

// ruleLine is line's line for p's crawler where rule decided, built in
// buf as line builds it.
func (c *crawlerLines) ruleLine(buf []byte, p *crawler.Plan, t *matcher.Target, verdict string, rule *matcher.Rule) []byte {
	if len(c.url) == 0 {
		c.url = escape.AppendText(c.url, t.Input)
	}
	kept := buf == nil
	if kept {
		buf = c.buf[:0]
	}
	b := append(append(buf, verdict...), '\t')
	b = append(append(b, p.Crawler.Name...), '\t')
	b = append(append(b, c.url...), '\t')
	b = append(c.whys.appendRule(b, rule), '\n')
	if kept {
		c.buf = b
	}
	return b
}

// fixedLine is line's allowed line for p's crawler with its reason why,
// built in buf as line builds it.
func (c *crawlerLines) fixedLine(buf []byte, p *crawler.Plan, t *matcher.Target, why string) []byte {
	if len(c.url) == 0 {
		c.url = escape.AppendText(c.url, t.Input)
	}
	kept := buf == nil
	if kept {
		buf = c.buf[:0]
	}
	b := append(buf, "allowed\t"...)
	b = append(append(b, p.Crawler.Name...), '\t')
	b = append(append(b, c.url...), '\t')
	b = append(append(b, why...), '\n')
	if kept {
		c.buf = b
	}
	return b
}

// sentence is the reason of res, which no rule decided, written once per
// URL.
func (c *crawlerLines) sentence(f *matcher.File, res *matcher.Result) []byte {
	for i, r := range c.results {
		if r == res {
			return c.sentences[i]
		}
	}
	n := len(c.results)
	if n == len(c.sentences) {
		c.sentences = append(c.sentences, nil)
	}
	c.results, c.sentences[n] = append(c.results, res), record.AppendWhy(c.sentences[n][:0], f, res, escape.AppendText)
	return c.sentences[n]
}
