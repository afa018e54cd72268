package proofrun

import (
	"context"
	"encoding/json"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"chainshot/chainreact/exact"
	"chainshot/cpuclock"
	"chainshot/internal/iostreams"
	"chainshot/internal/journal"
	"chainshot/internal/solverun"
	"chainshot/internal/version"
	"chainshot/internal/words"
)

// proofRun is one sitting of a proof: the lines to solve and the workers.
type proofRun struct {
	pf       *File
	out      *journal.Journal
	io       *iostreams.IO
	todo     []int
	jobs     int
	workers  int // the solvers at work: jobs, or fewer lines
	table    *exact.SolveTable
	maxNodes uint64
	// winnerOnly solves each line only until its winner is proved.
	// Without it a line that holds nothing yet is still solved to its
	// winner first, and then exactly only if it is still needed: a line
	// lost for the player who would choose it never needs its last ply.
	winnerOnly bool

	mu     sync.Mutex
	needed []bool       // the lines that may change the root, nil when stale
	taken  map[int]bool // the lines handed out
	wrote  map[int]bool // the lines written this sitting (see done)
	nodes  atomic.Uint64
	err    error // the first failure to write a line
}

// solve runs the workers until every line is solved, ctx ends or a limit
// is reached; each line solved is appended to the file at once. A line
// cut short is dropped: a later sitting solves it again.
func (r *proofRun) solve(ctx context.Context, cancel context.CancelCauseFunc, budget time.Duration, clock func() time.Duration) {
	var wg sync.WaitGroup
	r.workers = min(r.jobs, len(r.todo))
	for range r.workers {
		// Two solvers on the one table: to the winner, and exact.
		first := exact.NewSolver(exact.SolveOptions{Table: r.table, WinnerOnly: true})
		sv := first
		if !r.winnerOnly {
			sv = exact.NewSolver(exact.SolveOptions{Table: r.table})
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // so that the thread's CPU time is the line's
			defer runtime.UnlockOSThread()
			r.worker(ctx, cancel, first, sv)
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	start := time.Now()
	defer solverun.WatchBudget(budget, clock, cancel)()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	shown, lastShown := false, time.Time{}
	for {
		select {
		case <-finished:
			if shown {
				r.io.Status("")
			}
			return
		case <-tick.C:
		}
		if r.maxNodes > 0 && r.nodes.Load() >= r.maxNodes {
			cancel(errMaxNodes)
		}
		if r.io.ErrTTY && time.Since(lastShown) >= time.Second {
			lastShown = time.Now()
			r.mu.Lock()
			done, all := r.done(), len(r.todo)
			r.mu.Unlock()
			r.io.Status("lines %d of %d solved, %s, %.0fs", done, all, words.PluralThousands(r.nodes.Load(), "position"), time.Since(start).Seconds())
			shown = true
		}
	}
}

// take returns the next line of todo to solve, or -1: the first not taken
// yet that may still change what the proof settles (see
// chainreact.ProofSplit.Needed); lines not needed are skipped. first
// says to solve it only to its winner: always with --winner-only, and
// in an exact run when the line holds nothing yet. r.mu is held.
func (r *proofRun) take() (i int, first bool) {
	if r.needed == nil {
		r.needed = r.pf.Split.Needed(r.pf.Results, r.winnerOnly)
	}
	for _, i := range r.todo {
		if r.needed[i] && !r.taken[i] {
			r.taken[i] = true
			return i, r.winnerOnly || r.pf.Results[i] == nil
		}
	}
	return -1, false
}

// settled reports whether the lines solved settle the root: its winner
// with --winner-only, else its exact value. r.mu is held.
func (r *proofRun) settled() bool {
	res, err := r.pf.Split.Combine(r.pf.Results)
	return err == nil && (res.Exact || (r.winnerOnly && res.Winner >= 0))
}

// worker solves the lines take hands it, with first (to the winner) or
// sv (as the run asks), until none is left.
func (r *proofRun) worker(ctx context.Context, cancel context.CancelCauseFunc, first, sv *exact.Solver) {
	for {
		r.mu.Lock()
		i, toWinner := r.take()
		if i < 0 || ctx.Err() != nil || r.err != nil {
			r.mu.Unlock()
			return
		}
		r.mu.Unlock()
		solver := sv
		if toWinner {
			solver = first
		}
		res, took, cpu, ok := r.solveLine(ctx, solver, i)
		if !ok || res.Winner < 0 || (!res.Exact && (!toWinner || ctx.Err() != nil)) {
			return // stopped: the line is solved again another time
		}
		l, lr := r.newLine(i, res, took, cpu)
		if !r.record(i, l, lr, cancel) {
			return
		}
		if !res.Exact && !r.winnerOnly {
			r.mu.Lock()
			r.taken[i] = false // solved exactly later, if still needed
			r.mu.Unlock()
		}
	}
}

// solveLine solves line i with sv, counting its positions into r.nodes
// as it goes (--max-nodes counts the positions of every worker). It
// returns what the solve found, its wall-clock time, its thread's CPU
// time (-1 where the thread's clock cannot be read), and false when the
// solve failed.
func (r *proofRun) solveLine(ctx context.Context, sv *exact.Solver, i int) (exact.SolveResult, time.Duration, time.Duration, bool) {
	cpu0, threadOK := cpuclock.Thread()
	t0 := time.Now()
	watch, watched := make(chan struct{}), make(chan struct{})
	var seen uint64
	go func() {
		defer close(watched)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-watch:
				return
			case <-t.C:
				n, _, _, _ := sv.Progress()
				r.nodes.Add(n - seen)
				seen = n
			}
		}
	}()
	res, err := sv.Solve(ctx, &r.pf.Split.Lines[i].Board)
	close(watch)
	<-watched
	took := time.Since(t0)
	cpu1, _ := cpuclock.Thread()
	cpu := time.Duration(-1)
	if threadOK {
		cpu = cpu1 - cpu0
	}
	if err == nil {
		r.nodes.Add(res.Nodes - seen)
	}
	return res, took, cpu, err == nil
}

