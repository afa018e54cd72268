package exact

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/internal/halt"
)

// The exact solver. Two players; it plays moves with the engine's own
// Board.Play and reads the result from Board.Winner, so it knows no rule
// of its own.
//
// Values are from the side of the player to move. A game whose last move
// is ply E (the orbs on the board then, counted from the empty board) is
// worth solveWin−E to its winner and −(solveWin−E) to its loser: a sooner
// win and a later loss are worth more, so the best value is the winner
// hurrying and the loser delaying. No value is 0 (a game cannot be drawn)
// and the orbs grow by one a ply, so the game graph has no cycles and a
// position's value does not depend on the path to it: a transposition
// table entry holds proved bounds, valid wherever the position recurs.
const (
	solveWin     = 1 << 12 // above any game's last ply (16x16 ends by ply 705)
	solveNoBound = 1 << 14 // an entry's bound that says nothing
	solveBucket  = 4       // entries per table bucket: one 64-byte cache line
	// solveEntryBytes is the size of an entry in the table: two words.
	solveEntryBytes = 16
)

// SolveOptions limit a solve.
type SolveOptions struct {
	// MaxNodes stops the solve after about this many positions; 0 is no
	// limit. The answer is then what was proved so far.
	MaxNodes uint64
	// TableMB is the size of the transposition table in megabytes; 0
	// picks 64.
	TableMB int
	// WinnerOnly stops the solve once the winner is proved: the last ply
	// is then only bounded (PliesMin to PliesMax, as when stopped), and
	// there is no principal variation. Proving who wins is the first part
	// of every solve, and often half its work.
	WinnerOnly bool
	// Table, when set, is the transposition table, shared with other
	// solvers of the same board size (TableMB is then unused). Solvers on
	// several goroutines may share one: each proves different positions,
	// and each finds what the others proved.
	Table *SolveTable
}

// SolveResult is what a solve proved. Plies count from the empty board:
// ply E is the E-th orb, so the game's last ply is the orbs on the board
// at its end.
type SolveResult struct {
	// Exact says the solve finished: Winner wins under perfect play and
	// the winner's last move is ply Plies, PV the moves to it.
	Exact bool
	// Winner is the winner under perfect play (0 or 1), or -1 when the
	// solve stopped before proving who wins.
	Winner int
	// Plies is the last ply under perfect play when Exact. When the
	// solve stopped after proving the winner, the last ply is proved to
	// lie in [PliesMin, PliesMax]; when Exact, both equal Plies.
	Plies, PliesMin, PliesMax int
	// PV is a principal variation: perfect moves from the position to
	// the end of the game (when Exact; empty otherwise).
	PV []chainreact.Move
	// Nodes is the positions searched.
	Nodes uint64
}

// ErrSolvePlayers is returned for a board that does not have two players.
var ErrSolvePlayers = errors.New("chainreact: the solver plays two-player games only")

// solveEntry is one transposition-table entry: proved bounds on the
// position's value and the best move found, in the canonical orientation
// of the position (see Solver.canon).
type solveEntry struct {
	lo, hi int16
	move   int16 // NoMove for none
	work   uint8 // log2 of the positions searched under it: bigger is kept
}

// pack returns e as a table word: never 0, which marks an empty entry.
func (e solveEntry) pack() uint64 {
	return uint64(uint16(e.lo)) | uint64(uint16(e.hi))<<16 | uint64(uint16(e.move))<<32 | uint64(e.work)<<48 | 1<<63
}

func unpack(d uint64) solveEntry {
	return solveEntry{lo: int16(d), hi: int16(d >> 16), move: int16(d >> 32), work: uint8(d >> 48)}
}

