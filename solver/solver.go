// Package solver plays ChainShot (SameGame) automatically: it searches for
// the line of moves that leaves the fewest beads, then scores the most
// (or, with Options.Rank RankScore, scores the most counting 1000 for a
// cleared board, the SameGame literature's rule), within a CPU-time,
// wall-clock or node budget, and always returns the best line found so
// far.
//
// Algorithms (see Algorithms): greedy, beam (beam search with duplicate
// removal and widening), pilot (beam search judging children by greedy
// rollouts), dfs (branch and bound with a transposition table, proves
// optimality on small boards), nrpa and nmcs (Monte-Carlo searches with
// tabu-colour playouts), and auto, which picks by board.
//
// A budget is CPU time of the whole process (Options.Budget), wall-clock
// time (Options.Wall) or a node count (Options.MaxNodes, deterministic for
// a fixed Seed at any Options.Workers on any machine, when no time budget
// ends first). Workers run different useful searches (independent NRPA
// searches with different seeds and guidance, dfs beside NRPA, or the two
// halves of a beam's expansion), since CPU time of every goroutine counts.
//
// Every Result replays with board.Replay to exactly its Score and
// BeadsLeft. Under Options.MaxNodes with a fixed Seed every algorithm is
// deterministic, whatever Options.Workers (see NodeBudgetWorkers); under a
// CPU or wall-clock budget nothing is, since how far a search gets
// depends on the machine and its load.
package solver

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"chainshot/board"
	"chainshot/cpuclock"
)

// Options are the limits and knobs of a search.
type Options struct {
	// Budget is the CPU time (user + system of the whole process, every
	// goroutine counted) the search may use; 0 means no time limit.
	Budget time.Duration
	// Wall makes Budget wall-clock time instead of CPU time.
	Wall bool
	// MaxNodes is a deterministic budget: the search stops after about
	// this many nodes (positions expanded or playouts); 0 means none.
	// With neither Budget nor MaxNodes, MaxNodes is DefaultMaxNodes.
	MaxNodes int64
	// Seed seeds every random choice; one generator per worker is derived
	// from it.
	Seed uint64
	// Workers is the number of goroutines; 0 means runtime.NumCPU(), but
	// 1 where one worker runs auto's portfolio under a CPU budget (see
	// defaultWorkers).
	// Under MaxNodes, the work is split among NodeBudgetWorkers logical
	// workers whatever Workers is, run on min(Workers,
	// NodeBudgetWorkers) goroutines, so that the line found does not
	// depend on it.
	Workers int
	// MemoryMB caps transposition tables and beams; 0 means 256.
	MemoryMB int
	// Progress, when not nil, is updated as better lines are found.
	Progress *Progress
	// Params, when not nil, replaces DefaultParams (experiments).
	Params *Params
	// Rank is how lines rank: the line returned is the best by it
	// (RankBeads, the handout's rule, unless told otherwise).
	Rank Rank
}

// DefaultMaxNodes is the node budget when Options give no budget at all.
const DefaultMaxNodes = 1_000_000

// NodeBudgetWorkers is the number of logical workers among which a node
// budget (Options.MaxNodes) is split: each runs the same searches with
// the same seed and the same share of the nodes on every machine and at
// every Options.Workers, and the goroutines only schedule them, so the
// line found repeats. A time budget (Options.Budget) that ends first
// stops the workers wherever they are, and then nothing repeats.
const NodeBudgetWorkers = 4

// Progress is a search's progress, updated by the solver and safe to read
// from another goroutine while it runs.
type Progress struct {
	mu    sync.Mutex
	found bool
	beads int
	score int
	nodes atomic.Int64
}

// Best returns the beads left and score of the best line found so far;
// ok is false until there is one.
func (p *Progress) Best() (beads, score int, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.beads, p.score, p.found
}

// Nodes returns the nodes searched so far.
func (p *Progress) Nodes() int64 { return p.nodes.Load() }

