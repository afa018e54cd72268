package solver

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// TestDefaultWorkers: with Options.Workers 0 a search runs one worker
// where one worker runs auto's portfolio under a CPU budget, and one per
// CPU everywhere else (a wall-clock or node budget, a budget too short,
// a board out of the portfolio's range, another algorithm, a portfolio
// of one rule); a number given is kept. The portfolio's 20 s are scaled
// down to 50 ms so that each case runs a real search briefly. Each case
// also asks the rule (defaultWorkers) for a machine of four CPUs, so that
// the test tells one worker from one per CPU on a machine of one.
func TestDefaultWorkers(t *testing.T) {
	all := runtime.NumCPU()
	b15, b10 := randomBoard(t, 15, 15, 5, 41), randomBoard(t, 10, 10, 4, 42)
	prm := DefaultParams()
	prm.PortfolioMinSeconds = 0.05
	single := DefaultParams()
	single.PortfolioMinSeconds, single.PortfolioPairs = 0.05, []int{0}
	for _, c := range []struct {
		name    string
		algo    string
		large   bool
		opt     Options
		prm     *Params
		workers int
		// onFour is what defaultWorkers says on four CPUs (0: not
		// asked, a number is given).
		onFour int
	}{
		{"CPU budget, the portfolio's size and time", "auto", true, Options{Budget: 60 * time.Millisecond}, &prm, 1, 1},
		{"a budget under the portfolio's time", "auto", true, Options{Budget: 40 * time.Millisecond}, &prm, all, 4},
		{"a wall-clock budget", "auto", true, Options{Budget: 60 * time.Millisecond, Wall: true}, &prm, all, 4},
		{"a node budget beside it", "auto", true, Options{Budget: 60 * time.Millisecond, MaxNodes: 2000}, &prm, min(all, NodeBudgetWorkers), 4},
		{"a board of 100 beads", "auto", false, Options{Budget: 60 * time.Millisecond}, &prm, all, 4},
		{"another algorithm", "nrpa", true, Options{Budget: 60 * time.Millisecond}, &prm, all, 4},
		{"a portfolio of one rule", "auto", true, Options{Budget: 60 * time.Millisecond}, &single, all, 4},
		{"workers given", "auto", true, Options{Budget: 60 * time.Millisecond, Workers: 2}, &prm, 2, 0},
	} {
		b := b10
		if c.large {
			b = b15
		}
		opt := c.opt
		opt.Params, opt.Seed = c.prm, 1
		if c.onFour > 0 {
			if got := defaultWorkers(c.algo, b, opt, 4); got != c.onFour {
				t.Errorf("%s: on four CPUs %d workers, want %d", c.name, got, c.onFour)
			}
		}
		r, err := Solve(context.Background(), b, c.algo, opt)
		if err != nil {
			t.Fatal(c.name, err)
		}
		if r.Workers != c.workers {
			t.Errorf("%s: %d workers, want %d", c.name, r.Workers, c.workers)
		}
		checkReplay(t, b, r)
	}
}
