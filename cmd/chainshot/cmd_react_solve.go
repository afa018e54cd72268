package main

import (
	"chainshot/cpuclock"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/interrupt"
	"chainshot/internal/status"
	"chainshot/internal/words"

	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"

	"github.com/urfave/cli/v2"
)

func reactSolveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "prove who wins a two-player position under perfect play, on which ply, and a principal variation",
		ArgsUsage: "[POSITION]",
		Description: "Solves the position file POSITION, or the empty board of --size. The winner hurries\n" +
			"and the loser delays: the answer is the ply (orbs on the board, counted from the\n" +
			"empty board) of the winner's last move. --max-nodes and --budget stop the solve\n" +
			"early; it then says what it proved and answers \"unknown\" for the rest, as Ctrl-C does.\n\n" +
			"Examples:\n" +
			"  chainshot react solve --size 3x4\n" +
			"  chainshot react solve pos.txt --json\n" +
			"  chainshot react solve --size 4x4 --proof 4x4.jsonl --resume   # a proof by lines, over several sittings",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "size", Usage: "solve the empty board of this size, `RxC`, such as 3x4"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object"},
			bounded(&cli.Uint64Flag{Name: "max-nodes", Usage: "stop after `N` positions (0: no limit)"}, nodesBound),
			budgetFlag(0, "stop after this much CPU time, a `DURATION` with a unit such as 30s (0: no limit)"),
			wallFlag(),
			bounded(&cli.IntFlag{Name: "memory", Value: 256, Usage: "transposition table size in `MB`; with --proof, one table shared by the --jobs"}, memoryBound()),
			&cli.BoolFlag{Name: "winner-only", Usage: "stop once the winner is proved: the last ply is then bounded, not solved (often half the work); with --proof, each line so, and a later run without it solves those lines exactly"},
			outFlag(&cli.StringFlag{Name: "proof", Usage: "prove by lines: solve the positions --split plies on, one by one, each appended to `FILE` (JSON Lines) the moment it is solved; the root follows from them"}, filekinds.ProofOut),
			bounded(&cli.IntFlag{Name: "split", Usage: "with --proof: the plies before the lines, `N` (default: the fewest giving 64 lines or more, at most 6)"}, bounds.Int{Min: 0, Max: 12, Unit: "plies"}),
			&cli.BoolFlag{Name: "resume", Usage: "with --proof: continue the proof in FILE, solving the lines it does not hold yet"},
			&cli.StringFlag{Name: "shard", Usage: "with --proof: solve shard `K/N` of the lines (the K-th of N runs of consecutive lines), or auto from a Slurm array's environment"},
			jobsFlag(0, "with --proof: solve `N` lines at once (0: one per CPU)"),
			bounded(&cli.IntFlag{Name: "check", Usage: "with --proof: solve `N` lines of FILE again, drawn at random with --seed, and compare"}, bounds.Int{Min: 0, Max: 100000, Unit: "lines"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "with --check: the random draw's seed `N`"}),
		}, profileFlags()...),
		Action: profiled(doReactSolve),
	}
}

// solveJSON is the --json output of react solve.
type solveJSON struct {
	File   string `json:"file,omitempty"`
	Size   string `json:"size"`
	ToMove string `json:"to_move"`
	// Result is "proved" (winner and plies), "winner proved" (the plies
	// only bounded) or "unknown".
	Result   string   `json:"result"`
	Winner   *string  `json:"winner"`
	Plies    *int     `json:"plies"`
	PliesMin *int     `json:"plies_min,omitempty"`
	PliesMax *int     `json:"plies_max,omitempty"`
	PV       [][2]int `json:"pv"`
	Nodes    uint64   `json:"nodes"`
	Seconds  float64  `json:"seconds"`
	CPU      float64  `json:"cpu_seconds"`
	Stopped  string   `json:"stopped,omitempty"`
}

