package ai

import (
	"context"
	"runtime"
	"time"

	"chainshot/cpuclock"
)

// The clocks of a move's time limit. A player spec's time=T limits a move
// to T of CPU time, as every --budget of the command line does, and wall=T
// to T of wall-clock time, as --wall does; given both, a move stops at
// whichever ends first.
//
// The CPU clock is the CPU time of the thread that searches (on Linux,
// CLOCK_THREAD_CPUTIME_ID, with the searching goroutine locked to its
// thread for the move), not the process's: two players of one process, a
// match's games played at once or a server's requests, would otherwise
// each be charged for the others' work and stop early. A search runs on
// one goroutine and does not allocate, so its thread's clock is its own
// CPU time. Outside Linux the CPU clock is the whole process's.

// moveClock watches a move's time limits. The zero value has none.
type moveClock struct {
	cpu, wall time.Duration // the limits; 0 for none
	cpuEnd    time.Duration // the thread's CPU clock when the move must end
	wallEnd   time.Time
	locked    bool
}

// limited reports whether the clock has a limit to watch.
func (c *moveClock) limited() bool { return c.cpu > 0 || c.wall > 0 }

// start starts a move with share times the limits (1 for the limits as
// given): it locks the goroutine to its thread when a CPU limit is set
// (stop unlocks it) and notes when the move must end.
func (c *moveClock) start(share float64) {
	if c.cpu > 0 {
		runtime.LockOSThread()
		c.locked = true
		c.cpuEnd = cpuclock.ThreadOrProcess() + time.Duration(share*float64(c.cpu))
	}
	if c.wall > 0 {
		c.wallEnd = time.Now().Add(time.Duration(share * float64(c.wall)))
	}
}

// expired reports whether a limit has been reached.
func (c *moveClock) expired() bool {
	if c.cpu > 0 && cpuclock.ThreadOrProcess() >= c.cpuEnd {
		return true
	}
	return c.wall > 0 && !time.Now().Before(c.wallEnd)
}

// share returns a clock for part of what is left of the move: its limits
// end after frac of the time remaining on each. It reads the same thread.
func (c *moveClock) share(frac float64) moveClock {
	sub := *c
	sub.locked = false
	if c.cpu > 0 {
		now := cpuclock.ThreadOrProcess()
		sub.cpuEnd = now + time.Duration(frac*float64(c.cpuEnd-now))
	}
	if c.wall > 0 {
		now := time.Now()
		sub.wallEnd = now.Add(time.Duration(frac * float64(c.wallEnd.Sub(now))))
	}
	return sub
}

// left returns the time until the clock's first limit ends.
func (c *moveClock) left() time.Duration {
	d := time.Duration(1<<63 - 1)
	if c.cpu > 0 {
		d = c.cpuEnd - cpuclock.ThreadOrProcess()
	}
	if c.wall > 0 {
		d = min(d, time.Until(c.wallEnd))
	}
	return max(d, 0)
}

// clockContext is a context that is done once a move's clock has run
// out. It reads the clock when asked (Done, Err) rather than from a timer,
// so a loaded machine cannot delay it: it is for the goroutine that
// searches, on its thread, and for code that asks now and then, as the
// exact solver does.
type clockContext struct {
	context.Context // the parent: its values, and its end ends this one
	clock           moveClock
	done            chan struct{}
}

// newClockContext returns a context done when the clock c runs out or
// parent is done.
func newClockContext(parent context.Context, c moveClock) *clockContext {
	return &clockContext{Context: parent, clock: c, done: make(chan struct{})}
}

// Done returns the same channel every time, closed once the clock has
// run out (seen when Done or Err is called).
func (c *clockContext) Done() <-chan struct{} {
	c.check()
	return c.done
}

// Err returns context.DeadlineExceeded once the clock has run out.
func (c *clockContext) Err() error {
	if c.check() {
		if err := c.Context.Err(); err != nil {
			return err
		}
		return context.DeadlineExceeded
	}
	return nil
}

// Deadline returns the wall-clock deadline, the earlier of the clock's
// and the parent's, if either has one.
func (c *clockContext) Deadline() (time.Time, bool) {
	d, ok := c.Context.Deadline()
	if c.clock.wall > 0 && (!ok || c.clock.wallEnd.Before(d)) {
		d, ok = c.clock.wallEnd, true
	}
	return d, ok
}

func (c *clockContext) check() bool {
	select {
	case <-c.done:
		return true
	default:
	}
	if c.clock.expired() || c.Context.Err() != nil {
		close(c.done)
		return true
	}
	return false
}

// stop ends the move.
func (c *moveClock) stop() {
	if c.locked {
		c.locked = false
		runtime.UnlockOSThread()
	}
}

// spec returns the limits as a spec writes them: ",time=T" and ",wall=T".
func (c *moveClock) spec() string {
	s := ""
	if c.cpu > 0 {
		s += ",time=" + c.cpu.String()
	}
	if c.wall > 0 {
		s += ",wall=" + c.wall.String()
	}
	return s
}