func (p *Progress) offer(beads, score int, r Rank) {
	if p == nil {
		return
	}
	p.mu.Lock()
	if !p.found || r.Better(beads, score, p.beads, p.score) {
		p.found, p.beads, p.score = true, beads, score
	}
	p.mu.Unlock()
}

// Result is the best line a search found.
type Result struct {
	// Moves is the line, playable from the starting board in order.
	Moves []board.Move
	// Score is the line's total score, the sum of (n-2)^2 over its moves.
	Score int
	// BeadsLeft is the number of beads left after the line.
	BeadsLeft int
	// Optimal reports that no line ranks above it by Options.Rank (the
	// search was exhaustive): with RankBeads, none leaves fewer beads, or
	// as few with a higher score.
	Optimal bool
	// Nodes is the number of nodes (positions or playouts) searched.
	Nodes int64
	// Algorithm names the algorithm that found the line.
	Algorithm string
	// Workers is the number of goroutines the search ran on
	// (Options.Workers, or the default defaultWorkers chose).
	Workers int
}

// Algorithm describes one of the solver's algorithms.
type Algorithm struct {
	Name        string
	Description string
}

// Algorithms lists the algorithms Solve accepts, "auto" first.
func Algorithms() []Algorithm {
	out := make([]Algorithm, 0, len(algorithms))
	for _, a := range algorithms {
		out = append(out, Algorithm{a.name, a.desc})
	}
	return out
}

type algorithm struct {
	name string
	desc string
	run  func(s *search)
}

var algorithms []algorithm

func init() {
	algorithms = []algorithm{
		{"auto", "small boards (up to 64 beads, 8x8): dfs, which may prove its line optimal, beside NRPA; larger: on boards of few colours and few beads (such as 10x10), and on 15x15 of three colours where the portfolio below runs, first the beam search, whose line NRPA starts from, holding back (as its tabu colour) the colour of that line's largest group; where colours nearly tie, a short NRPA search for each colour that could be the tabu colour, the one whose search scored the most (the clear bonus not counted) held back; then NRPA on every worker (on boards of 200 to 225 beads, such as 15x15, with at least 20 CPU-s a worker: twice in turn, each with half the time and tabu-colour searches of its own, once holding back every pair of the tabu colour, once letting its pairs go from move 10 on, the better line kept), then an exhaustive search of the end of the best line", runAuto},
		{"greedy", "always removes the largest group, keeping the most frequent colour for last", runGreedy},
		{"beam", "beam search with duplicate removal, each position judged by its score plus (n-2)^2 for every group on it less 20 for every bead in none, widened until the budget ends (at the widest the memory cap allows, run again with lone beads not counted against it)", runBeam},
		{"pilot", "beam search judging each child by a greedy tabu-colour rollout (pilot method), widened until the budget ends", runPilot},
		{"dfs", "depth-first branch and bound with a transposition table; proves optimal lines on small boards", runDFS},
		{"nrpa", "nested rollout policy adaptation (level 4) with tabu-colour playouts, its policy keyed by the beads each move removes, one search per worker", runNRPA},
		{"nmcs", "nested Monte-Carlo search with memorised best line and tabu-colour playouts, levels 1, 2, 3...", runNMCS},
	}
}

// Solve searches b for the best line with algorithm algo ("" means
// "auto") within opt's budget. Cancelling ctx ends the search early; the
// best line so far is still returned, with a nil error.
func Solve(ctx context.Context, b board.Board, algo string, opt Options) (Result, error) {
	return solve(ctx, b, algo, opt, setup{})
}

// setup is what tests may change in a search beyond Options.
type setup struct {
	// clock, when not nil, is the budget's clock (else the process's CPU
	// time, or wall time with Options.Wall).
	clock func() time.Duration
	// alone leaves out the greedy line every search starts from, so that
	// a test sees what the algorithm finds by itself.
	alone bool
	// offered, when not nil, is told every line a worker offers as the
	// best (one call at a time), with the index of the portfolio's part
	// that offered it (0 outside auto's parts; see runParts).
	offered func(part int, moves []board.Move, beads, score int)
}

