package main

import (
	"github.com/urfave/cli/v2"
)

// boomCommand is the "boom" group: Expendibots part A.
func boomCommand() *cli.Command {
	return &cli.Command{
		Name:  "boom",
		Usage: "Expendibots part A: find White actions that blow up every black token",
		Description: "Cases are JSON: {\"white\": [[n,x,y],...], \"black\": [[n,x,y],...]},\n" +
			"(x, y) with x the column and y the row, both 0..7, (0, 0) at the bottom left.\n" +
			"Actions are one a line: \"MOVE n from (x1, y1) to (x2, y2).\" or \"BOOM at (x, y).\"\n\n" +
			seedNote("seed 003"),
		Subcommands: []*cli.Command{boomSolveCommand(), boomShowCommand(), boomVerifyCommand(), boomGenCommand()},
	}
}
