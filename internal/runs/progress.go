package runs

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"chainshot/cpuclock"
	"chainshot/internal/iostreams"
	"chainshot/internal/termsafe"
	"chainshot/internal/words"
	"chainshot/results"
	"chainshot/solver"
)

// A bar writes to the terminal as it is (io.ErrTerm), beside the
// escaping writer, so that it can rewrite its line: every text it shows
// is escaped first (termsafe.String), as IO.Status escapes its own. A
// data set's name comes from a file name, which may hold anything.

// showProgress shows a data set's search on a terminal's standard error
// until done is closed: the CPU time against the budget, the best line
// so far and the nodes. It closes finished when the bar is gone.
func showProgress(io *iostreams.IO, name string, opt solver.Options, done <-chan struct{}, finished chan<- struct{}) {
	defer close(finished)
	name = termsafe.String(name)
	max := int64(-1)
	if opt.Budget > 0 {
		max = opt.Budget.Milliseconds()
	}
	bar := progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(io.ErrTerm),
		progressbar.OptionSetDescription(name),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(150*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetVisibility(io.ErrTTY),
	)
	clock := cpuclock.Budget(opt.Wall)
	start := clock()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			bar.Finish()
			return
		case <-tick.C:
			used := clock() - start
			desc := name + ": searching"
			if beads, score, ok := opt.Progress.Best(); ok {
				desc = fmt.Sprintf("%s: best %d left, %s, %s", name, beads, words.Plural(score, "point"), words.Plural(int(opt.Progress.Nodes()), "node"))
			}
			bar.Describe(desc)
			bar.Set64(min(used.Milliseconds(), max))
		}
	}
}

// logSet reports a finished data set: a step of the bar on a terminal,
// else a line on standard error.
func logSet(io *iostreams.IO, bar *progressbar.ProgressBar, r results.Record, seeded bool) {
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
	fmt.Fprintf(io.Err, "%s: %s left, score %d, %.2f CPU s, %.0f nodes/s%s\n", name, words.Plural(r.BeadsLeft, "bead"), r.Score, r.CPU, nps, partial)
}

// newSetsBar is the bar of a run over n data sets, on a terminal only.
func newSetsBar(io *iostreams.IO, name string, n int) *progressbar.ProgressBar {
	if !io.ErrTTY {
		return nil
	}
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(io.ErrTerm),
		progressbar.OptionSetDescription(termsafe.String(name)), progressbar.OptionShowCount(),
		progressbar.OptionSetVisibility(io.ErrTTY), progressbar.OptionClearOnFinish())
}

// endBar clears the run's bar.
func endBar(bar *progressbar.ProgressBar) {
	if bar == nil {
		return
	}
	bar.Clear()
	bar.Exit()
}
