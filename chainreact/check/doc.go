// Package check verifies what a solver claims of a two-player Chain
// Reaction position a second way, sharing nothing with package exact but
// the rules: it plays moves with package chainreact's Board.Play, reads
// the end of the game from Board.Winner, and keys positions its own way
// (the cells themselves, up to the board's mirror images; no hash).
//
// A claim is checked through strategies (certificates), one move for each
// position of one player that the strategy reaches:
//
//   - Win checks that a strategy of the winner wins against every reply
//     of the loser, and returns the last ply it may take: the winner of
//     perfect play wins by that ply at the latest.
//   - Delay checks a strategy of the loser against every move of the
//     winner, and returns the first ply at which the winner's win may
//     fall: perfect play does not end before it. Given the ply to prove
//     (before), it follows the lines only up to that ply and proves that
//     bound and no more; the strategy needs no moves past it.
//
// Both together pin the last ply of perfect play between two bounds; a
// claim agrees when the bounds hold it. A strategy may leave out the
// winner's positions that a move wins at once: Win finds that move itself.
// Who made a strategy does not matter: a wrong one is refused, never
// believed. Checking costs one visit of each position the strategies
// reach, kept in a map (on a board of 18 cells or fewer, a table of one
// word a position: store.go).
package check