func doReactSolve(c *cli.Context) error {
	const cmd = "chainshot react solve"
	s := ioFrom(c)
	pos, file, err := solveInput(cmd, c)
	if err != nil {
		return err
	}
	if c.String("proof") != "" {
		return doProof(c, pos, file)
	}
	for _, f := range []string{"split", "resume", "shard", "jobs", "check"} {
		if c.IsSet(f) {
			return status.BadInput("%s: --%s goes with --proof FILE", cmd, f)
		}
	}
	interrupt.Handle()
	ctx, cancel := context.WithCancelCause(c.Context)
	defer cancel(nil)
	sv := exact.NewSolver(exact.SolveOptions{MaxNodes: c.Uint64("max-nodes"), TableMB: tableMB(c.Int("memory"), c.Duration("budget")),
		WinnerOnly: c.Bool("winner-only")})
	done := make(chan struct{})
	watched := make(chan struct{})
	clock := cpuclock.Process
	if c.Bool("wall") {
		t0 := time.Now()
		clock = func() time.Duration { return time.Since(t0) }
	}
	go watchSolve(s, sv, &pos, c.Duration("budget"), clock, cancel, done, watched)
	startCPU, start := cpuclock.Process(), time.Now()
	res, err := sv.Solve(ctx, &pos.Board)
	close(done)
	<-watched
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	out := solveReport{pos: &pos, file: file, res: res, wall: time.Since(start), cpu: cpuclock.Process() - startCPU}
	switch {
	case res.Exact:
	case res.Winner >= 0 && c.Bool("winner-only") && ctx.Err() == nil && (c.Uint64("max-nodes") == 0 || res.Nodes < c.Uint64("max-nodes")):
		out.stopped = "winner-only"
	case context.Cause(ctx) == errBudget:
		out.stopped = "budget"
	case ctx.Err() != nil:
		out.stopped = "interrupted"
	default:
		out.stopped = "max-nodes"
	}
	if c.Bool("json") {
		err = json.NewEncoder(s.Out).Encode(out.json())
	} else {
		out.text(s)
	}
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	if out.stopped == "interrupted" {
		return status.Quiet(status.Interrupted)
	}
	return nil
}

// errBudget is the cause of a solve stopped by --budget.
var errBudget = fmt.Errorf("budget spent")

// solveInput returns the position to solve: the POSITION file or the empty
// board of --size, never both.
func solveInput(cmd string, c *cli.Context) (chainreact.Position, string, error) {
	var pos chainreact.Position
	switch {
	case c.NArg() > 1:
		return pos, "", status.BadInput("%s: want one POSITION file or --size, got %d arguments", cmd, c.NArg())
	case c.NArg() == 1 && c.IsSet("size"):
		return pos, "", status.BadInput("%s: give the POSITION file %s or --size %s, not both", cmd, c.Args().First(), c.String("size"))
	case c.NArg() == 0 && !c.IsSet("size"):
		return pos, "", status.BadInput("%s: give a POSITION file or --size RxC, such as --size 3x4", cmd)
	case c.NArg() == 1:
		file := c.Args().First()
		pos, err := loadPosition(cmd, file)
		if err != nil {
			return pos, "", err
		}
		if pos.Board.Players() != 2 {
			return pos, "", status.BadInput("%s: %s: %d players: the solver plays two-player games only", cmd, file, pos.Board.Players())
		}
		return pos, file, nil
	}
	rows, cols, err := parseSize(cmd, "size", c.String("size"))
	if err != nil {
		return pos, "", err
	}
	pos, err = chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		return pos, "", status.BadInput("%s: --size: %v", cmd, err)
	}
	return pos, "", nil
}

// tableMB is the transposition table's size for a solve of the given
// budget: --memory, but no more than 256 MB a second of budget (a solve
// cannot fill more in that time, and clearing a larger table would
// itself overrun a short budget).
func tableMB(memory int, budget time.Duration) int {
	if budget <= 0 {
		return memory
	}
	return max(min(memory, int(budget.Seconds()*256)), 1)
}

