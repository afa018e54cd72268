package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/expendibots"
	"chainshot/internal/boomrun"
	"chainshot/internal/gamepic"
	"chainshot/internal/status"
)

func boomSolveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "print a shortest sequence of actions that removes every black token",
		ArgsUsage: "FILE.json",
		Description: "Prints one action a line on stdout, then a summary on stderr. Exit status 1 when the\n" +
			"case is unsolvable or the budget runs out first.\n\n" +
			"Examples:\n" +
			"  chainshot boom solve test-level-4.json > out.txt\n" +
			"  chainshot boom solve comments-2.json --json\n" +
			"  chainshot boom solve test-level-4.json --algo bfs",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object: actions, count, states, optimal, seconds, cpu_seconds, status"},
			budgetFlag(30*time.Second, "CPU time limit, a `DURATION` with a unit: 30s, 500ms (0: no time limit)"),
			wallFlag(),
			&cli.StringFlag{Name: "algo", Aliases: []string{"a"}, Value: expendibots.AlgoAStar, Usage: "search `NAME`: " + strings.Join(expendibots.Algos(), ", ") +
				"; astar: A* with a proven lower bound, shortest, the fewest positions;" +
				" bfs: breadth-first over whole positions, shortest, no bound to trust;" +
				" seed: the seed's search, breadth-first to each boom, depth-first between booms, not shortest"},
			bounded(&cli.IntFlag{Name: "max-states", Value: expendibots.DefaultMaxStates, Usage: "most positions to store, `N` (about 80 bytes each)"}, statesBound),
			pictureFlag(&cli.StringFlag{Name: "gif", Usage: "also write the actions as an animated GIF to `FILE`, booms marked"}),
		}, profileFlags()...),
		Action: profiled(boomSolve),
	}
}

func boomSolve(c *cli.Context) error {
	s := ioFrom(c)
	if err := wantArgs(c, "solve", "FILE.json"); err != nil {
		return err
	}
	algo := c.String("algo")
	if !slices.Contains(expendibots.Algos(), algo) {
		return flagError(c, findFlag(c, "algo"), fmt.Sprintf("%q", algo), "one of "+strings.Join(expendibots.Algos(), ", "))
	}
	r := &boomrun.Solve{Path: c.Args().First(), Wall: c.Bool("wall"),
		Opt: expendibots.Options{Algo: algo, Budget: c.Duration("budget"), MaxStates: c.Int("max-states")}}
	b, err := boomrun.LoadCase(s.IO, "solve", r.Path)
	if err != nil {
		return err
	}
	r.B = b
	r.Search(s.IO)
	if out := s.output("gif"); out != nil && r.Res.Status == expendibots.Solved {
		draw, err := gamepic.ExpendibotsGIF(r.Path, r.B, r.Res.Actions)
		if err == nil {
			err = out.WriteFile(draw)
		}
		if err != nil {
			return status.Fail("chainshot boom solve: --gif: %v", err)
		}
	}
	return r.Report(s.IO, c.Bool("json"))
}