// SolveTable is the solver's transposition table: buckets of one cache
// line (64 bytes) each. Solvers on several goroutines may share one: every
// word is read and written atomically, and an entry found is always one
// some solver stored.
//
// Two layouts. Wide: four entries a bucket, each two words, the position's
// key XORed with the data, and the data (a reader that finds the halves of
// two different writes sees a key that matches nothing: lockless hashing,
// as chess engines share their tables). Compact, for boards of at most 63
// cells whose games end by ply 63 (4x4, 2x9, 3x6, 5x5): eight entries a
// bucket, each one word, the key's bits above the 26 lowest beside 26
// bits of data (the bounds coded in 7 bits each, the move in 6, the work
// in 6), so twice the entries in the same memory. The bits of the key the
// bucket's index does not fix and the word does not hold are not checked:
// none in a table of 4 GB or more, 12 in one of 1 MB, so a probe finds
// another position's entry with a chance below 10⁻¹⁵ in any table of 1 MB
// or more.
type SolveTable struct {
	words   []uint64
	mask    uint64 // bucket index mask
	compact bool
}

// Compact entries: bits 0-5 the work plus 1 (never 0: a word of 0 is
// empty), 6-11 the move (63 for none), 12-18 the upper bound's code,
// 19-25 the lower bound's, 26-63 the key's upper bits.
const (
	compactData = 26
	compactKey  = 1<<64 - 1<<compactData
	compactNone = 63 // no move
)

// compactFits reports whether a board of geometry g can use compact
// entries: a move fits in 6 bits, a ply in 6.
func compactFits(g *chainreact.Geometry) bool { return g.Cells() < compactNone && g.Capacity()+1 < 64 }

// boundCode codes a bound (±solveNoBound, or the value of a game that
// ends on ply E, 1 ≤ E ≤ 63) in 7 bits, in the order of the values.
func boundCode(v int32) uint64 {
	switch {
	case v <= -solveNoBound:
		return 0
	case v >= solveNoBound:
		return 127
	case v > 0:
		return uint64(64 + 63 - (solveWin - v)) // a win on ply E: 126 for E = 1 down to 64 for E = 63
	}
	return uint64(solveWin + v) // a loss on ply E: E
}

func boundValue(c uint64) int16 {
	switch {
	case c == 0:
		return -solveNoBound
	case c == 127:
		return solveNoBound
	case c >= 64:
		return int16(solveWinAt(int32(127 - c)))
	}
	return int16(solveLoss(int32(c)))
}

func packCompact(key uint64, e solveEntry) uint64 {
	mv := uint64(compactNone)
	if e.move != int16(chainreact.NoMove) {
		mv = uint64(e.move)
	}
	return key&compactKey | boundCode(int32(e.lo))<<19 | boundCode(int32(e.hi))<<12 | mv<<6 | uint64(min(e.work, 62)+1)
}

func unpackCompact(w uint64) solveEntry {
	e := solveEntry{lo: boundValue(w >> 19 & 127), hi: boundValue(w >> 12 & 127), move: int16(w >> 6 & 63), work: uint8(w&63) - 1}
	if e.move == compactNone {
		e.move = int16(chainreact.NoMove)
	}
	return e
}

// NewSolveTable returns a table of about mb megabytes (at least one
// bucket, a power of two buckets) for the solvers of b's board size.
func NewSolveTable(mb int, b *chainreact.Board) *SolveTable {
	return newSolveTable(tableBuckets(mb, b.Geometry()), compactFits(b.Geometry()))
}

func newSolveTable(buckets uint64, compact bool) *SolveTable {
	t := &SolveTable{words: make([]uint64, buckets*8), mask: buckets - 1, compact: compact}
	adviseHugePages(t.words)
	return t
}

// MB returns the table's size in megabytes (rounded up).
func (t *SolveTable) MB() int { return (len(t.words)*8 + 1<<20 - 1) >> 20 }

// bucket returns the words of key's bucket.
func (t *SolveTable) bucket(key uint64) []uint64 { return t.words[(key&t.mask)*8:][:8] }

// probe returns the entry for key, if there is one.
func (t *SolveTable) probe(key uint64) (solveEntry, bool) {
	w := t.bucket(key)
	if t.compact {
		for i := range w {
			if d := atomic.LoadUint64(&w[i]); d != 0 && d&compactKey == key&compactKey {
				return unpackCompact(d), true
			}
		}
		return solveEntry{}, false
	}
	for i := 0; i < len(w); i += 2 {
		d := atomic.LoadUint64(&w[i+1])
		if d != 0 && atomic.LoadUint64(&w[i])^d == key {
			return unpack(d), true
		}
	}
	return solveEntry{}, false
}

