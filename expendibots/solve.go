package expendibots

import (
	"fmt"
	"time"
)

// Search algorithms, by the names the command line uses.
const (
	// AlgoAStar, the default, is A* over whole positions with an
	// admissible lower bound (see bound.go): it proves its answer
	// shortest, as AlgoBFS does, storing far fewer positions.
	AlgoAStar = "astar"
	// AlgoBFS is breadth-first search over whole positions with a hash
	// set: every position is stored once, and the first win found is a
	// shortest action sequence. It needs no bound, so it is the reference
	// the tests check astar against.
	AlgoBFS = "bfs"
	// AlgoSeed is the seed's search: breadth-first from the current
	// position to the next BOOM that destroys black, then depth-first
	// into the position after it, backtracking when that fails. Complete,
	// but its answers need not be shortest.
	AlgoSeed = "seed"
)

// Algos lists the algorithm names, the default first.
func Algos() []string { return []string{AlgoAStar, AlgoBFS, AlgoSeed} }

// DefaultMaxStates is the state budget when Options.MaxStates is 0. A
// state takes about 80 bytes at the peak (bfs on comments-2, stopped at
// 5,000,000 states, peaked at 414 MB resident), so the default bounds
// memory to about 400 MB.
const DefaultMaxStates = 5_000_000

// Options controls Solve.
type Options struct {
	// Algo is AlgoAStar (the default when empty), AlgoBFS or AlgoSeed.
	Algo string
	// MaxStates bounds the positions stored; 0 means DefaultMaxStates.
	// Tests use it to stay deterministic.
	MaxStates int
	// Budget bounds the time the search may take, as Clock measures it;
	// 0 means no time limit.
	Budget time.Duration
	// Clock, if not nil, returns the time used since it was made: the
	// command line passes the process's CPU time this way, since this
	// package reads no clock of the machine but the wall clock. Nil means
	// wall-clock time since Solve was called.
	Clock func() time.Duration
	// Progress, if not nil, is called now and then with the number of
	// positions stored so far.
	Progress func(states int)
}

// Status is how a search ended.
type Status uint8

const (
	// Solved: Result.Actions removes every black token.
	Solved Status = iota + 1
	// Unsolvable: every reachable position was searched and none is won.
	Unsolvable
	// OutOfBudget: the state or time budget ran out first.
	OutOfBudget
)

// String returns "solved", "unsolvable" or "out of budget".
func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case Unsolvable:
		return "unsolvable"
	case OutOfBudget:
		return "out of budget"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Result is what Solve found.
type Result struct {
	Status  Status
	Actions []Action // the winning sequence when Solved
	// Optimal says that no shorter winning sequence exists (AlgoAStar,
	// AlgoBFS).
	Optimal bool
	// States is the number of distinct positions stored (for AlgoSeed,
	// summed over its breadth-first stages); Expanded the number whose
	// actions were generated.
	States, Expanded int
	// Limit names the budget that ran out: "states" or "time".
	Limit string
	// Elapsed is the wall-clock time the search took.
	Elapsed time.Duration
}

// Solve searches for a sequence of White actions that removes every black
// token from b. It returns an error only for an unknown algorithm.
func Solve(b Board, opt Options) (Result, error) {
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	s := &search{opt: opt, start: time.Now()}
	if s.opt.Clock == nil {
		s.opt.Clock = func() time.Duration { return time.Since(s.start) }
	}
	var res Result
	switch opt.Algo {
	case "", AlgoAStar:
		res = s.astar(b)
	case AlgoBFS:
		res = s.bfs(b)
	case AlgoSeed:
		res = s.seed(b)
	default:
		return Result{}, fmt.Errorf("expendibots: unknown algorithm %q (want one of %v)", opt.Algo, Algos())
	}
	res.Expanded = s.expanded
	res.Limit = s.limit
	res.Elapsed = time.Since(s.start)
	return res, nil
}

// search holds one Solve call's budget and counters.
type search struct {
	opt      Options
	start    time.Time
	states   int
	expanded int
	limit    string
	bufs     [][]child // child buffers, one per depth
	st       stackList
}

// over reports whether a budget has run out, and records which.
func (s *search) over() bool {
	if s.limit != "" {
		return true
	}
	if s.states >= s.opt.MaxStates {
		s.limit = "states"
		return true
	}
	if s.expanded&1023 == 0 {
		if s.opt.Progress != nil && s.expanded > 0 && s.expanded&(1<<16-1) == 0 {
			s.opt.Progress(s.states)
		}
		if s.opt.Budget > 0 && s.opt.Clock() > s.opt.Budget {
			s.limit = "time"
			return true
		}
	}
	return false
}

