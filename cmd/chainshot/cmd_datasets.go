package main

import (
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"chainshot/datasets"
)

func datasetsCommand() *cli.Command {
	return &cli.Command{
		Name:  "datasets",
		Usage: "list the built-in data sets (any command that takes a FILE takes these names)",
		Action: func(c *cli.Context) error {
			s := ioFrom(c)
			tw := tabwriter.NewWriter(s.Out, 0, 4, 2, ' ', 0)
			printf(tw, "NAME\tDESCRIPTION\n")
			for _, d := range datasets.Builtin() {
				printf(tw, "%s\t%s\n", d.Name, d.Description)
			}
			tw.Flush()
			printf(s.Out, "\nRepaired samples follow one rule: the digit 0 is read as the letter O; a row\n"+
				"longer than most loses its extra beads; a shorter one repeats its last bead.\n"+
				"The folder names \"samples\" and \"ladder\" stand for those groups in a tournament.\n")
			return nil
		},
	}
}
