//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used so far, user and system,
// on every thread (the garbage collector's workers too).
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
