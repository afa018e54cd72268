package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/render"
	"chainshot/internal/runs"
	"chainshot/internal/status"
	"chainshot/results"
)

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve data sets automatically within a CPU-time budget",
		ArgsUsage: "FILE|NAME...",
		Description: "Searches each data set for the line leaving the fewest beads, then scoring the most\n" +
			"(--rank score: the line scoring the most, +1000 for a cleared board, as the SameGame\n" +
			"literature and its solvers rank), within --budget CPU time, then replays it board by board and prints the moves, score,\n" +
			"beads left and CPU time. --json prints one results line per data set instead\n" +
			"(\"chainshot verify\" replays them). Algorithms (--algo):\n" + strings.TrimSuffix(algoHelp(), "\n") +
			examples("chainshot solve sample1",
				"chainshot solve ladder08-15x15-5c --budget 5s --brief",
				"chainshot solve boards/*.txt --max-nodes 100000 --json --out results.jsonl"),
		Flags: append(append(searchFlags(), resultFlags()...),
			&cli.BoolFlag{Name: "json", Usage: "print one JSON results line per data set instead of the replay"},
			&cli.BoolFlag{Name: "brief", Usage: "print the moves and figures without the board after each move"},
			pictureFlag(&cli.StringFlag{Name: "gif", Usage: "also write an animated replay of the solution to `FILE` (one data set)"}),
		),
		Action: doSolve,
	}
}

func doSolve(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() == 0 {
		return status.BadInput("chainshot solve: want one or more FILEs or built-in names (see \"chainshot datasets\")")
	}
	cfg, err := searchConfigFrom(c)
	if err != nil {
		return err
	}
	// Load everything first ("samples", "ladder" and folders too): a
	// defect stops the run before any search.
	sets, err := runs.Load(s.IO, s.cmd, c.Args().Slice())
	if err != nil {
		return err
	}
	if s.output("gif") != nil {
		if len(sets) != 1 {
			return status.BadInput("chainshot solve: --gif takes one data set, got %d (for several, use \"chainshot tournament --gif-dir DIR\")", len(sets))
		}
	}
	p := planFrom(c, sets, cfg)
	p.Log, p.GIF = false, s.output("gif")
	p.Show = func(set datasets.Set, rec results.Record, moves []board.Move) {
		if c.Bool("json") {
			s.Out.Write(results.MarshalLine(rec))
		} else {
			render.Solution(s.Out, s.Color, set, rec, moves, !c.Bool("brief"))
		}
	}
	_, err = runs.Run(c.Context, s.IO, p)
	return err
}
