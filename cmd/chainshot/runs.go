package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/filekinds"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
)

// runPlan is how a command solves its data sets in turn: solve,
// tournament and bench all go through run.
type runPlan struct {
	sets []datasets.Set
	// seeds, if set, give the seed of each of sets (tournament --seeds,
	// where a data set comes once a seed); otherwise cfg's.
	seeds []uint64
	cfg   searchConfig
	// gifDir, if set, receives a replay of each solution (tournament
	// --gif-dir); gifFile receives the replay of the one data set (solve
	// --gif).
	gifDir  string
	gifFile *outfile.Claim
	// gifs are the claims of the replays in gifDir, by data set.
	gifs map[string]*outfile.Claim
	// show prints a data set's result on stdout as it finishes (or as a
	// resumed run finds it recorded): --json, or solve's replay.
	show func(set datasets.Set, rec results.Record, moves []board.Move)
	// showsLine says show prints the results line (--json): when --out
	// is standard output, the line is there already and is not shown
	// twice.
	showsLine bool
	// log prints a line a data set on stderr, or a progress bar on a
	// terminal.
	log bool
	// before, if set, runs once the results files are open and the
	// profile started, before any solving: bench's playout-speed test,
	// so that a bad --out is refused before it.
	before func()
}

// runSets solves sets in turn for tournament and bench (see runPlan.run),
// printing JSON lines on stdout with --json and writing replays into
// gifDir if set.
func runSets(c *cli.Context, sets []datasets.Set, cfg searchConfig, gifDir string) ([]results.Record, error) {
	return setsPlan(c, sets, cfg, gifDir).run(c)
}

// runSetsAfter is runSets with before run first, once every flag and
// file has been checked (see runPlan.before).
func runSetsAfter(c *cli.Context, sets []datasets.Set, cfg searchConfig, before func()) ([]results.Record, error) {
	p := setsPlan(c, sets, cfg, "")
	p.before = before
	return p.run(c)
}

// setsPlan is the plan of runSets.
func setsPlan(c *cli.Context, sets []datasets.Set, cfg searchConfig, gifDir string) *runPlan {
	s := ioFrom(c)
	p := &runPlan{sets: sets, cfg: cfg, gifDir: gifDir, log: true,
		show: func(datasets.Set, results.Record, []board.Move) {}}
	if c.Bool("json") {
		p.show = func(_ datasets.Set, rec results.Record, _ []board.Move) { s.Out.Write(results.MarshalLine(rec)) }
		p.showsLine = true
	}
	return p
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
	// Signals are caught before --out is opened: once it exists, Ctrl-C
	// records the search in progress rather than ending the program.
	ctx, cancel := interruptible(c.Context)
	defer cancel()
	rec, err := openRecorder(c, p.sets, p.cfg)
	if err != nil {
		return nil, err
	}
	if err := p.claimGIFs(s, commandPath(c)); err != nil {
		rec.finish()
		return nil, err
	}
	stop, err := startProfile(c)
	if err != nil {
		rec.finish()
		return nil, err
	}
	if p.before != nil {
		p.before()
	}
	var bar *progressbar.ProgressBar
	if p.log && len(p.sets) > 1 {
		bar = newSetsBar(s, c.Command.Name, len(p.sets))
	}
	runErr := p.solveAll(ctx, s, rec, bar)
	endBar(bar)
	if err := stop(); err != nil && runErr == nil {
		runErr = err
	}
	return rec.recs, p.outcome(commandPath(c), rec, runErr, ctx.Err() != nil)
}

// solveAll solves the plan's data sets in turn, or takes them from a
// resumed run's --out, recording and showing each. It stops at the first
// failure to solve or draw, a results file that can no longer be written
// (unless --keep-going), Ctrl-C, or a failed standard output.
func (p *runPlan) solveAll(ctx context.Context, s *streams, rec *recorder, bar *progressbar.ProgressBar) error {
	for i, set := range p.sets {
		cfg := p.cfg
		if p.seeds != nil {
			cfg.opt.Seed = p.seeds[i]
		}
		if l, ok := rec.recorded(set.Name, cfg.opt.Seed); ok {
			rec.keep(l.Record)
			p.show(set, l.Record, verify.Moves(l.Record))
			name := set.Name
			if p.seeds != nil {
				name = fmt.Sprintf("%s seed %d", set.Name, cfg.opt.Seed)
			}
			printf(s.Err, "%s: recorded in %s:%d (%s left, score %d); skipped\n", name, rec.outPath, l.No, words.Plural(l.Record.BeadsLeft, "bead"), l.Record.Score)
			continue
		}
		r, moves, err := solveSet(ctx, s, set, cfg)
		if err != nil {
			return err
		}
		werr := rec.add(r)
		if err := p.writeGIF(set, moves); err != nil {
			return err
		}
		if !(p.showsLine && rec.outStdout) {
			p.show(set, r, moves)
		}
		if p.log {
			logSet(s, bar, r, p.seeds != nil)
		}
		if (werr != nil && !rec.keepGoing) || ctx.Err() != nil || s.OutFailed() {
			return nil
		}
	}
	return nil
}

// outcome closes the results files and says how the run ended: a results
// file that failed, the run's own failure, Ctrl-C, or nil.
func (p *runPlan) outcome(cmd string, rec *recorder, runErr error, interrupted bool) error {
	werr := rec.finish()
	switch {
	case werr != nil && rec.keepGoing:
		return status.Fail("%s: %v; the run went on (--keep-going): %d of %s finished, all in the results on stdout", cmd, werr, len(rec.recs), words.Plural(len(p.sets), "data set"))
	case werr != nil:
		return status.Fail("%s: %v; stopped after %d of %s, whose results are on stdout (--keep-going goes on without the file)", cmd, werr, len(rec.recs), words.Plural(len(p.sets), "data set"))
	case runErr != nil:
		return runErr
	case interrupted:
		hint := ""
		if rec.outPath != "" {
			hint = "; the same command with --resume runs it again and the rest"
		}
		return status.Fail("%s: interrupted after %d of %s; the last line is the best found so far%s", cmd, len(rec.recs), words.Plural(len(p.sets), "data set"), hint)
	}
	return nil
}

// writeGIF writes a data set's replay where the plan asks. The folder was
// checked before the run, so a failure here is the work failing (exit
// status 1).
func (p *runPlan) writeGIF(set datasets.Set, moves []board.Move) error {
	out := p.gifFile
	if p.gifDir != "" {
		out = p.gifs[set.Name]
	}
	if out == nil {
		return nil
	}
	err := writeReplayGIF(out, set.Name, set.Board, moves)
	var ee *status.Error
	if errors.As(err, &ee) && ee.Code == status.Bad {
		return status.Fail("%s", ee.Msg)
	}
	return err
}

// claimGIFs claims the replay of each data set in --gif-dir through the
// run's gate, before any solving.
func (p *runPlan) claimGIFs(s *streams, cmd string) error {
	if p.gifDir == "" {
		return nil
	}
	p.gifs = map[string]*outfile.Claim{}
	for _, set := range p.sets {
		if p.gifs[set.Name] != nil {
			continue
		}
		c, err := s.claim(cmd, "gif-dir", filepath.Join(p.gifDir, gifName(set.Name)), filekinds.GIF)
		if err != nil {
			return err
		}
		p.gifs[set.Name] = c
	}
	return nil
}
