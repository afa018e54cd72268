package input

import (
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/term"
)

type unixPollFd struct {
	fd      int32
	events  int16
	revents int16
}

const pollIn = 0x1

// poll is poll(2) on fds with a timeout in milliseconds.
func poll(fds []unixPollFd, timeout int) (int, error) {
	n, _, e := syscall.Syscall(syscall.SYS_POLL, uintptr(unsafe.Pointer(&fds[0])), uintptr(len(fds)), uintptr(timeout))
	if e != 0 {
		return 0, e
	}
	return int(n), nil
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
