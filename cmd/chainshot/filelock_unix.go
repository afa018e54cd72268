//go:build unix

package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// lockFile takes an exclusive lock on the open file f for as long as the
// process keeps it open (the kernel drops it when the process ends, even
// by kill -9, so no lock outlives its run). If another process holds it,
// the error says which, where the system tells.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		return nil
	}
	if err != syscall.EWOULDBLOCK {
		return err
	}
	if pid := lockHolder(f); pid != "" {
		return fmt.Errorf("another run (process %s) is writing it", pid)
	}
	return fmt.Errorf("another run is writing it")
}

// lockHolder returns the process that holds a flock on f, from
// /proc/locks, or "".
func lockHolder(f *os.File) string {
	st, err := f.Stat()
	if err != nil {
		return ""
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	data, err := os.ReadFile("/proc/locks")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		// 1: FLOCK  ADVISORY  WRITE 12345 00:2e:1234567 0 EOF
		fields := strings.Fields(line)
		if len(fields) < 6 || fields[1] != "FLOCK" {
			continue
		}
		dev := strings.Split(fields[5], ":")
		if len(dev) == 3 && dev[2] == fmt.Sprint(sys.Ino) && fields[4] != fmt.Sprint(os.Getpid()) {
			return fields[4]
		}
	}
	return ""
}
