//go:build unix && !wasm

package cli

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and system,
// on every thread (the garbage collector's workers too): on a shared
// machine the benchmarks' wall time swings with the load, their CPU time
// far less.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
