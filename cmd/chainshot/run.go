package main

import (
	"errors"
	"path/filepath"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/results"
)

// runPlan is how a command solves its data sets in turn: solve,
// tournament and bench all go through run.
type runPlan struct {
	sets []datasets.Set
	cfg  searchConfig
	// gifDir, if set, receives a replay of each solution (tournament
	// --gif-dir); gifFile receives the replay of the one data set (solve
	// --gif).
	gifDir, gifFile string
	// show prints a data set's result on stdout as it finishes (or as a
	// resumed run finds it recorded): --json, or solve's replay.
	show func(set datasets.Set, rec results.Record, moves []board.Move)
	// log prints a line a data set on stderr, or a progress bar on a
	// terminal.
	log bool
}

// runSets solves sets in turn for tournament and bench (see runPlan.run),
// printing JSON lines on stdout with --json and writing replays into
// gifDir if set.
func runSets(c *cli.Context, sets []datasets.Set, cfg searchConfig, gifDir string) ([]results.Record, error) {
	s := ioFrom(c)
	p := runPlan{sets: sets, cfg: cfg, gifDir: gifDir, log: true,
		show: func(datasets.Set, results.Record, []board.Move) {}}
	if c.Bool("json") {
		p.show = func(_ datasets.Set, rec results.Record, _ []board.Move) { s.out.Write(results.MarshalLine(rec)) }
	}
	return p.run(c)
}

// run solves the plan's data sets in turn under the command's profile
// and interrupt handling. Each finished data set is recorded at once
// (--out, --csv: see recorder), then shown. A resumed run takes the data
// sets already finished from --out. Ctrl-C (or SIGTERM) stops the search
// in progress, whose best line so far is recorded, marked partial; a
// second Ctrl-C ends the program at once. The run stops early when a
// results file can no longer be written (unless --keep-going) or
// standard output fails. It returns the records of every data set that
// finished, recorded ones included, and what stopped it early or failed.
// Bad flags or files are found before any solving (exit status 2).
func (p *runPlan) run(c *cli.Context) ([]results.Record, error) {
	s := ioFrom(c)
	cmd := "chainshot " + c.Command.Name
	// Signals are caught before --out is opened: once it exists, Ctrl-C
	// records the search in progress rather than ending the program.
	ctx, cancel := interruptible(c.Context)
	defer cancel()
	rec, err := openRecorder(c, p.sets, p.cfg)
	if err != nil {
		return nil, err
	}
	stop, err := startProfile(c)
	if err != nil {
		rec.finish()
		return nil, err
	}
	var bar *progressbar.ProgressBar
	if p.log && s.errTTY && len(p.sets) > 1 {
		bar = progressbar.NewOptions(len(p.sets), progressbar.OptionSetWriter(s.err),
			progressbar.OptionSetDescription(c.Command.Name), progressbar.OptionShowCount(),
			progressbar.OptionSetVisibility(s.errTTY), progressbar.OptionClearOnFinish())
	}
	var runErr error
	ran := 0
	for _, set := range p.sets {
		if l, ok := rec.recorded(set.Name); ok {
			rec.keep(l.Record)
			p.show(set, l.Record, recordMoves(l.Record))
			printf(s.err, "%s: recorded in %s:%d (%d beads left, score %d); skipped\n", set.Name, rec.outPath, l.No, l.Record.BeadsLeft, l.Record.Score)
			continue
		}
		r, moves, err := solveSet(ctx, s, set, p.cfg)
		if err != nil {
			runErr = err
			break
		}
		ran++
		werr := rec.add(r)
		if err := p.writeGIF(set, moves); err != nil {
			runErr = err
			break
		}
		p.show(set, r, moves)
		if p.log {
			logSet(s, bar, r)
		}
		if (werr != nil && !rec.keepGoing) || ctx.Err() != nil || s.out.failed() {
			break
		}
	}
	if bar != nil {
		bar.Exit()
	}
	if err := stop(); err != nil && runErr == nil {
		runErr = err
	}
	werr := rec.finish()
	switch {
	case werr != nil && rec.keepGoing:
		return rec.recs, failed("%s: %v; the run went on (--keep-going): %d of %d data sets finished, all in the results on stdout", cmd, werr, len(rec.recs), len(p.sets))
	case werr != nil:
		return rec.recs, failed("%s: %v; stopped after %d of %d data sets, whose results are on stdout (--keep-going goes on without the file)", cmd, werr, len(rec.recs), len(p.sets))
	case runErr != nil:
		return rec.recs, runErr
	case ctx.Err() != nil:
		hint := ""
		if rec.outPath != "" {
			hint = "; the same command with --resume runs it again and the rest"
		}
		return rec.recs, failed("%s: interrupted after %d of %d data sets; the last line is the best found so far%s", cmd, len(rec.recs), len(p.sets), hint)
	}
	return rec.recs, nil
}

// writeGIF writes a data set's replay where the plan asks. The folder was
// checked before the run, so a failure here is the work failing (exit
// status 1).
func (p *runPlan) writeGIF(set datasets.Set, moves []board.Move) error {
	path := p.gifFile
	if p.gifDir != "" {
		path = filepath.Join(p.gifDir, gifName(set.Name))
	}
	if path == "" {
		return nil
	}
	err := writeReplayGIF(path, set.Name, set.Board, moves)
	var ee *exitError
	if errors.As(err, &ee) && ee.code == exitBad {
		return failed("%s", ee.msg)
	}
	return err
}
