// Package status holds the program's exit statuses and the errors that
// carry them: the command layer's packages return these errors instead
// of exiting, so that defers run and nothing written is lost, and the
// command maps them to the process's exit status with Code.
//
//	0   done
//	1   the work ran and failed (a result did not verify, a write failed)
//	2   bad usage or bad input: nothing was run, or it stopped before any
//	    work on a defect in what it was given
//	130 stopped by Ctrl-C (or SIGTERM), after showing what it had
package status

import (
	"errors"
	"fmt"

	"chainshot/internal/input"
	"chainshot/internal/outfile"
)

// The exit statuses.
const (
	OK          = 0
	Failed      = 1
	Bad         = 2
	Interrupted = 130
)

// Error carries an exit status with its message.
type Error struct {
	Code int
	Msg  string
	// Quiet means the command has told the user already: print nothing.
	Quiet bool
}

func (e *Error) Error() string { return e.Msg }

// BadInput is bad usage or bad input: status 2; or, when one of args is
// an input or output that Ctrl-C stopped while it waited for a FIFO, 130.
func BadInput(format string, args ...any) error {
	code := Bad
	if interrupted(args) {
		code = Interrupted
	}
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// interrupted reports whether one of args is an error that ends in a
// wait for a FIFO stopped by Ctrl-C or SIGTERM.
func interrupted(args []any) bool {
	for _, a := range args {
		if err, ok := a.(error); ok && (errors.Is(err, input.ErrInterrupted) || errors.Is(err, outfile.ErrInterrupted)) {
			return true
		}
	}
	return false
}

// Fail is work that ran and failed: status 1.
func Fail(format string, args ...any) error {
	return &Error{Code: Failed, Msg: fmt.Sprintf(format, args...)}
}

// Interrupt is a command stopped by Ctrl-C: status 130.
func Interrupt(format string, args ...any) error {
	return &Error{Code: Interrupted, Msg: fmt.Sprintf(format, args...)}
}

// Quiet is status code after the command printed its own report.
func Quiet(code int) error { return &Error{Code: code, Quiet: true} }

// Code maps an error of a command to the exit status and the message to
// print. Errors that carry no status are bad input (2): the packages
// below return errors only for input they cannot take; an interrupted
// wait for a FIFO is 130.
func Code(err error) (int, string) {
	if err == nil {
		return OK, ""
	}
	var e *Error
	if errors.As(err, &e) {
		if e.Quiet {
			return e.Code, ""
		}
		return e.Code, e.Msg
	}
	if errors.Is(err, input.ErrInterrupted) || errors.Is(err, outfile.ErrInterrupted) {
		return Interrupted, err.Error()
	}
	return Bad, err.Error()
}

// Is reports whether err carries status code.
func Is(err error, code int) bool {
	c, _ := Code(err)
	return err != nil && c == code
}
