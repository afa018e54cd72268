package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/exact"
	"chainshot/chainreact/internal/halt"
	"chainshot/cpuclock"
)

const (
	maxPly    = 64
	mateScore = 1 << 28 // beyond any evaluation
	infinity  = 1 << 30
	ttBits    = 18
)

// Defaults of the "best" player, chosen by measurement (BENCHMARKS.md,
// docs/history/chain-reaction-round3.md): 40,000 nodes every move (more nodes or
// a budget spread by phase made no measurable difference) and the tuned
// evaluation, which beat the static one 276-124 in self-play at equal
// nodes and lifted the score against seed002
// (docs/history/react-strength-round4.md).
const (
	bestEval   = EvalTuned
	bestNodes  = 40000
	bestQ      = 4
	bestSpread = 0
)

type searchKind uint8

const (
	kindMinimax searchKind = iota
	kindAlphaBeta
	kindBest
)

type ttEntry struct {
	key   uint64
	value int32
	depth int8
	bound int8 // 0 exact, 1 lower, 2 upper
	move  chainreact.Move
	gen   uint8
}

// searchPlayer is every tree-search player: plain minimax (optionally
// keeping only the best few moves per node), alpha-beta at fixed depth or
// under a time limit, and the "best" player with iterative deepening,
// ordering, a transposition table and quiescence.
type searchPlayer struct {
	name   string
	kind   searchKind
	eval   Eval
	depth  int
	width  int
	qdepth int
	nodes  uint64 // node budget per move, 0 for none
	spread int    // 0: the same budget every move; 1: less in the opening, more later; 2: more in the opening, less later
	budget uint64 // this move's node budget
	clock  moveClock
	oracle *exact.Solver // proves positions before the search, when set
	// oracleNodes is the oracle's node limit (its spec's oracle=O)
	oracleNodes uint64
	halt        halt.Halter // stops the search from outside (ChooseContext)
	// oracleRate is the oracle's positions per CPU second on this
	// player's recent moves, to hold it to a time limit
	oracleRate float64

	rng     *rand.Rand
	root    int
	count   uint64 // nodes this move
	total   uint64
	stopped bool
	// pace says when to read the clock: after the first node of a move,
	// then every clockEvery nodes at most, fewer where nodes are slow (see
	// timeUp)
	pace    halt.Pacer
	tt      []ttEntry
	gen     uint8
	history [chainreact.MaxCells]int32
	killers [maxPly][2]chainreact.Move   // quiet moves that caused a cut at each ply, this move
	boards  [maxPly + 1]chainreact.Board // boards[ply] holds the position at that ply: no copies escape to the heap
	bufs    [maxPly][chainreact.MaxCells]chainreact.Move
	keys    [maxPly][chainreact.MaxCells]int32
	ttRoot  int // the player whose values the table holds, -1 for none
	reached int // the deepest pass completed on the last move
	value   int // its value for the mover
}

func (s *searchPlayer) Spec() string  { return s.name }
func (s *searchPlayer) Nodes() uint64 { return s.total }

func (s *searchPlayer) Reset(seed uint64) {
	s.rng = rand.New(rand.NewPCG(seed, 0x736561726368))
	// entries live from move to move within a game; a new game starts
	// afresh so a match's results do not depend on which worker played
	// which games before
	clear(s.tt)
	s.ttRoot = -1
}

// MoveValue is a move with its value from the mover's point of view.
type MoveValue struct {
	Move  chainreact.Move
	Value int
}

