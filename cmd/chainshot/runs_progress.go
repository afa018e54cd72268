package main

import (
	"chainshot/cpuclock"
	"chainshot/internal/words"

	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"chainshot/results"
	"chainshot/solver"
)

// showProgress draws a progress bar of the budget used, with the best line
// so far, until done is closed.
func showProgress(s *streams, name string, opt solver.Options, done <-chan struct{}, finished chan<- struct{}) {
	defer close(finished)
	max := int64(-1)
	if opt.Budget > 0 {
		max = opt.Budget.Milliseconds()
	}
	bar := progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(s.ErrTerm),
		progressbar.OptionSetDescription(name),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(150*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetVisibility(s.ErrTTY),
	)
	startCPU, startWall := cpuclock.Process(), time.Now()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			bar.Finish()
			return
		case <-tick.C:
			used := cpuclock.Process() - startCPU
			if opt.Wall {
				used = time.Since(startWall)
			}
			desc := name + ": searching"
			if beads, score, ok := opt.Progress.Best(); ok {
				desc = fmt.Sprintf("%s: best %d left, %s, %s", name, beads, words.Plural(score, "point"), words.Plural(int(opt.Progress.Nodes()), "node"))
			}
			bar.Describe(desc)
			bar.Set64(min(used.Milliseconds(), max))
		}
	}
}

// logSet reports a finished data set on stderr: a step of the progress
// bar on a terminal, a line otherwise.
func logSet(s *streams, bar *progressbar.ProgressBar, r results.Record, seeded bool) {
	if bar != nil {
		bar.Add(1)
		return
	}
	nps := 0.0
	if r.CPU > 0 {
		nps = float64(r.Nodes) / r.CPU
	}
	name := r.File
	if seeded {
		name = fmt.Sprintf("%s seed %d", r.File, r.Seed)
	}
	partial := ""
	if r.Partial {
		partial = " (interrupted)"
	}
	printf(s.Err, "%s: %s left, score %d, %.2f CPU s, %.0f nodes/s%s\n", name, words.Plural(r.BeadsLeft, "bead"), r.Score, r.CPU, nps, partial)
}

// newSetsBar is the progress bar of a run over n data sets: a step a data
// set, on a terminal only (nil elsewhere).
func newSetsBar(s *streams, name string, n int) *progressbar.ProgressBar {
	if !s.ErrTTY {
		return nil
	}
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(s.ErrTerm),
		progressbar.OptionSetDescription(name), progressbar.OptionShowCount(),
		progressbar.OptionSetVisibility(s.ErrTTY), progressbar.OptionClearOnFinish())
}

// endBar takes a bar off the terminal, finished or not (an interrupted
// run), so that what comes next (the table) starts on a line of its own.
func endBar(bar *progressbar.ProgressBar) {
	if bar == nil {
		return
	}
	bar.Clear()
	bar.Exit()
}
