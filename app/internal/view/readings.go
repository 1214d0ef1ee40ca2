package view

import (
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/compare"
	"robots-explorer/matcher/record"
)

// ReadingFiles keeps one source text parsed under each reading that was
// asked for. The explorer parses the chosen reading at once and the others
// later, one per step, for the side-by-side comparison; a new text empties
// the cache, so switching readings or choosing another URL of the same text
// never parses it twice.
type ReadingFiles struct {
	source string
	files  map[matcher.Reading]*matcher.File
}

// File returns source parsed under r, parsing it now if needed. A nil
// cache parses every time (the tests' plain analyses).
func (c *ReadingFiles) File(r matcher.Reading, source string) *matcher.File {
	if c == nil {
		return matcher.Parse(r, []byte(source), matcher.ParseOptions{Text: source})
	}
	c.reset(source)
	f := c.files[r]
	if f == nil {
		f = matcher.Parse(r, []byte(source), matcher.ParseOptions{Text: source})
		c.files[r] = f
	}
	return f
}

func (c *ReadingFiles) reset(source string) {
	if c.files == nil || c.source != source {
		c.source, c.files = source, map[matcher.Reading]*matcher.File{}
	}
}

// Missing names the first reading, in Readings() order, that source has
// not been parsed under yet.
func (c *ReadingFiles) Missing(source string) (matcher.Reading, bool) {
	c.reset(source)
	for _, r := range matcher.Readings() {
		if c.files[r] == nil {
			return r, true
		}
	}
	return "", false
}

// MissingAll names every reading, in Readings() order, that source has
// not been parsed under yet.
func (c *ReadingFiles) MissingAll(source string) []matcher.Reading {
	c.reset(source)
	var out []matcher.Reading
	for _, r := range matcher.Readings() {
		if c.files[r] == nil {
			out = append(out, r)
		}
	}
	return out
}

// Has says whether source has been parsed under r.
func (c *ReadingFiles) Has(r matcher.Reading, source string) bool {
	return c != nil && c.source == source && c.files[r] != nil
}

// Put keeps f, source parsed under r elsewhere (off the UI goroutine).
func (c *ReadingFiles) Put(r matcher.Reading, source string, f *matcher.File) {
	c.reset(source)
	c.files[r] = f
}

// ParseReadings parses source under each reading of rs, calling pause
// between lines (matcher.ParseOptions.Pause), and evaluates token and url
// once under each, so that what an evaluation builds on first use (the
// groups the token chooses, the index of their rules) is built there too,
// not on the goroutine the Files are handed to.
func ParseReadings(rs []matcher.Reading, source, token, url string, pause func()) map[matcher.Reading]*matcher.File {
	out := make(map[matcher.Reading]*matcher.File, len(rs))
	src := []byte(source) // one copy, which the Files share (matcher.ParseOptions.Text)
	for _, r := range rs {
		out[r] = ParsePaced(r, src, source, token, url, pause)
		pause()
	}
	return out
}

// ParsePaced is one reading of ParseReadings, of source held also as the
// bytes src (string(src) == source), which the File keeps as its Source.
func ParsePaced(r matcher.Reading, src []byte, source, token, url string, pause func()) *matcher.File {
	f := matcher.Parse(r, src, matcher.ParseOptions{Pause: pause, Text: source})
	if strings.TrimSpace(token) != "" {
		f.Evaluate(token, url) // an error (a URL that cannot be read) is for the row to show
	}
	return f
}

// All returns source parsed under every reading, in Readings() order (the
// order compare.CompareWith expects), parsing what is missing.
func (c *ReadingFiles) All(source string) []*matcher.File {
	var out []*matcher.File
	for _, r := range matcher.Readings() {
		out = append(out, c.File(r, source))
	}
	return out
}

// A comparison is the chosen URL under every reading, as one compact
// table: a row per reading with its verdict, its deciding line and, for a
// reading that decides otherwise than the chosen one, compare.CompareWith's
// factor and sentence.
type comparison struct {
	Readings []ReadingVerdict
	Disagree bool
}

// A ReadingVerdict is one row: what one reading says about the chosen URL.
type ReadingVerdict struct {
	Reading matcher.Reading
	// Title and Mirrors are matcher.About's: a short label, and the
	// program and version the reading decides as.
	Title, Mirrors string
	Verdict        string
	// Line and LineText are the deciding line; Line is 0 when no rule
	// decided, and Decided then says what did, in a few words.
	Line     int
	LineText string
	Decided  string
	Why      string // the reading's own explanation
	Current  bool
	Differs  bool // from the chosen reading's verdict
	// Factor and Reason say why it differs from the chosen reading.
	Factor compare.Factor
	Reason string
}

// CompareURL evaluates token and url under every reading of files (one per
// reading, in Readings() order) and explains each difference from the
// chosen reading. It returns nil when the URL cannot be read or when there
// is one reading only.
func CompareURL(files []*matcher.File, chosen matcher.Reading, token, url string) *comparison {
	if len(files) < 2 {
		return nil
	}
	cmp, err := compare.CompareWith(files, chosen, token, url)
	if err != nil {
		return nil
	}
	return ComparisonRows(cmp, chosen)
}

// ComparisonRows makes the table of a comparison made with
// compare.CompareWith for the chosen reading: the page and check -compare
// show the same rows.
func ComparisonRows(cmp *compare.Comparison, chosen matcher.Reading) *comparison {
	out := &comparison{Disagree: !cmp.Agree()}
	withChosen := map[matcher.Reading]compare.Difference{}
	for _, d := range cmp.Differences {
		withChosen[d.B] = d
	}
	for i, res := range cmp.Results {
		about := matcher.About(res.Reading)
		v := ReadingVerdict{Reading: res.Reading, Title: about.Title, Mirrors: about.Mirrors, Verdict: res.Verdict(),
			Why: res.Explanation, Current: res.Reading == chosen, Decided: readingDecidedBy(res)}
		if w, ok := res.WinningRule(); ok && i < len(cmp.Winning) {
			v.Line, v.LineText, v.Decided = int(w.Rule.Line), cmp.Winning[i], ""
		}
		if d, ok := withChosen[res.Reading]; ok {
			v.Differs, v.Factor, v.Reason = true, d.Factor, d.Sentence
		}
		out.Readings = append(out.Readings, v)
	}
	return out
}

// readingDecidedBy says in a few words what decided when no rule did.
func readingDecidedBy(res *matcher.Result) string {
	switch res.Reason {
	case matcher.ReasonRobotsTxt:
		return "/robots.txt is always allowed"
	case matcher.ReasonNoGroup:
		return "no group applies"
	case matcher.ReasonNoMatch:
		return "no rule matches"
	case matcher.ReasonRaises:
		return "no verdict (the program fails)"
	case matcher.ReasonCrawlDelay:
		return "Crawl-delay over the limit"
	case matcher.ReasonNotRobots:
		return "not a robots.txt file"
	}
	return string(res.Reason)
}

// Deciding is the deciding-line cell as text: "line 3: Disallow: /a", or
// what decided.
func (v ReadingVerdict) Deciding() string {
	if v.Line == 0 {
		return v.Decided
	}
	return record.DecidingLine(v.Line, v.LineText)
}

// Difference is the why-it-differs cell as text.
func (v ReadingVerdict) Difference() string {
	switch {
	case v.Current:
		return "the chosen reading"
	case !v.Differs:
		return "agrees"
	}
	return string(v.Factor) + ": " + v.Reason
}
