package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
)

// Exit statuses, as the README (Output and exit status) gives them.
const (
	exitOK     = 0 // success
	exitFailed = 1 // the work ran but failed (a result did not verify, a game was lost...)
	exitBad    = 2 // bad usage or bad input
	// exitInterrupted is the status of a command stopped by Ctrl-C after
	// it has shown what it had, as a shell gives a process killed by
	// SIGINT (128 + 2).
	exitInterrupted = 130
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

// interruptedError reports a command stopped by Ctrl-C: exit status 130.
func interruptedError(format string, args ...any) error {
	return &exitError{code: exitInterrupted, msg: fmt.Sprintf(format, args...)}
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

// stdoutFailed gives the exit status and message of a run whose standard
// output failed with werr, the command having returned err. A closed pipe
// ("chainshot tournament ladder | head -3") ends quietly, as Unix tools
// do: the status is the command's own, 0 if it had no report of its own.
// Any other failure is reported once, status 1 or more. A command's own
// report (an exitError) is kept; any other error is taken to be the
// failed write coming back.
func stdoutFailed(err, werr error) (int, string) {
	code, msg := exitOK, ""
	var ee *exitError
	if errors.As(err, &ee) {
		code, msg = exitCode(err)
	}
	if errors.Is(werr, syscall.EPIPE) {
		return code, msg
	}
	line := fmt.Sprintf("cannot write standard output: %v", reason(werr))
	if msg != "" {
		line = msg + "\n" + line
	}
	return max(code, exitFailed), line
}

// reason strips the operation and file from an *fs.PathError ("write
// /dev/stdout: no space left on device" → "no space left on device").
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
