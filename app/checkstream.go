//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
)

// urlBatchSize is how many URLs travel together: large enough that handing
// a batch between goroutines costs little per URL, small enough that the
// batches in flight stay a few megabytes.
const urlBatchSize = 1024

// maxURLLine bounds one line of a -urls file: no URL is that long, and a
// file without line ends (or /dev/zero) must not be read whole as one.
const maxURLLine = 16 << 20

// A urlBatch is a run of URLs in input order with what checking them wrote.
type urlBatch struct {
	seq  int
	urls []string
	// lines are the -urls file's line numbers of urls, or nil for URLs
	// given as arguments (their errors carry no position).
	lines      []int
	out        bytes.Buffer
	disallowed bool
	err        error // the first URL that could not be read; out holds those before it
}

// checkURLs checks every URL (the arguments, then the -urls file streamed)
// on every core and writes the results to w in input order. Memory stays
// bounded whatever the number of URLs: at most 4 batches per worker are
// read and not yet written. It returns whether any URL was disallowed, and
// the first error (a URL that cannot be read, or the -urls file), after
// writing the results of the URLs before it.
func checkURLs(c *checkConfig, ev *evaluator, stdin io.Reader, w io.Writer) (disallowed bool, err error) {
	if c.urls == "" && len(c.args) <= urlBatchSize {
		return checkList(c, ev, c.args, nil, w)
	}
	workers := runtime.GOMAXPROCS(0)
	jobs := make(chan *urlBatch, workers)
	results := make(chan *urlBatch, workers)
	slots := make(chan struct{}, 4*workers) // batches read and not yet written
	done := make(chan struct{})             // closed when the writer stops early
	var readErr error                       // set by the reader before it closes jobs
	go func() {
		defer close(jobs)
		readErr = readURLBatches(c, stdin, func(b *urlBatch) bool {
			select {
			case slots <- struct{}{}:
			case <-done:
				return false
			}
			jobs <- b
			return true
		})
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				checkBatch(c, ev, b)
				results <- b
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	pending := map[int]*urlBatch{}
	next := 0
	for b := range results {
		pending[b.seq] = b
		for b := pending[next]; b != nil && err == nil; b = pending[next] {
			delete(pending, next)
			next++
			<-slots
			disallowed = disallowed || b.disallowed
			if _, werr := w.Write(b.out.Bytes()); werr != nil && b.err == nil {
				b.err = writeError{werr}
			}
			if b.err != nil {
				err = b.err
				close(done)
			}
		}
		if err != nil {
			// Drain: the reader stops at done and the workers finish
			// what they hold.
			for range results {
			}
			return disallowed, err
		}
	}
	return disallowed, readErr
}

// checkBatch evaluates the batch's URLs in order into its buffer.
func checkBatch(c *checkConfig, ev *evaluator, b *urlBatch) {
	b.disallowed, b.err = checkList(c, ev, b.urls, b.lines, &b.out)
}

// checkList evaluates urls in order and writes their results to w,
// stopping at the first that cannot be read. lines are their -urls line
// numbers, or nil for URLs given as arguments.
//
// URLs on the command line that fit in one batch, as most checks are (one
// URL), are checked this way on the calling goroutine, straight into the
// output: one batch would keep one worker busy anyway, and starting the
// others wakes threads the process then only pays for at start and exit.
func checkList(c *checkConfig, ev *evaluator, urls []string, lines []int, w io.Writer) (disallowed bool, err error) {
	if c.crawl != nil {
		return checkCrawlerList(c, ev, urls, lines, w)
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

// readURLBatches hands emit the URLs of the command line, then those of
// the -urls file read line by line, in batches, until emit returns false.
func readURLBatches(c *checkConfig, stdin io.Reader, emit func(*urlBatch) bool) error {
	seq := 0
	for i := 0; i < len(c.args); i += urlBatchSize {
		b := &urlBatch{seq: seq, urls: c.args[i:min(i+urlBatchSize, len(c.args))]}
		seq++
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
	b := &urlBatch{seq: seq}
	n := 1
	for ; sc.Scan(); n++ {
		b.urls = append(b.urls, strings.TrimRight(sc.Text(), "\r"))
		b.lines = append(b.lines, n)
		if len(b.urls) == urlBatchSize {
			if !emit(b) {
				return nil
			}
			seq++
			b = &urlBatch{seq: seq}
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