// solve is Solve with a test's setup.
func solve(ctx context.Context, b board.Board, algo string, opt Options, su setup) (Result, error) {
	if algo == "" {
		algo = "auto"
	}
	var a *algorithm
	for i := range algorithms {
		if algorithms[i].name == algo {
			a = &algorithms[i]
		}
	}
	if a == nil {
		names := make([]string, len(algorithms))
		for i, x := range algorithms {
			names[i] = x.name
		}
		sort.Strings(names)
		return Result{}, fmt.Errorf("solver: unknown algorithm %q (want one of %v)", algo, names)
	}
	if opt.Params != nil {
		if err := opt.Params.Check(); err != nil {
			return Result{}, err
		}
	}
	if opt.Workers <= 0 {
		opt.Workers = defaultWorkers(a.name, b, opt, runtime.NumCPU())
	}
	if opt.Budget <= 0 && opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MemoryMB <= 0 {
		opt.MemoryMB = 256
	}
	s := newSearch(ctx, b, opt, su.clock)
	s.algo = a.name
	s.offered = su.offered
	s.threads, s.lw = opt.Workers, opt.Workers
	if opt.MaxNodes > 0 {
		// A node budget: a fixed split of the work (see
		// NodeBudgetWorkers).
		s.lw = NodeBudgetWorkers
		s.threads = min(opt.Workers, s.lw)
	}
	if a.name != "greedy" && !su.alone {
		// A first line at once, so that even a tiny budget returns one.
		runGreedy(s)
	}
	a.run(s)
	return s.result(), nil
}

// defaultWorkers is the number of workers when Options.Workers is 0 on a
// machine of cpus CPUs: one per CPU, but one alone where one worker runs auto's portfolio (a CPU
// budget alone, of at least PortfolioMinSeconds, on a board of
// PortfolioMinBeads to PortfolioMaxBeads beads). A CPU budget is shared by
// the workers, so two workers there would each get half of it, too
// little for the portfolio; one worker with the whole budget scored
// more on fresh 15x15 boards and on the standard set at 30 CPU-s
// (docs/history/solver-round15.md section 18). A wall-clock budget gives
// each worker the whole time, and a node budget's moves do not depend on
// the workers, so both keep one per CPU.
func defaultWorkers(algo string, b board.Board, opt Options, cpus int) int {
	p := opt.params()
	if algo == "auto" && opt.Budget > 0 && !opt.Wall && opt.MaxNodes <= 0 &&
		p.portfolioFits(b.Beads(), opt.Budget, 1) {
		return 1
	}
	return cpus
}

// search is the state shared by the workers of one Solve call.
type search struct {
	ctx   context.Context
	start board.Board
	root  pos
	opt   Options
	prm   Params
	algo  string
	// offered is setup.offered.
	offered func(part int, moves []board.Move, beads, score int)
	// threads is the number of goroutines the search may run at once;
	// lw the number of logical workers its work is split among (equal,
	// but NodeBudgetWorkers under a node budget alone).
	threads, lw int
	// base is what NRPA's workers start from outside auto's parts, and
	// what each of auto's parts starts from (see runParts).
	base part
	// parts are the parts auto's runParts ran, in order (what each held
	// back and what its trials found).
	parts []*part
	// fixedTabu: Params.TabuColor named the tabu colour (auto does not
	// choose one).
	fixedTabu bool

	// clock reads the budget's clock (process CPU time or wall time);
	// tests give a search a clock of their own.
	clock    func() time.Duration
	t0       time.Duration // clock at the start
	deadline time.Duration // stop when elapsed reaches it (0: none)
	stopped  atomic.Bool
	nodes    atomic.Int64
	finished bool // the algorithm searched exhaustively

	mu       sync.Mutex
	found    bool
	best     []board.Move
	bestB    int
	bestS    int
	bestAlgo string
	bestW    int // worker that found it, for deterministic ties
}

