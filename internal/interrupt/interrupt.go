// Package interrupt is the one place the program catches Ctrl-C (SIGINT)
// and SIGTERM. Install catches them from the start of a run, before any
// output file is opened, so a signal never meets a half-made run. What it
// does with one depends on the work in hand:
//
//   - Work that stops at its next look and keeps what it finished (a
//     tournament, a match, a proof, a game) calls Handle: the signal then
//     ends the run's context, the work reports what it has, and the
//     command exits with its own status (130 for Ctrl-C).
//   - Anything else (a command reading its input, printing a board) ends
//     at once, as if it caught nothing: status 130 for Ctrl-C, 143 for
//     SIGTERM.
//
// Once a signal has come, the signals have their default effect again, so
// that a second Ctrl-C ends the program at once.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

var (
	handled atomic.Bool
	holds   atomic.Int32
)

// exit is os.Exit; a variable so that a test can watch it.
var exit = os.Exit

// Install catches Ctrl-C and SIGTERM for the run whose context it returns
// (see the package comment). stop lets them go again.
func Install(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sig:
			signal.Stop(sig)
			if !handled.Load() && holds.Load() == 0 {
				code := 130
				if s == syscall.SIGTERM {
					code = 143
				}
				exit(code)
			}
			cancel()
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sig)
		close(done)
		cancel()
	}
}

// Handle says the work in hand stops when the run's context ends: a
// signal then ends the context instead of the process.
func Handle() { handled.Store(true) }

// Hold says the caller watches for the signals itself for a while (a wait
// for a FIFO's reader or writer, which ends on Ctrl-C with a message of
// its own): until release, a signal does not end the process. A caller
// that catches one calls Handle before it releases, so that the signal it
// reports is not taken for a later one.
func Hold() (release func()) {
	holds.Add(1)
	return func() { holds.Add(-1) }
}
