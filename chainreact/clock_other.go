//go:build !linux

package chainreact

import "time"

// ThreadCPU cannot read a thread's own CPU time outside Linux, where it
// is not at hand through the standard library.
func ThreadCPU() (time.Duration, bool) { return 0, false }

// threadCPU returns the CPU time of the whole process outside Linux.
func threadCPU() time.Duration { return processCPU() }