// params returns the search's tuning values: Params, or the shipped ones
// (DefaultParams) when it is nil.
func (o *Options) params() Params {
	if o.Params != nil {
		return *o.Params
	}
	return DefaultParams()
}

// stopMargin is how much of a time budget a search leaves unused: the lag
// of the last clock check and the assembly of the result.
func stopMargin(budget time.Duration) time.Duration {
	return min(budget/100, 20*time.Millisecond)
}

func newSearch(ctx context.Context, b board.Board, opt Options, clock func() time.Duration) *search {
	s := &search{ctx: ctx, start: b, root: fromBoard(&b), opt: opt, clock: clock, prm: opt.params()}
	if s.clock == nil {
		s.clock = cpuclock.Budget(opt.Wall)
	}
	s.base.tabu = s.root.mostFrequent()
	s.base.pairs = s.prm.TabuPairsFrom
	if c := s.prm.TabuColor; c > 0 && int(c) < nColors && s.root.count[c] > 0 {
		s.base.tabu, s.fixedTabu = c, true
	}
	s.t0 = s.clock()
	if opt.Budget > 0 {
		s.deadline = opt.Budget - stopMargin(opt.Budget)
	}
	return s
}

// elapsed returns the budgeted time used so far.
func (s *search) elapsed() time.Duration { return s.clock() - s.t0 }

// remaining returns the budgeted time left, or a large value when there
// is no time budget.
func (s *search) remaining() time.Duration {
	if s.opt.Budget <= 0 {
		return time.Duration(1<<62 - 1)
	}
	return s.opt.Budget - s.elapsed()
}

// offer records a line if it beats the best so far. w is the worker id.
func (s *search) offer(moves []board.Move, beads, score int, algo string, w int) {
	s.offerFrom(0, moves, beads, score, algo, w)
}

// offerFrom is offer for worker w of the portfolio's part k (see
// runParts).
func (s *search) offerFrom(k int, moves []board.Move, beads, score int, algo string, w int) {
	s.mu.Lock()
	if s.offered != nil {
		s.offered(k, moves, beads, score)
	}
	if !s.found || s.opt.Rank.Better(beads, score, s.bestB, s.bestS) ||
		(beads == s.bestB && score == s.bestS && w < s.bestW) {
		s.found = true
		s.best = append(s.best[:0], moves...)
		s.bestB, s.bestS, s.bestAlgo, s.bestW = beads, score, algo, w
	}
	s.mu.Unlock()
	s.opt.Progress.offer(beads, score, s.opt.Rank)
}

// bestKey returns the best line's beads and score (found false if none).
func (s *search) bestKey() (beads, score int, found bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bestB, s.bestS, s.found
}

func (s *search) result() Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A finished search is exhaustive; a game already over has one line.
	r := Result{Nodes: s.nodes.Load(), Algorithm: s.algo, Optimal: s.finished || s.start.IsOver(), Workers: s.threads}
	if !s.found {
		r.BeadsLeft = s.start.Beads()
		return r
	}
	r.Moves = append([]board.Move(nil), s.best...)
	r.Score, r.BeadsLeft = s.bestS, s.bestB
	if s.bestAlgo != "" && s.bestAlgo != s.algo {
		r.Algorithm = s.algo + "/" + s.bestAlgo
	}
	return r
}

// checkGap is the budgeted time a worker aims to let pass between two
// looks at the clock: short against the stop margin, long against the
// cost of reading the clock (a system call).
const checkGap = time.Millisecond

// maxEvery bounds the nodes between two looks at the clock.
const maxEvery = 1 << 16

