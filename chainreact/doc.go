// Package chainreact holds the rules of Chain Reaction and its positions:
// boards of up to MaxRows×MaxCols cells for two to MaxPlayers players,
// a move and its reaction, with their trace wave by wave
// (Board.PlayTrace), moves and their text form ("row col": Board.MoveAt,
// FormatMove, ParseMove), the position file format (ParsePosition,
// Position.Format), move counts to a depth (Perft) and seed 000's cell
// automaton (TakeCensus, WriteAutomatonDOT). It imports the standard
// library only.
//
// Where each rule lives: a move and its reaction, elimination and the
// end of the game in board.go (Board.Play; the trace shares its code);
// the file format in position.go. Everything else plays moves through
// Board.Play and reads the result, never a copy of the rules, as the
// packages in this one's directory do:
//
//	chainreact/ai      evaluations, players by spec string, searches, analysis
//	chainreact/exact   the exact two-player solver and split proofs
//	chainreact/engine  the engine protocol, both sides
//	chainreact/match   matches, openings, SPRT, ratings, game records
//
// Searches and evaluations in those packages read a board through the
// view of view.go: its size's Geometry, a cell's state, the bit masks a
// board keeps (Held, CriticalCells, TrackMasks) and the Zobrist keys
// (CellKey), each small enough to be inlined.
//
// # Coordinates
//
// Users name a cell "row col", both 1-based, row 1 at the BOTTOM and
// column 1 at the LEFT, as ChainShot does. Inside the package a cell is an
// index, row-major from the bottom-left corner, 0-based:
//
//	row
//	 3 |  8  9 10 11       index = (row-1)*Cols + (col-1)
//	 2 |  4  5  6  7
//	 1 |  0  1  2  3       (a 3×4 board shown; row 1 is the bottom)
//	   +------------
//	      1  2  3  4  col
//
// Position files list rows top first, so parsing reverses them.
//
// # Rules
//
// The critical mass of a cell is its number of orthogonal neighbours (2 in
// a corner, 3 on an edge, 4 inside). A player adds one orb to an empty cell
// or to one of their own. A cell holding at least its critical mass
// explodes: it loses critical-mass orbs (any surplus stays, still its
// owner's) and each neighbour gains one orb and becomes the mover's.
// Explosions run in waves: every unstable cell explodes once per wave. A
// player with no orbs, once every player has made a first move, is out;
// turns skip players who are out; the last player left wins. A reaction
// stops the moment one player is left, so it never runs forever (if a
// reaction would never end, every cell explodes, every cell becomes the
// mover's, and the rule has stopped it). A hard cap on explosions guards
// the loop besides; it is never reached by the rules above.
//
// Invariants: orbs are never created or destroyed by explosions, so the
// orbs on the board always equal the moves played (Board.Ply), in every
// position, including the last one. Every position before the end is
// stable (every cell below its critical mass); only the final position
// of a game whose winning reaction was stopped early may hold unstable
// cells. Per-cell counts never exceed 2×critical mass − 1 (at most 7).
//
// # Speed
//
// Board is a value of about 600 bytes holding a pointer to a shared,
// immutable geometry; copying it is how a search keeps a position. Play
// uses a fixed queue on the stack and AppendMoves a caller-owned slice: no
// method on the move path allocates. The Zobrist hash is kept
// incrementally, with keys drawn from a fixed-seed PCG generator.
package chainreact
