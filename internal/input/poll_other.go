//go:build !linux

package input

import (
	"os"

	"golang.org/x/term"
)

type unixPollFd struct {
	fd      int32
	events  int16
	revents int16
}

const pollIn = 0x1

// poll reports every FIFO written outside Linux: its read waits as a
// plain read does.
func poll([]unixPollFd, int) (int, error) { return 1, nil }

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
