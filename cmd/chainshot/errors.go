package main

import (
	"errors"
	"fmt"
)

// Exit statuses, as DESIGN.md fixes them.
const (
	exitOK     = 0 // success
	exitFailed = 1 // the work ran but failed (a result did not verify, a game was lost...)
	exitBad    = 2 // bad usage or bad input
)

// exitError carries an exit status with a message. Commands return it
// instead of calling os.Exit, so that defers run and nothing written is lost.
type exitError struct {
	code int
	msg  string
	// quiet means the command has already told the user; print nothing more.
	quiet bool
}

func (e *exitError) Error() string { return e.msg }

// badInput reports bad usage or bad input: exit status 2.
func badInput(format string, args ...any) error {
	return &exitError{code: exitBad, msg: fmt.Sprintf(format, args...)}
}

// failed reports work that ran and failed: exit status 1.
func failed(format string, args ...any) error {
	return &exitError{code: exitFailed, msg: fmt.Sprintf(format, args...)}
}

// failedQuietly is exit status 1 after the command printed its own report.
func failedQuietly() error { return &exitError{code: exitFailed, quiet: true} }

// exitCode maps an error from a command to the process exit status.
// Errors that are not exitError are treated as bad input (status 2): the
// domain packages only return errors for input they cannot take.
func exitCode(err error) (int, string) {
	if err == nil {
		return exitOK, ""
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.quiet {
			return ee.code, ""
		}
		return ee.code, ee.msg
	}
	return exitBad, err.Error()
}
