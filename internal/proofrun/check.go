package proofrun

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"chainshot/chainreact/exact"
	"chainshot/internal/interrupt"
	"chainshot/internal/iostreams"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// check re-solves o.Check lines of the file, drawn at random with
// o.Seed, each by a solver of its own, and compares: the second way a
// proof's lines are checked (the first, on reading, replays each line's
// principal variation).
func check(ctx context.Context, io *iostreams.IO, o Options, pf *File) error {
	cmd := o.Cmd
	var solved []int
	for i, l := range pf.Lines {
		if l != nil {
			solved = append(solved, i)
		}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x636865636b))
	rng.Shuffle(len(solved), func(i, j int) { solved[i], solved[j] = solved[j], solved[i] })
	solved = solved[:min(o.Check, len(solved))]
	slices.Sort(solved)
	interrupt.Handle()
	bad := 0
	for _, i := range solved {
		// solved again as far as the file says it was: exactly, or to its winner
		r := pf.Results[i]
		sv := exact.NewSolver(exact.SolveOptions{TableMB: o.MemoryMB, WinnerOnly: !r.Exact})
		res, err := sv.Solve(ctx, &pf.Split.Lines[i].Board)
		if err != nil || res.Winner < 0 || (r.Exact && !res.Exact) || ctx.Err() != nil {
			return status.Interrupt("%s: --check stopped at line %d", cmd, i)
		}
		lo, hi := lineBounds(r)
		verdict := "agrees"
		if res.Winner != r.Winner || max(lo, res.PliesMin) > min(hi, res.PliesMax) {
			verdict = fmt.Sprintf("DISAGREES: %c on ply %s", pf.Names[res.Winner], plyRange(res.PliesMin, res.PliesMax))
			bad++
		}
		fmt.Fprintf(io.Out, "line %d: %c wins on ply %s; solved again: %s (%s)\n", i, pf.Names[r.Winner], plyRange(lo, hi), verdict, words.PluralThousands(res.Nodes, "position"))
	}
	fmt.Fprintf(io.Out, "%d of %s solved again: %d disagree\n", len(solved), words.Plural(pf.Solved, "solved line"), bad)
	if bad > 0 {
		return status.Quiet(status.Failed)
	}
	return nil
}
