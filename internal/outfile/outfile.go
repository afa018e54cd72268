// Package outfile writes chainshot's output files, in two ways, each in
// one place:
//
//   - WriteFile writes a single-shot file (a picture, a table, a merged
//     results file) whole or not at all: a temporary file beside the
//     target, fsynced, then renamed over it, and the folder fsynced.
//   - Appender grows a results file by one line at a time, each line
//     given to the kernel in one write and fsynced before Line returns,
//     so that a crash at any instant leaves every line already reported
//     and at most one partial last line.
//
// Both write through onto whatever is not a regular file: a device such
// as /dev/stdout or /dev/full, a FIFO, a socket. A symbolic link is
// followed, never replaced: WriteFile renames onto the link's target.
//
// I/O failures are *Error values, "cannot write PATH: REASON"; an error
// returned by the caller's own write function is passed back unchanged.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Error is an I/O failure on an output file.
type Error struct {
	Path string // the path as the caller gave it
	Err  error  // the reason: a syscall.Errno or a sentence
}

func (e *Error) Error() string { return fmt.Sprintf("cannot write %s: %v", e.Path, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// fail returns an *Error for path, keeping only the reason of a
// *fs.PathError or *os.LinkError (their operation and path would repeat
// what the message already says).
func fail(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &Error{Path: path, Err: err}
}

// target says where a write to path lands.
type target struct {
	// path is where to write: path itself, or the end of its chain of
	// symbolic links when that is a regular file, or is to be one.
	path string
	// exists and regular describe that file; through says it is written
	// through, in place: it is not a regular file, or it is one reached
	// by a link that has no name to rename onto (/dev/stdout redirected
	// to a file).
	exists, regular, through bool
	mode                     fs.FileMode
}

// resolve says where a write to path lands. A folder, or a path whose
// folder is missing or not a folder, is an error.
func resolve(path string) (target, error) {
	st, err := os.Stat(path) // the kernel follows every kind of link
	switch {
	case err == nil && st.IsDir():
		return target{}, &Error{Path: path, Err: errors.New("is a folder")}
	case err == nil && !st.Mode().IsRegular():
		return target{path: path, exists: true, through: true, mode: st.Mode()}, nil
	case err == nil:
		t := target{path: path, exists: true, regular: true, mode: st.Mode()}
		if real, err := filepath.EvalSymlinks(path); err == nil {
			t.path = real
		} else {
			t.through = true
		}
		return t, nil
	case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
		return target{}, fail(path, err)
	}
	// Missing, or a link to a missing file: that file's folder must be
	// there.
	real, err := follow(path)
	if err != nil {
		return target{}, fail(path, err)
	}
	dir := filepath.Dir(real)
	dst, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target{}, &Error{Path: path, Err: fmt.Errorf("no folder %s", dir)}
	case err != nil:
		return target{}, fail(path, err)
	case !dst.IsDir():
		return target{}, &Error{Path: path, Err: fmt.Errorf("%s is not a folder", dir)}
	}
	return target{path: real, regular: true}, nil
}

// follow returns the end of path's chain of symbolic links, which need
// not exist.
func follow(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", syscall.ELOOP
}

// IsRegular reports whether a write to path lands in a regular file (or
// will create one), after following symbolic links; false for a device,
// a FIFO or a socket, and for a path that cannot be written at all.
func IsRegular(path string) bool {
	t, err := resolve(path)
	return err == nil && t.regular
}

// Check reports, before long work, whether WriteFile could write path:
// the folder exists and takes a new file, or the device opens for
// writing; a FIFO or socket is taken as it is.
func Check(path string) error {
	t, err := resolve(path)
	if err != nil {
		return err
	}
	if t.through {
		if t.mode&(fs.ModeNamedPipe|fs.ModeSocket) != 0 {
			// Opening a FIFO and closing it again would give its reader
			// an end of file: its being there is all that can be checked.
			return nil
		}
		f, err := os.OpenFile(t.path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return fail(path, err)
		}
		return f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(t.path), "."+filepath.Base(t.path)+".*.tmp")
	if err != nil {
		return fail(path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteFile writes path whole or not at all: write fills a temporary file
// in the same folder, which is fsynced and renamed over path (over the
// target of a symbolic link), then the folder is fsynced. A new file gets
// mode 0644, a replaced one keeps its mode. Onto a device, FIFO or
// socket, write goes straight through. When write fails, its error is
// returned as is and path is left as it was.
func WriteFile(path string, write func(io.Writer) error) error {
	t, err := resolve(path)
	if err != nil {
		return err
	}
	if t.through {
		return writeThrough(path, t.path, t.regular, write)
	}
	f, err := fillTemp(path, t, write)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return fail(path, err)
	}
	return commit(path, t, f.Name())
}

// fillTemp makes a temporary file beside t.path, fills it with write,
// gives it its mode (0644 for a new file, the old file's for a replaced
// one) and fsyncs it. It returns the file still open; on failure, the
// file is gone.
func fillTemp(path string, t target, write func(io.Writer) error) (*os.File, error) {
	f, err := os.CreateTemp(filepath.Dir(t.path), "."+filepath.Base(t.path)+".*.tmp")
	if err != nil {
		return nil, fail(path, err)
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := fill(path, f, write); err != nil {
		return nil, err
	}
	mode := fs.FileMode(0o644)
	if t.exists {
		mode = t.mode.Perm()
	}
	for _, step := range []func() error{func() error { return f.Chmod(mode) }, func() error { return fsync(f) }} {
		if err := step(); err != nil {
			return nil, fail(path, err)
		}
	}
	ok = true
	return f, nil
}

// commit renames the temporary file tmp onto t.path and fsyncs the
// folder; if the rename fails, tmp is removed.
func commit(path string, t target, tmp string) error {
	if err := os.Rename(tmp, t.path); err != nil {
		os.Remove(tmp)
		return fail(path, err)
	}
	return syncDir(path, filepath.Dir(t.path))
}

// writeThrough writes onto a device, FIFO or socket at real, or a regular
// file there, which it truncates first.
func writeThrough(path, real string, regular bool, write func(io.Writer) error) error {
	flags := os.O_WRONLY
	if regular {
		flags |= os.O_TRUNC
	}
	f, err := openWrite(path, real, flags, 0)
	if err != nil {
		return fail(path, err)
	}
	if err := fill(path, f, write); err != nil {
		f.Close()
		return err
	}
	if err := fsync(f); err != nil {
		f.Close()
		return fail(path, err)
	}
	if err := f.Close(); err != nil {
		return fail(path, err)
	}
	return nil
}

// fill runs write on a buffer over f and flushes it. A failure of f
// itself is an *Error for path; write's own errors come back unchanged.
func fill(path string, f *os.File, write func(io.Writer) error) error {
	bw := bufio.NewWriter(&errWriter{w: f})
	err := write(bw)
	if err == nil {
		err = bw.Flush()
	}
	var we *writeError
	if errors.As(err, &we) {
		return fail(path, we.err)
	}
	return err
}

// errWriter marks the errors of the file under a write function, so that
// they are reported as the file's, not as the function's own.
type errWriter struct{ w io.Writer }

type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

func (w *errWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	if err != nil {
		err = &writeError{err}
	}
	return n, err
}

// fsync is syncFile; a variable so that tests can count the calls.
var fsync = syncFile

// syncFile fsyncs f; a file that cannot be synced (a pipe, a terminal,
// a character device) has nothing to sync, which is not a failure.
func syncFile(f *os.File) error {
	err := f.Sync()
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EROFS) {
		return nil
	}
	return err
}

// syncDir fsyncs a folder so that a rename in it survives a power cut.
func syncDir(path, dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fail(path, err)
	}
	defer d.Close()
	if err := fsync(d); err != nil {
		return fail(path, err)
	}
	return nil
}
