// Package solverun is "chainshot react solve" on one position: the exact
// solver run under the command's limits (positions, CPU or wall-clock
// budget, Ctrl-C), its progress on a terminal's status line, and the
// report of what it proved, as text or JSON. A proof by lines (--proof)
// is package proofrun's, which reports through this package's Report.
package solverun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// Options are a solve's settings.
type Options struct {
	Cmd  string // "chainshot react solve", for messages
	Pos  chainreact.Position
	File string // the position's file, "" for the empty board of a size
	// MaxNodes (0: no limit) and Budget (0: none) stop the solve early;
	// Wall makes the budget wall-clock time instead of CPU time.
	MaxNodes uint64
	Budget   time.Duration
	Wall     bool
	// MemoryMB is the transposition table's size (see TableMB).
	MemoryMB int
	// WinnerOnly stops once the winner is proved.
	WinnerOnly bool
	// JSON prints one JSON object instead of text.
	JSON bool
}

// ErrBudget is the cause of a solve stopped by its budget.
var ErrBudget = errors.New("budget spent")

// Run solves the position and prints what it proved. Ctrl-C stops the
// solve; what was proved is printed, and the status is 130.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	interrupt.Handle()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	pos := o.Pos
	sv := exact.NewSolver(exact.SolveOptions{MaxNodes: o.MaxNodes, TableMB: TableMB(o.MemoryMB, o.Budget), WinnerOnly: o.WinnerOnly})
	done := make(chan struct{})
	watched := make(chan struct{})
	go watchSolve(io, sv, &pos, o.Budget, cpuclock.Budget(o.Wall), cancel, done, watched)
	startCPU, start := cpuclock.Process(), time.Now()
	res, err := sv.Solve(ctx, &pos.Board)
	close(done)
	<-watched
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	out := Report{Pos: &pos, File: o.File, Res: res, Wall: time.Since(start), CPU: cpuclock.Process() - startCPU}
	switch {
	case res.Exact:
	case res.Winner >= 0 && o.WinnerOnly && ctx.Err() == nil && (o.MaxNodes == 0 || res.Nodes < o.MaxNodes):
		out.Stopped = "winner-only"
	case context.Cause(ctx) == ErrBudget:
		out.Stopped = "budget"
	case ctx.Err() != nil:
		out.Stopped = "interrupted"
	default:
		out.Stopped = "max-nodes"
	}
	if o.JSON {
		err = json.NewEncoder(io.Out).Encode(out.JSON())
	} else {
		out.Text(io.Out)
	}
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	if out.Stopped == "interrupted" {
		return status.Quiet(status.Interrupted)
	}
	return nil
}

// WatchBudget cancels with ErrBudget once budget has passed on clock
// from now, looking every 2% of it (2 to 50 ms): the one watch of a
// budget over the exact solver, which does not look at a clock itself
// (react solve, its proofs, react check). A budget of 0 watches nothing.
// stop ends the watch and returns once it has ended.
func WatchBudget(budget time.Duration, clock func() time.Duration, cancel context.CancelCauseFunc) (stop func()) {
	if budget <= 0 {
		return func() {}
	}
	done, ended := make(chan struct{}), make(chan struct{})
	t0 := clock()
	go func() {
		defer close(ended)
		tick := time.NewTicker(min(max(budget/50, 2*time.Millisecond), 50*time.Millisecond))
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if clock()-t0 >= budget {
					cancel(ErrBudget)
					return
				}
			}
		}
	}()
	return func() { close(done); <-ended }
}

// TableMB is the transposition table's size for a solve of the given
// budget: memory, but no more than 256 MB a second of budget (a solve
// cannot fill more in that time, and clearing a larger table would
// itself overrun a short budget).
func TableMB(memory int, budget time.Duration) int {
	if budget <= 0 {
		return memory
	}
	return max(min(memory, int(budget.Seconds()*256)), 1)
}

// watchSolve shows the solve's progress on stderr, when it is a terminal,
// and cancels it when the budget is spent (WatchBudget), until done is
// closed.
func watchSolve(io *iostreams.IO, sv *exact.Solver, pos *chainreact.Position, budget time.Duration, clock func() time.Duration, cancel context.CancelCauseFunc, done <-chan struct{}, watched chan<- struct{}) {
	defer close(watched)
	start := time.Now()
	defer WatchBudget(budget, clock, cancel)()
	// The progress is shown every second.
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	shown, lastShown := false, time.Now()
	for {
		select {
		case <-done:
			if shown {
				io.Status("")
			}
			return
		case <-tick.C:
		}
		if io.ErrTTY && time.Since(lastShown) >= time.Second {
			lastShown = time.Now()
			nodes, w, lo, hi := sv.Progress()
			io.Status("%s, %.0fs: %s", words.PluralThousands(nodes, "position"), time.Since(start).Seconds(), provedSoFar(pos, w, lo, hi))
			shown = true
		}
	}
}

// provedSoFar says what the bounds of a solve in progress prove.
func provedSoFar(pos *chainreact.Position, winner, lo, hi int) string {
	switch {
	case winner < 0:
		return "winner unknown"
	case lo == hi:
		return fmt.Sprintf("%c wins on ply %d", pos.Names[winner], lo)
	}
	return fmt.Sprintf("%c wins, last ply %d to %d", pos.Names[winner], lo, hi)
}