func (s *searchPlayer) Choose(b *chainreact.Board, _ []chainreact.Move) chainreact.Move {
	num, den := s.spreadShare(b)
	s.clock.start(float64(num) / float64(den))
	defer s.clock.stop()
	if m := s.ask(b); m != chainreact.NoMove {
		return m
	}
	s.root = b.ToMove()
	if s.ttRoot != s.root {
		// the table's values are for the player it searched for: one
		// asked to move for another player starts it afresh
		clear(s.tt)
		s.ttRoot = s.root
	}
	s.count = 0
	s.pace = halt.Pacer{Span: clockSpan, Max: clockEvery}
	s.pace.Start(0, 1)
	s.stopped = false
	s.gen++
	s.reached = 0
	s.history = [chainreact.MaxCells]int32{}
	for i := range s.killers {
		s.killers[i] = [2]chainreact.Move{chainreact.NoMove, chainreact.NoMove}
	}
	s.budget = s.moveBudget(b)
	if s.kind == kindBest && s.eval.readsMasks() {
		s.boards[0] = *b
		s.boards[0].TrackMasks()
		b = &s.boards[0]
	}
	moves := b.AppendMoves(s.bufs[0][:0])
	s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	var best chainreact.Move
	switch s.kind {
	case kindMinimax:
		best, _ = s.minimaxRoot(b, moves)
	default:
		best = s.iterate(b, moves)
	}
	s.total += s.count
	return best
}

// ask returns the oracle's move for b when it proves one within its node
// limit: the perfect move (the winner hurrying, the loser delaying), else
// NoMove. When the move has a time limit or a context with a deadline,
// the oracle may spend half the time left, so that the search has the
// other half.
func (s *searchPlayer) ask(b *chainreact.Board) chainreact.Move {
	if s.oracle == nil || b.Players() != 2 {
		return chainreact.NoMove
	}
	// the oracle stops with the search: when the context watched ends,
	// and at half of what is left of its deadline (a server's move time)
	ctx := s.halt.Context()
	if deadline, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(deadline)/2))
		defer cancel()
	}
	if !s.clock.limited() {
		res, err := s.oracle.Solve(ctx, b)
		s.total += res.Nodes
		if err != nil || !res.Exact || len(res.PV) == 0 {
			return chainreact.NoMove
		}
		return res.PV[0]
	}
	// Under a time limit the oracle may spend half the move's time, and
	// only on boards of at most 64 cells: on larger boards it settles
	// nothing in a fraction of a move. It reads the move's clock about
	// every millisecond (exact.Solver paces its polls), and is also held
	// to the positions it searched in that much time on earlier moves,
	// since it stops exactly at its node limit.
	if !b.Geometry().Small() {
		return chainreact.NoMove
	}
	share := s.clock.share(0.5)
	limit := s.oracleNodes
	if s.oracleRate == 0 {
		s.oracleRate = 50_000 // positions a CPU second, until measured
	}
	s.oracle.SetMaxNodes(min(limit, max(64, uint64(s.oracleRate*share.left().Seconds()))))
	c0 := cpuclock.ThreadOrProcess()
	res, err := s.oracle.Solve(newClockContext(ctx, share), b)
	s.oracle.SetMaxNodes(limit)
	if dt := cpuclock.ThreadOrProcess() - c0; dt > time.Millisecond && res.Nodes > 0 {
		s.oracleRate = 0.5*s.oracleRate + 0.5*float64(res.Nodes)/dt.Seconds()
	}
	s.total += res.Nodes
	if err != nil || !res.Exact || len(res.PV) == 0 {
		return chainreact.NoMove
	}
	return res.PV[0]
}

// moveBudget is the node budget for a move in b: s.nodes, spread by the
// game's phase when s.spread is set.
func (s *searchPlayer) moveBudget(b *chainreact.Board) uint64 {
	num, den := s.spreadShare(b)
	return s.nodes * num / den
}

