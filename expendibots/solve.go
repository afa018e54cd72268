package expendibots

import (
	"fmt"
	"math/bits"
	"time"
)

// Search algorithms, by the names the command line uses.
const (
	// AlgoBFS is breadth-first search over whole positions with a hash
	// set: every position is stored once, and the first win found is a
	// shortest action sequence.
	AlgoBFS = "bfs"
	// AlgoSeed is the seed's search: breadth-first from the current
	// position to the next BOOM that destroys black, then depth-first
	// into the position after it, backtracking when that fails. Complete,
	// but its answers need not be shortest.
	AlgoSeed = "seed"
)

// Algos lists the algorithm names, the default first.
func Algos() []string { return []string{AlgoBFS, AlgoAStar, AlgoSeed} }

// DefaultMaxStates is the state budget when Options.MaxStates is 0. A
// state takes about 100 bytes (a 4.2-million-state search peaked at
// 490 MB resident), so the default bounds memory to about half a GB.
const DefaultMaxStates = 5_000_000

// Options controls Solve.
type Options struct {
	// Algo is AlgoBFS (the default when empty), AlgoAStar or AlgoSeed.
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
	// Optimal says that no shorter winning sequence exists (AlgoBFS).
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
	case "", AlgoBFS:
		res = s.bfs(b)
	case AlgoAStar:
		res = s.astar(b)
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

// node is one stored position.
type node struct {
	b      Board
	hash   uint64
	parent int32 // index of the node it came from, -1 at the root
	act    Action
	black  uint8 // black stacks left
	white  uint8 // white tokens left
}

// table is a breadth-first queue of positions that is also their hash
// set: nodes in the order found, in chunks of 1<<chunkBits (only the
// first chunk grows by copying), and slots, an open-addressing index into
// them.
type table struct {
	chunks [][]node
	n      int     // nodes stored
	slots  []int32 // node index + 1; 0 is empty
}

const chunkBits = 14 // 16384 nodes, about 1.4 MB, a chunk

func (t *table) reset() {
	t.n = 0
	for i := range t.chunks {
		t.chunks[i] = t.chunks[i][:0]
	}
	clear(t.slots)
}

// len returns the number of positions stored.
func (t *table) len() int { return t.n }

// at returns node i.
func (t *table) at(i int32) *node { return &t.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

// insert returns the index of the position b (hash h) and whether it is
// new; a new position is appended with only b and hash set.
func (t *table) insert(b *Board, h uint64) (int32, bool) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		j := t.slots[i]
		if j == 0 {
			k := int32(t.n)
			ci := int(k >> chunkBits)
			if ci == len(t.chunks) {
				size := 1 << chunkBits
				if ci == 0 {
					size = 256 // small searches stay small
				}
				t.chunks = append(t.chunks, make([]node, 0, size))
			}
			t.chunks[ci] = append(t.chunks[ci], node{b: *b, hash: h})
			t.n++
			t.slots[i] = k + 1
			return k, true
		}
		if n := t.at(j - 1); n.hash == h && n.b == *b {
			return j - 1, false
		}
	}
}

func (t *table) grow() {
	size := max(1024, 2*len(t.slots))
	t.slots = make([]int32, size)
	mask := uint64(size - 1)
	for k := range int32(t.n) {
		i := t.at(k).hash & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = k + 1
	}
}

// path returns the actions from the root to node i.
func (t *table) path(i int32) []Action {
	var rev []Action
	for ; t.at(i).parent >= 0; i = t.at(i).parent {
		rev = append(rev, t.at(i).act)
	}
	out := make([]Action, len(rev))
	for k, a := range rev {
		out[len(rev)-1-k] = a
	}
	return out
}

// search holds one Solve call's budget and counters.
type search struct {
	opt      Options
	start    time.Time
	states   int
	expanded int
	limit    string
	bufs     [][]Action // action buffers, one per depth
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

func (s *search) buf(depth int) []Action {
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, make([]Action, 0, 256))
	}
	return s.bufs[depth][:0]
}

// counts returns the black stacks and white tokens on b.
func counts(b *Board) (black, white uint8) {
	for _, v := range b.sq {
		if v < 0 {
			black++
		} else {
			white += uint8(v)
		}
	}
	return black, white
}

