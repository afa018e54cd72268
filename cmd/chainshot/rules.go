package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// chainShotRules is the text of "chainshot rules".
const chainShotRules = `ChainShot (SameGame rules)

The board is a grid of coloured beads, 5x5 to 25x25, in 3 to 5 colours:
  R red   G green   B blue   L black   O orange

Coordinates: a bead is named "row col". Row 1 is the BOTTOM row, column 1
the LEFT column; so (1,1) is the lower-left corner.

  row
   3 | G G B
   2 | R G B      "1 1" names the R in the corner,
   1 | R R O      "3 2" the G at the top of column 2.
     +------
       1 2 3  col

A group is two or more beads of one colour that touch side by side or one
above the other (never diagonally). A move names any bead of a group and
removes the whole group; a single bead cannot be removed.

After a removal the beads above fall down in their columns, and a column
left empty is closed by shifting every column on its right one place to
the left. Falling and shifting can join beads into new groups.

Score: removing n beads scores (n-2)^2: 2 beads score 0, 3 score 1, 4
score 4, 10 score 64, 20 score 324. Big groups pay.

The game ends when no group of two or more is left (every bead removed,
or only single beads). Games rank by FEWEST BEADS LEFT first, then by the
HIGHEST TOTAL SCORE.
`

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "print the rules of ChainShot, its coordinates and its scoring",
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return badInput("chainshot rules: takes no arguments, got %q", c.Args().First())
			}
			_, err := fmt.Fprint(ioFrom(c).out, chainShotRules)
			return err
		},
	}
}