// store records e for key: in the key's entry if it has one (the bounds
// joined: the larger lower bound, the smaller upper one; the move kept if
// e has none; the larger work), else in place of the entry of least work
// in its bucket.
func (t *SolveTable) store(key uint64, e solveEntry) {
	w := t.bucket(key)
	step, n := 2, solveBucket
	if t.compact {
		step, n = 1, 8
	}
	slot, least := 0, uint8(255)
	for i := 0; i < n; i++ {
		var old solveEntry
		var d uint64
		found := false
		if t.compact {
			d = atomic.LoadUint64(&w[i])
			found = d != 0 && d&compactKey == key&compactKey
			if d != 0 {
				old = unpackCompact(d)
			}
		} else {
			d = atomic.LoadUint64(&w[2*i+1])
			found = d != 0 && atomic.LoadUint64(&w[2*i])^d == key
			if d != 0 {
				old = unpack(d)
			}
		}
		if found {
			e.lo, e.hi = max(e.lo, old.lo), min(e.hi, old.hi)
			e.work = max(e.work, old.work)
			if e.move == int16(chainreact.NoMove) {
				e.move = old.move
			}
			slot = i
			break
		}
		if d == 0 {
			old.work = 0
		}
		if old.work < least {
			slot, least = i, old.work
		}
	}
	if t.compact {
		atomic.StoreUint64(&w[slot], packCompact(key, e))
		return
	}
	d := e.pack()
	atomic.StoreUint64(&w[step*slot+1], d)
	atomic.StoreUint64(&w[step*slot], key^d)
}

// Solver proves the value of two-player positions. Its transposition table
// lives as long as the Solver, so solving many positions of one board
// size (an analysis, a game) reuses what earlier solves proved. A Solver
// is used by one goroutine at a time; Progress may be called from others.
type Solver struct {
	table *SolveTable

	// the board size the tables below were built for
	geo   *chainreact.Geometry
	nsym  int                           // symmetries of the board: 4, or 8 when square
	perm  [8][chainreact.MaxCells]int16 // perm[s][i]: cell i under symmetry s
	inv   [8][chainreact.MaxCells]int16 // the inverse permutations
	keys  [][6][8]uint64                // keys[i][state][s]: Zobrist key of a state of cell i under symmetry s
	plies []plyState                    // plies[d]: the search at depth d below the root
	root  chainreact.Board
	hist  [chainreact.MaxCells]int32 // cutoffs caused by each move, for move ordering

	opt      SolveOptions
	halt     halt.Halter // the context of the solve running, looked at every position
	nodes    uint64
	nextPoll uint64     // the node count at which to poll next
	pace     halt.Pacer // spaces the polls out, about every pollSpan
	stopped  bool

	progress atomic.Uint64 // nodes, published every few thousand
	mu       sync.Mutex
	lo, hi   int32 // the root's proved bounds, for Progress
}

// The keys of the side to move and of a game in its first round (the
// second player cannot be out before its first move), from a fixed-seed
// generator like every Zobrist key.
var solveTurnKey, solveFirstRoundKey = func() (uint64, uint64) {
	rng := rand.New(rand.NewPCG(0x736f6c7665, 0x6b657973))
	return rng.Uint64(), rng.Uint64()
}()

// NewSolver returns a solver whose limits are opt.
func NewSolver(opt SolveOptions) *Solver {
	if opt.TableMB <= 0 {
		opt.TableMB = 64
	}
	return &Solver{opt: opt}
}

// SetMaxNodes sets the node limit of the solves to come, as
// SolveOptions.MaxNodes does (0 is no limit), keeping the table: a
// player that gives its solver a share of a move's time limits each
// solve by the positions that share allows.
func (s *Solver) SetMaxNodes(n uint64) { s.opt.MaxNodes = n }

