// Package halt lets another goroutine stop a long piece of work, a
// search or a solve, of the Chain Reaction packages: a Halter ties the
// work to a context, and the work asks it as often as it likes; a Pacer
// says when the work should read its clocks.
package halt

import (
	"context"
	"sync/atomic"
	"time"
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
// the exact solver does about every millisecond.
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

// Pacer spaces out the readings of a clock over a count of work
// (positions, nodes) so that they fall about every Span of wall time,
// whatever a unit of work costs: at each reading it halves the units to
// the next one while the last ones took longer than Span, and doubles
// them, up to Max, while they took under a quarter of it. A search reads
// its clocks when Due says so: often enough to stop near a deadline,
// seldom enough that reading costs nothing.
type Pacer struct {
	Span time.Duration // the wall time wanted between two readings
	Max  uint64        // the most units between two readings

	next, every uint64
	last        time.Time
}

// Start paces readings from count on, the first one due after first
// units.
func (p *Pacer) Start(count, first uint64) {
	p.every, p.next, p.last = first, count+first, time.Now()
}

// Due reports whether count has reached the next reading; when it has,
// it notes the reading (Read).
func (p *Pacer) Due(count uint64) bool {
	if count < p.next {
		return false
	}
	p.Read(count)
	return true
}

// Read notes a reading at count and sets when the next one is due.
func (p *Pacer) Read(count uint64) {
	now := time.Now()
	if d := now.Sub(p.last); d > p.Span && p.every > 1 {
		p.every /= 2
	} else if d < p.Span/4 && p.every < p.Max {
		p.every *= 2
	}
	p.last = now
	p.next = count + p.every
}

// Next returns the count at which the next reading is due.
func (p *Pacer) Next() uint64 { return p.next }
