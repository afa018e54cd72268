//go:build !linux

package cpuclock

import "time"

// Thread cannot read a thread's own CPU time outside Linux, where it is
// not at hand through the standard library.
func Thread() (time.Duration, bool) { return 0, false }
