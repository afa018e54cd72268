package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"chainshot/internal/status"
)

// stdoutFailed gives the exit status and message of a run whose standard
// output failed with werr, the command having returned err. A closed pipe
// ("chainshot tournament ladder | head -3") ends quietly, as Unix tools
// do: the status is the command's own, 0 if it had no report of its own.
// Any other failure is reported once, status 1 or more. A command's own
// report (a status.Error) is kept; any other error is taken to be the
// failed write coming back.
func stdoutFailed(err, werr error) (int, string) {
	code, msg := status.OK, ""
	var ee *status.Error
	if errors.As(err, &ee) {
		code, msg = status.Code(err)
	}
	if errors.Is(werr, syscall.EPIPE) {
		return code, msg
	}
	line := fmt.Sprintf("cannot write standard output: %v", reason(werr))
	if msg != "" {
		line = msg + "\n" + line
	}
	return max(code, status.Failed), line
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