// spreadShare is the share of the budget (nodes, or a time limit) that a
// move in b gets under s.spread, as num/den:
//
//	0  the whole budget, every move
//	1  0.4× on an empty board rising to 1.6× on a full one, by cells held
//	2  1.3× until the orbs fill 35% of the capacity, falling to 0.7× at
//	   65% and beyond (nodes cost more as the board fills)
//	3  0.4× until the orbs fill a quarter of the capacity, rising to 2×
//	   at 60%, 2× to 75%, falling to 1× at 90%: about 1.1× over a game
//	   of 100 plies, most of it late in the middle game, where games are
//	   decided (and where notshridhar's alpha-beta spends most time)
func (s *searchPlayer) spreadShare(b *chainreact.Board) (num, den uint64) {
	cells, capacity := b.Cells(), b.Capacity()
	switch s.spread {
	case 1:
		occ := 0
		for i := 0; i < cells; i++ {
			if o, _ := b.Cell(i); o >= 0 {
				occ++
			}
		}
		return uint64(4*cells + 12*occ), uint64(10 * cells)
	case 2:
		x := 100 * b.Ply() / capacity
		return uint64(130 - 2*(min(max(x, 35), 65)-35)), 100
	case 3:
		// per thousand of the capacity
		x := 1000 * b.Ply() / capacity
		switch {
		case x <= 250:
			return 400, 1000
		case x <= 600:
			return uint64(400 + (x-250)*1600/350), 1000
		case x <= 750:
			return 2000, 1000
		case x <= 900:
			return uint64(2000 - (x-750)*1000/150), 1000
		}
		return 1000, 1000
	case 4:
		x := 1000 * b.Ply() / capacity
		switch {
		case x <= 300:
			return 250, 1000
		case x <= 600:
			return uint64(250 + (x-300)*2750/300), 1000
		case x <= 750:
			return 3000, 1000
		case x <= 900:
			return uint64(3000 - (x-750)*2000/150), 1000
		}
		return 1000, 1000
	}
	return 1, 1
}

// terminal is the value of a finished game for the root player, sooner
// wins better.
func (s *searchPlayer) terminal(b *chainreact.Board, ply int) int {
	if b.Winner() == s.root {
		return mateScore - ply
	}
	return -mateScore + ply
}

// minimaxRoot searches every root move with plain minimax.
func (s *searchPlayer) minimaxRoot(b *chainreact.Board, moves []chainreact.Move) (chainreact.Move, int) {
	moves = s.narrow(b, moves, 0)
	best, bestV := moves[0], -infinity
	for _, m := range moves {
		c := &s.boards[1]
		*c = *b
		c.Play(m)
		v := s.minimax(c, s.depth-1, 1)
		if s.halt.Halted() {
			break // v is not this move's value
		}
		if v > bestV {
			best, bestV = m, v
		}
	}
	return best, bestV
}

// narrow keeps the width best moves by one-ply score for the mover, when
// a width is set. Ties keep the earlier move.
func (s *searchPlayer) narrow(b *chainreact.Board, moves []chainreact.Move, ply int) []chainreact.Move {
	if s.width <= 0 || len(moves) <= s.width {
		return moves
	}
	keys := s.keys[ply][:len(moves)]
	mover := b.ToMove()
	for i, m := range moves {
		c := *b
		c.Play(m)
		s.count++
		keys[i] = int32(s.eval.Score(&c, mover))
	}
	sortByKey(moves, keys)
	return moves[:s.width]
}

// minimax returns the value for the root player: it maximises at the root
// player's turns and minimises at everyone else's.
func (s *searchPlayer) minimax(b *chainreact.Board, depth, ply int) int {
	s.count++
	if b.Over() {
		return s.terminal(b, ply)
	}
	if depth == 0 || s.halt.Halted() {
		return s.eval.Score(b, s.root)
	}
	moves := s.narrow(b, b.AppendMoves(s.bufs[ply][:0]), ply)
	maxing := b.ToMove() == s.root
	best := infinity
	if maxing {
		best = -infinity
	}
	for _, m := range moves {
		c := &s.boards[ply+1]
		*c = *b
		c.Play(m)
		v := s.minimax(c, depth-1, ply+1)
		if s.halt.Halted() {
			return best // the root drops a halted search's values
		}
		if maxing && v > best || !maxing && v < best {
			best = v
		}
	}
	return best
}