// tableBuckets returns the buckets of a table of mb megabytes for board
// size g: as many as mb holds, but no more than twice the positions the
// board has (a small board needs a small table, which stays in the
// caches), a power of two.
func tableBuckets(mb int, g *chainreact.Geometry) uint64 {
	buckets := uint64(max(mb, 1)) << 20 / 64
	positions := 2.0 // the player to move
	for i := 0; i < g.Cells(); i++ {
		positions *= float64(2*g.CriticalMass(i) - 1) // empty, or 1 to cm−1 orbs of either player
	}
	perBucket := float64(solveBucket)
	if compactFits(g) {
		perBucket = 8
	}
	if need := 2 * positions / perBucket; need < float64(buckets) {
		buckets = uint64(need) + 1
	}
	return 1 << (bits.Len64(buckets) - 1)
}

// Progress returns the positions searched so far and what is proved of
// the position being solved: the winner (-1 if not yet known) and the
// range of its last ply. It may be called while Solve runs.
func (s *Solver) Progress() (nodes uint64, winner, pliesMin, pliesMax int) {
	s.mu.Lock()
	lo, hi, b := s.lo, s.hi, s.root
	s.mu.Unlock()
	winner, pliesMin, pliesMax = outcome(&b, lo, hi)
	return s.progress.Load(), winner, pliesMin, pliesMax
}

// Solve proves the value of b, a two-player position, under perfect play:
// who wins and on which ply, the winner hurrying and the loser delaying.
// It stops early when ctx is done (within a position's work: a few
// milliseconds on any board) or after opt.MaxNodes positions, and then
// says what it proved. Solving the same position with the same
// options gives the same answer and principal variation.
func (s *Solver) Solve(ctx context.Context, b *chainreact.Board) (SolveResult, error) {
	if b.Players() != 2 {
		return SolveResult{}, ErrSolvePlayers
	}
	if b.Over() {
		w := b.Winner()
		return SolveResult{Exact: true, Winner: w, Plies: b.Ply(), PliesMin: b.Ply(), PliesMax: b.Ply()}, nil
	}
	defer s.begin(ctx, b)()
	lo, hi := solveLoss(soonest(int32(b.Ply())+2)), solveWinAt(soonest(int32(b.Ply())+1))
	s.publish(lo, hi)
	key, sym := s.canon(&s.root)
	// Who wins: no value is 0, so a null window at 0 decides it. The
	// value found is a bound: the winner's first winning line, the
	// loser's first refuted one.
	v := s.search(&s.root, 0, 0, 1, key, sym)
	if !s.stopped {
		lo, hi = tighten(lo, hi, v, 1)
		s.publish(lo, hi)
	}
	// How soon: test whether the winner can win sooner than the bound
	// found, or the loser last as long as it, until a test says no (a
	// win) or yes (a loss); each test is a null-window search, cut off by
	// the distance bounds where the plies cannot reach it.
	for !s.stopped && lo < hi && !s.opt.WinnerOnly {
		t := lo + 1
		if hi < 0 {
			t = hi
		}
		v = s.search(&s.root, 0, t-1, t, key, sym)
		if !s.stopped {
			lo, hi = tighten(lo, hi, v, t)
			s.publish(lo, hi)
		}
	}
	var res SolveResult
	res.Winner, res.PliesMin, res.PliesMax = outcome(b, lo, hi)
	if lo == hi && !s.stopped {
		pv, err := s.principal(*b, lo)
		if err != nil {
			return SolveResult{}, err
		}
		res.PV = pv
		res.Exact = !s.stopped
		if res.Exact {
			res.Plies = res.PliesMin
		} else {
			res.PV = nil
		}
	}
	res.Nodes = s.nodes
	s.progress.Store(s.nodes)
	return res, nil
}

// begin readies the solver for a search of b stopped by ctx (and by
// MaxNodes): its tables, the node count, the pacing of its polls. The
// caller defers the function it returns, which ends the watch of ctx.
func (s *Solver) begin(ctx context.Context, b *chainreact.Board) (end func()) {
	s.prepare(b)
	end = s.halt.Watch(ctx)
	s.nodes, s.stopped = 0, false
	s.pace = halt.Pacer{Span: pollSpan, Max: pollEvery}
	s.pace.Start(0, 1)
	s.poll()
	return end
}

