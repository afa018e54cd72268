package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"chainshot/chainreact"
	"chainshot/internal/bounds"
	"chainshot/internal/status"
)

// reactCommand is the "react" command group: Chain Reaction.
func reactCommand() *cli.Command {
	return &cli.Command{
		Name:  "react",
		Usage: "Chain Reaction: play, analyse positions, match AI players, solve small boards, rerun a study's experiments",
		Description: "Cells are \"row col\", row 1 at the BOTTOM, column 1 at the LEFT.\n\n" +
			playerSpecs + "\n\n" + seedNote("seed 000", "seed 001", "seed 002"),
		Subcommands: []*cli.Command{
			reactPlayCommand(),
			reactAnalyzeCommand(),
			reactMatchCommand(),
			reactReplayCommand(),
			reactRateCommand(),
			reactSolveCommand(),
			reactMergeCommand(),
			reactCheckCommand(),
			reactPerftCommand(),
			reactAutomatonCommand(),
			reactEngineCommand(),
			reactExperimentCommand(),
		},
	}
}

func reactPerftCommand() *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count move sequences of each length from the empty board (finished games are not continued)",
		ArgsUsage: " ",
		Flags: []cli.Flag{
			reactSizeFlag("9x6", "board size, `RxC`"),
			bounded(&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Value: 3, Usage: "longest sequence, `N` plies"}, bounds.Int{Min: 1, Max: 12, Unit: "plies"}),
			bounded(&cli.IntFlag{Name: "players", Value: 2, Usage: "`N` players"}, playersBound),
		},
		Action: func(c *cli.Context) error {
			const cmd = "chainshot react perft"
			s := ioFrom(c)
			rows, cols := reactSize(c)
			d := c.Int("depth")
			b, err := chainreact.NewBoard(rows, cols, c.Int("players"))
			if err != nil {
				return status.BadInput("%s: --players: %v", cmd, err)
			}
			t0 := time.Now()
			counts := chainreact.Perft(&b, d)
			for i, n := range counts {
				fmt.Fprintf(s.Out, "perft %d %d\n", i+1, n)
			}
			fmt.Fprintf(s.Err, "%dx%d, %d players, %.2fs\n", rows, cols, c.Int("players"), time.Since(t0).Seconds())
			return nil
		},
	}
}

func reactAutomatonCommand() *cli.Command {
	return &cli.Command{
		Name:      "automaton",
		Usage:     "print seed 000's cell automaton (Graphviz with --dot)",
		ArgsUsage: " ",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "dot", Usage: "print it as a Graphviz digraph"}},
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			if c.Bool("dot") {
				return chainreact.WriteAutomatonDOT(s.Out)
			}
			fmt.Fprintln(s.Out, "The automaton of one cell, two players (A and B), as seed 000 draws it;")
			fmt.Fprintln(s.Out, seedNote("seed 000"))
			fmt.Fprintln(s.Out, "States: Start, no orb on the cell yet; S<class><orbs> for A's orbs and")
			fmt.Fprintln(s.Out, "S'<class><orbs> for B's, class 1, 2, 3 a corner, an edge or an inner cell")
			fmt.Fprintln(s.Out, "(critical mass 2, 3, 4); S<class>0 a cell emptied by its own explosion.")
			for class := 1; class <= 3; class++ {
				var a, b []string
				for k := 0; k <= class; k++ {
					a = append(a, chainreact.StateName(0, class, k))
					b = append(b, chainreact.StateName(1, class, k))
				}
				fmt.Fprintf(s.Out, "  class %d (critical mass %d): A %s; B %s\n", class, class+1, strings.Join(a, " "), strings.Join(b, " "))
			}
			fmt.Fprintln(s.Out, "Inputs: a, b (a player adds an orb) and ε (an explosion next door, which")
			fmt.Fprintln(s.Out, "converts the cell). Run with --dot for the transitions as Graphviz.")
			return nil
		},
	}
}
