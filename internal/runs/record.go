package runs

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/filekinds"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/outfile"
	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
)

// Files are a run's results files, as its flags name them.
type Files struct {
	Out, CSV          string // --out and --csv, "" for none
	Resume, KeepGoing bool   // --resume and --keep-going
}

// Recorder keeps a run's results files. --out is a journal (package
// journal): it grows by one line per finished data set, one write and
// one fsync, and a resumed run reads it back; --csv is rewritten whole
// from the records after each data set, so it always matches --out, the
// lines of a resumed run included, and never holds half a row. A CSV
// that is not a regular file (a pipe, a device) is written once, at the
// end, so that it does not receive the table again after every data set.
type Recorder struct {
	cmd        string // "chainshot tournament", for messages
	io         *iostreams.IO
	files      Files
	csvEachSet bool
	// outStdout and csvStdout say --out or --csv names the file standard
	// output already is (--out /dev/stdout with "> out.txt"): it is
	// written through standard output's own descriptor, never through a
	// second one whose offset would overwrite the table, and --csv once,
	// at the end.
	outStdout, csvStdout bool
	// out is --out; csv is --csv, claimed through the run's gate from
	// OpenRecorder to Finish.
	out *journal.Journal
	csv *outfile.Claim
	// other counts the lines of --out of data sets not in this run.
	other int
	// lines are the lines of --out (newline excluded), so that it can be
	// rewritten when a resumed data set replaces its interrupted line.
	lines [][]byte
	// done holds the finished lines of --out by data set and seed;
	// interrupted holds the index in lines of an interrupted line.
	done        map[workItem]results.Line
	interrupted map[workItem]int
	// recs are the run's records so far, in the order of its data sets,
	// those recorded before a resume included; csvDone counts those the
	// CSV holds.
	recs    []results.Record
	csvDone int
	// outErr and csvErr are the first failure of each file; after it the
	// file is not written again.
	outErr, csvErr error
}

// workItem is what a run records one line for: a data set, solved with
// a seed.
type workItem struct {
	file string
	seed uint64
}

// OpenRecorder checks and opens the results files of cmd's run over
// sets with cfg, before any solving: each is claimed through the run's
// gate (held by another run, it is refused, naming that run), then a
// file that cannot be written, a non-empty --out without --resume, or an
// --out recorded with other settings is bad usage (exit status 2). With
// --resume, a cut last line of --out is dropped with a warning.
func OpenRecorder(io *iostreams.IO, cmd string, f Files, sets []datasets.Set, cfg Search) (*Recorder, error) {
	r := &Recorder{cmd: cmd, io: io, files: f,
		done: map[workItem]results.Line{}, interrupted: map[workItem]int{}}
	opened := false
	defer func() {
		if !opened {
			r.release()
		}
	}()
	if f.Out != "" {
		j, err := journal.Open(io.Gate, journal.Options{Flag: "--out", Path: f.Out, Kind: filekinds.Results,
			Resume: f.Resume, Read: r.readOut(sets, cfg), Warn: func(msg string) { io.Warnf("%s", msg) }})
		if err != nil {
			return nil, iostreams.OutputError(cmd, err)
		}
		r.out, r.outStdout = j, j.Stdout()
		if r.other > 0 {
			fmt.Fprintf(io.Err, "note: %s also holds %s of data sets not in this run; they stay there\n", f.Out, words.Plural(r.other, "line"))
		}
	}
	if f.CSV != "" {
		if err := r.openCSV(); err != nil {
			return nil, err
		}
	}
	opened = true
	return r, nil
}

// openCSV claims --csv: a non-empty file needs --resume.
func (r *Recorder) openCSV() error {
	csv, err := r.io.Claim(r.cmd, "--csv", r.files.CSV, filekinds.ResultsCSV)
	if err != nil {
		return err
	}
	r.csv, r.csvStdout = csv, csv.Stdout()
	if r.csvStdout {
		return nil
	}
	if err := r.notClobbered("csv", csv); err != nil {
		return err
	}
	if err := outfile.Check(r.files.CSV); err != nil {
		return status.BadInput("%s: --csv: %v", r.cmd, err)
	}
	r.csvEachSet = csv.Regular()
	return nil
}

// release closes --out and lets go of --csv.
func (r *Recorder) release() {
	if r.out != nil {
		r.out.Close()
		r.out = nil
	}
	r.csv.Release()
	r.csv = nil
}

// notClobbered refuses a non-empty regular file for --flag unless the run
// is resumed: a second run never overwrites hours of results. What the
// file is and holds is the claim's, taken under its lock.
func (r *Recorder) notClobbered(flag string, c *outfile.Claim) error {
	if r.files.Resume || !c.Regular() || c.Size() == 0 {
		return nil
	}
	return status.BadInput("%s: --%s %s already holds results (%s); rerun with --resume to continue that run, or give another --%s",
		r.cmd, flag, c.Path, words.Plural(int(c.Size()), "byte"), flag)
}

