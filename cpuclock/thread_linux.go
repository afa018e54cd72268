package cpuclock

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread returns the CPU time the calling thread has used
// (CLOCK_THREAD_CPUTIME_ID) and true, or false where it cannot be read.
// The caller locks its goroutine to the thread (runtime.LockOSThread) for
// as long as it compares readings.
func Thread() (time.Duration, bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	// clock_gettime on a CPU clock never blocks: a raw system call
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
