package chainreact

import (
	"context"
	"sync/atomic"
)

// A ContextChooser is a Player whose search can be cut short: ChooseContext
// is Choose, but it returns soon after ctx is done (within milliseconds,
// on any board), with the best legal move found by then. Every built-in
// player but engine: is one; a server that must answer within a time
// limit, or stop when its client leaves, plays only these.
type ContextChooser interface {
	Player
	ChooseContext(ctx context.Context, b *Board, history []Move) Move
}

// halter lets another goroutine stop a search: watch ties it to a
// context, and the search asks halted as often as it likes (one atomic
// load).
type halter struct {
	ctx  context.Context // the context watched, nil when none
	flag *atomic.Bool    // set once ctx is done; a fresh one each watch
}

// watch makes halted report whether ctx is done, until the returned
// function is called. A fresh flag each time, so that a context of an
// earlier search that ends late cannot stop a later one.
func (h *halter) watch(ctx context.Context) (unwatch func()) {
	if ctx == nil || ctx.Done() == nil {
		return func() {}
	}
	f := new(atomic.Bool)
	f.Store(ctx.Err() != nil)
	stop := context.AfterFunc(ctx, func() { f.Store(true) })
	h.ctx, h.flag = ctx, f
	return func() {
		stop()
		h.ctx, h.flag = nil, nil
	}
}

// halted reports whether the context watched is done.
func (h *halter) halted() bool { return h.flag != nil && h.flag.Load() }

// haltedNow is halted, and also asks the context itself: a context that
// learns it is done only when asked (the move clock's, clockContext) is
// seen too. It costs a context's Err, so it is for code that polls now
// and then, as the exact solver does every few thousand positions.
func (h *halter) haltedNow() bool {
	return h.halted() || (h.ctx != nil && h.ctx.Err() != nil)
}

// watchedContext returns the context watched, or the background.
func (h *halter) watchedContext() context.Context {
	if h.ctx == nil {
		return context.Background()
	}
	return h.ctx
}

// ChooseContext is Choose, stopped when ctx is done (see ContextChooser).
func (s *searchPlayer) ChooseContext(ctx context.Context, b *Board, history []Move) Move {
	defer s.watch(ctx)()
	return s.Choose(b, history)
}

// ChooseContext is Choose, stopped when ctx is done (see ContextChooser):
// the playouts end, and the move most visited so far is played.
func (m *mctsPlayer) ChooseContext(ctx context.Context, b *Board, history []Move) Move {
	defer m.watch(ctx)()
	return m.Choose(b, history)
}

// ChooseContext is Choose: a random move takes no time to stop.
func (r *randomPlayer) ChooseContext(_ context.Context, b *Board, history []Move) Move {
	return r.Choose(b, history)
}
