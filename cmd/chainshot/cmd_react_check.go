package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/chainreact/exact"
	"chainshot/internal/bounds"
	"chainshot/internal/filekinds"
	"chainshot/internal/proofcheck"
	"chainshot/internal/status"
)

// reactCheckCommand is "react check": a proof file checked a second way.
func reactCheckCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check a proof file a second way: strategies from the solver, verified by a checker that knows only the rules",
		ArgsUsage: "PROOF.jsonl",
		Description: "Reads what the proof file proves of its position (who wins, on which ply), has the\n" +
			"exact solver write the winner's strategy (for each of the winner's positions it reaches,\n" +
			"a move that wins by the file's last ply) and, when the file gives the last ply exactly,\n" +
			"the loser's (a move after which the winner cannot win before it), and verifies each\n" +
			"against every reply with a checker that shares only the rules with the solver. Exit 0\n" +
			"when the strategies prove the file's claim, 1 when a strategy or the claim is refused\n" +
			"or --budget or --max-positions stops the check first, 130 on Ctrl-C.\n\n" +
			"Examples:\n" +
			"  chainshot react check docs/proofs/3x4.jsonl\n" +
			"  chainshot react check docs/proofs/2x6.jsonl --winner-only\n" +
			"  chainshot react check docs/proofs/3x4.jsonl --loser-only\n" +
			"  chainshot react check 2x9.jsonl --line 4 --winner-only --table 2x9.table --memory 8192\n" +
			"  chainshot react check 2x9.jsonl --winner-only --out 2x9.checks.jsonl --resume   # line by line, kept\n" +
			"  chainshot react check 2x9.jsonl --winner-only --out 2x9.checks.jsonl --resume --jobs 2 --memory 8192",

		Flags: append([]cli.Flag{
			bounded(&cli.IntFlag{Name: "memory", Value: 256, Usage: "the solver's transposition table in `MB`; with --out, one table for the sitting, shared by the --jobs"}, memoryBound()),
			bounded(&cli.Uint64Flag{Name: "max-positions", Usage: "stop once a strategy, or the solver writing it, reaches `N` positions (0: no limit)"}, nodesBound),
			bounded(&cli.IntFlag{Name: "line", Usage: "check line `N` of the proof alone (from 0), not its root: of a proof under way too, once the line is solved"}, bounds.Int{Min: 0, Max: exact.MaxSplitLines - 1, Unit: "lines"}),
			&cli.BoolFlag{Name: "winner-only", Usage: "check the winner only, the last ply bounded: a strategy that wins, not by the file's last ply"},
			&cli.BoolFlag{Name: "loser-only", Usage: "check the loser only, of a file that gives the last ply: that the winner cannot win before it (the lower bound), for a line whose winner is checked apart"},
			outFlag(&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "check the proof line by line: each line the root's claim rests on (with --winner-only, its winner's; else every solved line) checked as --line checks it and appended to `FILE` (JSON Lines) the moment it agrees, then the lines combined over the split's plies; an existing non-empty FILE needs --resume"}, filekinds.ProofChecksOut),
			needs(&cli.BoolFlag{Name: "resume", Usage: "continue the checks in --out: the lines it holds are not checked again (same proof, same --winner-only)"}, "out"),
			needs(jobsFlag(1, "with --out: check `N` lines at once (0: one per CPU), on one solver table of --memory (each line's CPU time then its own thread's)"), "out"),
			&cli.StringFlag{Name: "table", Usage: "start the solver from the table `TABLE` that react solve --table saved (with its --memory): the strategies come sooner, and the checker, which never sees the table, checks every move as before"},
			budgetFlag(0, "stop after this much CPU time, a `DURATION` with a unit such as 30s (0: no limit)"),
			wallFlag(),
		}, profileFlags()...),
		Action: profiled(doReactCheck),
	}
}

func doReactCheck(c *cli.Context) error {
	const cmd = "chainshot react check"
	s := ioFrom(c)
	if c.NArg() != 1 {
		return status.BadInput("%s: want one proof file, such as docs/proofs/3x4.jsonl, got %d arguments", cmd, c.NArg())
	}
	return proofcheck.Run(c.Context, s.IO, proofcheck.Options{Cmd: cmd, Path: c.Args().First(), MemoryMB: c.Int("memory"),
		MaxPositions: c.Uint64("max-positions"), Budget: c.Duration("budget"), Wall: c.Bool("wall"), WinnerOnly: c.Bool("winner-only"), LoserOnly: c.Bool("loser-only"), Line: c.Int("line"), LineSet: c.IsSet("line"), Table: c.String("table"),
		Out: c.String("out"), Resume: c.Bool("resume"), Jobs: gamesAtOnce(c)})
}
