package proofrun

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"chainshot/chainreact"
	"chainshot/internal/iostreams"
	"chainshot/internal/solverun"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// proofJSON is the --json output of a proof: the root's solve as react
// solve prints it, and the proof's figures.
type proofJSON struct {
	solverun.JSON
	Proof       string  `json:"proof"`
	Split       int     `json:"split"`
	Lines       int     `json:"lines"`
	LinesSolved int     `json:"lines_solved"`
	LinesNow    int     `json:"lines_this_run"`
	LinesCPU    float64 `json:"lines_cpu_seconds"`
	Shard       string  `json:"shard,omitempty"`
}

// report says what the lines in the file prove of the root, and what
// this sitting did.
func report(ctx context.Context, io *iostreams.IO, o Options, pf *File, run *proofRun, from, to int) error {
	k, n := o.Shard.K, o.Shard.N
	res, err := pf.Split.Combine(pf.Results)
	if err != nil {
		return status.Fail("%s: %v", o.Cmd, err)
	}
	nodes, cpu, wall := pf.Nodes, pf.CPU, pf.Seconds
	res.Nodes = nodes
	if res.Exact { // the principal variation must end the game as proved
		b := pf.Split.Root
		for _, m := range res.PV {
			if b.Over() || !b.Legal(m) {
				return status.Fail("%s: internal error: the combined principal variation is not legal", o.Cmd)
			}
			b.Play(m)
		}
		if !b.Over() || b.Winner() != res.Winner || b.Ply() != res.Plies {
			return status.Fail("%s: internal error: the combined principal variation does not end as proved", o.Cmd)
		}
	}
	pos := chainreact.Position{Board: pf.Split.Root, Names: pf.Names}
	rep := solverun.Report{Pos: &pos, Res: res, CPU: time.Duration(cpu * float64(time.Second)), Wall: time.Duration(wall * float64(time.Second))}
	switch {
	case res.Exact:
	case context.Cause(ctx) == errSettled:
		rep.Stopped = "lines"
	case context.Cause(ctx) == solverun.ErrBudget:
		rep.Stopped = "budget"
	case context.Cause(ctx) == errMaxNodes:
		rep.Stopped = "max-nodes"
	case ctx.Err() != nil:
		rep.Stopped = "interrupted"
	default:
		rep.Stopped = "lines"
	}
	mine := 0
	for i := from; i < to; i++ {
		if pf.Lines[i] != nil {
			mine++
		}
	}
	if o.JSON {
		j := proofJSON{JSON: rep.JSON(), Proof: pf.Path, Split: pf.Header.Split, Lines: len(pf.Lines),
			LinesSolved: pf.Solved, LinesNow: run.done(), LinesCPU: cpu}
		if n > 1 {
			j.Shard = fmt.Sprintf("%d/%d", k, n)
		}
		if err := json.NewEncoder(io.Out).Encode(j); err != nil {
			return status.Fail("%s: %v", o.Cmd, err)
		}
	} else {
		proofText(io.Out, &rep, pf, run, k, n, mine, to-from)
	}
	if rep.Stopped == "interrupted" {
		return status.Quiet(status.Interrupted)
	}
	return nil
}

// proofText prints what a proof file proves, as react solve prints a
// solve, and the proof's progress.
func proofText(w io.Writer, r *solverun.Report, pf *File, run *proofRun, k, n, mine, shard int) {
	b := &r.Pos.Board
	only := ""
	if n := pf.WinnerOnlyLines(); n > 0 {
		only = fmt.Sprintf(", %s of them only to the winner", words.Thousands(uint64(n)))
	}
	fmt.Fprintf(w, "%s: %dx%d, split after %s into %s; %s solved (%s this sitting%s)\n", pf.Path, b.Rows(), b.Cols(),
		solverun.Plies(pf.Header.Split), words.Plural(len(pf.Lines), "line"), words.Thousands(uint64(pf.Solved)), words.Thousands(uint64(run.done())), only)
	if n > 1 {
		fmt.Fprintf(w, "shard %d/%d: %d of its %s solved\n", k, n, mine, words.Plural(shard, "line"))
	}
	res := r.Res
	switch {
	case res.Exact:
		r.Text(w)
		return
	case res.Winner >= 0:
		fmt.Fprintf(w, "%c wins under perfect play (proved by the lines solved); the last move is ply %d to %d\n",
			r.Pos.Names[res.Winner], res.PliesMin, res.PliesMax)
	default:
		fmt.Fprintf(w, "unknown: the lines solved do not prove who wins yet\n")
	}
	left := 0
	for _, need := range pf.Split.Needed(pf.Results, run.winnerOnly) {
		if need {
			left++
		}
	}
	unsolved := len(pf.Lines) - pf.Solved
	switch {
	case left == 0 && run.winnerOnly:
		fmt.Fprintf(w, "the winner is proved (%s not needed for it); a run without --winner-only solves the last ply\n", words.Plural(unsolved, "line"))
	case r.Stopped == "lines" && n > 1:
		fmt.Fprintf(w, "%s still needed, for the other shards: run them, then chainshot react merge their files\n", words.Plural(left, "line"))
	case r.Stopped != "lines":
		fmt.Fprintf(w, "%s still needed (stopped: %s); rerun with --resume to go on\n", words.Plural(left, "line"), r.StoppedBy())
	}
	fmt.Fprintf(w, "%s, %.2f CPU s in the lines solved\n", words.PluralThousands(res.Nodes, "position"), r.CPU.Seconds())
}
