//go:build !linux

package chainreact

import "time"

// threadCPU returns the CPU time of the whole process outside Linux,
// where a thread's own clock is not at hand through the standard library.
func threadCPU() time.Duration { return processCPU() }
