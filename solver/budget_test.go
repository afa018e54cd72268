package solver

import (
	"context"
	"flag"
	"fmt"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"chainshot/board"
	"chainshot/cpuclock"
	"chainshot/datasets"
)

// workClock is a budget clock that advances with the work a search
// reports, not with real time, so a test of the budget cannot flake on a
// loaded machine: perNode for every node the workers have counted (read
// from a Progress), plus a nanosecond per byte allocated (clearing and
// paging in fresh memory costs about that). A search that works for long
// without counting its nodes, or allocates a large table between two
// looks at the clock, overruns it as it would overrun the CPU budget.
type workClock struct {
	mu      sync.Mutex
	p       *Progress
	perNode time.Duration
	sample  []metrics.Sample
	bytes0  uint64
}

func newWorkClock(p *Progress, perNode time.Duration) *workClock {
	c := &workClock{p: p, perNode: perNode, sample: []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}}
	c.bytes0 = c.allocated()
	return c
}

func (c *workClock) allocated() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	metrics.Read(c.sample)
	return c.sample[0].Value.Uint64()
}

func (c *workClock) now() time.Duration {
	return time.Duration(c.p.Nodes())*c.perNode + time.Duration(c.allocated()-c.bytes0)
}

// ladder returns the built-in ladder's boards.
func ladder(t *testing.T) []datasets.Set {
	t.Helper()
	var out []datasets.Set
	for _, d := range datasets.Builtin() {
		if !strings.HasPrefix(d.Name, "ladder") {
			continue
		}
		sets, err := datasets.Load(d.Name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sets...)
	}
	if len(out) == 0 {
		t.Fatal("no ladder boards")
	}
	return out
}

// TestBudgetNotOverrun solves every board of the built-in ladder with
// every algorithm at small budgets, on a work clock (workClock), and
// requires what the CPU budget promises: the search stops within 2% +
// 50 ms of the budget, counting everything it did. It caught a
// transposition table of 256 MB allocated and cleared at the start of
// each dfs, whatever the budget (0.7 s over a 0.2 s budget for real).
func TestBudgetNotOverrun(t *testing.T) {
	budgets := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, time.Second}
	if raceScale > 1 {
		budgets = budgets[:1]
	}
	const perNode = time.Millisecond
	for _, set := range ladder(t) {
		for _, a := range Algorithms() {
			for _, budget := range budgets {
				var p Progress
				clock := newWorkClock(&p, perNode)
				opt := Options{Budget: budget, Seed: 1, Workers: 2, Progress: &p}
				// A search that stops counting its nodes stops the work
				// clock too: the real-time limit catches it.
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				r, err := solve(ctx, set.Board, a.Name, opt, setup{clock: clock.now})
				timedOut := ctx.Err() != nil
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if timedOut {
					t.Fatalf("%s, %s, budget %v: still searching after a minute (%d nodes counted)", set.Name, a.Name, budget, p.Nodes())
				}
				used := clock.now()
				if limit := budget + budget/50 + 50*time.Millisecond; used > limit {
					t.Errorf("%s, %s, budget %v: used %v of work (%d nodes, %d bytes), more than %v",
						set.Name, a.Name, budget, used, p.Nodes(), clock.allocated()-clock.bytes0, limit)
				}
				if end, score, err := board.Replay(set.Board, r.Moves); err != nil || score != r.Score || end.Beads() != r.BeadsLeft {
					t.Fatalf("%s, %s: result does not replay", set.Name, a.Name)
				}
			}
		}
	}
}

var realCPU = flag.Bool("realcpu", false, "TestBudgetRealCPU: run the budget test on the process's CPU clock (about 90 CPU seconds)")

// TestBudgetRealCPU is TestBudgetNotOverrun on the clock users have: the
// process's CPU time, with as many workers as CPUs (the commands'
// default). The work clock sees only counted nodes and allocated bytes;
// work a search does without counting it shows here. It takes about 90
// CPU seconds and its figures depend on the machine, so it runs only
// when asked:
//
//	go test ./solver -run TestBudgetRealCPU -realcpu -v
func TestBudgetRealCPU(t *testing.T) {
	if !*realCPU {
		t.Skip("set -realcpu to run every algorithm on the ladder at 100 ms, 200 ms and 1 s of CPU time (about 90 CPU seconds)")
	}
	budgets := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, time.Second}
	sets := ladder(t)
	worst := map[string]string{}
	for _, a := range Algorithms() {
		for _, budget := range budgets {
			over, at := -budget, ""
			for _, set := range sets {
				c0 := cpuclock.Process()
				r, err := Solve(context.Background(), set.Board, a.Name, Options{Budget: budget, Seed: 1})
				used := cpuclock.Process() - c0
				if err != nil {
					t.Fatal(err)
				}
				if limit := budget + budget/50 + 50*time.Millisecond; used > limit {
					t.Errorf("%s, %s, budget %v: used %v of CPU time (%d nodes), more than %v", set.Name, a.Name, budget, used, r.Nodes, limit)
				}
				if used-budget > over {
					over, at = used-budget, set.Name
				}
			}
			worst[fmt.Sprintf("%s %v", a.Name, budget)] = fmt.Sprintf("%+.1f ms (%s)", float64(over)/1e6, at)
		}
	}
	t.Logf("worst overrun of the budget over the %d ladder boards:", len(sets))
	for _, a := range Algorithms() {
		line := fmt.Sprintf("%-7s", a.Name)
		for _, budget := range budgets {
			line += fmt.Sprintf("  %v: %-28s", budget, worst[fmt.Sprintf("%s %v", a.Name, budget)])
		}
		t.Log(strings.TrimRight(line, " "))
	}
}
