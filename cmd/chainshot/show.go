package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/board"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show a ChainShot board with its coordinates, colours and groups",
		ArgsUsage: "FILE|NAME",
		Action:    doShow,
	}
}

func doShow(c *cli.Context) error {
	s := ioFrom(c)
	if c.NArg() != 1 {
		return badInput("chainshot show: want one FILE or built-in name, got %d arguments", c.NArg())
	}
	set, err := loadOne(s, c.Args().First())
	if err != nil {
		return err
	}
	b := set.Board
	printf(s.out, "%s: %dx%d (rows x columns), %d colours\n", set.Name, b.Rows(), b.Cols(), b.Colors())
	renderBoard(s.out, &b, s.color, nil)
	groups := b.AppendGroups(nil)
	largest := 0
	for _, g := range groups {
		largest = max(largest, g.Size)
	}
	printf(s.out, "%s\n", boardSummary(&b))
	printf(s.out, "%d removable groups, the largest of %d beads (worth %d)\n", len(groups), largest, board.Score(largest))
	for _, r := range set.Repairs {
		printf(s.out, "repaired: %s\n", r)
	}
	return nil
}
