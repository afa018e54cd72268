package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// chainReactionRules is the text of "rules" in "chainshot react play".
const chainReactionRules = `Chain Reaction

Two to eight players (R G B Y P O C W) take turns. A move adds one orb to
an empty cell or to a cell of your own; cells are named "row col", row 1
the BOTTOM row, column 1 the LEFT column.

A cell's critical mass is its number of neighbours side by side: 2 in a
corner, 3 on an edge, 4 inside. A cell that reaches its critical mass
explodes: it sends one orb to each neighbour, and every neighbour it
reaches becomes yours with all its orbs (a surplus stays in the cell).
Neighbours that reach their own critical mass explode in turn, in waves,
so one orb can take over much of the board.

Once everyone has moved, a player with no orbs left is out. The last
player left wins; a reaction stops the moment one player is left.

  row
   3 |  .  1G  .
   2 |  .  2R  .      2R: two orbs of R; the centre of a 3x3 board
   1 | 1R   .  .      explodes at 4, the corner "1 1" at 2.
     +----------
       1   2   3  col
`

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
			_, err := fmt.Fprint(ioFrom(c).Out, chainShotRules)
			return err
		},
	}
}
