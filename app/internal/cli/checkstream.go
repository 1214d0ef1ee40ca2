//go:build !wasm

package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"robots-explorer/matcher"
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

// checkURLs checks every URL (the arguments, then the -urls file streamed)
// in order on one goroutine and writes the results to w as it goes: the
// rule index makes a URL cheap, and one goroutine needs no reordering and
// lets the File's per-token caches go without locks. Memory stays bounded
// whatever the number of URLs: one batch is held at a time. It returns
// whether any URL was disallowed, and the first error (a URL that cannot
// be read, or the -urls file), after writing the results of the URLs
// before it.
func checkURLs(c *checkConfig, ev *evaluator, stdin io.Reader, w io.Writer) (disallowed bool, err error) {
	if c.urls == "" && len(c.args) <= urlBatchSize {
		return checkList(c, ev, c.args, nil, w)
	}
	readErr := readURLBatches(c, stdin, func(b *urlBatch) bool {
		var d bool
		d, err = checkList(c, ev, b.urls, b.lines, w)
		disallowed = disallowed || d
		return err == nil
	})
	if err != nil {
		return disallowed, err
	}
	return disallowed, readErr
}

// checkList evaluates urls in order and writes their results to w,
// stopping at the first that cannot be read. lines are their -urls line
// numbers, or nil for URLs given as arguments.
func checkList(c *checkConfig, ev *evaluator, urls []string, lines []int, w io.Writer) (disallowed bool, err error) {
	if c.crawl != nil {
		return checkCrawlerList(c, ev, urls, lines, w)
	}
	if ev.each {
		return checkEach(c, ev, urls, w)
	}
	for i, u := range urls {
		res, cmp, err := ev.evaluate(c.token, u)
		if err == nil {
			err = writeResult(w, ev.file(), res, cmp, c.json)
		}
		if err != nil {
			if lines != nil && !errors.As(err, new(writeError)) {
				err = fmt.Errorf("%s:%d: %w", c.urls, lines[i], err)
			}
			return disallowed, err
		}
		disallowed = disallowed || !res.Allowed
	}
	return disallowed, nil
}

// checkEach is checkList for -compare of the URLs on the command line:
// every reading is parsed once for all of them, one at a time.
func checkEach(c *checkConfig, ev *evaluator, urls []string, w io.Writer) (disallowed bool, err error) {
	cmps, evalErr := ev.compareEach(c.token, urls)
	for _, cmp := range cmps {
		res := cmp.Results[slices.IndexFunc(cmp.Results, func(r *matcher.Result) bool { return r.Reading == c.reading })]
		if err := writeResult(w, ev.file(), res, cmp, c.json); err != nil {
			return disallowed, err
		}
		disallowed = disallowed || !res.Allowed
	}
	return disallowed, evalErr
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
	b := &urlBatch{}
	n := 1
	for ; sc.Scan(); n++ {
		b.urls = append(b.urls, strings.TrimRight(sc.Text(), "\r"))
		b.lines = append(b.lines, n)
		if len(b.urls) == urlBatchSize {
			if !emit(b) {
				return nil
			}
			b = &urlBatch{}
		}
	}
	if len(b.urls) > 0 && !emit(b) {
		return nil
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("%s:%d: the line is longer than %s, the most a -urls line may hold", c.urls, n, sizeWords(maxURLLine))
	}
	return sc.Err()
}
