//go:build !wasm

package cli

import (
	"bytes"
	"errors"
	"io"
	"robots-explorer/matcher"
	"runtime"
	"sync"

	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/urllist"
)

// diff checks the URLs on every core, so that a release of a large site,
// which wants two million evaluations a second, is checked at that rate
// with room to spare (BenchmarkReleaseDiff times one core's). URLs
// travel in batches, each checked on a fork of the Release into a buffer
// of its own; the buffers are written in list order, and at most four
// batches per worker are read and not yet written, so memory stays bounded.

// A diffBatch is a run of the list's URLs and what checking them printed.
type diffBatch struct {
	seq     int
	entries []urllist.Entry
	files   []string
	out     bytes.Buffer
	err     error
}

var errDiffStopped = errors.New("stopped")

// diffURLs reads the URL list and checks every URL on r, writing the pairs
// to out in list order; it returns the list (its counts and problems) and
// the first error.
func diffURLs(c *diffConfig, r *release.Release, stdin io.Reader, stderr io.Writer, out io.Writer) (*urllist.List, error) {
	var t matcher.Target // the list is read in one goroutine
	c.urls.refuse = func(u string) error { return r.Old.File.ReadTargetInto(&t, u) }
	workers := runtime.GOMAXPROCS(0)
	if workers == 1 {
		w := newDiffWriter(c, out, false)
		list, err := c.urls.scan(c.args, stdin, stderr, "diff", func(e urllist.Entry, file string) error { return w.url(r, e, file) })
		if err == nil {
			err = w.finish()
		}
		return list, err
	}
	jobs := make(chan *diffBatch, workers)
	results := make(chan *diffBatch, workers)
	slots := make(chan struct{}, 4*workers)
	done := make(chan struct{})
	var (
		list    *urllist.List
		readErr error
	)
	go func() {
		defer close(jobs)
		b := &diffBatch{}
		send := func() bool {
			select {
			case slots <- struct{}{}:
			case <-done:
				return false
			}
			jobs <- b
			b = &diffBatch{seq: b.seq + 1}
			return true
		}
		list, readErr = c.urls.scan(c.args, stdin, stderr, "diff", func(e urllist.Entry, file string) error {
			b.entries, b.files = append(b.entries, e), append(b.files, file)
			if len(b.entries) == urlBatchSize && !send() {
				return errDiffStopped
			}
			return nil
		})
		if readErr == nil && len(b.entries) > 0 {
			send()
		}
	}()
	forks := make([]*release.Release, workers)
	var wg sync.WaitGroup
	for i := range forks {
		forks[i] = r.Fork()
		wg.Add(1)
		go func(fork *release.Release) {
			defer wg.Done()
			for b := range jobs {
				b.err = checkDiffBatch(c, fork, b)
				results <- b
			}
		}(forks[i])
	}
	go func() { wg.Wait(); close(results) }()
	err := writeDiffBatches(results, slots, done, out)
	for _, f := range forks {
		r.Merge(f)
	}
	if err == nil && readErr != nil {
		err = readErr
	}
	return list, err
}

func checkDiffBatch(c *diffConfig, fork *release.Release, b *diffBatch) error {
	w := newDiffWriter(c, &b.out, false)
	for i, e := range b.entries {
		if err := w.url(fork, e, b.files[i]); err != nil {
			return err
		}
	}
	return w.finish()
}

// writeDiffBatches writes the batches' output in order until the first
// error, then stops the reader and drains the workers.
func writeDiffBatches(results <-chan *diffBatch, slots <-chan struct{}, done chan<- struct{}, out io.Writer) error {
	pending := map[int]*diffBatch{}
	next := 0
	var err error
	for b := range results {
		if err != nil {
			continue // drain
		}
		pending[b.seq] = b
		for b := pending[next]; b != nil; b = pending[next] {
			delete(pending, next)
			next++
			<-slots
			if _, werr := out.Write(b.out.Bytes()); werr != nil && b.err == nil {
				b.err = werr
			}
			if b.err != nil {
				err = b.err
				close(done)
				break
			}
		}
	}
	return err
}
