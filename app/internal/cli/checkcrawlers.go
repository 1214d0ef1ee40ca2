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
	var text crawlerLines
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
		if cc.matrix != nil {
			// Text and CSV give the verdict and its deciding line or
			// sentence alone.
			cc.matrix.Decide(target, shared)
		}
		allowed := true
		text.reset()
		for j := range cc.plans {
			p := &cc.plans[j]
			var res *matcher.Result
			if cc.matrix != nil {
				res = cc.matrix.Explained(j, target, shared[j])
			} else {
				res = p.Evaluate(f, target)
			}
			allowed = allowed && res.Allowed
			if !c.json && cw == nil {
				if _, err := w.Write(text.line(f, p, res)); err != nil {
					return err
				}
				continue
			}
			if err := writeCrawlerResult(w, cw, f, p, res, c.maxMatches); err != nil {
				return err
			}
		}
		t.add(allowed)
	}
	return nil
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
// URL: each is escaped once per URL, not once per crawler.
type crawlerLines struct {
	buf, url []byte
	// whys are the reasons written for the URL so far, by Result.
	results []*matcher.Result
	whys    [][]byte
}

func (c *crawlerLines) reset() {
	c.url, c.results = c.url[:0], c.results[:0]
}

// line is the line of res for p's crawler, valid until the next call.
func (c *crawlerLines) line(f *matcher.File, p *crawler.Plan, res *matcher.Result) []byte {
	if len(c.url) == 0 {
		c.url = escape.AppendText(c.url, res.Target.Input)
	}
	b := append(append(c.buf[:0], res.Verdict()...), '\t')
	b = append(append(b, p.Crawler.Name...), '\t')
	b = append(append(b, c.url...), '\t')
	b = append(append(b, c.why(f, res)...), '\n')
	c.buf = b
	return b
}

// why is res's reason, written once per URL.
func (c *crawlerLines) why(f *matcher.File, res *matcher.Result) []byte {
	for i, r := range c.results {
		if r == res {
			return c.whys[i]
		}
	}
	n := len(c.results)
	if n == len(c.whys) {
		c.whys = append(c.whys, nil)
	}
	c.results, c.whys[n] = append(c.results, res), record.AppendWhy(c.whys[n][:0], f, res, escape.AppendText)
	return c.whys[n]
}
