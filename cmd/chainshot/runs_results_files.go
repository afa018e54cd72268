package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/filekinds"
	"chainshot/internal/journal"
	"chainshot/internal/outfile"
	"chainshot/internal/resultsfile"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
	"chainshot/solver"
)

// resultFlags are the flags of the commands that write results files
// (solve, tournament, bench).
func resultFlags() []cli.Flag {
	return []cli.Flag{
		outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "append each data set's results line to `FILE` (JSON Lines) the moment it finishes; an existing non-empty FILE needs --resume"}, filekinds.ResultsOut),
		outFlag(&cli.StringFlag{Name: "csv", Usage: "keep the results as CSV in `FILE`, rewritten whole after each data set"}, filekinds.ResultsCSV),
		&cli.BoolFlag{Name: "resume", Usage: "continue the run recorded in --out: skip the data sets finished there with the same --algo, --budget, --wall, --max-nodes and --seed, run the rest"},
		&cli.BoolFlag{Name: "keep-going", Usage: "keep solving when --out or --csv can no longer be written (the table and --json still give every result)"},
	}
}

// recorder keeps a run's results files. --out grows by one line per
// finished data set (outfile.Appender: one write, one fsync); --csv is
// rewritten whole from the records after each data set (outfile.WriteFile),
// so it always matches --out, the lines of a resumed run included, and
// never holds half a row. A CSV that is not a regular file (a pipe, a
// device) is written once, at the end, so that it does not receive the
// table again after every data set.
type recorder struct {
	cmd        string // "chainshot tournament", for messages
	s          *streams
	outPath    string
	csvPath    string
	csvEachSet bool
	keepGoing  bool
	// outStdout and csvStdout say --out or --csv names the file standard
	// output already is (--out /dev/stdout with "> out.txt"): it is
	// written through standard output's own descriptor, never through a
	// second one whose offset would overwrite the table (see
	// outfile.AppendTo), and --csv once, at the end.
	outStdout, csvStdout bool
	// out is --out, a journal (package journal); csv is --csv, claimed
	// through the run's gate from openRecorder to finish.
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

// openRecorder checks and opens the results files of a run over sets
// with cfg, before any solving: it takes each file's one-writer lock
// (held by another run, the file is refused, naming that run), then a
// file that cannot be written, a non-empty --out without --resume, or an
// --out recorded with other settings is bad usage (exit status 2). With
// --resume, a partial last line of --out is dropped with a warning.
func openRecorder(c *cli.Context, sets []datasets.Set, cfg searchConfig) (*recorder, error) {
	r := &recorder{
		cmd: "chainshot " + c.Command.Name, s: ioFrom(c),
		outPath: c.String("out"), csvPath: c.String("csv"), keepGoing: c.Bool("keep-going"),
		done: map[workItem]results.Line{}, interrupted: map[workItem]int{},
	}
	resume := c.Bool("resume")
	if resume && r.outPath == "" {
		return nil, status.BadInput("%s: --resume continues the run recorded in --out: give --out FILE", r.cmd)
	}
	opened := false
	defer func() {
		if !opened {
			r.release()
		}
	}()
	if r.outPath != "" {
		j, err := journal.Open(r.s.Gate, journal.Options{Flag: "--out", Path: r.outPath, Kind: filekinds.Results,
			Resume: resume, Read: r.readOut(sets, cfg), Warn: func(msg string) { warn(r.s.Err, "%s", msg) }})
		if err != nil {
			return nil, outputError(r.cmd, err)
		}
		r.out = j
		r.outStdout = j.Stdout()
		if r.other > 0 {
			printf(r.s.Err, "note: %s also holds %s of data sets not in this run; they stay there\n", r.outPath, words.Plural(r.other, "line"))
		}
	}
	if r.csvPath != "" {
		csv, err := r.s.claim(r.cmd, "csv", r.csvPath, filekinds.ResultsCSV)
		if err != nil {
			return nil, err
		}
		r.csv, r.csvStdout = csv, csv.Stdout()
		if !r.csvStdout {
			if err := r.notClobbered("csv", r.csvPath, resume); err != nil {
				return nil, err
			}
			if err := outfile.Check(r.csvPath); err != nil {
				return nil, status.BadInput("%s: --csv: %v", r.cmd, err)
			}
			r.csvEachSet = outfile.IsRegular(r.csvPath)
		}
	}
	opened = true
	return r, nil
}

// release closes --out and lets go of --csv.
func (r *recorder) release() {
	if r.out != nil {
		r.out.Close()
		r.out = nil
	}
	r.csv.Release()
	r.csv = nil
}

// notClobbered refuses a non-empty regular file for --flag unless the run
// is resumed: a second run never overwrites hours of results.
func (r *recorder) notClobbered(flag, path string, resume bool) error {
	if resume || !outfile.IsRegular(path) {
		return nil
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() == 0 {
		return nil
	}
	return status.BadInput("%s: --%s %s already holds results (%s); rerun with --resume to continue that run, or give another --%s",
		r.cmd, flag, path, words.Plural(int(st.Size()), "byte"), flag)
}

// readOut returns the reader of the lines of a resumed run's --out: the
// finished data sets of this run are skipped, after their lines are
// checked to replay on the boards as they are now; interrupted lines are
// run again and replaced. A line of another run's settings stops the
// run (bad input).
func (r *recorder) readOut(sets []datasets.Set, cfg searchConfig) func(journal.Line) error {
	dec := &resultsfile.Decoder{Name: r.outPath, Warn: func(msg string) { warn(r.s.Err, "%s", msg) }}
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
		want := cfg.settings()
		if slices.Contains(cfg.seeds, l.Record.Seed) {
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
func (r *recorder) takeLine(i int, l results.Line, want results.Settings, b board.Board, ours bool) error {
	if got := l.Record.Settings(); got != want {
		return status.BadInput("%s: --resume: %s:%d: %s was run with %s; a resumed run repeats --algo, --budget, --wall, --max-nodes, --seed, --rank (and bench's --params), or give another --out",
			r.cmd, r.outPath, l.No, l.Record.File, settingsDiff(got, want))
	}
	item := workItem{l.Record.File, l.Record.Seed}
	switch {
	case !ours:
	case l.Record.Partial:
		r.interrupted[item] = i
	default:
		if msg := verify.Replay(l.Record, b); msg != "" {
			return status.BadInput("%s: --resume: %s:%d: %s: %s (has the data set changed since?); give another --out", r.cmd, r.outPath, l.No, l.Record.File, msg)
		}
		if _, seen := r.done[item]; !seen {
			r.done[item] = l
		}
	}
	return nil
}

// settingsDiff names the flags whose values differ between a recorded
// line's settings and this run's: "--budget 20s (this run: 1s)".
func settingsDiff(rec, run results.Settings) string {
	var diffs []string
	for _, d := range settingsDiffs(rec, run) {
		diffs = append(diffs, fmt.Sprintf("%s %s (this run: %s)", d.flag, d.a, d.b))
	}
	return strings.Join(diffs, ", ")
}

// settingDiff is a flag whose value differs between two settings.
type settingDiff struct{ flag, a, b string }

// settingsDiffs lists the flags whose values differ between a and b.
func settingsDiffs(a, b results.Settings) []settingDiff {
	dur := func(sec float64) string { return time.Duration(sec * float64(time.Second)).String() }
	var diffs []settingDiff
	add := func(flag, x, y string) {
		if x != y {
			diffs = append(diffs, settingDiff{flag, x, y})
		}
	}
	add("--algo", a.Algo, b.Algo)
	add("--budget", dur(a.Budget), dur(b.Budget))
	add("--wall", fmt.Sprint(a.Wall), fmt.Sprint(b.Wall))
	add("--max-nodes", fmt.Sprint(a.MaxNodes), fmt.Sprint(b.MaxNodes))
	add("--seed", fmt.Sprint(a.Seed), fmt.Sprint(b.Seed))
	shipped := func(p string) string {
		if p == "" {
			return "(the shipped values)"
		}
		return p
	}
	add("--params", shipped(a.Params), shipped(b.Params))
	rank := func(r string) string {
		if r == "" {
			return solver.RankBeads.String()
		}
		return r
	}
	add("--rank", rank(a.Rank), rank(b.Rank))
	return diffs
}

// workItem is what a run records one line for: a data set, solved with
// a seed.
type workItem struct {
	file string
	seed uint64
}

// recorded returns the finished line of a data set and seed that a
// resumed run skips.
func (r *recorder) recorded(name string, seed uint64) (results.Line, bool) {
	l, ok := r.done[workItem{name, seed}]
	return l, ok
}

// keep adds a record found in --out to the run's records.
func (r *recorder) keep(rec results.Record) { r.recs = append(r.recs, rec) }

// add records a data set's result: its line appended to --out (or put in
// place of its interrupted line), then the CSV rewritten. It returns the
// first failure to write, which it also keeps for failure.
func (r *recorder) add(rec results.Record) error {
	r.recs = append(r.recs, rec)
	line := results.MarshalLine(rec)
	if r.out != nil && r.outErr == nil {
		if i, ok := r.interrupted[workItem{rec.File, rec.Seed}]; ok {
			r.outErr = r.replace(i, rec, line)
		} else if r.outErr = r.out.Append(line); r.outErr == nil {
			r.lines = append(r.lines, bytes.TrimSuffix(line, []byte("\n")))
		}
	}
	if r.csvPath != "" && r.csvErr == nil && r.csvEachSet {
		r.csvErr = r.writeCSV()
	}
	return r.failure()
}

// replace puts rec's line in place of the interrupted line lines[i] of
// --out, rewriting the file whole (journal.Rewrite), unless rec is
// itself interrupted and no better.
func (r *recorder) replace(i int, rec results.Record, line []byte) error {
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
func (r *recorder) writeCSV() error {
	var err error
	if r.csvStdout {
		err = results.WriteCSV(r.s.Out, r.recs)
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
func (r *recorder) failure() error {
	switch {
	case r.outErr != nil:
		return fmt.Errorf("--out: %v", r.outErr)
	case r.csvErr != nil:
		return fmt.Errorf("--csv: %v", r.csvErr)
	}
	return nil
}

// finish writes what is still to be written (the CSV of a resumed run
// with nothing left to run, or a CSV that is not a regular file), closes
// --out and lets go of the files' locks. It returns the first failure to
// write.
func (r *recorder) finish() error {
	defer r.release()
	if r.csvPath != "" && r.csvErr == nil && (r.csvDone < len(r.recs) || len(r.recs) == 0) {
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
