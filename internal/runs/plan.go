package runs

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/schollz/progressbar/v3"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/filekinds"
	"chainshot/internal/gamepic"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/verify"
	"chainshot/internal/words"
	"chainshot/results"
)

// Plan is a run over data sets: what to solve, with which search, where
// to record and how to show each result.
type Plan struct {
	// Command is the command's path, for messages: "chainshot tournament";
	// Name labels the progress bar: "tournament".
	Command, Name string
	Sets          []datasets.Set
	// Seeds, when set, is the seed of each data set (tournament --seeds,
	// a data set once for each seed).
	Seeds  []uint64
	Search Search
	Files  Files
	// GIFDir, if set, receives a replay of each solution (tournament
	// --gif-dir); GIF receives the replay of the one data set (solve
	// --gif).
	GIFDir string
	GIF    *outfile.Claim
	// Show shows a finished data set (the board replayed, a JSON line);
	// ShowsLine says it prints the results line, which --out
	// /dev/stdout prints already.
	Show      func(set datasets.Set, rec results.Record, moves []board.Move)
	ShowsLine bool
	// Log reports each finished data set on standard error.
	Log bool
	// Before runs once the files are open, before the first search (the
	// bench's speed test).
	Before func()
	// Profile starts the profile the flags ask for, once the files are
	// open; stop writes it.
	Profile func() (stop func() error, err error)
}

// Run runs p on the run's streams: the results files opened (refused
// before any solving, bad input), each data set solved and recorded,
// Ctrl-C or SIGTERM stopping the search in hand, whose best line so far
// is recorded as interrupted. It returns the records (those of a resumed
// run included) and the run's outcome: a failure to write a results
// file, an interruption (status 1, with the hint to resume), or nil.
func Run(ctx context.Context, io *iostreams.IO, p Plan) ([]results.Record, error) {
	interrupt.Handle()
	rec, err := OpenRecorder(io, p.Command, p.Files, p.Sets, p.Search)
	if err != nil {
		return nil, err
	}
	gifs, err := p.claimGIFs(io)
	if err != nil {
		rec.Finish()
		return nil, err
	}
	stop := func() error { return nil }
	if p.Profile != nil {
		if stop, err = p.Profile(); err != nil {
			rec.Finish()
			return nil, err
		}
	}
	if p.Before != nil {
		p.Before()
	}
	var bar *progressbar.ProgressBar
	if p.Log && len(p.Sets) > 1 {
		bar = newSetsBar(io, p.Name, len(p.Sets))
	}
	runErr := p.solveAll(ctx, io, rec, bar, gifs)
	endBar(bar)
	if err := stop(); err != nil && runErr == nil {
		runErr = err
	}
	return rec.Records(), p.outcome(rec, runErr, ctx.Err() != nil)
}

// solveAll solves the plan's data sets in turn, skipping those a resumed
// run finished; it stops early when a results file fails (unless
// --keep-going), on Ctrl-C, or when standard output fails.
func (p *Plan) solveAll(ctx context.Context, io *iostreams.IO, rec *Recorder, bar *progressbar.ProgressBar, gifs map[string]*outfile.Claim) error {
	for i, set := range p.Sets {
		cfg := p.Search
		if p.Seeds != nil {
			cfg.Opt.Seed = p.Seeds[i]
		}
		if l, ok := rec.Recorded(set.Name, cfg.Opt.Seed); ok {
			rec.Keep(l.Record)
			p.show(set, l.Record, verify.Moves(l.Record))
			name := set.Name
			if p.Seeds != nil {
				name = fmt.Sprintf("%s seed %d", set.Name, cfg.Opt.Seed)
			}
			fmt.Fprintf(io.Err, "%s: recorded in %s:%d (%s left, score %d); skipped\n", name, p.Files.Out, l.No, words.Plural(l.Record.BeadsLeft, "bead"), l.Record.Score)
			continue
		}
		label := set.Name
		if len(p.Sets) > 1 {
			label = fmt.Sprintf("%s (%d of %d)", set.Name, i+1, len(p.Sets))
		}
		r, moves, err := SolveSet(ctx, io, set, cfg, label)
		if err != nil {
			return err
		}
		werr := rec.Add(r)
		if err := p.writeGIF(set, moves, gifs); err != nil {
			return err
		}
		if !(p.ShowsLine && rec.outStdout) {
			p.show(set, r, moves)
		}
		if p.Log {
			logSet(io, bar, r, p.Seeds != nil)
		}
		if (werr != nil && !p.Files.KeepGoing) || ctx.Err() != nil || io.OutFailed() {
			return nil
		}
	}
	return nil
}

func (p *Plan) show(set datasets.Set, rec results.Record, moves []board.Move) {
	if p.Show != nil {
		p.Show(set, rec, moves)
	}
}

// outcome is the run's error: a results file that failed, the run's own
// error, an interruption, or nil.
func (p *Plan) outcome(rec *Recorder, runErr error, interrupted bool) error {
	werr := rec.Finish()
	n, sets := len(rec.Records()), words.Plural(len(p.Sets), "data set")
	switch {
	case werr != nil && p.Files.KeepGoing:
		return status.Fail("%s: %v; the run went on (--keep-going): %d of %s finished, all in the results on stdout", p.Command, werr, n, sets)
	case werr != nil:
		return status.Fail("%s: %v; stopped after %d of %s, whose results are on stdout (--keep-going goes on without the file)", p.Command, werr, n, sets)
	case runErr != nil:
		return runErr
	case interrupted:
		hint := ""
		if p.Files.Out != "" {
			hint = "; the same command with --resume runs it again and the rest"
		}
		return status.Fail("%s: interrupted after %d of %s; the last line is the best found so far%s", p.Command, n, sets, hint)
	}
	return nil
}

// claimGIFs claims the replay of each data set in --gif-dir through the
// run's gate, before any solving.
func (p *Plan) claimGIFs(io *iostreams.IO) (map[string]*outfile.Claim, error) {
	if p.GIFDir == "" {
		return nil, nil
	}
	gifs := map[string]*outfile.Claim{}
	for _, set := range p.Sets {
		if gifs[set.Name] != nil {
			continue
		}
		c, err := io.Claim(p.Command, "--gif-dir", filepath.Join(p.GIFDir, gamepic.GIFName(set.Name)), filekinds.GIF)
		if err != nil {
			return nil, err
		}
		gifs[set.Name] = c
	}
	return gifs, nil
}

// writeGIF writes a data set's replay where the plan asks. The file was
// claimed before the run, so a failure here is the work failing (exit
// status 1).
func (p *Plan) writeGIF(set datasets.Set, moves []board.Move, gifs map[string]*outfile.Claim) error {
	out := p.GIF
	if p.GIFDir != "" {
		out = gifs[set.Name]
	}
	if out == nil {
		return nil
	}
	draw, err := gamepic.ReplayGIF(set.Name, set.Board, moves)
	if err == nil {
		err = out.WriteFile(draw)
	}
	var fe *gamepic.FramesError
	if errors.As(err, &fe) {
		return status.Fail("%s: %v", set.Name, err)
	}
	if err != nil {
		return status.Fail("%v", err)
	}
	return nil
}
