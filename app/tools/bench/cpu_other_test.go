//go:build !unix

package bench

import "time"

// processCPU is unknown here; cpuTimer then reports nothing.
func processCPU() time.Duration { return 0 }
