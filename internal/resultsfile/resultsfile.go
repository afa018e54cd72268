// Package resultsfile reads ChainShot results files: the JSON Lines file
// that solve, tournament and bench grow one line per data set. It is the
// journal (package journal: lines streamed with a cap, the one cut-line
// rule) over the results package's strict line decoder, with a warning,
// once a file, for each field that is not chainshot's.
package resultsfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"chainshot/internal/filekinds"
	"chainshot/internal/input"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/status"
	"chainshot/results"
)

// Decoder decodes a results file's lines, warning once a file about each
// field that is not chainshot's (another tool's or a later version's:
// the line is read without it, and keeps it in Raw).
type Decoder struct {
	Name string       // the file, for the warnings
	Warn func(string) // nil: no warnings
	seen map[string]bool
}

// Line decodes the journal line l into a results line.
func (d *Decoder) Line(l journal.Line) (results.Line, error) {
	rec, unknown, err := results.DecodeLine(l.Text)
	if err != nil {
		return results.Line{}, err
	}
	for _, u := range unknown {
		if d.seen == nil {
			d.seen = map[string]bool{}
		}
		if !d.seen[u] && d.Warn != nil {
			d.seen[u] = true
			d.Warn(fmt.Sprintf("%s:%d: %q is not a field of chainshot's results lines; read past (it stays in the line)", d.Name, l.No, u))
		}
	}
	return results.Line{No: l.No, Record: rec, Raw: bytes.Clone(l.Text), Unknown: unknown}, nil
}

// Scan reads the results in r, named name, a line at a time, calling fn
// with each; warn receives the warnings (unknown fields, a cut last line
// skipped). fn's errors are returned as they are.
func Scan(r io.Reader, name string, warn func(string), fn func(results.Line) error) error {
	d := &Decoder{Name: name, Warn: warn}
	cut, err := journal.Scan(r, name, filekinds.Results, func(l journal.Line) error {
		line, err := d.Line(l)
		if err != nil && l.No == 1 && bytes.HasPrefix(l.Text, []byte("file,rows,cols,")) {
			return fmt.Errorf("this is the CSV table that --csv writes; the results file to read is the JSON Lines file --out writes (one {\"file\": ...} line per data set)")
		}
		if err != nil {
			return err
		}
		if err := fn(line); err != nil {
			return journal.Stop(err)
		}
		return nil
	})
	if err == nil && cut != nil && warn != nil {
		warn(cut.Warning())
	}
	return err
}

// ScanFile is Scan of the file path ("-": standard input) opened by src.
func ScanFile(src input.Source, path string, warn func(string), fn func(results.Line) error) error {
	f, err := src.Open(path)
	if errors.Is(err, input.ErrFolder) {
		return fmt.Errorf("%s is a folder; want a results file (JSON Lines)", path)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	return Scan(f, f.Name, warn, fn)
}

// ScanFor reads a results file for cmd ("-" is standard input) a line at a
// time (ScanFile), calling fn with each: a file of any length is read in
// little memory. Warnings (a cut last line, a field that is not
// chainshot's) go to standard error.
// A file that cannot be read or a bad line is bad input (exit status
// 2), its message naming the file, line, column and field; an error of
// fn is returned as it is.
func ScanFor(ios *iostreams.IO, cmd, path string, fn func(results.Line) error) error {
	var fnErr error
	err := ScanFile(ios.Inputs, path, func(msg string) { ios.Warnf("%s", msg) }, func(l results.Line) error {
		fnErr = fn(l)
		return fnErr
	})
	switch {
	case err != nil && fnErr != nil:
		return fnErr
	case err != nil:
		return status.BadInput("%s: %v", cmd, err)
	}
	return nil
}

// Read reads every line of the results in r, and returns the cut last
// line it skipped, if any (a run that resumes cuts the file back to it).
func Read(r io.Reader, name string) ([]results.Line, *journal.Cut, error) {
	d := &Decoder{Name: name}
	var lines []results.Line
	cut, err := journal.Scan(r, name, filekinds.Results, func(l journal.Line) error {
		line, err := d.Line(l)
		if err != nil {
			return err
		}
		lines = append(lines, line)
		return nil
	})
	return lines, cut, err
}