// iterate runs alpha-beta: one pass at the fixed depth, or iterative
// deepening under a node budget or a time limit.
func (s *searchPlayer) iterate(b *chainreact.Board, moves []chainreact.Move) chainreact.Move {
	best := moves[0]
	first := s.depth
	if s.kind == kindBest || s.clock.limited() {
		first = 1
	}
	for d := first; d <= s.depth; d++ {
		if first == 1 && d > 1 {
			toFront(moves, best) // search the previous best first
		}
		alpha := -infinity
		cand := chainreact.NoMove
		for _, m := range moves {
			c := &s.boards[1]
			*c = *b
			c.Play(m)
			var v int
			if cand == chainreact.NoMove || s.kind != kindBest {
				v = s.alphaBeta(c, d-1, alpha, infinity, 1)
			} else {
				v = s.alphaBeta(c, d-1, alpha, alpha+1, 1)
				if v > alpha && !s.stopped {
					v = s.alphaBeta(c, d-1, alpha, infinity, 1)
				}
			}
			if s.stopped {
				break
			}
			if v > alpha || cand == chainreact.NoMove {
				alpha, cand = v, m
			}
		}
		if s.stopped {
			// a move fully searched in the aborted pass is at least as good
			// as the previous best, which was searched first
			if cand != chainreact.NoMove {
				best = cand
			}
			break
		}
		best = cand
		s.reached, s.value = d, alpha
		if alpha >= mateScore-maxPly || alpha <= -mateScore+maxPly {
			break // the result is proven
		}
		if s.budget > 0 && s.count >= s.budget/2 && s.kind == kindBest {
			break // the next pass would not finish
		}
	}
	return best
}

// clockSpan is how long a search goes, at most about, between two readings
// of its clock: on a large board late in a game one node's chain reaction
// can take a tenth of a millisecond, so clockEvery nodes could overrun a
// limit by tens of milliseconds; the pacer halves the nodes between
// readings while they take longer than this, and doubles them back (to
// clockEvery) while they take under a quarter of it.
const clockSpan = time.Millisecond

// clockEvery is how many nodes a search visits, at most, between two
// readings of its clock: a few milliseconds at most, a reading costing
// well under a microsecond. A move starts reading it after its first
// node and doubles the nodes between readings up to this while they are
// fast (on 16x16, late, a node of the weighted evaluation takes a tenth
// of a millisecond: clockEvery nodes at once overran a wall-clock limit
// by tens of milliseconds when a loaded machine ran the search late).
const clockEvery = 256

func (s *searchPlayer) outOfBudget() bool {
	if s.budget > 0 && s.count >= s.budget {
		return true
	}
	return s.timeUp()
}

// timeUp reports whether the search must stop: the context watched has
// ended (one atomic load), or the move's time is up (the clock read when
// the pacer says, about every clockSpan).
func (s *searchPlayer) timeUp() bool {
	if s.halt.Halted() {
		return true
	}
	if !s.clock.limited() || !s.pace.Due(s.count) {
		return false
	}
	return s.clock.expired()
}