// tighten returns the bounds [lo, hi] narrowed by v, the result of a
// search with the window (t−1, t): at least v if v ≥ t, at most v otherwise.
func tighten(lo, hi, v, t int32) (int32, int32) {
	if v >= t {
		return max(lo, v), hi
	}
	return lo, min(hi, v)
}

// soonest returns the soonest ply a game can end on among plies e, e+2,
// e+4 ...: a player's moves fall every other ply, and no game ends before
// ply 3 (the second player cannot be out before its first move).
func soonest(e int32) int32 {
	for e < 3 {
		e += 2
	}
	return e
}

// solveWinAt is the value of a win whose last move is ply e; solveLoss of a loss.
func solveWinAt(e int32) int32 { return solveWin - e }
func solveLoss(e int32) int32  { return -(solveWin - e) }

// outcome says what the value bounds [lo, hi] of b prove: the winner, or
// -1, and the range of the last ply.
func outcome(b *chainreact.Board, lo, hi int32) (winner, pliesMin, pliesMax int) {
	switch {
	case lo > 0:
		return b.ToMove(), int(solveWin - hi), int(solveWin - lo)
	case hi < 0:
		return 1 - b.ToMove(), int(solveWin + lo), int(solveWin + hi)
	}
	return -1, 0, 0
}

func (s *Solver) publish(lo, hi int32) {
	s.mu.Lock()
	s.lo, s.hi = lo, hi
	s.mu.Unlock()
}

// prepare builds the tables for b's board size (the transposition table
// is emptied when the size changes) and the root position.
func (s *Solver) prepare(b *chainreact.Board) {
	s.root = *b
	if s.geo == b.Geometry() {
		return
	}
	g := b.Geometry()
	s.geo = g
	switch n := tableBuckets(s.opt.TableMB, g); {
	case s.opt.Table != nil:
		s.table = s.opt.Table
	case s.table == nil || uint64(len(s.table.words)) != n*8 || s.table.compact != compactFits(g):
		s.table = newSolveTable(n, compactFits(g))
	default:
		clear(s.table.words)
	}
	rows, cols := g.Rows(), g.Cols()
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
	}
	if rows == cols {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return rows - 1 - c, r },
			func(r, c int) (int, int) { return c, cols - 1 - r },
			func(r, c int) (int, int) { return rows - 1 - c, cols - 1 - r },
		)
	}
	s.nsym = len(maps)
	for k := 0; k < 8; k++ {
		f := maps[k%len(maps)] // unused slots repeat the others
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				r2, c2 := f(r, c)
				i, j := r*cols+c, r2*cols+c2
				s.perm[k][i], s.inv[k][j] = int16(j), int16(i)
			}
		}
	}
	s.keys = make([][6][8]uint64, g.Cells())
	for i := 0; i < g.Cells(); i++ {
		for o := 1; o <= 2; o++ {
			for k := 1; k <= 3; k++ {
				for sym := 0; sym < 8; sym++ {
					s.keys[i][(o-1)*3+k-1][sym] = chainreact.CellKey(int(s.perm[sym][i]), o-1, k)
				}
			}
		}
	}
	s.plies = make([]plyState, g.Capacity()+2)
	s.hist = [chainreact.MaxCells]int32{}
}

// canon returns the key of b under the symmetry that makes it smallest,
// and that symmetry: positions that are mirror images share a key. The key
// also holds the player to move and whether the game is in its first
// round. b must be stable (every count below 4).
func (s *Solver) canon(b *chainreact.Board) (uint64, int) {
	var h [8]uint64
	if s.nsym == 4 { // half the work on a board that is not square
		for i := 0; i < s.geo.Cells(); i++ {
			if o, k := b.Cell(i); o >= 0 {
				t := (*[4]uint64)(s.keys[i][o*3+k-1][:4])
				h[0], h[1], h[2], h[3] = h[0]^t[0], h[1]^t[1], h[2]^t[2], h[3]^t[3]
			}
		}
	} else {
		for i := 0; i < s.geo.Cells(); i++ {
			if o, k := b.Cell(i); o >= 0 {
				t := &s.keys[i][o*3+k-1]
				for k := range h {
					h[k] ^= t[k]
				}
			}
		}
	}
	key, sym := h[0], 0
	for k := 1; k < s.nsym; k++ {
		if h[k] < key {
			key, sym = h[k], k
		}
	}
	if b.ToMove() != 0 {
		key ^= solveTurnKey
	}
	if b.Ply() < 2 {
		key ^= solveFirstRoundKey
	}
	return key, sym
}

