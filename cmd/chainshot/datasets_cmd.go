package main

import (
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
)

func datasetsCommand() *cli.Command {
	return &cli.Command{
		Name:  "datasets",
		Usage: "list the built-in data sets (any command that takes a FILE takes these names)",
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			if c.Args().Present() {
				return badInput("chainshot datasets: takes no arguments, got %q", c.Args().First())
			}
			tw := tabwriter.NewWriter(s.out, 0, 4, 2, ' ', 0)
			printf(tw, "NAME\tDESCRIPTION\n")
			for _, d := range datasets.Builtin() {
				printf(tw, "%s\t%s\n", d.Name, d.Description)
			}
			tw.Flush()
			printf(s.out, "\nRepaired samples follow one rule: the digit 0 is read as the letter O; a row\n"+
				"longer than most loses its extra beads; a shorter one repeats its last bead.\n"+
				"The folder names \"samples\" and \"ladder\" stand for those groups in a tournament.\n")
			return nil
		},
	}
}

func genCommand() *cli.Command {
	return &cli.Command{
		Name:  "gen",
		Usage: "print a random board file, the same for the same seed",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "rows", Aliases: []string{"r"}, Value: 15, Usage: "number of rows (1-32; the handout uses 5-25)"},
			&cli.IntFlag{Name: "cols", Aliases: []string{"c"}, Value: 15, Usage: "number of columns (1-32)"},
			&cli.IntFlag{Name: "colors", Aliases: []string{"k"}, Value: 5, Usage: "number of colours (1-5, R G B L O in that order)"},
			&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "random seed"},
		},
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			if c.Args().Present() {
				return badInput("chainshot gen: takes flags only, got %q", c.Args().First())
			}
			for _, f := range []struct {
				name     string
				min, max int
			}{{"rows", 1, board.MaxSize}, {"cols", 1, board.MaxSize}, {"colors", 1, board.NumColors}} {
				if v := c.Int(f.name); v < f.min || v > f.max {
					return badInput("chainshot gen: --%s %d: want %d to %d", f.name, v, f.min, f.max)
				}
			}
			data, err := datasets.GenerateFile(c.Int("rows"), c.Int("cols"), c.Int("colors"), c.Uint64("seed"))
			if err != nil {
				return badInput("chainshot gen: %v", err)
			}
			_, err = s.out.Write(data)
			return err
		},
	}
}
