package main

import (
	"strings"

	"chainshot/internal/status"
	"chainshot/internal/words"

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

// wantArgs checks the number of positional arguments.
func wantArgs(c *cli.Context, cmd string, names ...string) error {
	if c.NArg() != len(names) {
		return status.BadInput("chainshot boom %s: want %s, got %s (run \"chainshot boom %s --help\")",
			cmd, strings.Join(names, " "), words.Plural(c.NArg(), "argument"), cmd)
	}
	return nil
}
