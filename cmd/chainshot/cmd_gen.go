package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"chainshot/board"
	"chainshot/datasets"
	"chainshot/internal/bounds"
	"chainshot/internal/status"
)

func genCommand() *cli.Command {
	return &cli.Command{
		Name:      "gen",
		Usage:     "print a random board file, the same for the same seed",
		UsageText: "chainshot gen [--size RxC] [--colors N] [--seed N]",
		Description: "Examples:\n" +
			"  chainshot gen --size 15x15 --colors 5 --seed 7 > board.txt\n" +
			"  chainshot gen -k 3 -s 2 --size 5x5",
		Flags: []cli.Flag{
			sizeFlag("15x15", 1, board.MaxSize, board.MaxSize, fmt.Sprintf("board size `RxC`, rows by columns, each 1 to %d (the handout uses 5x5 to 25x25)", board.MaxSize)),
			bounded(&cli.IntFlag{Name: "colors", Aliases: []string{"k"}, Value: 5, Usage: "number of colours, `N` (R G B L O in that order)"}, bounds.Int{Min: 1, Max: board.NumColors, Unit: "colours"}),
			anySeed(&cli.Uint64Flag{Name: "seed", Aliases: []string{"s"}, Value: 1, Usage: "random seed `N`: the same seed gives the same board"}),
			// The old spellings, kept for a release (docs/command-line.md: Renamed flags).
			bounded(&cli.IntFlag{Name: "rows", Aliases: []string{"r"}, Hidden: true, Usage: "old spelling: --size RxC"}, bounds.Int{Min: 1, Max: board.MaxSize, Unit: "rows"}),
			bounded(&cli.IntFlag{Name: "cols", Aliases: []string{"c"}, Hidden: true, Usage: "old spelling: --size RxC"}, bounds.Int{Min: 1, Max: board.MaxSize, Unit: "columns"}),
		},
		Action: doGen,
	}
}

func doGen(c *cli.Context) error {
	rows, cols, _ := parseRxC(c.String("size"), 1, board.MaxSize, board.MaxSize) // checked by the flag
	if c.IsSet("rows") || c.IsSet("cols") {
		if c.IsSet("size") {
			return status.BadInput("chainshot gen: give --size RxC or the old --rows and --cols, not both")
		}
		if c.IsSet("rows") {
			rows = c.Int("rows")
		}
		if c.IsSet("cols") {
			cols = c.Int("cols")
		}
	}
	data, err := datasets.GenerateFile(rows, cols, c.Int("colors"), c.Uint64("seed"))
	if err != nil {
		return status.BadInput("%v", err) // the package names itself
	}
	_, err = ioFrom(c).Out.Write(data)
	return err
}
