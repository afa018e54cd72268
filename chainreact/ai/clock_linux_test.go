package ai

import (
	"syscall"
	"time"
	"unsafe"
)

// threadID returns the calling thread's id; the caller is locked to it.
func threadID() int { return syscall.Gettid() }

// threadCPUOf returns the CPU time thread tid of this process has used,
// read from another thread (a thread's CPU clock, as
// pthread_getcpuclockid makes it: (^tid << 3) | CPUCLOCK_SCHED |
// CPUCLOCK_PERTHREAD).
func threadCPUOf(tid int) (time.Duration, bool) {
	id := int32(^uint32(tid)<<3 | 2 | 4)
	var ts syscall.Timespec
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, uintptr(id), uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
