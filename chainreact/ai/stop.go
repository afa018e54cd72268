package ai

import (
	"context"

	"chainshot/chainreact"
)

// A ContextChooser is a Player whose search can be cut short: ChooseContext
// is Choose, but it returns soon after ctx is done (within milliseconds,
// on any board), with the best legal move found by then. Every player
// NewPlayer makes is one; engine: (another program, which cannot be asked
// to stop its search) is ended instead, and returns no move. A server
// that must answer within a time limit, or stop when its client leaves,
// plays only these, and no engine.
type ContextChooser interface {
	Player
	ChooseContext(ctx context.Context, b *chainreact.Board, history []chainreact.Move) chainreact.Move
}

// ChooseContext is Choose, stopped when ctx is done (see ContextChooser).
func (s *searchPlayer) ChooseContext(ctx context.Context, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	defer s.halt.Watch(ctx)()
	return s.Choose(b, history)
}

// ChooseContext is Choose, stopped when ctx is done (see ContextChooser):
// the playouts end, and the move most visited so far is played.
func (m *mctsPlayer) ChooseContext(ctx context.Context, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	defer m.halt.Watch(ctx)()
	return m.Choose(b, history)
}

// ChooseContext is Choose: a random move takes no time to stop.
func (r *randomPlayer) ChooseContext(_ context.Context, b *chainreact.Board, history []chainreact.Move) chainreact.Move {
	return r.Choose(b, history)
}
