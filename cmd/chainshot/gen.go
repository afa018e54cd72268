package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
)

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