// store records the bounds [lo, hi] proved for key's position and its best
// move m (in b's orientation, sym being the canonical symmetry), after
// work positions searched.
func (s *Solver) store(key uint64, sym int, lo, hi int32, m chainreact.Move, work uint64) {
	cm := int16(chainreact.NoMove)
	if m != chainreact.NoMove {
		cm = s.perm[sym][m]
	}
	s.table.store(key, solveEntry{lo: int16(lo), hi: int16(hi), move: cm, work: uint8(bits.Len64(work))})
}

// The solver polls its context and its node limit about every pollSpan
// of wall time, and at most every pollEvery positions: a position's
// children cost from a fraction of a microsecond (on a small board, in a
// warm table) to a third of a millisecond (on 9x6, in a table whose pages
// are touched for the first time), so a fixed count of positions would be
// either too often or tens of milliseconds (a deadline's context, read
// only when asked, would be overrun by that much).
const (
	pollSpan  = time.Millisecond
	pollEvery = 4096
)

// poll publishes the node count and stops the search when a limit is
// reached.
func (s *Solver) poll() {
	s.progress.Store(s.nodes)
	s.pace.Read(s.nodes)
	s.nextPoll = s.pace.Next()
	if s.opt.MaxNodes > 0 {
		if s.nodes >= s.opt.MaxNodes {
			s.stopped = true
		}
		s.nextPoll = min(s.nextPoll, s.opt.MaxNodes)
	}
	if s.halt.HaltedNow() {
		s.stopped = true
	}
}

// plyState is the search's memory at one depth: the children of the
// position there, their moves, keys and order.
type plyState struct {
	kids  []chainreact.Board
	moves []chainreact.Move
	keys  []uint64
	syms  []uint8
	order []int32
	idx   []uint8
}

// at returns the state for the children of a position at depth d, made
// the first time the search reaches that depth.
func (s *Solver) at(d int) *plyState {
	st := &s.plies[d]
	if st.kids == nil {
		n := s.geo.Cells()
		*st = plyState{kids: make([]chainreact.Board, n), moves: make([]chainreact.Move, 0, n), keys: make([]uint64, n),
			syms: make([]uint8, n), order: make([]int32, n), idx: make([]uint8, n)}
	}
	return st
}

// search returns the value of b, not over, at depth d below the root,
// within the window (alpha, beta), failing soft: a value at most alpha is
// an upper bound, at least beta a lower bound. key and sym are b's
// canonical key and symmetry (see canon).
func (s *Solver) search(b *chainreact.Board, d int, alpha, beta int32, key uint64, sym int) int32 {
	s.nodes++
	if s.nodes >= s.nextPoll || s.halt.Halted() {
		s.poll()
	}
	if s.stopped {
		return 0
	}
	// the best is to win with this move, the worst to lose to the next
	win, loss := solveWinAt(soonest(int32(b.Ply())+1)), solveLoss(soonest(int32(b.Ply())+2))
	if alpha >= win {
		return win
	}
	if beta <= loss {
		return loss
	}
	tt := chainreact.NoMove
	if e, ok := s.table.probe(key); ok {
		lo, hi := int32(e.lo), int32(e.hi)
		if lo >= beta || lo == hi {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if e.move != int16(chainreact.NoMove) {
			tt = chainreact.Move(s.inv[sym][e.move])
		}
	}
	st := s.at(d)
	moves, won := s.expand(b, st, tt)
	if won != chainreact.NoMove {
		s.store(key, sym, win, win, won, 1)
		return win
	}
	// Enhanced transposition cutoff: a child already proved bad enough
	// for the opponent settles this position. (A loop of its own, so that
	// the table's cache misses overlap.)
	for k, ck := range st.keys[:len(moves)] {
		if e, ok := s.table.probe(ck); ok && int32(e.hi) <= -beta {
			v := -int32(e.hi)
			s.store(key, sym, v, solveNoBound, moves[k], 1)
			return v
		}
	}
	order := st.sorted(len(moves))
	start := s.nodes
	best, bestMove := int32(-solveNoBound), chainreact.NoMove
	a := alpha
	for _, k := range order {
		v := -s.search(&st.kids[k], d+1, -beta, -a, st.keys[k], int(st.syms[k]))
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > a {
				bestMove, a = moves[k], v
				if a >= beta {
					s.hist[moves[k]]++
					break
				}
			}
		}
	}
	lo, hi := best, best
	switch {
	case best <= alpha:
		lo = -solveNoBound
	case best >= beta:
		hi = solveNoBound
	}
	s.store(key, sym, lo, hi, bestMove, s.nodes-start)
	return best
}

