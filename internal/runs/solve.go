package runs

import (
	"context"

	"chainshot/board"
	"chainshot/cpuclock"
	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/results"
	"chainshot/solver"
)

// SolveSet solves one data set with cfg, a progress bar on a terminal's
// standard error (labelled with label, or the set's name), and returns its results record (the CPU time read
// around the search) and its moves. The line is replayed before it is
// returned: a line that does not give its score and beads left is an
// internal error, never reported as a result.
func SolveSet(ctx context.Context, io *iostreams.IO, set datasets.Set, cfg Search, label string) (results.Record, []board.Move, error) {
	if label == "" {
		label = set.Name
	}
	opt := cfg.Opt
	opt.Progress = new(solver.Progress)
	done := make(chan struct{})
	finished := make(chan struct{})
	if io.ErrTTY {
		go showProgress(io, label, opt, done, finished)
	} else {
		close(finished)
	}
	startCPU := cpuclock.Process()
	res, err := solver.Solve(ctx, set.Board, cfg.Algo, opt)
	cpu := cpuclock.Process() - startCPU
	close(done)
	<-finished
	if err != nil {
		return results.Record{}, nil, status.Fail("chainshot: %s: %v", set.Name, err)
	}
	b := set.Board
	rec := results.Record{
		File: set.Name, Rows: b.Rows(), Cols: b.Cols(), Colors: b.Colors(),
		Algorithm: res.Algorithm, Budget: cfg.Opt.Budget.Seconds(), CPU: cpu.Seconds(),
		Moves: make(results.Moves, len(res.Moves)), Score: res.Score, BeadsLeft: res.BeadsLeft,
		Optimal: res.Optimal, Seed: cfg.Opt.Seed, Nodes: res.Nodes, Partial: ctx.Err() != nil,
		Requested: cfg.Algo, MaxNodes: cfg.Opt.MaxNodes, Wall: cfg.Opt.Wall, Params: cfg.Params,
		Rank: results.RankField(cfg.Opt.Rank.String()),
	}
	for i, m := range res.Moves {
		rec.Moves[i] = [2]int{int(m.Row) + 1, int(m.Col) + 1}
	}
	end, score, rerr := board.Replay(b, res.Moves)
	if rerr != nil || score != res.Score || end.Beads() != res.BeadsLeft {
		return rec, nil, status.Fail("chainshot: %s: internal error: the solver's line does not replay to its figures (%v)", set.Name, rerr)
	}
	return rec, res.Moves, nil
}
