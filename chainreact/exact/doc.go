// Package exact proves the value of two-player Chain Reaction positions:
// who wins under perfect play, and on which ply the winner's last move
// falls, the winner hurrying and the loser delaying.
//
// It owns:
//
//   - the solver (Solver, SolveOptions, SolveResult): a null-window
//     alpha-beta search with a transposition table of proved bounds
//     (SolveTable, shared by solvers on several goroutines if asked),
//     positions keyed up to the board's symmetries, stopped by a context
//     or a node limit, and then saying what it proved so far; and,
//     for the strategies a checker verifies, a move that wins by a ply
//     or holds the other off until one (WinBy, Hold), each a bound
//     rather than a whole solve;
//   - proofs split into lines (Split, ProofSplit, LineResult): the
//     positions a few plies after the root, solved one by one, perhaps
//     on several machines, and combined by minimax (Combine, Needed);
//   - the verdicts on a position and on the position after each of its
//     moves (Prove).
//
// It knows no rule: moves are played with package chainreact's
// Board.Play and games end where Board.Winner says. It reads no file and
// prints nothing; a caller polls Solver.Progress.
package exact