// children returns the positions one action away from p, in the buffer
// of the given depth.
func (s *search) children(p *pos, depth int) []child {
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, make([]child, 0, 256))
	}
	p.stacks(&s.st)
	s.bufs[depth] = p.appendChildren(&s.st, s.bufs[depth][:0])
	return s.bufs[depth]
}

// settled returns the result of a root that needs no search: no black
// token left (solved, with optimal as given) or no white one (unsolvable).
func settled(r pos, optimal bool) (Result, bool) {
	if r.black == 0 {
		return Result{Status: Solved, Actions: []Action{}, Optimal: optimal, States: 1}, true
	}
	if r.white == 0 {
		return Result{Status: Unsolvable, States: 1}, true
	}
	return Result{}, false
}

// bfs is breadth-first search over whole positions.
func (s *search) bfs(b Board) Result {
	r := compact(&b)
	if res, ok := settled(r, true); ok {
		return res
	}
	var t table
	t.insert(&r)
	t.at(0).parent = -1
	s.states = 1
	for head := int32(0); int(head) < t.len(); head++ {
		if s.over() {
			return Result{Status: OutOfBudget, States: s.states}
		}
		s.expanded++
		p := t.at(head).p
		for _, c := range s.children(&p, 0) {
			if c.act.Kind == Boom {
				if c.p.black == 0 {
					return Result{Status: Solved, Actions: append(t.path(head), c.act), Optimal: true, States: s.states}
				}
				if c.p.white == 0 {
					continue // lost: black left, no white
				}
			}
			if i, fresh := t.insert(&c.p); fresh {
				nn := t.at(i)
				nn.parent, nn.act = head, c.act
				s.states++
			}
		}
	}
	return Result{Status: Unsolvable, States: s.states}
}

// seed is the seed's search (see AlgoSeed).
func (s *search) seed(b Board) Result {
	r := compact(&b)
	if res, ok := settled(r, false); ok {
		return res
	}
	ss := &seedSearch{search: s, failed: map[pos]bool{}}
	acts, ok := ss.stage(r, 0)
	switch {
	case ok:
		return Result{Status: Solved, Actions: acts, States: s.states}
	case s.limit != "":
		return Result{Status: OutOfBudget, States: s.states}
	}
	return Result{Status: Unsolvable, States: s.states}
}

// seedSearch is the state of AlgoSeed: one table per stage (a stage is the
// breadth-first search between two booms) and the post-boom positions
// already known to fail, so they are not searched again.
type seedSearch struct {
	*search
	tables []*table
	failed map[pos]bool
}

// stage searches breadth-first from r for a BOOM that destroys black and
// recurses into the position after it. It returns the actions from r to a
// win.
func (ss *seedSearch) stage(r pos, depth int) ([]Action, bool) {
	for len(ss.tables) <= depth {
		ss.tables = append(ss.tables, &table{})
	}
	t := ss.tables[depth]
	t.reset()
	t.insert(&r)
	t.at(0).parent = -1
	ss.states++
	for head := int32(0); int(head) < t.len(); head++ {
		if ss.over() {
			return nil, false
		}
		ss.expanded++
		p := t.at(head).p
		for _, c := range ss.children(&p, depth) {
			if c.act.Kind == Move || c.p.black == p.black {
				// A MOVE, or a BOOM that hits no black: one more position
				// of this stage. (Such a BOOM only loses white, but it can
				// clear white stacks out of a later chain's way, so it is
				// kept for completeness.)
				if c.p.white == 0 {
					continue
				}
				if i, fresh := t.insert(&c.p); fresh {
					nn := t.at(i)
					nn.parent, nn.act = head, c.act
					ss.states++
				}
				continue
			}
			if c.p.black == 0 {
				return append(t.path(head), c.act), true
			}
			if c.p.white == 0 || ss.failed[c.p] {
				continue
			}
			rest, ok := ss.stage(c.p, depth+1)
			if ok {
				return append(append(t.path(head), c.act), rest...), true
			}
			if ss.limit != "" {
				return nil, false
			}
			ss.failed[c.p] = true
		}
	}
	return nil, false
}