// child plays the legal action a on n's position into c and returns its
// hash and counts, and for a BOOM the squares it cleared.
func child(n *node, a Action, c *Board) (h uint64, black, white uint8, set SquareSet) {
	*c = n.b
	h, black, white = n.hash, n.black, n.white
	if a.Kind == Move {
		f, t := a.From, a.To
		h ^= key(f, c.sq[f]) ^ key(t, c.sq[t])
		c.sq[f] -= int8(a.N)
		c.sq[t] += int8(a.N)
		h ^= key(f, c.sq[f]) ^ key(t, c.sq[t])
		return h, black, white, 0
	}
	set = c.explode(a.From)
	for m := uint64(set); m != 0; m &= m - 1 {
		q := Square(bits.TrailingZeros64(m))
		v := n.b.sq[q]
		h ^= key(q, v)
		if v < 0 {
			black--
		} else {
			white -= uint8(v)
		}
	}
	return h, black, white, set
}

func (s *search) root(b Board) node {
	bl, wt := counts(&b)
	return node{b: b, hash: b.Hash(), parent: -1, black: bl, white: wt}
}

// settled returns the result of a root that needs no search: no black
// token left (solved, with optimal as given) or no white one (unsolvable).
func settled(r node, optimal bool) (Result, bool) {
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
	r := s.root(b)
	if res, ok := settled(r, true); ok {
		return res
	}
	var t table
	t.insert(&r.b, r.hash)
	*t.at(0) = r
	s.states = 1
	acts := s.buf(0)
	var c Board
	for head := int32(0); int(head) < t.len(); head++ {
		if s.over() {
			return Result{Status: OutOfBudget, States: s.states}
		}
		s.expanded++
		n := *t.at(head)
		acts = n.b.AppendActions(acts[:0])
		for _, a := range acts {
			h, bl, wt, _ := child(&n, a, &c)
			if a.Kind == Boom {
				if bl == 0 {
					return Result{Status: Solved, Actions: append(t.path(head), a), Optimal: true, States: s.states}
				}
				if wt == 0 {
					continue // lost: black left, no white
				}
			}
			if i, fresh := t.insert(&c, h); fresh {
				nn := t.at(i)
				nn.parent, nn.act, nn.black, nn.white = head, a, bl, wt
				s.states++
			}
		}
	}
	return Result{Status: Unsolvable, States: s.states}
}

// seed is the seed's search (see AlgoSeed).
func (s *search) seed(b Board) Result {
	r := s.root(b)
	if res, ok := settled(r, false); ok {
		return res
	}
	ss := &seedSearch{search: s, failed: map[Board]bool{}}
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
	failed map[Board]bool
}

// stage searches breadth-first from r for a BOOM that destroys black and
// recurses into the position after it. It returns the actions from r to a
// win.
func (ss *seedSearch) stage(r node, depth int) ([]Action, bool) {
	for len(ss.tables) <= depth {
		ss.tables = append(ss.tables, &table{})
	}
	t := ss.tables[depth]
	t.reset()
	r.parent = -1
	t.insert(&r.b, r.hash)
	*t.at(0) = r
	ss.states++
	var c Board
	for head := int32(0); int(head) < t.len(); head++ {
		if ss.over() {
			return nil, false
		}
		ss.expanded++
		n := *t.at(head)
		acts := n.b.AppendActions(ss.buf(depth))
		ss.bufs[depth] = acts
		for _, a := range acts {
			h, bl, wt, _ := child(&n, a, &c)
			if a.Kind == Move || bl == n.black {
				// A MOVE, or a BOOM that hits no black: one more position
				// of this stage. (Such a BOOM only loses white, but it can
				// clear white stacks out of a later chain's way, so it is
				// kept for completeness.)
				if wt == 0 {
					continue
				}
				if i, fresh := t.insert(&c, h); fresh {
					nn := t.at(i)
					nn.parent, nn.act, nn.black, nn.white = head, a, bl, wt
					ss.states++
				}
				continue
			}
			if bl == 0 {
				return append(t.path(head), a), true
			}
			if wt == 0 || ss.failed[c] {
				continue
			}
			next := node{b: c, hash: h, black: bl, white: wt}
			rest, ok := ss.stage(next, depth+1)
			if ok {
				return append(append(t.path(head), a), rest...), true
			}
			if ss.limit != "" {
				return nil, false
			}
			ss.failed[c] = true
		}
	}
	return nil, false
}
