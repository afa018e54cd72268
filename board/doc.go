// Package board is the ChainShot (SameGame) board: parsing and formatting
// data-set files, groups, moves (removal, gravity, column shift), scores,
// the end of the game and the ranking of finished games (Better).
//
// # Coordinates
//
// Users name a bead by "row col", both 1-based, row 1 at the BOTTOM and
// column 1 at the LEFT, exactly as the ChainShot handout numbers them.
// Inside this package rows and columns are 0-based from the same corner,
// and cells are stored column by column, bottom up, with a fixed stride:
//
//	row
//	 3 | 3  35  67  ...        index = col*Stride + row
//	 2 | 2  34  66
//	 1 | 1  33  65             Stride = MaxSize = 32
//	 0 | 0  32  64
//	   +-------------
//	     0   1   2   col
//
// Invariants: column c holds Height(c) beads in rows 0..Height(c)-1 and
// nothing above them; the first Width() columns are non-empty and every
// column from Width() on is empty. Removing a group lets the beads above it
// fall (gravity) and closes empty columns by shifting the columns on their
// right to the left.
//
// # Rules
//
// A group is a maximal set of two or more beads of one colour joined
// orthogonally. Removing a group of n beads scores (n-2)^2. The game ends
// when no group is left; games rank by fewest beads left, then highest
// score (Better).
//
// # Speed
//
// Board is a value (about 1.1 KB): copying it is the way to keep a
// position. Move generation appends to a caller-owned slice and no method
// on the move path allocates.
package board
