//go:build !wasm

package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"robots-explorer/matcher"
	"robots-explorer/matcher/escape"
)

// urlBatchSize is how many URLs are read before they are checked: the
// batch held stays small whatever the number of URLs.
const urlBatchSize = 1024

// maxURLLine bounds one line of a -urls file: no URL is that long, and a
// file without line ends (or /dev/zero) must not be read whole as one.
const maxURLLine = 16 << 20

// A urlBatch is a run of URLs in input order.
type urlBatch struct {
	urls []string
	// lines are the -urls file's line numbers of urls, or nil for URLs
	// given as arguments (their errors carry no position).
	lines []int
}

// A tally counts a check's URLs by what became of them.
type tally struct {
	checked, disallowed int
	// unchecked are the URLs that could not be read: each has an error
	// row, and the check goes on.
	unchecked int
}

func (t *tally) add(allowed bool) {
	t.checked++
	if !allowed {
		t.disallowed++
	}
}

// checkURLs checks every URL (the arguments, then the -urls file streamed)
// in order on one goroutine and writes the results to w as it goes: the
// rule index makes a URL cheap, and one goroutine needs no reordering and
// lets the File's per-token caches go without locks. Memory stays bounded
// whatever the number of URLs: one batch is held at a time. A URL that
// cannot be read gets an error row, and the check goes on; the error
// returned is the output's or the -urls file's.
func checkURLs(c *checkConfig, ev *evaluator, stdin io.Reader, w io.Writer) (t tally, err error) {
	if c.urls == "" && len(c.args) <= urlBatchSize {
		return t, checkList(c, ev, c.args, nil, w, &t)
	}
	readErr := readURLBatches(c, stdin, func(b *urlBatch) bool {
		err = checkList(c, ev, b.urls, b.lines, w, &t)
		return err == nil
	})
	if err != nil {
		return t, err
	}
	return t, readErr
}

