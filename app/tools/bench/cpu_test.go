package bench

import (
	"testing"
	"time"
)

// A cpuTimer adds the CPU time per operation (cpu-ns/op) to a benchmark's
// wall time. On a machine shared by other work, wall time per operation
// grows with the load while CPU time stays near what the operation costs,
// so the two together tell a slow program from a busy machine.
type cpuTimer struct {
	spent time.Duration
	since time.Duration
}

// start begins a timed stretch, stop ends it.
func (c *cpuTimer) start() { c.since = processCPU() }
func (c *cpuTimer) stop()  { c.spent += processCPU() - c.since }

// report adds the metric once the loop is over (b.N is then the count of
// operations); nothing where the CPU time is unknown.
func (c *cpuTimer) report(b *testing.B) {
	if c.spent > 0 && b.N > 0 {
		b.ReportMetric(float64(c.spent.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