// newLine is the proof line of line i solved as res.
func (r *proofRun) newLine(i int, res exact.SolveResult, took, cpu time.Duration) (*Line, *exact.LineResult) {
	l := &Line{Line: i, Moves: [][]int{}, Winner: string(r.pf.Names[res.Winner]), Nodes: res.Nodes,
		Seconds: took.Seconds(), TableMB: r.table.MB(), Jobs: r.workers, Commit: version.Commit()}
	lr := &exact.LineResult{Winner: res.Winner, Exact: res.Exact, Plies: res.Plies, PliesMin: res.PliesMin, PliesMax: res.PliesMax, PV: res.PV}
	if res.Exact {
		l.Plies, l.PV = res.Plies, [][]int{}
	} else {
		l.PliesMin, l.PliesMax = res.PliesMin, res.PliesMax
	}
	if cpu >= 0 {
		l.CPU = cpu.Seconds()
	}
	b := r.pf.Split.Root
	for _, m := range r.pf.Split.Lines[i].Moves {
		row, col := b.RowCol(m)
		l.Moves = append(l.Moves, []int{row, col})
	}
	for _, m := range res.PV {
		row, col := b.RowCol(m)
		l.PV = append(l.PV, []int{row, col})
	}
	return l, lr
}

// done counts the lines solved this sitting, each once (a line taken to
// its winner and then solved exactly is one). r.mu is held, or the
// workers are done.
func (r *proofRun) done() int { return len(r.wrote) }

// record appends line i to the proof file and counts it; once the lines
// settle the root, the others under way are stopped. It reports false
// when the file cannot be written (r.err says why).
func (r *proofRun) record(i int, l *Line, lr *exact.LineResult, cancel context.CancelCauseFunc) bool {
	data, _ := json.Marshal(l)
	r.mu.Lock()
	defer r.mu.Unlock()
	if werr := r.out.Append(data); werr != nil {
		if r.err == nil {
			r.err = werr
			cancel(werr)
		}
		return false
	}
	if r.pf.Results[i] == nil {
		r.pf.Solved++
	}
	r.pf.Lines[i], r.pf.Results[i] = l, lr
	r.pf.Nodes += l.Nodes
	r.pf.CPU += l.CPU
	r.pf.Seconds += l.Seconds
	r.needed = nil
	if r.settled() {
		cancel(errSettled) // the lines still being solved are not needed
	}
	r.wrote[i] = true
	return true
}
