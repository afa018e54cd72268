// Package experiment is "chainshot react experiment": seed 002's
// experiments run for real. Every matchup of the seed's Table 1
// (alpha-beta agents against the random agent) and Table 2 (its
// heuristics head to head) is played between real players; the tables
// are printed beside the seed's guesses and written into a folder as
// CSV and JSON, with Figures 2 and 3 (package figures) as PNG and SVG.
package experiment

import (
	"context"
	"fmt"
	"time"

	"chainshot/chainreact/match"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
)

// Options are a run's settings.
type Options struct {
	Cmd string // "chainshot react experiment", for messages
	// Note says which document seed 002 is, at the head of the output.
	Note       string
	Games      int // games per matchup
	Seed       uint64
	Jobs       int // games played at once
	Rows, Cols int
	// Depth1 is the search depth of Table 1's single-heuristic agents,
	// Depth2 of Table 2's.
	Depth1, Depth2 int
	// Dir is the folder the files are written into; it exists. Flag
	// names it in messages, as typed ("--out-dir").
	Dir, Flag string
}

// Run plays every matchup of seed 002's tables, prints the tables and
// writes them and the figures into o.Dir, each file claimed through the
// run's gate before any game.
func Run(ctx context.Context, io *iostreams.IO, o Options) error {
	claims, err := claimFiles(io, o.Cmd, o.Flag, o.Dir)
	if err != nil {
		return err
	}
	run := func(a, b string) (match.MatchResult, error) {
		t0 := time.Now()
		r, err := match.RunMatch(ctx, match.MatchConfig{Specs: [2]string{a, b}, Games: o.Games, Rows: o.Rows, Cols: o.Cols, Seed: o.Seed, Jobs: o.Jobs})
		if err == nil {
			fmt.Fprintf(io.Err, "%s vs %s: %d-%d (%.0fs)\n", a, b, r.Wins[0], r.Wins[1], time.Since(t0).Seconds())
		}
		return r, err
	}
	t1, err := table1(run, o.Depth1)
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	t2, err := table2(run, o.Depth2)
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	printExperiment(io.Out, o.Note, t1, t2, o.Games, o.Depth2)
	return writeFiles(o.Cmd, claims, experiment{t1: t1, t2: t2, games: o.Games, seed: o.Seed, size: fmt.Sprintf("%dx%d", o.Rows, o.Cols), depth2: o.Depth2})
}

// table1 plays Table 1: each agent against the random agent.
func table1(run func(a, b string) (match.MatchResult, error), d1 int) ([]table1Row, error) {
	var t1 []table1Row
	for _, row := range seed002Table1 {
		depth := row.depth
		if row.eval != "weighted" {
			depth = d1
		}
		spec := fmt.Sprintf("alphabeta:depth=%d,eval=%s", depth, row.eval)
		r, err := run(spec, "random")
		if err != nil {
			return nil, err
		}
		lo, hi := match.Wilson(r.Wins[0], r.Games)
		t1 = append(t1, table1Row{Agent: agentName(row.eval), Spec: spec, Depth: depth, Games: r.Games, Wins: r.Wins[0],
			WinRate: float64(r.Wins[0]) / float64(r.Games), CILow: lo, CIHigh: hi, SeedGuess: float64(row.guess) / 100,
			MeanPlies: r.MeanPlies, MeanMoveSeconds: r.MeanMoveSeconds[0]})
	}
	return t1, nil
}

// table2 plays Table 2: the heuristics head to head at depth d2.
func table2(run func(a, b string) (match.MatchResult, error), d2 int) ([]table2Row, error) {
	var t2 []table2Row
	for _, pr := range seed002Table2 {
		ha, hb := seed002Heuristics[pr.a], seed002Heuristics[pr.b]
		r, err := run(fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, ha.eval), fmt.Sprintf("alphabeta:depth=%d,eval=%s", d2, hb.eval))
		if err != nil {
			return nil, err
		}
		w := 0
		if r.Wins[1] > r.Wins[0] {
			w = 1
		}
		lo, hi := match.Wilson(r.Wins[w], r.Games)
		hname := func(i int) string { return fmt.Sprintf("H%d", i+1) }
		row := table2Row{A: hname(pr.a), B: hname(pr.b), Games: r.Games, WinsA: r.Wins[0], WinsB: r.Wins[1],
			Winner: hname([]int{pr.a, pr.b}[w]), WinnerRate: float64(r.Wins[w]) / float64(r.Games), CILow: lo, CIHigh: hi,
			SeedWinner: hname(pr.winner), SeedRate: float64(pr.rate) / 100, MeanPlies: r.MeanPlies,
			rateA: float64(r.Wins[0]) / float64(r.Games), a: pr.a, b: pr.b}
		row.seedRateA = row.SeedRate
		if pr.winner != pr.a {
			row.seedRateA = 1 - row.SeedRate
		}
		t2 = append(t2, row)
	}
	return t2, nil
}