// checkList evaluates urls in order, writes their results to w and counts
// them in t. lines are their -urls line numbers, or nil for URLs given as
// arguments.
func checkList(c *checkConfig, ev *evaluator, urls []string, lines []int, w io.Writer, t *tally) error {
	if c.crawl != nil {
		return checkCrawlerList(c, ev, urls, lines, w, t)
	}
	if ev.each {
		return checkEach(c, ev, urls, w, t)
	}
	var whys *whyCache
	if !c.json {
		whys = ev.reasons()
	}
	for i, u := range urls {
		if whys != nil && ev.brief && len(ev.files) == 1 {
			// Text of one file: a verdict a rule decided needs no Result.
			if err := ev.readTarget(u); err != nil {
				t.unchecked++
				if err := writeUnchecked(w, c, nil, u, c.where(lines, i), err); err != nil {
					return err
				}
				continue
			}
			if d := ev.decideLean(c.token); d != nil {
				t.add(d.Allowed)
				if _, err := w.Write(appendRuleResult(lineBuffer(w), &ev.target, d, whys)); err != nil {
					return wrapWrite(err)
				}
				continue
			}
			res := ev.decideRead(c.token)
			t.add(res.Allowed)
			if err := writeResultWhy(w, ev.file(), res, nil, c, ev.scope, whys); err != nil {
				return err
			}
			continue
		}
		res, cmp, err := ev.evaluate(c.token, u)
		if err != nil {
			t.unchecked++
			err = writeUnchecked(w, c, nil, u, c.where(lines, i), err)
		} else {
			t.add(res.Allowed)
			err = writeResultWhy(w, ev.file(), res, cmp, c, ev.scope, whys)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// where is the -urls file and line of the i-th of a batch's URLs, or ""
// for a URL given as an argument.
func (c *checkConfig) where(lines []int, i int) string {
	if lines == nil {
		return ""
	}
	return c.urls + ":" + strconv.Itoa(lines[i])
}

// checkEach is checkList for -compare of the URLs on the command line:
// every reading is parsed once for all of them, one at a time.
func checkEach(c *checkConfig, ev *evaluator, urls []string, w io.Writer, t *tally) error {
	cmps, errs := ev.compareEach(c.token, urls)
	for i, u := range urls {
		if errs[i] != nil {
			t.unchecked++
			if err := writeUnchecked(w, c, nil, u, "", errs[i]); err != nil {
				return err
			}
			continue
		}
		cmp := cmps[0]
		cmps = cmps[1:]
		res := cmp.Results[slices.IndexFunc(cmp.Results, func(r *matcher.Result) bool { return r.Reading == c.reading })]
		t.add(res.Allowed)
		if err := writeResult(w, ev.file(), res, cmp, c, ev.scope); err != nil {
			return err
		}
	}
	return nil
}

// uncheckedJSON is -json's object for a URL that could not be read.
type uncheckedJSON struct {
	Verdict string `json:"verdict"` // "error"
	URL     string `json:"url"`
	Source  string `json:"source,omitempty"` // the -urls file and line
	Error   string `json:"error"`
}

// writeUnchecked writes the row of a URL that could not be read, read at
// where (a -urls file's FILE:LINE, or ""): verdict error, the URL and the
// reason, in the form of the other rows (cw set for -csv).
func writeUnchecked(w io.Writer, c *checkConfig, cw *csvRows, u, where string, cause error) error {
	reason := cause.Error()
	if c.json {
		b, err := jsonLine(uncheckedJSON{Verdict: "error", URL: u, Source: where, Error: reason})
		if err == nil {
			_, err = w.Write(b)
		}
		return wrapWrite(err)
	}
	if where != "" {
		reason = where + ": " + reason
	}
	if cw != nil {
		return cw.write("", u, "error", "", reason, "")
	}
	b := append(lineBuffer(w), "error\t"...)
	if c.crawl != nil {
		b = append(b, '\t') // no crawler
	}
	b = escape.AppendText(b, u)
	b = append(b, '\t')
	b = append(escape.AppendText(b, reason), '\n')
	_, err := w.Write(b)
	return wrapWrite(err)
}

// A lineBatch gathers the lines of a -urls file into one urlBatch: their
// bytes are copied into one buffer and made one string, which each URL
// slices, instead of a string per line (a million lines would be a
// million allocations). Its slices are reused from batch to batch.
type lineBatch struct {
	text  []byte
	ends  []int // of each line in text
	lines []int
	b     urlBatch
}

func (lb *lineBatch) add(line []byte, n int) {
	lb.text = append(lb.text, line...)
	lb.ends = append(lb.ends, len(lb.text))
	lb.lines = append(lb.lines, n)
}

func (lb *lineBatch) len() int { return len(lb.ends) }

// batch returns the lines added since the last batch, and starts anew. The
// batch is valid until the next call: emit checks it before it returns.
func (lb *lineBatch) batch() *urlBatch {
	text := string(lb.text)
	lb.b.urls, lb.b.lines = lb.b.urls[:0], append(lb.b.lines[:0], lb.lines...)
	start := 0
	for _, end := range lb.ends {
		lb.b.urls = append(lb.b.urls, text[start:end])
		start = end
	}
	lb.text, lb.ends, lb.lines = lb.text[:0], lb.ends[:0], lb.lines[:0]
	return &lb.b
}

// readURLBatches hands emit the URLs of the command line, then those of
// the -urls file read line by line, in batches, until emit returns false.
func readURLBatches(c *checkConfig, stdin io.Reader, emit func(*urlBatch) bool) error {
	for i := 0; i < len(c.args); i += urlBatchSize {
		b := &urlBatch{urls: c.args[i:min(i+urlBatchSize, len(c.args))]}
		if !emit(b) {
			return nil
		}
	}
	if c.urls == "" {
		return nil
	}
	r := stdin
	if c.urls != "-" {
		fh, err := os.Open(c.urls)
		if err != nil {
			return err
		}
		defer fh.Close()
		r = fh
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxURLLine)
	var lb lineBatch
	n := 1
	for ; sc.Scan(); n++ {
		lb.add(bytes.TrimRight(sc.Bytes(), "\r"), n)
		if lb.len() == urlBatchSize {
			if !emit(lb.batch()) {
				return nil
			}
		}
	}
	if lb.len() > 0 && !emit(lb.batch()) {
		return nil
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("%s:%d: the line is longer than %s, the most a -urls line may hold", c.urls, n, sizeWords(maxURLLine))
	}
	return sc.Err()
}
