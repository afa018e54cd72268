package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// printf writes to w, ignoring errors: the streams are the terminal or a
// pipe, and a failed write there has nowhere better to be reported.
func printf(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, format, args...)
}

// streams are the process's standard streams, injected so tests can run
// the whole app in-process.
type streams struct {
	in io.Reader
	// out is standard output; it remembers its first write error (see
	// stdout).
	out *outStream
	err io.Writer
	// args are the command line as given, for messages that name a flag
	// as it was typed.
	args []string
	// cmd is the path of the command running ("chainshot react play"),
	// which starts every error message.
	cmd string
	// outTTY and errTTY say whether stdout and stderr are terminals.
	outTTY, errTTY bool
	// color says whether to print ANSI colours on stdout.
	color bool
	// locks are the results files the run holds.
	locks resultsLocks
}

// stdoutFile returns standard output as an open file, or nil when it is
// not one (a test's buffer). A writer that passes every byte on to a file
// unchanged says so with a File method (the test scripts' message log).
func (s *streams) stdoutFile() *os.File {
	switch w := s.out.w.(type) {
	case *os.File:
		return w
	case interface{ File() *os.File }:
		return w.File()
	}
	return nil
}

// ioFrom returns the streams of the running app.
func ioFrom(c *cli.Context) *streams {
	return c.App.Metadata["streams"].(*streams)
}

func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// outStream is standard output. It keeps its first write error and drops
// every write after it, so that a failure is reported once (by run) and
// a command can stop early (failed).
type outStream struct {
	w   io.Writer
	err error
}

func (o *outStream) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// failed reports whether a write to standard output has failed: there is
// no point in working on for output nobody can read.
func (o *outStream) failed() bool { return o.err != nil }
