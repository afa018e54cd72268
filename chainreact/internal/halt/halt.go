// Package halt lets another goroutine stop a long piece of work, a
// search or a solve, of the Chain Reaction packages: a Halter ties the
// work to a context, and the work asks it as often as it likes.
package halt

import (
	"context"
	"sync/atomic"
)

// Halter lets another goroutine stop a search: Watch ties it to a
// context, and the search asks Halted as often as it likes (one atomic
// load). The zero value watches nothing.
type Halter struct {
	ctx  context.Context // the context watched, nil when none
	flag *atomic.Bool    // set once ctx is done; a fresh one each watch
}

// Watch makes Halted report whether ctx is done, until the returned
// function is called. A fresh flag each time, so that a context of an
// earlier search that ends late cannot stop a later one.
func (h *Halter) Watch(ctx context.Context) (unwatch func()) {
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

// Halted reports whether the context watched is done.
func (h *Halter) Halted() bool { return h.flag != nil && h.flag.Load() }

// HaltedNow is Halted, and also asks the context itself: a context that
// learns it is done only when asked (a move clock's) is seen too. It
// costs a context's Err, so it is for code that polls now and then, as
// the exact solver does every few thousand positions.
func (h *Halter) HaltedNow() bool {
	return h.Halted() || (h.ctx != nil && h.ctx.Err() != nil)
}

// Context returns the context watched, or the background.
func (h *Halter) Context() context.Context {
	if h.ctx == nil {
		return context.Background()
	}
	return h.ctx
}
