//go:build !linux

package engine

import (
	"os"
	"time"
)

// treeCPU reports no reading outside Linux.
func treeCPU(int) (time.Duration, bool) { return 0, false }

// killTree kills process pid (outside Linux, not the processes below it).
func killTree(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