// alphaBeta returns the value for the root player within (alpha, beta).
func (s *searchPlayer) alphaBeta(b *chainreact.Board, depth, alpha, beta, ply int) int {
	s.count++
	if b.Over() {
		return s.terminal(b, ply)
	}
	if s.outOfBudget() {
		s.stopped = true
		return 0
	}
	if depth <= 0 || ply >= maxPly-1 {
		if s.qdepth > 0 {
			return s.quiesce(b, s.qdepth, alpha, beta, ply)
		}
		return s.eval.Score(b, s.root)
	}
	ttMove := chainreact.NoMove
	var e *ttEntry
	if s.tt != nil {
		e = &s.tt[b.Hash()&(1<<ttBits-1)]
		if e.key == b.Hash() && (e.gen == s.gen || s.kind == kindBest) {
			ttMove = e.move
			if int(e.depth) >= depth {
				v := int(e.value)
				switch {
				case e.bound == 0:
					return v
				case e.bound == 1 && v >= beta:
					return v
				case e.bound == 2 && v <= alpha:
					return v
				}
			}
		}
	}
	moves := b.AppendMoves(s.bufs[ply][:0])
	// best orders its moves in stages: the table's move first, the rest
	// only if it did not cut the search off
	sorted := s.kind != kindBest
	if !sorted && ttMove != chainreact.NoMove && !toFront(moves, ttMove) {
		ttMove = chainreact.NoMove // not a move here (a hash collision)
	}
	if !sorted && ttMove == chainreact.NoMove {
		s.order(b, moves, chainreact.NoMove, ply)
		sorted = true
	}
	maxing := b.ToMove() == s.root
	a0, b0 := alpha, beta
	best := infinity
	if maxing {
		best = -infinity
	}
	bestMove := chainreact.NoMove
	pvs := s.kind == kindBest
	for i := 0; i < len(moves); i++ {
		if i == 1 && !sorted {
			s.order(b, moves[1:], chainreact.NoMove, ply)
			sorted = true
		}
		// read after the sort, which may put another move at index 1 (a
		// range loop would search the one before the sort there, and
		// never the sort's first pick)
		m := moves[i]
		c := &s.boards[ply+1]
		*c = *b
		c.Play(m)
		var v int
		switch {
		case !pvs || i == 0:
			v = s.alphaBeta(c, depth-1, alpha, beta, ply+1)
		case maxing:
			// a null window proves the move no better than alpha; search
			// it fully only when it is
			v = s.alphaBeta(c, depth-1, alpha, alpha+1, ply+1)
			if v > alpha && v < beta && !s.stopped {
				v = s.alphaBeta(c, depth-1, alpha, beta, ply+1)
			}
		default:
			v = s.alphaBeta(c, depth-1, beta-1, beta, ply+1)
			if v < beta && v > alpha && !s.stopped {
				v = s.alphaBeta(c, depth-1, alpha, beta, ply+1)
			}
		}
		if s.stopped {
			return 0
		}
		if maxing {
			if v > best {
				best, bestMove = v, m
			}
			if best > alpha {
				alpha = best
			}
		} else {
			if v < best {
				best, bestMove = v, m
			}
			if best < beta {
				beta = best
			}
		}
		if alpha >= beta {
			s.cutBy(m, depth, ply)
			break
		}
	}
	if e != nil {
		*e = ttEntry{key: b.Hash(), value: int32(best), depth: int8(depth), bound: boundOf(best, a0, b0), move: bestMove, gen: s.gen}
	}
	return best
}

// toFront moves m to the front of moves, keeping the order of the others,
// and reports whether m was among them.
func toFront(moves []chainreact.Move, m chainreact.Move) bool {
	for i, x := range moves {
		if x == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return true
		}
	}
	return false
}

// cutBy notes that move m cut the search off at ply, depth plies from
// the horizon: the best player orders later moves by it (history and
// killers).
func (s *searchPlayer) cutBy(m chainreact.Move, depth, ply int) {
	if s.kind != kindBest {
		return
	}
	s.history[m] += int32(depth * depth)
	if k := &s.killers[ply]; k[0] != m {
		k[0], k[1] = m, k[0]
	}
}

// boundOf is the kind of bound a value v found in the window (a0, b0)
// is, as the table keeps it: 0 exact, 1 lower (v ≥ b0), 2 upper (v ≤ a0).
func boundOf(v, a0, b0 int) int8 {
	switch {
	case v <= a0:
		return 2
	case v >= b0:
		return 1
	}
	return 0
}

