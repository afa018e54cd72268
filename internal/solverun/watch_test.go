package solverun

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestWatchBudget: the watch cancels with ErrBudget once the budget has
// passed on its clock, not before; a budget of 0 never cancels; stop
// ends the watch.
func TestWatchBudget(t *testing.T) {
	var now atomic.Int64 // the fake clock, in ns
	clock := func() time.Duration { return time.Duration(now.Load()) }

	ctx, cancel := context.WithCancelCause(context.Background())
	stop := WatchBudget(time.Second, clock, cancel)
	now.Store(int64(999 * time.Millisecond))
	time.Sleep(100 * time.Millisecond) // several looks at the clock
	if ctx.Err() != nil {
		t.Fatalf("cancelled before the budget: %v", context.Cause(ctx))
	}
	now.Store(int64(time.Second))
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("not cancelled once the budget had passed")
	}
	if context.Cause(ctx) != ErrBudget {
		t.Fatalf("cancelled with %v, want ErrBudget", context.Cause(ctx))
	}
	stop()

	ctx, cancel = context.WithCancelCause(context.Background())
	stop = WatchBudget(0, clock, cancel)
	now.Store(int64(1000 * time.Hour))
	time.Sleep(100 * time.Millisecond)
	stop()
	if ctx.Err() != nil {
		t.Fatalf("a budget of 0 cancelled: %v", context.Cause(ctx))
	}
}
