//go:build !linux

package engine

import "time"

// treeCPU reports no reading outside Linux.
func treeCPU(int) (time.Duration, bool) { return 0, false }
