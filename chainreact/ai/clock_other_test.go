//go:build !linux

package ai

import "time"

// threadID returns 0: other threads' clocks are read on Linux only.
func threadID() int { return 0 }

// threadCPUOf reports false outside Linux.
func threadCPUOf(int) (time.Duration, bool) { return 0, false }
