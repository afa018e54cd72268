package outfile

import (
	"bytes"
	"errors"
	"io"
	"os"
)

// Appender adds lines to the end of a file, each in one write followed by
// an fsync. Lines are never buffered: once Line returns nil, the line is
// on disk.
type Appender struct {
	path    string // as the caller gave it
	f       *os.File
	regular bool
	// borrowed says f belongs to the caller (AppendTo): Close leaves it
	// open.
	borrowed bool
	// failed is the first failure; no more lines are written after it.
	failed error
}

// Append opens path for appending, creating it (mode 0644) if it is
// missing; a symbolic link is followed, and a device or FIFO is written
// through. If a regular file does not end in a newline, one is added so
// that the next line does not join the last one: a caller that knows the
// last line was cut short truncates it first (see Truncate).
func Append(path string) (*Appender, error) {
	t, err := resolve(path)
	if err != nil {
		return nil, err
	}
	flags := os.O_WRONLY | os.O_APPEND
	if t.regular {
		flags |= os.O_CREATE
	}
	f, err := openWrite(path, t.path, flags, 0o644)
	if err != nil {
		return nil, fail(path, err)
	}
	a := &Appender{path: path, f: f, regular: t.regular}
	if t.regular {
		if err := a.endLine(); err != nil {
			f.Close()
			return nil, err
		}
	}
	return a, nil
}

// AppendTo is Append onto f, a file the caller has open, such as
// standard output when --out names it: the lines go through f as the
// caller's other writes to f do, at f's own offset, so that neither
// overwrites the other (two descriptors of one file each have an offset
// of their own). path is for messages. Close leaves f open.
func AppendTo(f *os.File, path string) (*Appender, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fail(path, err)
	}
	return &Appender{path: path, f: f, regular: st.Mode().IsRegular(), borrowed: true}, nil
}

// endLine adds a newline to a non-empty file that does not end in one.
func (a *Appender) endLine() error {
	st, err := a.f.Stat()
	if err != nil {
		return fail(a.path, err)
	}
	if st.Size() == 0 {
		return nil
	}
	r, err := os.Open(a.f.Name())
	if err != nil {
		return nil // a file we may write but not read: nothing to check
	}
	defer r.Close()
	last := make([]byte, 1)
	if _, err := r.ReadAt(last, st.Size()-1); err != nil || last[0] == '\n' {
		return nil
	}
	return a.Line(nil)
}

// Line appends line, with a newline added if it has none, in one write,
// then fsyncs the file. If the write fails part way, a regular file is
// cut back to where it was, so that it never keeps half a line; after any
// failure the Appender writes nothing more and returns that failure.
func (a *Appender) Line(line []byte) error {
	if a.failed != nil {
		return a.failed
	}
	if !bytes.HasSuffix(line, []byte("\n")) {
		line = append(line[:len(line):len(line)], '\n')
	}
	var size int64 = -1
	if a.regular {
		if st, err := a.f.Stat(); err == nil {
			size = st.Size()
		}
	}
	n, err := a.f.Write(line)
	if err == nil && n < len(line) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = fsync(a.f)
	}
	if err != nil {
		if n > 0 && size >= 0 {
			a.f.Truncate(size)
		}
		a.failed = fail(a.path, err)
		return a.failed
	}
	return nil
}

// Close closes the file; it returns the first failure of Line, if any,
// or the failure to close.
func (a *Appender) Close() error {
	var err error
	if !a.borrowed {
		err = a.f.Close()
	}
	if a.failed != nil {
		return a.failed
	}
	if err != nil && !errors.Is(err, os.ErrClosed) {
		return fail(a.path, err)
	}
	return nil
}

// Truncate cuts the regular file at path to size bytes (dropping a
// partial last line that a crash left), and fsyncs it.
func Truncate(path string, size int64) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fail(path, err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		return fail(path, err)
	}
	if err := fsync(f); err != nil {
		return fail(path, err)
	}
	return nil
}
