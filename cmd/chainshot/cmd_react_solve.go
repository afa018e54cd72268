package main

import (
	"os"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/proofrun"
	"chainshot/internal/shard"
	"chainshot/internal/solverun"
	"chainshot/internal/status"
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
			"  chainshot react solve --size 4x4 --proof 4x4.jsonl --resume   # a proof by lines, over several sittings\n" +
			"  chainshot react solve --size 2x9 --proof 2x9.jsonl --table 2x9.table --resume   # and its table",
		Flags: append([]cli.Flag{
			reactSizeFlag("", "solve the empty board of this size, `RxC`, such as 3x4"),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object"},
			bounded(&cli.Uint64Flag{Name: "max-nodes", Usage: "stop after `N` positions (0: no limit)"}, nodesBound),
			budgetFlag(0, "stop after this much CPU time, a `DURATION` with a unit such as 30s (0: no limit)"),
			wallFlag(),
			bounded(&cli.IntFlag{Name: "memory", Value: 256, Usage: "transposition table size in `MB`; with --proof, one table shared by the --jobs"}, memoryBound()),
			&cli.BoolFlag{Name: "winner-only", Usage: "stop once the winner is proved: the last ply is then bounded, not solved (often half the work); with --proof, each line so, and a later run without it solves those lines exactly"},
			outFlag(&cli.StringFlag{Name: "proof", Usage: "prove by lines: solve the positions --split plies on, one by one, each appended to `FILE` (JSON Lines) the moment it is solved; the root follows from them"}, filekinds.ProofOut),
			needs(outFlag(&cli.StringFlag{Name: "table", Usage: "with --proof: keep the transposition table in `FILE`, saved whole every 10 minutes and at the end, so that a line the sitting stops before it is solved keeps its work; with --resume, start from the table FILE holds (made with the same --memory)"}, filekinds.SolverTable), "proof"),
			needs(bounded(&cli.IntFlag{Name: "split", Usage: "with --proof: the plies before the lines, `N` (default: the fewest giving 64 lines or more, at most 6)"}, proofrun.SplitBound), "proof"),
			needs(&cli.BoolFlag{Name: "resume", Usage: "with --proof: continue the proof in FILE, solving the lines it does not hold yet"}, "proof"),
			needs(&cli.StringFlag{Name: "shard", Usage: "with --proof: solve shard `K/N` of the lines (the K-th of N runs of consecutive lines), or auto from a Slurm array's environment"}, "proof"),
			needs(jobsFlag(0, "with --proof: solve `N` lines at once (0: one per CPU)"), "proof"),
			needs(bounded(&cli.IntFlag{Name: "check", Usage: "with --proof: solve `N` lines of FILE again, drawn at random with --seed, and compare"}, bounds.Int{Min: 0, Max: 100000, Unit: "lines"}), "proof"),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "with --check: the random draw's seed `N`"}),
		}, profileFlags()...),
		Action: profiled(doReactSolve),
	}
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
	return solverun.Run(c.Context, s.IO, solverun.Options{Cmd: cmd, Pos: pos, File: file, MaxNodes: c.Uint64("max-nodes"),
		Budget: c.Duration("budget"), Wall: c.Bool("wall"), MemoryMB: c.Int("memory"), WinnerOnly: c.Bool("winner-only"), JSON: c.Bool("json")})
}

// doProof is react solve --proof: a proof by lines (package proofrun).
func doProof(c *cli.Context, pos chainreact.Position, file string) error {
	const cmd = "chainshot react solve"
	s := ioFrom(c)
	sh, err := shard.Resolve(c.String("shard"), false, os.Getenv)
	if err != nil {
		return status.BadInput("%s: %v", cmd, err)
	}
	what := "--size " + c.String("size")
	if file != "" {
		what = file
	}
	return proofrun.Run(c.Context, s.IO, proofrun.Options{Cmd: cmd, Pos: pos, What: what, Path: c.String("proof"),
		Split: c.Int("split"), SplitSet: c.IsSet("split"), Resume: c.Bool("resume"), Shard: sh, Jobs: gamesAtOnce(c),
		MemoryMB: c.Int("memory"), MaxNodes: c.Uint64("max-nodes"), Budget: c.Duration("budget"), Wall: c.Bool("wall"),
		WinnerOnly: c.Bool("winner-only"), JSON: c.Bool("json"), Check: c.Int("check"), Seed: c.Uint64("seed"),
		Table: c.String("table"), TableEvery: proofrun.DefaultTableEvery})
}

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
		pos, err := loadPosition(ioFrom(c), cmd, file)
		if err != nil {
			return pos, "", err
		}
		if pos.Board.Players() != 2 {
			return pos, "", status.BadInput("%s: %s: %d players: the solver plays two-player games only", cmd, file, pos.Board.Players())
		}
		return pos, file, nil
	}
	rows, cols := reactSize(c)
	pos, err := chainreact.NewPosition(rows, cols, 2)
	if err != nil {
		return pos, "", status.BadInput("%s: --size: %v", cmd, err)
	}
	return pos, "", nil
}