// watchSolve shows the solve's progress on stderr, when it is a terminal,
// and cancels it when the CPU budget is spent, until done is closed.
func watchSolve(s *streams, sv *exact.Solver, pos *chainreact.Position, budget time.Duration, clock func() time.Duration, cancel context.CancelCauseFunc, done <-chan struct{}, watched chan<- struct{}) {
	defer close(watched)
	t0, start := clock(), time.Now()
	// The budget is looked at every 2% of it (2 to 50 ms), the progress
	// shown every second.
	every := min(max(budget/50, 2*time.Millisecond), 50*time.Millisecond)
	tick := time.NewTicker(every)
	defer tick.Stop()
	shown, lastShown := false, time.Now()
	for {
		select {
		case <-done:
			if shown {
				s.Status("")
			}
			return
		case <-tick.C:
		}
		if budget > 0 && clock()-t0 >= budget {
			cancel(errBudget)
		}
		if s.ErrTTY && time.Since(lastShown) >= time.Second {
			lastShown = time.Now()
			nodes, w, lo, hi := sv.Progress()
			s.Status("%s, %.0fs: %s", words.PluralThousands(nodes, "position"), time.Since(start).Seconds(), provedSoFar(pos, w, lo, hi))
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

// solveReport is a finished (or stopped) solve, ready to print.
type solveReport struct {
	pos       *chainreact.Position
	file      string
	res       exact.SolveResult
	wall, cpu time.Duration
	stopped   string // why an inexact solve stopped: budget, max-nodes, interrupted
}

func (r *solveReport) json() solveJSON {
	b := &r.pos.Board
	j := solveJSON{File: r.file, Size: fmt.Sprintf("%dx%d", b.Rows(), b.Cols()), ToMove: string(r.pos.Names[b.ToMove()]),
		Result: "unknown", PV: [][2]int{}, Nodes: r.res.Nodes, Seconds: r.wall.Seconds(), CPU: r.cpu.Seconds(), Stopped: r.stopped}
	if w := r.res.Winner; w >= 0 {
		name := string(r.pos.Names[w])
		lo, hi := r.res.PliesMin, r.res.PliesMax
		j.Winner, j.PliesMin, j.PliesMax, j.Result = &name, &lo, &hi, "winner proved"
	}
	if r.res.Exact {
		plies := r.res.Plies
		j.Plies, j.Result = &plies, "proved"
		j.PliesMin, j.PliesMax = nil, nil
		for _, m := range r.res.PV {
			row, col := b.RowCol(m)
			j.PV = append(j.PV, [2]int{row, col})
		}
	}
	return j
}

func (r *solveReport) text(s *streams) {
	b := &r.pos.Board
	what := fmt.Sprintf("%dx%d, empty board", b.Rows(), b.Cols())
	if r.file != "" {
		what = fmt.Sprintf("%s: %dx%d, %s played", r.file, b.Rows(), b.Cols(), words.Plural(b.Ply(), "orb"))
	}
	if b.Over() {
		fmt.Fprintf(s.Out, "%s\n", what)
	} else {
		fmt.Fprintf(s.Out, "%s, %c to move\n", what, r.pos.Names[b.ToMove()])
	}
	res := r.res
	switch {
	case res.Exact && b.Over():
		fmt.Fprintf(s.Out, "the game is over: %c has won on ply %d\n", r.pos.Names[res.Winner], res.Plies)
	case res.Exact:
		fmt.Fprintf(s.Out, "%c wins under perfect play; the last move is ply %d, %s from here\n",
			r.pos.Names[res.Winner], res.Plies, reactPlural(res.Plies-b.Ply(), "ply", "plies"))
		var line []string
		c := *b
		for _, m := range res.PV {
			line = append(line, fmt.Sprintf("%c %s", r.pos.Names[c.ToMove()], c.FormatMove(m)))
			c.Play(m)
		}
		fmt.Fprintf(s.Out, "principal variation: %s\n", strings.Join(line, ", "))
	case res.Winner >= 0:
		fmt.Fprintf(s.Out, "%c wins under perfect play (proved); the last move is ply %d to %d (which one is not solved: stopped, %s)\n",
			r.pos.Names[res.Winner], res.PliesMin, res.PliesMax, r.stoppedBy())
	default:
		fmt.Fprintf(s.Out, "unknown: stopped before proving who wins (%s)\n", r.stoppedBy())
	}
	fmt.Fprintf(s.Out, "%s, %.2fs\n", words.PluralThousands(res.Nodes, "position"), r.wall.Seconds())
}

func (r *solveReport) stoppedBy() string {
	switch r.stopped {
	case "budget":
		return "the --budget was spent"
	case "interrupted":
		return "interrupted"
	case "winner-only":
		return "--winner-only"
	}
	return "--max-nodes reached"
}

// reactPlural writes n with the singular or plural noun.
func reactPlural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
