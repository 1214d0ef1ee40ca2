//go:build !unix && !wasm

package cli

import "time"

// processCPU is unknown here; the benchmarks then report no CPU figure.
func processCPU() time.Duration { return 0 }
