package solver

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time, user plus system, that the whole
// process has used so far: every goroutine counts. It is the clock of
// Options.Budget; commands that report a search's CPU time read the same
// clock around Solve.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
