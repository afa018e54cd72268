package main

import (
	"chainshot/cpuclock"
	"chainshot/internal/status"

	"context"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/results"
	"chainshot/solver"
)

// solveSet runs the solver on one data set, with a progress bar on stderr
// when it is a terminal, and returns the results record.
func solveSet(ctx context.Context, s *streams, set datasets.Set, cfg searchConfig) (results.Record, []board.Move, error) {
	opt := cfg.opt
	opt.Progress = new(solver.Progress)
	done := make(chan struct{})
	finished := make(chan struct{})
	if s.ErrTTY {
		go showProgress(s, set.Name, opt, done, finished)
	} else {
		close(finished)
	}
	startCPU := cpuclock.Process()
	res, err := solver.Solve(ctx, set.Board, cfg.algo, opt)
	cpu := cpuclock.Process() - startCPU
	close(done)
	<-finished
	if err != nil {
		return results.Record{}, nil, status.Fail("chainshot: %s: %v", set.Name, err)
	}
	b := set.Board
	rec := results.Record{
		File: set.Name, Rows: b.Rows(), Cols: b.Cols(), Colors: b.Colors(),
		Algorithm: res.Algorithm, Budget: cfg.opt.Budget.Seconds(), CPU: cpu.Seconds(),
		Moves: make([][2]int, len(res.Moves)), Score: res.Score, BeadsLeft: res.BeadsLeft,
		Optimal: res.Optimal, Seed: cfg.opt.Seed, Nodes: res.Nodes, Partial: ctx.Err() != nil,
		Requested: cfg.algo, MaxNodes: cfg.opt.MaxNodes, Wall: cfg.opt.Wall, Params: cfg.params,
		Rank: results.RankField(cfg.opt.Rank.String()),
	}
	for i, m := range res.Moves {
		rec.Moves[i] = [2]int{int(m.Row) + 1, int(m.Col) + 1}
	}
	// Never report what does not replay.
	end, score, rerr := board.Replay(b, res.Moves)
	if rerr != nil || score != res.Score || end.Beads() != res.BeadsLeft {
		return rec, nil, status.Fail("chainshot: %s: internal error: the solver's line does not replay to its figures (%v)", set.Name, rerr)
	}
	return rec, res.Moves, nil
}
