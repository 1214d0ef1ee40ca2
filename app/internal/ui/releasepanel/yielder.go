package releasepanel

import "robots-explorer/app/internal/browser"

// A yielder runs work in slices, each in a browser task of its own
// (browser.NextTask), so that input and frames come between two slices;
// a slice posted replaces one not yet run, and stop drops it.
type yielder struct{ slice func() }

// post runs slice in a task of its own, soon.
func (y *yielder) post(slice func()) {
	y.slice = slice
	browser.NextTask(func() {
		if s := y.slice; s != nil {
			y.slice = nil
			s()
		}
	})
}

// stop drops a slice not yet run.
func (y *yielder) stop() { y.slice = nil }