// order sorts moves: the transposition-table move, then moves that
// explode (own critical cells) next to enemy cells, then by history.
func (s *searchPlayer) order(b *chainreact.Board, moves []chainreact.Move, ttMove chainreact.Move, ply int) {
	keys := s.keys[ply][:len(moves)]
	g := b.Geometry()
	own := b.ToMove()
	for i, m := range moves {
		k := s.history[m]
		if m == ttMove {
			k = 1 << 30
		} else if m == s.killers[ply][0] || m == s.killers[ply][1] {
			k += 1 << 22
		}
		if m != ttMove && critical(b, g, int(m)) && owner(b, int(m)) == own {
			k += 1 << 20
			hot := int32(0)
			for n := 0; n < g.CriticalMass(int(m)); n++ {
				j := g.Neighbour(int(m), n)
				if o, count := b.Cell(j); o != own && o >= 0 {
					hot += int32(count)
					if critical(b, g, j) {
						hot += 4
					}
				}
			}
			if hot > 0 {
				k += 1<<24 + hot<<19
			}
		}
		keys[i] = k
	}
	sortByKey(moves, keys)
}

// sortByKey sorts moves by their keys, highest first, keeping the order of
// equal keys (an insertion sort: move lists are short and nearly sorted,
// and it allocates nothing).
func sortByKey(moves []chainreact.Move, keys []int32) {
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], keys[i]
		j := i - 1
		for j >= 0 && keys[j] < k {
			moves[j+1], keys[j+1] = moves[j], keys[j]
			j--
		}
		moves[j+1], keys[j+1] = m, k
	}
}

// quiesce resolves pending explosions: the side to move may stand pat or
// play a move that explodes next to an enemy cell.
func (s *searchPlayer) quiesce(b *chainreact.Board, depth, alpha, beta, ply int) int {
	stand := s.eval.Score(b, s.root)
	if depth == 0 || ply >= maxPly-1 {
		return stand
	}
	maxing := b.ToMove() == s.root
	if maxing {
		if stand >= beta {
			return stand
		}
		if stand > alpha {
			alpha = stand
		}
	} else {
		if stand <= alpha {
			return stand
		}
		if stand < beta {
			beta = stand
		}
	}
	best := stand
	// the explosions next to enemy cells, those touching the most enemy
	// orbs first
	g := b.Geometry()
	own := b.ToMove()
	moves := s.bufs[ply][:0]
	keys := s.keys[ply][:0]
	for i := 0; i < g.Cells(); i++ {
		if o, _ := b.Cell(i); o != own || !critical(b, g, i) {
			continue
		}
		k := int32(0)
		for n := 0; n < g.CriticalMass(i); n++ {
			j := g.Neighbour(i, n)
			if o, count := b.Cell(j); o != own && o >= 0 {
				k += int32(count)
				if critical(b, g, j) {
					k += 4
				}
			}
		}
		if k == 0 {
			continue
		}
		m := chainreact.Move(i)
		j := len(moves)
		moves, keys = append(moves, m), append(keys, k)
		for j > 0 && keys[j-1] < k {
			moves[j], keys[j] = moves[j-1], keys[j-1]
			j--
		}
		moves[j], keys[j] = m, k
	}
	for _, m := range moves {
		if s.stopped || s.timeUp() {
			// the caller throws the value away
			s.stopped = true
			return best
		}
		i := int(m)
		c := &s.boards[ply+1]
		*c = *b
		c.Play(chainreact.Move(i))
		s.count++
		var v int
		if c.Over() {
			v = s.terminal(c, ply+1)
		} else {
			v = s.quiesce(c, depth-1, alpha, beta, ply+1)
		}
		if maxing {
			if v > best {
				best = v
			}
			if best > alpha {
				alpha = best
			}
		} else {
			if v < best {
				best = v
			}
			if best < beta {
				beta = best
			}
		}
		if alpha >= beta {
			break
		}
	}
	return best
}