// budget is one worker's view of the limits: it counts the worker's nodes
// and looks at the clock every so often, adapting how often so that
// about checkGap of budgeted time passes between two looks, whatever a
// node costs.
type budget struct {
	s       *search
	nodes   int64 // this worker's nodes
	limit   int64 // this worker's node limit (0 none)
	next    int64 // node count at which to look at the clock next
	every   int64 // nodes between looks at the clock
	last    time.Duration
	flushed int64
	// quit, when set, stops this worker (a portfolio partner finished).
	quit *atomic.Bool
	// until, when > 0, stops this worker once that much budgeted time is
	// used (a phase of a portfolio).
	until time.Duration
}

// newBudget returns a budget for one of n workers sharing the node limit.
func (s *search) newBudget(n int) *budget {
	bd := &budget{s: s, every: 1, next: 1, last: -1}
	if s.opt.MaxNodes > 0 {
		bd.limit = max(s.opt.MaxNodes/int64(n), 1)
	}
	return bd
}

// add counts k nodes and reports whether the worker must stop.
func (bd *budget) add(k int64) bool {
	bd.nodes += k
	if bd.limit > 0 && bd.nodes >= bd.limit {
		bd.flush()
		return true
	}
	if bd.nodes < bd.next {
		return false
	}
	bd.flush()
	stop := bd.check()
	bd.next = bd.nodes + bd.every
	return stop
}

// check looks at the stop flags, the context and the clock.
func (bd *budget) check() bool {
	if (bd.quit != nil && bd.quit.Load()) || bd.s.stopped.Load() {
		return true
	}
	t := bd.s.elapsed()
	if bd.last >= 0 {
		switch gap := t - bd.last; {
		case gap < checkGap/2 && bd.every < maxEvery:
			bd.every *= 2
		case gap > 2*checkGap && bd.every > 1:
			bd.every /= 2
		}
	}
	bd.last = t
	if bd.until > 0 && t >= bd.until {
		return true
	}
	return bd.s.expiredAt(t)
}

// expiredAt reports whether the search must stop, the clock reading t:
// the context done or the time budget (less a small margin) used. It
// marks the search stopped, so the other workers stop at their next look.
func (s *search) expiredAt(t time.Duration) bool {
	if s.ctx.Err() != nil || (s.deadline > 0 && t >= s.deadline) {
		s.stopped.Store(true)
		return true
	}
	return false
}

// done reports whether the worker must stop, without counting nodes.
func (bd *budget) done() bool {
	if bd.limit > 0 && bd.nodes >= bd.limit {
		return true
	}
	return bd.check()
}

func (bd *budget) flush() {
	d := bd.nodes - bd.flushed
	bd.flushed = bd.nodes
	bd.s.nodes.Add(d)
	if bd.s.opt.Progress != nil {
		bd.s.opt.Progress.nodes.Add(d)
	}
}

// parallel runs f(w) for w in 0..n-1, on goroutines when n > 1.
func parallel(n int, f func(w int)) {
	if n <= 1 {
		f(0)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w)
		}()
	}
	wg.Wait()
}

// pool runs f(w) for the logical workers w in 0..n-1 on at most
// s.threads goroutines, each taking the next worker not yet started. A
// worker's search must not depend on the others' (the lines they offer
// are ranked by offer, whatever the order), so the outcome is the same
// at any number of goroutines.
func (s *search) pool(n int, f func(w int)) {
	t := min(n, s.threads)
	if t >= n {
		parallel(n, f)
		return
	}
	var next atomic.Int64
	parallel(t, func(int) {
		for {
			w := int(next.Add(1) - 1)
			if w >= n {
				return
			}
			f(w)
		}
	})
}

// workerSeed derives worker w's generator seeds from the search seed.
func workerSeed(seed uint64, w int) (uint64, uint64) {
	x := seed + 0x9e3779b97f4a7c15*uint64(w+1)
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return x, seed ^ uint64(w)*0x94d049bb133111eb
}
