// Package journal is the program's one keeper of record files that grow a
// line at a time and resume: results files, game records, ratings and
// proof lines. Every such file is opened by Open and read by Scan, so
// each promise about them holds in one place:
//
//   - One line, one write, one fsync: a crash keeps every finished line
//     and at most one cut last line (package outfile's Appender).
//   - One rule for a cut last line: a last line without its newline whose
//     JSON ends early is cut, dropped with a warning (and the file cut
//     back to before it when the run resumes). Any other line the kind's
//     decoder refuses, the last one included, refuses the file: the file
//     is not the command's own, or not this run's, and is left as it is.
//   - The first line says whose file it is: the kind's Header, or the
//     decoder of its records.
//   - A file that holds records is continued only with --resume, and
//     then only if the decoder takes every line.
//   - Lines are streamed, at most Kind.MaxLine bytes each, so a file of
//     any length is read in little memory (package input).
//
// Messages name the file, the line, the column and the field, in the
// file's own terms (package strictjson).
package journal

import (
	"errors"
	"fmt"
	"io"

	"chainshot/internal/input"
	"chainshot/internal/strictjson"
)

// Kind is a kind of record file.
type Kind struct {
	// Name names the records in the plural: "game records", "results".
	Name string
	// Line names one record with its article: "a game record".
	Line string
	// MaxLine is the longest line read.
	MaxLine int
	// Holds says why MaxLine is enough: "a game of at most 1,024 moves".
	Holds string
	// Resume names the flag and what it continues, for the hint of a
	// refused file: "rerun with --resume to continue that match".
	Resume string
}

func (k Kind) input() input.Kind {
	return input.Kind{Name: "a " + k.Name + " file", MaxLine: k.MaxLine, Holds: k.Holds}
}

// Line is one record line of a journal.
type Line = input.Line

// Error is a line of a record file that its kind's decoder refused, or
// a file that is not of its kind.
type Error struct {
	Path string
	Line int
	Col  int
	Err  error
}

func (e *Error) Error() string {
	switch {
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	case e.Col == 0:
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Col, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// lineError places a decoder's error at line l of path: a strict JSON
// error gives its column and field.
func lineError(path string, l Line, err error) error {
	var je *strictjson.Error
	if errors.As(err, &je) {
		return &Error{Path: path, Line: l.No, Col: je.Col, Err: errors.New(withoutCol(je))}
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Path: path, Line: l.No, Err: err}
}

// withoutCol is a strict JSON error's message without its column, which
// lineError places after the line.
func withoutCol(e *strictjson.Error) string {
	c := *e
	c.Col = 0
	return c.Error()
}

// Cut is a cut last line found by Scan or Open.
type Cut struct {
	Path   string
	No     int   // its line number
	Offset int64 // where it starts: the file is cut back to this
	Len    int   // its length in bytes
}

// Warning says what was done with the cut line.
func (c *Cut) Warning() string {
	return fmt.Sprintf("%s:%d: the last line is cut short (%d bytes, no newline: a run stopped while writing it); skipped", c.Path, c.No, c.Len)
}

// Scan reads the records of r, named name in messages, calling read with
// each line that is not blank, in order; a cut last line is returned, not
// read. read's errors refuse the file (see the package comment); an error
// of read that is not about the line (wrapped in Stop) is returned as it
// is.
func Scan(r io.Reader, name string, k Kind, read func(Line) error) (*Cut, error) {
	var cut *Cut
	err := input.Lines(r, name, k.input(), func(l Line) error {
		if isBlank(l.Text) {
			return nil
		}
		err := read(l)
		var stop *stopError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &stop):
			return stop
		case !l.Complete && strictjson.IsCut(err):
			cut = &Cut{Path: name, No: l.No, Offset: l.Offset, Len: len(l.Text)}
			return nil
		}
		return lineError(name, l, err)
	})
	var stop *stopError
	if errors.As(err, &stop) {
		return nil, stop.err
	}
	return cut, err
}

// Stop wraps an error of Scan's read function that is not the line's
// fault (the caller's own failure): Scan returns it as it is.
func Stop(err error) error { return &stopError{err} }

type stopError struct{ err error }

func (e *stopError) Error() string { return e.err.Error() }

// ScanFile is Scan of the file path ("-": standard input), opened by src.
func ScanFile(src input.Source, path string, k Kind, read func(Line) error) (*Cut, error) {
	f, err := src.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Scan(f, f.Name, k, read)
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
