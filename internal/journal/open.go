package journal

import (
	"errors"
	"fmt"
	"io"
	"os"

	"chainshot/internal/outfile"
)

// Options say which journal to open and how.
type Options struct {
	Flag, Path string // "--out" and its file
	Kind       Kind
	// Resume continues the records already in the file; without it, a
	// file that holds any is refused.
	Resume bool
	// Read is given each record already in the file, in order, when the
	// run resumes (and the first one when it does not, to tell whose file
	// it is). Its error refuses the file; see Scan.
	Read func(Line) error
	// Header, when set, is the first line of every file of this kind:
	// Open writes it into a new file, and a file whose first line differs
	// is refused. It says whose file it is (proof files).
	Header []byte
	// Warn receives the warning about a cut last line.
	Warn func(msg string)
}

// Journal is an open record file.
type Journal struct {
	claim *outfile.Claim
	app   *outfile.Appender
	// Records counts the records that were there when it opened.
	Records int
}

// ErrNotOurs is the reason a file whose records another kind's (or a
// person's) is refused.
var ErrNotOurs = errors.New("is not a file of this command's records")

// Open claims the journal's path through the run's gate (one writer, no
// two outputs of the run on one file), reads the records already there
// when resumed, drops a cut last line, and opens the file for appending.
// A file that holds records needs Resume; a file whose lines are not of
// this kind is refused whether resumed or not.
func Open(g *outfile.Gate, o Options) (*Journal, error) {
	claim, err := g.Claim(o.Flag, o.Path, outfile.Kind{Name: o.Kind.Name, Grows: true})
	if err != nil {
		return nil, err
	}
	j := &Journal{claim: claim}
	ok := false
	defer func() {
		if !ok {
			claim.Release()
		}
	}()
	switch {
	case o.Resume && !claim.Regular():
		return nil, o.refusef("--resume: %s %s is not a regular file (standard output, a device or a FIFO), which holds no %s to resume; give %s FILE", o.Flag, o.Path, o.Kind.Name, o.Flag)
	case claim.Regular() && claim.Size() > 0:
		if err := j.readExisting(o); err != nil {
			return nil, err
		}
	}
	if j.app, err = claim.Append(); err != nil {
		return nil, o.refuse(err)
	}
	if len(o.Header) > 0 && j.Records == 0 && (!claim.Regular() || j.empty()) {
		if err := j.app.Line(o.Header); err != nil {
			j.app.Close()
			return nil, o.refuse(err)
		}
	}
	ok = true
	return j, nil
}

// RefusedError is a record file Open will not take: it holds another
// kind's lines, records without --resume, or cannot be written.
type RefusedError struct {
	Flag, Path string
	Msg        string
}

func (e *RefusedError) Error() string { return e.Msg }

// refuse is a refusal of the journal's file, naming the flag and path.
func (o Options) refuse(err error) error {
	return &RefusedError{Flag: o.Flag, Path: o.Path, Msg: fmt.Sprintf("%s: cannot write %s: %v", o.Flag, o.Path, err)}
}

// refusef is a refusal in words of its own.
func (o Options) refusef(format string, args ...any) error {
	return &RefusedError{Flag: o.Flag, Path: o.Path, Msg: fmt.Sprintf(format, args...)}
}

// readExisting reads the records of a file that has some: with Resume,
// all of them; without, the first, to say whose file it is.
func (j *Journal) readExisting(o Options) error {
	f, err := os.Open(o.Path)
	if err != nil {
		return o.refuse(err)
	}
	defer f.Close()
	first := true
	errFirstOnly := errors.New("first line read")
	var callerErr error // an error of o.Read's own, wrapped in Stop
	cut, err := Scan(f, o.Path, o.Kind, func(l Line) error {
		if first && len(o.Header) > 0 {
			first = false
			if string(l.Text) != string(o.Header) {
				return fmt.Errorf("%w: its first line is not the header of %s", ErrNotOurs, o.Kind.Name)
			}
			return nil
		}
		first = false
		if err := o.Read(l); err != nil {
			var stop *stopError
			if errors.As(err, &stop) {
				callerErr = stop.err
			}
			return err
		}
		j.Records++
		if !o.Resume {
			return Stop(errFirstOnly)
		}
		return nil
	})
	switch {
	case callerErr != nil:
		return callerErr
	case errors.Is(err, errFirstOnly):
		return o.refusef("%s %s already holds %s (%s); %s, or give another %s", o.Flag, o.Path, o.Kind.Name, plural(j.claim.Size(), "byte"), o.Kind.Resume, o.Flag)
	case err != nil:
		return o.refusef("%s: %v; %s are resumed only from a file of them: give another %s", o.Flag, err, o.Kind.Name, o.Flag)
	}
	if cut != nil {
		if o.Warn != nil {
			o.Warn(cut.Warning())
		}
		if err := j.claim.Truncate(cut.Offset); err != nil {
			return o.refuse(err)
		}
	}
	return nil
}

// empty reports whether the file holds nothing.
func (j *Journal) empty() bool {
	st, err := os.Stat(j.claim.Path)
	return err == nil && st.Size() == 0
}

// Append adds one record line: one write, then fsync.
func (j *Journal) Append(line []byte) error { return j.app.Line(line) }

// Rewrite rewrites the file whole or not at all, keeping its lock (a
// resumed results file putting a finished line in place of an
// interrupted one), then goes on appending after it.
func (j *Journal) Rewrite(write func(io.Writer) error) error {
	if err := j.claim.WriteFile(write); err != nil {
		return err
	}
	j.app.Close()
	var err error
	j.app, err = j.claim.Append()
	return err
}

// Close closes the file and lets go of its claim; it returns the first
// failure to write, if any.
func (j *Journal) Close() error {
	err := j.app.Close()
	j.claim.Release()
	return err
}

// plural writes n and noun, with an s for any n but 1.
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Stdout reports whether the journal is standard output's file (--out
// /dev/stdout): its lines go through standard output's descriptor.
func (j *Journal) Stdout() bool { return j.claim.Stdout() }