// expand plays every move of b into st: the children, their keys and
// their order (the table's move tt first, then captures by the enemy orbs
// they take, then the moves that caused cutoffs elsewhere). It stops at a
// move that wins at once, and returns it; NoMove otherwise.
func (s *Solver) expand(b *chainreact.Board, st *plyState, tt chainreact.Move) ([]chainreact.Move, chainreact.Move) {
	moves := b.AppendMoves(st.moves[:0])
	opp := 1 - b.ToMove()
	for k, m := range moves {
		c := &st.kids[k]
		*c = *b
		c.Play(m)
		if c.Over() { // only the mover can win on its move
			return moves, m
		}
		ck, cs := s.canon(c)
		st.keys[k], st.syms[k] = ck, uint8(cs)
		score := int32(b.Orbs(opp)-c.Orbs(opp))<<16 + min(s.hist[m], 0xffff)
		if m == tt {
			score += 1 << 30
		}
		st.order[k] = score
		st.idx[k] = uint8(k)
	}
	return moves, chainreact.NoMove
}

// sorted returns the indices of the first n children, best first.
func (st *plyState) sorted(n int) []uint8 {
	order := st.idx[:n]
	for i := 1; i < len(order); i++ { // insertion sort: n is small
		x := order[i]
		j := i
		for j > 0 && st.order[order[j-1]] < st.order[x] {
			order[j] = order[j-1]
			j--
		}
		order[j] = x
	}
	return order
}

// principal returns a principal variation from b, whose value is v: at
// each position, the first move whose child has the value that v implies.
// It stops early, without error, when the solve is stopped.
func (s *Solver) principal(b chainreact.Board, v int32) ([]chainreact.Move, error) {
	var line []chainreact.Move
	var moves []chainreact.Move
	for !b.Over() && !s.stopped {
		moves = b.AppendMoves(moves[:0])
		// the table's move first: usually the one that proved v
		key, sym := s.canon(&b)
		s.tableFirst(moves, key, sym)
		next := chainreact.NoMove
		var after chainreact.Board
		for _, m := range moves {
			c := b
			c.Play(m)
			if c.Over() {
				if solveWinAt(int32(c.Ply())) == v {
					next, after = m, c
					break
				}
				continue
			}
			// every child is worth at least −v to its mover; the perfect
			// ones exactly −v, which a search with window (−v, −v+1) shows
			// by failing low
			ck, cs := s.canon(&c)
			if r := s.search(&c, 1, -v, -v+1, ck, cs); !s.stopped && r <= -v {
				next, after = m, c
				break
			}
		}
		if next == chainreact.NoMove {
			if !s.stopped {
				return line, fmt.Errorf("chainreact: solver: internal error: no move keeps the value %d at ply %d", v, b.Ply())
			}
			break
		}
		line = append(line, next)
		b = after
		v = -v
	}
	return line, nil
}

