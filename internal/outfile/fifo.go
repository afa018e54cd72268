package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"chainshot/internal/interrupt"
	"chainshot/internal/termsafe"
)

// ErrInterrupted is the reason of an *Error for an output that was still
// waiting for a reader (a FIFO) when Ctrl-C or SIGTERM came.
var ErrInterrupted = errors.New("interrupted while waiting for a program to read the FIFO")

// interrupted records that a wait for a reader was interrupted (see
// Interrupted).
var interrupted atomic.Bool

// Interrupted reports whether this process stopped waiting for a FIFO's
// reader because of Ctrl-C or SIGTERM: the command then exits as an
// interrupted one.
func Interrupted() bool { return interrupted.Load() }

// notes receives the note that an output waits for a FIFO's reader:
// standard error, where the person at the terminal, the one who can
// start a reader or press Ctrl-C, sees it (the path in it escaped, as
// termsafe escapes every text). A variable so that tests can read it.
var notes io.Writer = os.Stderr

// pollFIFO is how often a FIFO with no reader is tried again.
const pollFIFO = 20 * time.Millisecond

// openWrite opens real (path as the caller gave it) for writing with
// flag. A FIFO with no reader yet is not waited for blindly, in a call
// that no signal ends: it is opened without blocking, again and again
// until a program opens it for reading, with a note on standard error
// saying so; Ctrl-C or SIGTERM ends the wait with ErrInterrupted.
func openWrite(path, real string, flag int, perm fs.FileMode) (*os.File, error) {
	st, err := os.Stat(real)
	if err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(real, flag, perm)
	}
	f, err := os.OpenFile(real, flag|syscall.O_NONBLOCK, perm)
	// Go writes to a FIFO through its poller, without blocking a
	// thread, whether it was opened with O_NONBLOCK or not.
	if !errors.Is(err, syscall.ENXIO) { // ENXIO: no reader yet
		return f, err
	}
	defer interrupt.Hold()()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	fmt.Fprintf(notes, "note: waiting for a program to read the FIFO %s (Ctrl-C stops)\n", termsafe.String(path))
	tick := time.NewTicker(pollFIFO)
	defer tick.Stop()
	for {
		select {
		case <-sig:
			interrupt.Handle() // reported as this command's interruption
			interrupted.Store(true)
			return nil, ErrInterrupted
		case <-tick.C:
		}
		f, err := os.OpenFile(real, flag|syscall.O_NONBLOCK, perm)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
	}
}
