package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/expendibots"
	"chainshot/internal/boomrun"
	"chainshot/internal/bounds"
)

// boomGenDraws is how many boards "boom gen" draws before it gives up.
const boomGenDraws = 1000

func boomGenCommand() *cli.Command {
	return &cli.Command{
		Name:  "gen",
		Usage: "print a random case that can be won, the same for the same seed",
		Description: "Places --white and --black tokens at random (black in clumps, white off black's\n" +
			"neighbouring squares, about one token in five on a stack), then solves the case with astar\n" +
			"to check that it can be won: a case that cannot, or that is won in fewer than --min-actions\n" +
			"actions, is drawn again (at most 1000 draws). Prints the case as JSON on stdout, and on\n" +
			"stderr what the check found. Exit status 1 when no draw is kept within the budget." +
			examples("chainshot boom gen --seed 7 > case.json                  # part A's 3 white tokens, the game's 12 black",
				"chainshot boom gen -s 2 > case.json && chainshot boom solve case.json",
				"chainshot boom gen --white 5 --black 15 --seed 7 > big.json   # beyond part A: its solve warns",
				"chainshot boom gen --white 5 --min-actions 12 --seed 3 > hard.json"),
		Flags: []cli.Flag{
			bounded(&cli.IntFlag{Name: "white", Value: 3, Usage: fmt.Sprintf("white tokens, `N` (part A has at most 3; more is allowed, with a warning, up to %d)", expendibots.MaxTokens)}, bounds.Int{Min: 1, Max: expendibots.MaxTokens, Unit: "tokens"}),
			bounded(&cli.IntFlag{Name: "black", Value: 12, Usage: fmt.Sprintf("black tokens, `N` (the game has 12; more is allowed, with a warning, up to %d)", expendibots.MaxTokens)}, bounds.Int{Min: 1, Max: expendibots.MaxTokens, Unit: "tokens"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "random seed `N`: the same seed gives the same case"}),
			budgetFlag(30*time.Second, "CPU time for the check, every draw together, a `DURATION` with a unit: 30s, 500ms (0: no time limit)"),
			wallFlag(),
			bounded(&cli.IntFlag{Name: "min-actions", Value: 1, Usage: "keep only a case whose shortest win takes `N` actions or more"}, bounds.Int{Min: 1, Max: 100, Unit: "actions"}),
			bounded(&cli.IntFlag{Name: "max-states", Value: expendibots.DefaultMaxStates, Usage: "most positions the check stores for a draw, `N`"}, statesBound),
		},
		Action: boomGen,
	}
}

func boomGen(c *cli.Context) error {
	p := expendibots.NewGenParams(c.Int("white"), c.Int("black"))
	p.MinActions = c.Int("min-actions")
	g := boomrun.Gen{Seed: c.Uint64("seed"), Params: p, Wall: c.Bool("wall"), Draws: boomGenDraws,
		Opt: expendibots.Options{Budget: c.Duration("budget"), MaxStates: c.Int("max-states")}}
	return g.Run(ioFrom(c).IO)
}
