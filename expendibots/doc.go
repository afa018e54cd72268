// Package expendibots is part A of Expendibots (COMP30024, 2020): an 8x8
// board of white and black token stacks, White's two actions (MOVE and
// BOOM), the course's JSON input and action-line output, and searches for
// a sequence of White actions that removes every black token.
//
// # Coordinates
//
// A square is (x, y), x the column and y the row, both 0..7, exactly as
// the course writes them: (0, 0) is the bottom-left corner, (7, 0) the
// bottom-right, and the board is drawn with y = 7 at the top. Squares are
// stored row by row from the bottom, index = y*8 + x:
//
//	y
//	7 | 56 57 58 59 60 61 62 63
//	6 | 48 49 50 51 52 53 54 55
//	5 | 40 41 42 43 44 45 46 47
//	4 | 32 33 34 35 36 37 38 39
//	3 | 24 25 26 27 28 29 30 31
//	2 | 16 17 18 19 20 21 22 23
//	1 |  8  9 10 11 12 13 14 15
//	0 |  0  1  2  3  4  5  6  7
//	  +------------------------
//	     0  1  2  3  4  5  6  7  x
//
// Board holds one signed count per square: n > 0 is a white stack of n
// tokens, n < 0 a black stack of -n tokens, 0 an empty square. A square
// never holds both colours.
//
// # Rules
//
// Only White acts; Black never moves.
//
//   - MOVE: from a white stack of n tokens, move m of them (1 <= m <= n)
//     exactly k squares (1 <= k <= n) left, right, up or down. The bound on
//     k is the source stack's n, not m. The tokens pass over anything on
//     the way; the destination must be on the board and empty or white
//     (stacks merge).
//   - BOOM: a white stack explodes, and with it every stack of either
//     colour on the eight surrounding squares, which explode in turn
//     (chaining). Stack height does not change the blast.
//
// Part A is won when no black token is left, even if White's last token
// went in the same boom. A position with black left and no white is lost.
// The course guarantees at most 3 white tokens; ParseJSON accepts more
// with a warning (see ParseJSON).
//
// # Formats
//
// Input is JSON {"white": [[n,x,y],...], "black": [[n,x,y],...]}. Output
// is one action a line, exactly "MOVE n from (x1, y1) to (x2, y2)." or
// "BOOM at (x, y).", n being the number of tokens moved; ParseActions
// reads that back, skipping blank lines and lines starting with '#'.
//
// # Searching
//
// Solve runs one of three searches over whole positions, each position
// stored once in a hash table in a compact form of three machine words
// (the black squares, the white squares, the white heights):
//
//   - AlgoAStar, the default: A* with an admissible lower bound on the
//     actions still needed, BOOMs from the fewest parts the black groups
//     can be blown up in with the tokens left, MOVEs from the landings the
//     uncovered groups need and what the white stacks pay to meet and
//     travel (bound.go proves it). Its first win is a shortest action
//     sequence; it also proves positions lost without searching them.
//   - AlgoBFS: breadth-first; the first win found is a shortest action
//     sequence. It trusts no bound, so the tests check astar against it.
//   - AlgoSeed: the seed's search, breadth-first from the current
//     position to the next BOOM that destroys black (the seed says "a
//     boom within one square of an enemy token"; a boom reaching black
//     through a chain of white counts too), then depth-first into the
//     position after it, backtracking when that fails. Complete, not
//     shortest.
//
// Every search stops at a state budget (Options.MaxStates) or a time
// budget (Options.Budget, wall-clock time unless Options.Clock measures
// it otherwise) and says so (OutOfBudget); when it has searched every
// reachable position it could not prove lost, without a win, it says
// Unsolvable. Positions with black left and no white are lost.
//
// # Fresh cases
//
// Generate places tokens at random (black in clumps, white off black's
// zones); GenerateWinnable keeps drawing until Solve wins one, and
// FormatJSON writes a board as a case file.
package expendibots
