// Package iostreams holds the streams a command works on, injected so that
// a command runs in a test without a terminal (as gh's IOStreams): its
// standard input, output and error; whether each is a terminal; whether
// to colour; the run's output gate and its input source.
//
// Out and Err pass every byte through termsafe's Writer, so text that
// came from a file or a request cannot drive the terminal: the one escape
// of the program. A command's own line rewritten in place (a status line,
// a progress bar) goes to ErrTerm, beside it.
package iostreams

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/term"

	"chainshot/internal/input"
	"chainshot/internal/journal"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/termsafe"
	"chainshot/internal/words"
)

// IO is a run's streams.
type IO struct {
	In  io.Reader
	Out io.Writer // standard output, escaped; it keeps its first write error
	Err io.Writer // standard error, escaped
	// ErrTerm is standard error as it is, for the program's own status
	// lines and progress bars only.
	ErrTerm io.Writer

	InTTY, OutTTY, ErrTTY bool
	// Color says whether to colour standard output.
	Color bool

	// Gate admits the run's output files (see outfile.Gate).
	Gate *outfile.Gate
	// Inputs opens the run's input files (see input.Source).
	Inputs input.Source

	out     *firstError
	outSafe *termsafe.Writer
	errSafe *termsafe.Writer
	stdout  *os.File
	status  sync.Mutex
}

// New returns the streams of a run on stdin, stdout and stderr. A
// stream that is an *os.File is looked at for a terminal; stdout's file
// is given to the gate, which knows --out /dev/stdout by it. A writer
// that passes every byte to a file unchanged may say so with a File
// method (a test's log of the messages).
func New(stdin io.Reader, stdout, stderr io.Writer) *IO {
	io := &IO{In: stdin, ErrTerm: stderr}
	io.stdout = fileOf(stdout)
	io.InTTY, io.OutTTY, io.ErrTTY = isTerminal(stdin), isTerminal(stdout), isTerminal(stderr)
	io.Color = io.OutTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	io.outSafe = termsafe.NewWriter(stdout)
	io.out = &firstError{w: io.outSafe}
	io.Out = io.out
	io.errSafe = termsafe.NewWriter(stderr)
	io.Err = io.errSafe
	io.Gate = outfile.NewGate(io.stdout)
	io.Inputs = input.Source{Stdin: stdin, StdinTTY: io.InTTY, Notes: io.Err}
	return io
}

// Stdout returns standard output as an open file, or nil when it is not
// one.
func (io *IO) Stdout() *os.File { return io.stdout }

// OutFailed reports whether a write to standard output has failed: there
// is no point working on for output nobody can read.
func (io *IO) OutFailed() bool { return io.out.err != nil }

// OutErr returns standard output's first write error.
func (io *IO) OutErr() error { return io.out.err }

// Close flushes what the escaping writers hold and lets go of every
// output the run still holds.
func (io *IO) Close() {
	io.outSafe.Flush()
	io.errSafe.Flush()
	io.Gate.Close()
}

// Status rewrites the status line on a terminal's standard error with
// text (escaped); on anything else it writes nothing. Status("") clears
// the line.
func (io *IO) Status(format string, args ...any) {
	if !io.ErrTTY {
		return
	}
	io.status.Lock()
	defer io.status.Unlock()
	text := termsafe.String(fmt.Sprintf(format, args...))
	fmt.Fprint(io.ErrTerm, "\r\x1b[K"+text)
}

// firstError keeps the first write error of the writer under it and
// drops every write after it, so that a failure is reported once.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.w.Write(p)
	if err != nil {
		f.err = err
	}
	return n, err
}

func fileOf(w io.Writer) *os.File {
	switch w := w.(type) {
	case *os.File:
		return w
	case interface{ File() *os.File }:
		return w.File()
	}
	return nil
}

func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// Warnf writes a warning on standard error: "warning: " and the message,
// without a package's prefix.
func (io *IO) Warnf(format string, args ...any) {
	fmt.Fprintf(io.Err, "warning: %s\n", words.WithoutPackage(fmt.Sprintf(format, args...)))
}

// Claim admits path as cmd's output flag ("--out") of kind k through the
// run's gate; a refusal is OutputError's message. A file system that
// takes no locks gets a warning.
func (io *IO) Claim(cmd, flag, path string, k outfile.Kind) (*outfile.Claim, error) {
	c, err := io.Gate.Claim(flag, path, k)
	if err != nil {
		return nil, OutputError(cmd, err)
	}
	if c.NotEnforced() {
		io.Warnf("%s: its file system takes no locks, so no other run is kept from writing it at the same time", path)
	}
	return c, nil
}

// OutputError is the one message of an output file refused before any
// work (by the gate or a journal): bad input, exit status 2, naming the
// flag and the file, and the process that holds it; an interrupted wait
// for a FIFO is status 130. Other errors pass as they are.
func OutputError(cmd string, err error) error {
	var ce *outfile.ClaimError
	var re *journal.RefusedError
	var se *status.Error
	switch {
	case err == nil || errors.As(err, &se):
		return err
	case errors.Is(err, outfile.ErrInterrupted) || errors.Is(err, input.ErrInterrupted):
		return status.Interrupt("%s: %v; nothing was run", cmd, err)
	case errors.As(err, &ce) && ce.Held != nil:
		return status.BadInput("%s: %s %v; wait for it to end, or give another %s", cmd, ce.Flag, ce.Held, ce.Flag)
	case errors.As(err, &ce), errors.As(err, &re):
		return status.BadInput("%s: %v", cmd, err)
	}
	return err
}
