// Package input is the program's one reader of input files: every file a
// command reads (data sets, results files, game records, proof files,
// positions, openings, Expendibots cases and actions) is opened by Open
// and read by ReadAll, with a cap on the whole file, or by Lines, with a
// cap on each line. So /dev/zero, a FIFO that never ends, a binary file
// or a line of a hundred megabytes is refused with one message that
// names the file and the cap of its kind, in little memory.
//
// Open also says on standard error what it waits for, where a read could
// otherwise hang in silence: a FIFO that no program writes yet, or a
// terminal that the person at it is to type into.
package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"chainshot/internal/interrupt"
)

// Kind is a kind of input file and the most it may hold.
type Kind struct {
	// Name names the kind with its article: "a data-set file".
	Name string
	// Max is the most bytes ReadAll takes of a whole file of this kind.
	Max int64
	// MaxLine is the longest line Lines takes.
	MaxLine int
	// Holds says what such a file holds at most, why the cap is enough:
	// "at most 16x16 cells".
	Holds string
}

// Error is an input that cannot be read or is over its cap.
type Error struct {
	Path string // as given; "stdin" for standard input
	Line int    // the line, for a line over its cap; 0 otherwise
	Err  error
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	case strings.HasPrefix(e.Err.Error(), "is "):
		return fmt.Sprintf("%s %v", e.Path, e.Err) // "big.txt is over 1 MiB"
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrFolder is the reason of an *Error for a path that is a folder.
var ErrFolder = errors.New("is a folder, not a file")

// ErrInterrupted says Ctrl-C or SIGTERM came while Open waited for a
// FIFO's writer.
var ErrInterrupted = errors.New("interrupted while waiting for a program to write the FIFO")

// Source is where inputs come from: the process's standard input, and
// where Open's notes go.
type Source struct {
	Stdin    io.Reader
	StdinTTY bool      // standard input is a terminal
	Notes    io.Writer // standard error
}

// File is an open input.
type File struct {
	io.Reader
	Name   string // the path, or "stdin"
	closer io.Closer
}

// Close closes the file (standard input is left open).
func (f *File) Close() error {
	if f.closer == nil {
		return nil
	}
	return f.closer.Close()
}

// Open opens path for reading ("-" is standard input). A folder is an
// error. On a FIFO or a terminal it first writes a note on what it waits
// for; Ctrl-C or SIGTERM while it waits for a FIFO's writer returns
// ErrInterrupted.
func (s Source) Open(path string) (*File, error) {
	if path == "-" {
		if s.Stdin == nil {
			return nil, &Error{Path: "-", Err: errors.New("standard input is not read here: name a file")}
		}
		if s.StdinTTY {
			s.note("note: reading standard input from the terminal: type it, then Ctrl-D on a line of its own\n")
		}
		return &File{Reader: s.Stdin, Name: "stdin"}, nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{Path: path, Err: reason(err)}
	}
	switch {
	case st.IsDir():
		return nil, &Error{Path: path, Err: ErrFolder}
	case st.Mode()&fs.ModeNamedPipe != 0:
		return s.openFIFO(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Path: path, Err: reason(err)}
	}
	if st.Mode()&fs.ModeCharDevice != 0 && isTerminal(f) {
		s.note("note: reading %s from the terminal: type it, then Ctrl-D on a line of its own\n", path)
	}
	return &File{Reader: f, Name: path, closer: f}, nil
}

// openFIFO opens a FIFO without waiting, then waits until a program
// writes it (or opens and closes it): after a fifth of a second, with a
// note, and until Ctrl-C or SIGTERM, which return ErrInterrupted.
func (s Source) openFIFO(path string) (*File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, &Error{Path: path, Err: reason(err)}
	}
	if written(f, 200) {
		return &File{Reader: f, Name: path, closer: f}, nil
	}
	// The signals are caught before the note says Ctrl-C stops the wait:
	// a signal sent on reading the note is this wait's.
	defer interrupt.Hold()()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	s.note("note: waiting for a program to write the FIFO %s (Ctrl-C stops)\n", path)
	for !written(f, 50) {
		select {
		case <-sig:
			interrupt.Handle() // reported as this command's interruption
			f.Close()
			return nil, &Error{Path: path, Err: ErrInterrupted}
		default:
		}
	}
	return &File{Reader: f, Name: path, closer: f}, nil
}

