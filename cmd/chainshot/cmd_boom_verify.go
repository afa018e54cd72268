package main

import (
	"github.com/urfave/cli/v2"

	"chainshot/internal/boomrun"
)

func boomVerifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "replay actions on a case: exit 0 if every black token is removed, 1 naming the first illegal action",
		ArgsUsage: "FILE.json ACTIONS.txt",
		Description: "ACTIONS.txt holds one action a line, as \"boom solve\" prints them." +
			examples("chainshot boom solve test-level-4.json > out.txt && chainshot boom verify test-level-4.json out.txt"),
		Action: boomVerify,
	}
}

func boomVerify(c *cli.Context) error {
	if err := wantArgs(c, "verify", "FILE.json", "ACTIONS.txt"); err != nil {
		return err
	}
	s := ioFrom(c)
	b, err := boomrun.LoadCase(s.IO, "verify", c.Args().Get(0))
	if err != nil {
		return err
	}
	return boomrun.Verify(s.IO, b, c.Args().Get(1))
}
