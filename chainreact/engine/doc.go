// Package engine speaks the Chain Reaction engine protocol (docs/chain-reaction.md,
// "Engine protocol"), GTP's shape: one command a line, each answered
// "= result" or "? reason" and an empty line.
//
// It owns both sides of the protocol: ServeEngine, the engine's side,
// which answers a driver's commands with a Chooser's moves, and
// EnginePlayer, the driver's side, which plays the moves of another
// program started under sh -c and reads the CPU time that program has
// used from /proc (Linux).
//
// It sits below the players: package ai makes an EnginePlayer for a spec
// "engine:COMMAND" and serves any of its players through ServeEngine,
// which asks only for a Chooser. Moves are read and written with package
// chainreact (Board.ParseMove, Board.FormatMove) and played by its rules.
package engine
