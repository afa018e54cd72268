// Package cpuclock reads the CPU-time clocks that every budget and time
// limit of chainshot is measured on: the whole process's (Process), the
// clock of a ChainShot --budget and of a Chain Reaction proof, and the
// calling thread's (Thread), the clock of a Chain Reaction player's
// time=T, so that two players of one process are not charged for each
// other's work.
//
// It is the one place that asks the system for CPU time; the standard
// library only.
package cpuclock

import (
	"syscall"
	"time"
)

// Process returns the CPU time, user plus system, that the whole process
// has used so far: every goroutine counts.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Budget returns the clock a budget is counted on, reading the time
// since the call: the process's CPU time (Process), or with wall the
// wall-clock time. Every --budget and --wall reads its time from it.
func Budget(wall bool) func() time.Duration {
	if wall {
		t0 := time.Now()
		return func() time.Duration { return time.Since(t0) }
	}
	c0 := Process()
	return func() time.Duration { return Process() - c0 }
}

// ThreadOrProcess returns Thread's reading, or the whole process's CPU
// time where the thread's cannot be read.
func ThreadOrProcess() time.Duration {
	if d, ok := Thread(); ok {
		return d
	}
	return Process()
}
