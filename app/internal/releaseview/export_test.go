package releaseview

import (
	"bytes"
	"testing"
)

// An export written a row or three at a time is the same file as one
// written at once, in both formats, and says how far it got.
func TestExportInSteps(t *testing.T) {
	v := testRun(t, 5).View(Filter{Unchanged: true})
	for _, f := range []Format{CSV, JSON} {
		for _, n := range []int{1, 3} {
			e := v.Export(f)
			var out bytes.Buffer
			steps := 0
			for !e.Step(n) {
				out.Write(e.Take())
				if done, total := e.Progress(); done != min((steps+1)*n, total) || total != v.Len() {
					t.Fatalf("%s by %d: progress %d of %d after %d steps", f, n, done, total, steps+1)
				}
				steps++
			}
			out.Write(e.Take())
			if want := (v.Len() + n - 1) / n; steps+1 != want {
				t.Errorf("%s by %d: %d steps for %d rows, want %d", f, n, steps+1, v.Len(), want)
			}
			if whole := v.all(f); out.String() != whole {
				t.Errorf("%s by %d:\n%s\nat once:\n%s", f, n, out.String(), whole)
			}
			if !e.Step(n) || len(e.Take()) != 0 {
				t.Errorf("%s: a step after the end writes more", f)
			}
		}
	}
}