// tableFirst puts first among moves the move the table holds for the
// position of key and sym, if it holds one.
func (s *Solver) tableFirst(moves []chainreact.Move, key uint64, sym int) {
	e, ok := s.table.probe(key)
	if !ok || e.move == int16(chainreact.NoMove) {
		return
	}
	m := chainreact.Move(s.inv[sym][e.move])
	for i := range moves {
		if moves[i] == m {
			moves[0], moves[i] = moves[i], moves[0]
		}
	}
}

// TableMove returns the move the table holds for b, a position of the
// size this solver last solved: after a solve that proved b's player to
// move wins, the first move of a winning line (a solve with WinnerOnly
// gives no principal variation). False when the table holds none.
func (s *Solver) TableMove(b *chainreact.Board) (chainreact.Move, bool) {
	if s.table == nil || s.geo != b.Geometry() || b.Over() {
		return chainreact.NoMove, false
	}
	key, sym := s.canon(b)
	e, ok := s.table.probe(key)
	if !ok || e.move == int16(chainreact.NoMove) {
		return chainreact.NoMove, false
	}
	return chainreact.Move(s.inv[sym][e.move]), true
}

// Hold returns a move of b's player (b not over, two players) after which
// the other player cannot win before ply before: the game ends on that
// ply or later, or b's player wins. It is what a loser's strategy that
// proves a lower bound needs. WinBy returns a move after which b's
// player wins on ply by or sooner, what a winner's strategy that proves
// an upper bound needs. Each is one null-window search and a search of
// the children in turn, not a whole solve: no last ply and no principal
// variation. ok is false when no move does it; nodes is the positions
// searched. They stop with ctx's cause, or once MaxNodes positions are
// searched, with an error.
func (s *Solver) Hold(ctx context.Context, b *chainreact.Board, before int) (m chainreact.Move, ok bool, nodes uint64, err error) {
	return s.atLeast(ctx, b, solveLoss(int32(before)))
}

// WinBy: see Hold.
func (s *Solver) WinBy(ctx context.Context, b *chainreact.Board, by int) (m chainreact.Move, ok bool, nodes uint64, err error) {
	return s.atLeast(ctx, b, solveWinAt(int32(by)))
}

// atLeast returns a move of b's player whose value is at least t.
func (s *Solver) atLeast(ctx context.Context, b *chainreact.Board, t int32) (m chainreact.Move, ok bool, nodes uint64, err error) {
	if b.Players() != 2 {
		return chainreact.NoMove, false, 0, ErrSolvePlayers
	}
	if b.Over() {
		return chainreact.NoMove, false, 0, errors.New("chainreact: solver: a move asked of a game that is over")
	}
	defer s.begin(ctx, b)()
	defer func() { s.progress.Store(s.nodes) }()
	stopped := func() (chainreact.Move, bool, uint64, error) {
		if err := context.Cause(ctx); err != nil {
			return chainreact.NoMove, false, s.nodes, fmt.Errorf("chainreact: solver stopped: %w", err)
		}
		return chainreact.NoMove, false, s.nodes, fmt.Errorf("chainreact: solver stopped after %d positions (the limit)", s.nodes)
	}
	key, sym := s.canon(&s.root)
	if v := s.search(&s.root, 0, t-1, t, key, sym); s.stopped {
		return stopped()
	} else if v < t {
		return chainreact.NoMove, false, s.nodes, nil
	}
	// the move: a child worth at most −t to its mover, the table's first
	var buf [chainreact.MaxCells]chainreact.Move
	moves := b.AppendMoves(buf[:0])
	s.tableFirst(moves, key, sym)
	for _, m := range moves {
		c := *b
		c.Play(m)
		if c.Over() { // a win at once, the best value there is: at least t
			return m, true, s.nodes, nil
		}
		ck, cs := s.canon(&c)
		r := s.search(&c, 1, -t, -t+1, ck, cs)
		if s.stopped {
			return stopped()
		}
		if r <= -t {
			return m, true, s.nodes, nil
		}
	}
	return chainreact.NoMove, false, s.nodes, fmt.Errorf("chainreact: solver: internal error: no move reaches the value %d at ply %d", t, b.Ply())
}