// readOut returns the reader of the lines of a resumed run's --out: the
// finished data sets of this run are skipped, after their lines are
// checked to replay on the boards as they are now; interrupted lines are
// run again and replaced. A line of another run's settings stops the
// run (bad input).
func (r *Recorder) readOut(sets []datasets.Set, cfg Search) func(journal.Line) error {
	dec := &resultsfile.Decoder{Name: r.files.Out, Warn: func(msg string) { r.io.Warnf("%s", msg) }}
	boards := map[string]board.Board{}
	for _, set := range sets {
		boards[set.Name] = set.Board
	}
	return func(jl journal.Line) error {
		l, err := dec.Line(jl)
		if err != nil {
			return err
		}
		i := len(r.lines)
		r.lines = append(r.lines, l.Raw)
		if cfg.curveSibling(l.Record.Settings()) {
			return nil // the same bench --budgets run at another of its budgets
		}
		want := cfg.Settings()
		if slices.Contains(cfg.Seeds, l.Record.Seed) {
			want.Seed = l.Record.Seed // one of the seeds of tournament --seeds
		}
		b, ours := boards[l.Record.File]
		if err := r.takeLine(i, l, want, b, ours); err != nil {
			return journal.Stop(err)
		}
		if !ours {
			r.other++
		}
		return nil
	}
}

// takeLine takes the i-th line of a resumed run's --out: made with other
// settings than want, it stops the run; a finished line of one of this
// run's data sets (ours, board b) must replay on b and is skipped by the
// run; an interrupted one is run again.
func (r *Recorder) takeLine(i int, l results.Line, want results.Settings, b board.Board, ours bool) error {
	if got := l.Record.Settings(); got != want {
		return status.BadInput("%s: --resume: %s:%d: %s was run with %s; a resumed run repeats --algo, --budget, --wall, --max-nodes, --seed, --rank (and bench's --params), or give another --out",
			r.cmd, r.files.Out, l.No, l.Record.File, results.SettingsDiff(got, want))
	}
	item := workItem{l.Record.File, l.Record.Seed}
	switch {
	case !ours:
	case l.Record.Partial:
		r.interrupted[item] = i
	default:
		if msg := verify.Replay(l.Record, b); msg != "" {
			return status.BadInput("%s: --resume: %s:%d: %s: %s (has the data set changed since?); give another --out", r.cmd, r.files.Out, l.No, l.Record.File, msg)
		}
		if _, seen := r.done[item]; !seen {
			r.done[item] = l
		}
	}
	return nil
}

// Recorded returns the finished line of a data set and seed that a
// resumed run skips.
func (r *Recorder) Recorded(name string, seed uint64) (results.Line, bool) {
	l, ok := r.done[workItem{name, seed}]
	return l, ok
}

// Keep adds a record found in --out to the run's records.
func (r *Recorder) Keep(rec results.Record) { r.recs = append(r.recs, rec) }

// Records are the run's records so far.
func (r *Recorder) Records() []results.Record { return r.recs }

// Add records a data set's result: its line appended to --out (or put in
// place of its interrupted line), then the CSV rewritten. It returns the
// first failure to write, which it also keeps for Finish.
func (r *Recorder) Add(rec results.Record) error {
	r.recs = append(r.recs, rec)
	line := results.MarshalLine(rec)
	if r.out != nil && r.outErr == nil {
		if i, ok := r.interrupted[workItem{rec.File, rec.Seed}]; ok {
			r.outErr = r.replace(i, rec, line)
		} else if r.outErr = r.out.Append(line); r.outErr == nil {
			r.lines = append(r.lines, bytes.TrimSuffix(line, []byte("\n")))
		}
	}
	if r.files.CSV != "" && r.csvErr == nil && r.csvEachSet {
		r.csvErr = r.writeCSV()
	}
	return r.failure()
}

// replace puts rec's line in place of the interrupted line lines[i] of
// --out, rewriting the file whole (journal.Rewrite), unless rec is
// itself interrupted and no better.
func (r *Recorder) replace(i int, rec results.Record, line []byte) error {
	old, _, err := results.DecodeLine(r.lines[i])
	if rec.Partial && err == nil && !rec.Better(old) {
		return nil
	}
	r.lines[i] = bytes.TrimSuffix(line, []byte("\n"))
	if !rec.Partial {
		delete(r.interrupted, workItem{rec.File, rec.Seed})
	}
	return r.out.Rewrite(func(w io.Writer) error {
		for _, l := range r.lines {
			if _, err := w.Write(append(l[:len(l):len(l)], '\n')); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeCSV rewrites the CSV whole from the records so far (onto standard
// output, writes it there).
func (r *Recorder) writeCSV() error {
	var err error
	if r.csvStdout {
		err = results.WriteCSV(r.io.Out, r.recs)
	} else {
		err = r.csv.WriteFile(func(w io.Writer) error { return results.WriteCSV(w, r.recs) })
	}
	if err == nil {
		r.csvDone = len(r.recs)
	}
	return err
}

// failure returns the first failure to write a results file, naming
// the flag, or nil.
func (r *Recorder) failure() error {
	switch {
	case r.outErr != nil:
		return fmt.Errorf("--out: %v", r.outErr)
	case r.csvErr != nil:
		return fmt.Errorf("--csv: %v", r.csvErr)
	}
	return nil
}

// Finish writes what is still to be written (the CSV of a resumed run
// with nothing left to run, or a CSV that is not a regular file), closes
// --out and lets go of the files. It returns the first failure to write.
func (r *Recorder) Finish() error {
	defer r.release()
	if r.files.CSV != "" && r.csvErr == nil && (r.csvDone < len(r.recs) || len(r.recs) == 0) {
		r.csvErr = r.writeCSV()
	}
	if r.out != nil {
		if err := r.out.Close(); err != nil && r.outErr == nil {
			r.outErr = err
		}
		r.out = nil
	}
	return r.failure()
}
