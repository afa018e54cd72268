// Package ai chooses Chain Reaction moves: the players a spec string
// names (NewPlayer, PlayerKinds) and what they are made of.
//
// It owns:
//
//   - the evaluations of a position (Eval): seed 001's, seed 002's
//     heuristics and their weighted sum, and the tuned one, fitted to
//     self-play results (tuned.go, and its harness tune_test.go);
//   - the players: random, greedy, minimax, alpha-beta, UCT Monte-Carlo
//     tree search, and best, the strongest, with its transposition table,
//     move ordering and quiescence; perfect asks the exact solver first
//     (an oracle); engine:COMMAND is another program, spoken to with the
//     engine protocol;
//   - a move's time limits (time=T of the searching thread's CPU time,
//     wall=T of wall-clock time) and the stop of a search when its
//     context ends (ContextChooser);
//   - the analysis of a position, every move under every evaluation and
//     a search (Analyze).
//
// Players play through package chainreact's Board and read positions
// through its exported view (Board.Geometry, Held, CriticalCells ...):
// no rule is written here. The search path does not allocate: boards,
// move lists and the table are the player's own, made once.
package ai