// written reports whether the FIFO f has been written, or opened for
// writing and closed again, waiting at most ms milliseconds. (Linux
// reports no hang-up to a reader that opened before any writer.) A poll
// cut short by a signal (Go's own preemption sends them often) polls
// again for the rest of the time; the caller looks for Ctrl-C between
// calls.
func written(f *os.File, ms int) bool {
	raw, err := f.SyscallConn()
	if err != nil {
		return true
	}
	fds := []unixPollFd{{events: pollIn}}
	raw.Control(func(fd uintptr) { fds[0].fd = int32(fd) })
	deadline := time.Now().Add(time.Duration(ms) * time.Millisecond)
	for {
		n, err := poll(fds, ms)
		if !errors.Is(err, syscall.EINTR) {
			return err != nil || n > 0
		}
		ms = int(time.Until(deadline) / time.Millisecond)
		if ms <= 0 {
			return false
		}
	}
}

// ReadAll reads the whole of path ("-": standard input), at most k.Max
// bytes: past that, the error says the cap and what kind of file it is.
func (s Source) ReadAll(path string, k Kind) ([]byte, error) {
	f, err := s.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, k)
}

// readAll reads f whole, at most k.Max bytes.
func readAll(f *File, k Kind) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, k.Max+1))
	if err != nil {
		return nil, &Error{Path: f.Name, Err: reason(err)}
	}
	if int64(len(data)) > k.Max {
		return nil, &Error{Path: f.Name, Err: TooLarge(k)}
	}
	return data, nil
}

// TooLarge is the error of a file over its kind's cap.
func TooLarge(k Kind) error {
	return fmt.Errorf("is over %s, more than %s holds (%s)", SizeText(k.Max), k.Name, k.Holds)
}

// LineTooLong is the reason a line over k's cap is refused.
func LineTooLong(k Kind) error {
	return fmt.Errorf("the line is over %s, longer than any line of %s (%s)", SizeText(int64(k.MaxLine)), k.Name, k.Holds)
}

// Line is one line of an input, read by Lines.
type Line struct {
	No     int    // 1-based
	Offset int64  // where the line starts in the file
	Text   []byte // the line without its newline (and without a \r before it)
	// Complete says the line ended in a newline; a last line without one
	// may have been cut short by a crash of its writer.
	Complete bool
}

// Lines reads r a line at a time and calls fn with each, at most
// k.MaxLine bytes a line: a longer line is an *Error naming its number
// and the cap, read no further than the cap. Text is only valid during
// the call. An error of fn stops the reading and is returned as it is.
func Lines(r io.Reader, name string, k Kind, fn func(Line) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var offset int64
	for no := 1; ; no++ {
		text, complete, err := readLine(br, k.MaxLine)
		switch {
		case errors.Is(err, errLong):
			return &Error{Path: name, Line: no, Err: LineTooLong(k)}
		case err != nil:
			return &Error{Path: name, Line: no, Err: reason(err)}
		case text == nil && !complete:
			return nil
		}
		l := Line{No: no, Offset: offset, Complete: complete}
		offset += int64(len(text))
		if complete {
			offset++
		}
		if n := len(text); complete && n > 0 && text[n-1] == '\r' {
			text = text[:n-1]
		}
		l.Text = text
		if err := fn(l); err != nil {
			return err
		}
		if !complete {
			return nil
		}
	}
}

var errLong = errors.New("line too long")

// readLine reads one line, newline excluded; complete says it ended in
// one. A line over max bytes is errLong once max+1 bytes are read: the
// rest is never held. At the end of br it returns nil, false, nil.
func readLine(br *bufio.Reader, max int) (line []byte, complete bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > max+1 {
			return nil, false, errLong
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return line[:len(line)-1], true, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(line) == 0 {
				return nil, false, nil
			}
			if len(line) > max {
				return nil, false, errLong
			}
			return line, false, nil
		default:
			return nil, false, err
		}
	}
}

// SizeText writes a size in whole KiB or MiB: "64 KiB", "1 MiB".
func SizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// reason strips the operation and path from an *fs.PathError, which the
// message already names.
func reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (s Source) note(format string, args ...any) {
	if s.Notes != nil {
		fmt.Fprintf(s.Notes, format, args...)
	}
}
