//go:build !linux

package chainreact

import (
	"os/exec"
	"time"
)

// ownGroup does nothing outside Linux.
func ownGroup(*exec.Cmd) {}

// groupCPU reports no reading outside Linux.
func groupCPU(int) (time.Duration, bool) { return 0, false }
