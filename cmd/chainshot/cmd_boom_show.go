package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"chainshot/internal/boomrun"
	"chainshot/internal/render"
)

func boomShowCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "draw the board with its coordinates",
		ArgsUsage: "FILE.json",
		Description: "White stacks are w1, w2 ..., black ones b1, b2 ...; (0, 0) is the bottom left." +
			examples("chainshot boom show test-level-4.json"),
		Action: boomShow,
	}
}

func boomShow(c *cli.Context) error {
	if err := wantArgs(c, "show", "FILE.json"); err != nil {
		return err
	}
	path := c.Args().First()
	b, err := boomrun.LoadCase(ioFrom(c).IO, "show", path)
	if err != nil {
		return err
	}
	s := ioFrom(c)
	_, err = fmt.Fprintf(s.Out, "%s: %s\n%s", path, render.ExpendibotsSummary(b), render.Expendibots(b, s.Color))
	return err
}
