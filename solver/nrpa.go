package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"chainshot/board"
)

// NRPA (Rosin 2011; on SameGame, Cazenave 2016): a softmax policy over move
// codes (a hash of the removed beads, each by the cell and colour it
// started with: Params.BeadCodes; the literature hashes the cells they
// cover now) is adapted at each level toward the best line found at that
// level; level 0 is a playout that draws moves from the policy. Playouts
// hold back the colour most frequent at the root (tabu colour) until it
// forms a single group, and meanwhile leave it out of their analyses of
// the groups (see nrpa.playout).

// policy maps move codes to weights (absent codes weigh 0) in an
// open-addressing table. It starts small (a level-4 search on a 15x15
// board touches only some hundreds of codes, and a small table stays in
// the cache and is cheap to copy) and doubles when half full, up to
// maxPolicy entries; past that, new codes keep weight 0, which is what an
// untrained code has anyway.
// maxPolicy caps a policy's table (24 bytes an entry).
const maxPolicy = 1 << 20

type policy struct {
	keys []uint64
	w    []float64
	// e holds exp(w), kept with w so playouts need no exp; e[len(keys)]
	// is 1, the weight of every code the full table could not take.
	e    []float64
	mask uint64
	n    int
	// gen changes whenever codes may move to other slots (grow, reset,
	// copyFrom), so that a line's cached slots (line.slots) are known
	// stale.
	gen uint64
}

// policyGen numbers the layouts of every policy (see policy.gen).
var policyGen atomic.Uint64

func newPolicy(bits int) *policy { return newPolicyLen(1 << bits) }

func newPolicyLen(size int) *policy {
	p := &policy{keys: make([]uint64, size), w: make([]float64, size), e: make([]float64, size+1), mask: uint64(size - 1)}
	p.e[size] = 1
	p.gen = policyGen.Add(1)
	return p
}

// grow doubles the table.
func (p *policy) grow() {
	q := newPolicyLen(2 * len(p.keys))
	for i, k := range p.keys {
		if k != 0 {
			j := k & q.mask
			for q.keys[j] != 0 {
				j = (j + 1) & q.mask
			}
			q.keys[j], q.w[j], q.e[j] = k, p.w[i], p.e[i]
			q.n++
		}
	}
	*p = *q
}

func (p *policy) copyFrom(q *policy) {
	if len(p.keys) != len(q.keys) {
		*p = *newPolicyLen(len(q.keys))
	}
	copy(p.keys, q.keys)
	copy(p.w, q.w)
	copy(p.e, q.e)
	p.n = q.n
	p.gen = policyGen.Add(1)
}

func (p *policy) reset() {
	clear(p.keys)
	clear(p.w)
	clear(p.e)
	p.e[len(p.keys)] = 1
	p.n = 0
	p.gen = policyGen.Add(1)
}

// exp returns exp of the weight of code (codes are made odd: 0 marks a
// free slot).
func (p *policy) exp(code uint64) float64 {
	code |= 1
	for i := code & p.mask; ; i = (i + 1) & p.mask {
		k := p.keys[i]
		if k == code {
			return p.e[i]
		}
		if k == 0 {
			return 1
		}
	}
}

// slot returns the slot of code, inserting it with weight 0 when absent;
// len(p.keys), whose e is 1, when the table is full (maxPolicy). It may
// grow the table (p.gen changes).
func (p *policy) slot(code uint64) int32 {
	code |= 1
	for i := code & p.mask; ; i = (i + 1) & p.mask {
		k := p.keys[i]
		if k == code {
			return int32(i)
		}
		if k == 0 {
			if p.n >= len(p.keys)/2 {
				if len(p.keys) >= maxPolicy {
					return int32(len(p.keys))
				}
				p.grow()
				return p.slot(code)
			}
			p.keys[i] = code
			p.w[i], p.e[i] = 0, 1
			p.n++
			return int32(i)
		}
	}
}

// line is a sequence of moves, each the cell index of a bead of the group.
// For NRPA it also keeps, per move, the codes of every legal move then
// (codes[start[i]:start[i+1]]) and which of them was chosen, so that
// adapting a policy toward it needs no replay.
type line struct {
	cells  []int16
	codes  []uint64
	start  []int32
	chosen []uint64
	beads  int
	score  int
	val    int64
	// slots and cslot cache where policy slotPol (at layout slotGen)
	// holds each of codes and each of chosen (see nrpa.adapt).
	slots   []int32
	cslot   []int32
	slotPol *policy
	slotGen uint64
}

func (l *line) set(o *line) {
	l.cells = append(l.cells[:0], o.cells...)
	l.codes = append(l.codes[:0], o.codes...)
	l.start = append(l.start[:0], o.start...)
	l.chosen = append(l.chosen[:0], o.chosen...)
	l.beads, l.score, l.val = o.beads, o.score, o.val
	l.slotPol = nil
}

func (l *line) reset() {
	l.cells = l.cells[:0]
	l.codes = l.codes[:0]
	l.start = append(l.start[:0], 0)
	l.chosen = l.chosen[:0]
	l.slotPol = nil
}

func (l *line) moves(dst []board.Move) []board.Move {
	return cellsToMoves(dst, l.cells)
}

// legal fills dst with the playable groups of g under the tabu rule and
// returns how many: groups of colour tabu only when the colour forms a
// single group or nothing else is playable, or when pairs is set and the
// group has two beads.
func legal(g *groups, p *pos, tabu uint8, dst *[maxGroups]int16, pairs bool) int {
	n := 0
	cnt := p.count[tabu]
	pairSize := int16(-1) // the size a tabu group may have (-1: none)
	if pairs {
		pairSize = 2
	}
	// Without branches: every group is written, and n moves past it
	// when it is playable.
	for k := 0; k < g.nmoves; k++ {
		dst[n] = int16(k)
		size := g.size[k]
		held := b2i(g.color[k] == tabu) & b2i(size < cnt) & b2i(size != pairSize)
		n += 1 - held
	}
	nt := g.nmoves - n
	if n == 0 && nt > 0 {
		for k := 0; k < g.nmoves; k++ {
			dst[k] = int16(k)
		}
		n = g.nmoves
	}
	return n
}

// identityIDs lists every group id in order: the legal moves when all
// groups are playable.
var identityIDs = func() (a [maxGroups]int16) {
	for i := range a {
		a[i] = int16(i)
	}
	return a
}()

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nrpa is one worker's NRPA search.
type nrpa struct {
	s  *search
	bd *budget
	w  int
	// p is the part of auto's portfolio the worker runs in (see
	// runParts), or the search's base outside the parts.
	p    *part
	rng  *rand.Rand
	tabu uint8
	pols []*policy // pols[l] is level l's policy (l >= 1)
	best []line    // best[l] is level l's best line
	cur  line      // the playout being played
	g    groups
	g2   groups // the playout's second analysis buffer
	ids  [maxGroups]int16
	prob [maxGroups]float64
	// acc is adapt's scratch: the change of each slot of the policy.
	acc   []float64
	local int64
	pen   int64 // guidance bead penalty
	name  string
	// iters, alpha and pairsFrom are Params.Iters, Alpha and
	// TabuPairsFrom.
	iters     int
	alpha     float64
	pairsFrom int
	// tabuOff is where Params.TabuOffShare turns the tabu rule off: in
	// positions with at most that many beads.
	tabuOff int
	// fullAnalysis makes playouts analyse every colour at every move, as
	// they did before they left the tabu colour out (the reference the
	// tests compare them with).
	fullAnalysis bool
	// top is the best guidance value of the worker's playouts.
	top int64
	// trial marks a tabu trial's search (see trialRound): only then do
	// playouts keep trialTop, the best score less the guidance's bead
	// penalty, the clear bonus left out (what the trials compare colours
	// by, see chooseTabu), and trialLine, its line.
	trial     bool
	trialTop  int64
	trialLine []board.Move
	// start is where playouts begin: the root, or the position after
	// prefix (which scored prefixScore).
	start       pos
	prefix      []board.Move
	prefixScore int
	moveBuf     []board.Move
	// seed, when seeded, is the line the top level starts from (the
	// best line's continuation after a re-rooting).
	seed   line
	seeded bool
	// bead (Params.BeadCodes) makes move codes name beads, not cells:
	// startKeys are the bead keys of start, pk those of the playout's
	// position (both analysis buffers read pk).
	bead      bool
	startKeys beadKeys
	pk        beadKeys
}

func newNRPA(s *search, p *part, w, levels int, bd *budget) *nrpa {
	a, b := workerSeed(s.opt.Seed, w+partStream*p.k)
	n := &nrpa{s: s, bd: bd, w: w, p: p, rng: rand.New(rand.NewPCG(a, b)), tabu: p.tabu, name: "nrpa", top: math.MinInt64, trialTop: math.MinInt64}
	bits := 12
	n.pols = make([]*policy, levels+1)
	for l := 1; l <= levels; l++ {
		n.pols[l] = newPolicy(bits)
	}
	n.best = make([]line, levels+1)
	n.local = math.MinInt64
	n.pen = s.prm.penalty(w)
	n.iters, n.alpha, n.pairsFrom = s.prm.Iters, s.prm.Alpha, p.pairs
	n.tabuOff = int(s.prm.TabuOffShare * float64(s.root.beads))
	n.start = s.root
	if s.prm.BeadCodes {
		n.bead = true
		n.startKeys.init(&s.root)
		n.g.keys, n.g2.keys = &n.pk, &n.pk
	}
	return n
}

// playout plays from the root drawing moves from pol into n.cur.
func (n *nrpa) playout(pol *policy) {
	p := n.start
	if n.bead {
		// Columns from the width on are read only at the zero row
		// stride, which no move writes.
		copy(n.pk[:p.width+1], n.startKeys[:p.width+1])
	}
	n.cur.reset()
	score := n.prefixScore
	// g is the position's analysis; after a move the next one is made
	// into prev (the other buffer) from g, then they swap. While the tabu
	// rule holds every group of the tabu colour back, the analyses leave
	// that colour out (skip), which spares flood-filling its beads at
	// every move; at the first position where one of its groups may be
	// played (the colour forms one group, nothing else is playable, or
	// the rule is off) the analysis is made afresh in full. The moves
	// drawn are the same either way: legal lists the other groups in the
	// same order.
	g, prev := &n.g, &n.g2
	skip := n.tabu
	if n.fullAnalysis {
		skip = 0
	}
	g.skip, prev.skip = skip, skip
	g.analyse(&p)
	for {
		tabu := n.tabu
		if int(p.beads) <= n.tabuOff {
			tabu = 0
		}
		pairs := n.pairsFrom > 0 && len(n.cur.cells) >= n.pairsFrom
		if skip != 0 && (tabu == 0 || pairs || g.nmoves == 0 || p.connected(skip)) {
			skip = 0
			g.skip, prev.skip = 0, 0
			g.analyse(&p)
		}
		// Every group the analysis found is playable while it skips the
		// tabu colour (the ids are then the identity).
		k, ids := g.nmoves, &identityIDs
		if skip == 0 {
			k, ids = legal(g, &p, tabu, &n.ids, pairs), &n.ids
		}
		if k == 0 {
			break
		}
		// The legal moves' codes go to the line first; the draw reads
		// them there.
		base := len(n.cur.codes)
		n.cur.codes = slices.Grow(n.cur.codes, k)[:base+k]
		codes := n.cur.codes[base : base+k]
		for j := range codes {
			codes[j] = g.code[ids[j]]
		}
		var id int
		if k == 1 {
			id = int(ids[0])
		} else {
			sum := 0.0
			for j, c := range codes {
				id := ids[j]
				e := g.e[id]
				if e == 0 {
					e = pol.exp(c)
					g.e[id] = e
				}
				sum += e
				n.prob[j] = sum
			}
			x := n.rng.Float64() * sum
			j := 0
			for j < k-1 && n.prob[j] <= x {
				j++
			}
			id = int(ids[j])
		}
		n.cur.start = append(n.cur.start, int32(len(n.cur.codes)))
		n.cur.chosen = append(n.cur.chosen, g.code[id])
		n.cur.cells = append(n.cur.cells, g.first[id])
		w := p.width
		if n.bead {
			n.pk.remove(&p, g, id)
		}
		score += board.Score(p.remove(g, id))
		prev.analyseAfter(&p, g, int(g.lo[id]), int(g.hi[id]), p.width != w)
		g, prev = prev, g
	}
	n.cur.beads, n.cur.score = int(p.beads), score
	n.cur.val = guide(int(p.beads), score, n.pen, n.s.opt.Rank)
	n.top = max(n.top, n.cur.val)
	if n.trial {
		if v := int64(score) - int64(p.beads)*max(n.pen, 0); v > n.trialTop {
			n.trialTop = v
			n.trialLine = n.cur.moves(append(n.trialLine[:0], n.prefix...))
		}
	}
	if lv := n.s.opt.Rank.Value(int(p.beads), score); lv > n.local {
		n.local = lv
		n.moveBuf = n.cur.moves(append(n.moveBuf[:0], n.prefix...))
		n.s.offerFrom(n.p.k, n.moveBuf, n.cur.beads, n.cur.score, n.name, n.w)
	}
}

// adapt moves pol toward line l: for each move, the chosen code's weight
// goes up by alpha and every legal code's down by alpha times its
// probability under pol before the adaptation. The changes of each code
// are summed over the line first (a group that stays on the board is
// legal at many moves of a line), in slot-sized scratch n.acc, so each
// code costs one exp an adaptation; where pol holds the line's codes is
// found once and kept with the line while pol's layout stands (a level
// adapts toward the same best line many times).
func (n *nrpa) adapt(pol *policy, l *line) {
	if l.slotPol != pol || l.slotGen != pol.gen {
		findSlots(pol, l)
	}
	if len(n.acc) < len(pol.e) {
		n.acc = make([]float64, len(pol.e))
	}
	acc, e := n.acc, pol.e
	for i, cs := range l.cslot {
		slots := l.slots[l.start[i]:l.start[i+1]]
		sum := 0.0
		for _, s := range slots {
			sum += e[s]
		}
		acc[cs] += n.alpha
		for _, s := range slots {
			acc[s] -= n.alpha * e[s] / sum
		}
	}
	full := int32(len(pol.keys))
	apply := func(s int32) {
		if d := acc[s]; d != 0 {
			acc[s] = 0
			if s != full {
				pol.w[s] += d
				e[s] = expExact(pol.w[s])
			}
		}
	}
	for _, s := range l.cslot {
		apply(s)
	}
	for _, s := range l.slots {
		apply(s)
	}
}

// findSlots fills l.slots and l.cslot with the slots of l's codes in pol,
// inserting the codes pol lacks with weight 0 (what an absent code
// weighs), and starts over when that grows pol.
func findSlots(pol *policy, l *line) {
	for {
		gen := pol.gen
		l.slots, l.cslot = l.slots[:0], l.cslot[:0]
		for i, chosen := range l.chosen {
			l.cslot = append(l.cslot, pol.slot(chosen))
			for _, c := range l.codes[l.start[i]:l.start[i+1]] {
				l.slots = append(l.slots, pol.slot(c))
			}
		}
		if pol.gen == gen {
			l.slotPol, l.slotGen = pol, gen
			return
		}
	}
}

// level runs NRPA at level l >= 1 with policy n.pols[l] and leaves its best
// line in n.best[l]. It reports false when the budget ran out.
func (n *nrpa) level(l int) bool {
	pol := n.pols[l]
	best := &n.best[l]
	best.val = math.MinInt64
	best.reset()
	if n.seeded && l == len(n.pols)-1 {
		best.set(&n.seed)
		n.adapt(pol, best)
	}
	for i := 0; i < n.iters; i++ {
		var r *line
		if l == 1 {
			n.playout(pol)
			r = &n.cur
			if n.bd.add(1) {
				return false
			}
		} else {
			n.pols[l-1].copyFrom(pol)
			ok := n.level(l - 1)
			r = &n.best[l-1]
			if !ok {
				return false
			}
		}
		if r.val >= best.val {
			best.set(r)
		}
		n.adapt(pol, best)
	}
	return true
}

// runNRPA runs one NRPA search per worker, with different seeds, each
// restarting at the top level until the budget ends.
func runNRPA(s *search) {
	nw := s.lw
	s.pool(nw, func(w int) {
		nrpaWorker(s, &s.base, w, s.newBudget(nw))
	})
}

// partStream sets the generators of a portfolio's parts apart (see
// Params.PortfolioPairs): part k's worker w and trials draw from the
// streams of w + partStream*k.
const partStream = 1 << 12

// nrpaWorker runs worker w's NRPA searches in part p, restarting at the
// top level, until bd runs out; with Params.Phases > 1, in phases that
// re-root the search deeper on the best line (see rerootWorker).
func nrpaWorker(s *search, p *part, w int, bd *budget) {
	n := newNRPA(s, p, w, s.prm.Level, bd)
	if p.warm {
		n.reroot(0)
	}
	if s.prm.Phases > 1 {
		n.phases()
	} else {
		n.run()
	}
	bd.flush()
}

// run runs NRPA from n.start, restarting at the top level, until the
// budget (or the phase) ends.
func (n *nrpa) run() {
	for {
		top := len(n.pols) - 1
		n.pols[top].reset()
		if !n.level(top) || n.bd.done() {
			return
		}
	}
}

// phases runs the worker's budget as Params.Phases phases: phase k
// searches from the position after the first k*PhaseMoves moves of the
// best line found so far (by any worker), for a share of the budget
// proportional to PhaseDecay^k, its top level seeded with the rest of
// that line and its top policy kept from the phase before.
func (n *nrpa) phases() {
	s, bd, prm := n.s, n.bd, &n.s.prm
	endT, endN := bd.until, bd.limit
	if endT == 0 {
		endT = s.deadline
	}
	t0, n0 := s.elapsed(), bd.nodes
	total, share := 0.0, 1.0
	for k := 0; k < prm.Phases; k++ {
		total += share
		share *= prm.PhaseDecay
	}
	cum, share := 0.0, 1.0
	top := len(n.pols) - 1
	n.pols[top].reset()
	for k := 0; k < prm.Phases; k++ {
		cum += share / total
		share *= prm.PhaseDecay
		last := k == prm.Phases-1
		if endT > 0 {
			bd.until = t0 + time.Duration(float64(endT-t0)*cum)
			if last {
				bd.until = endT
			}
		}
		if endN > 0 {
			bd.limit = n0 + int64(float64(endN-n0)*cum)
			if last {
				bd.limit = endN
			}
		}
		if k > 0 {
			n.reroot(k * prm.PhaseMoves)
		}
		for n.level(top) && !bd.done() {
			n.pols[top].reset()
		}
		if s.stopped.Load() || (bd.quit != nil && bd.quit.Load()) ||
			(endN > 0 && bd.nodes >= endN) || (endT > 0 && s.elapsed() >= endT) {
			return
		}
	}
}

// reroot moves the search's start to the position after the first c
// moves of the best line found so far (with c 0 and a warm start, the
// line the trials left: see part.warmLine; fewer if the line is short) and
// seeds the top level with the rest of that line.
func (n *nrpa) reroot(c int) {
	s := n.s
	s.mu.Lock()
	line := s.best
	if c == 0 && n.p.warm {
		line = n.p.warmLine
	}
	best := append(n.moveBuf[:0], line...)
	s.mu.Unlock()
	c = min(c, max(len(best)-minSuffix, 0))
	var g groups
	var keys beadKeys
	p := s.root
	if n.bead {
		keys.init(&p)
		g.keys = &keys
	}
	score := 0
	for _, m := range best[:c] {
		g.analyse(&p)
		id := g.groupOf(cellOf(m))
		if n.bead {
			keys.remove(&p, &g, id)
		}
		score += board.Score(p.remove(&g, id))
	}
	n.start, n.prefixScore = p, score
	n.startKeys = keys
	n.prefix = append(n.prefix[:0], best[:c]...)
	// The seed: the rest of the line, with the codes a playout would
	// have met.
	l := &n.seed
	l.reset()
	for _, m := range best[c:] {
		g.analyse(&p)
		tabu := n.tabu
		if int(p.beads) <= n.tabuOff {
			tabu = 0
		}
		k := legal(&g, &p, tabu, &n.ids, n.pairsFrom > 0 && len(l.cells) >= n.pairsFrom)
		for j := 0; j < k; j++ {
			l.codes = append(l.codes, g.code[n.ids[j]])
		}
		id := g.groupOf(cellOf(m))
		l.start = append(l.start, int32(len(l.codes)))
		l.chosen = append(l.chosen, g.code[id])
		l.cells = append(l.cells, int16(cellOf(m)))
		if n.bead {
			keys.remove(&p, &g, id)
		}
		score += board.Score(p.remove(&g, id))
	}
	l.beads, l.score = int(p.beads), score
	l.val = guide(l.beads, score, n.pen, n.s.opt.Rank)
	n.seeded = true
	n.moveBuf = best
}

// minSuffix is the fewest moves of the best line a re-rooting leaves to
// search.
const minSuffix = 10

// sharedNRPA runs one NRPA search on every worker: its top level (one
// below Params.Level) adapts toward the best line of all the workers,
// each of which runs the level below from a copy of the top policy with
// its own seed, all steered by the first worker's guidance penalty.
func sharedNRPA(s *search, p *part, bds []*budget) {
	nw := len(bds)
	ns := make([]*nrpa, nw)
	for w := range ns {
		ns[w] = newNRPA(s, p, w, s.prm.Level-1, bds[w])
		ns[w].pen = s.prm.penalty(0)
		if p.warm {
			ns[w].reroot(0)
		}
	}
	lead := ns[0]
	top := s.prm.Level - 1
	pol := newPolicy(12)
	var best line
	ok := make([]bool, nw)
	for {
		pol.reset()
		best.val = math.MinInt64
		best.reset()
		if lead.seeded {
			best.set(&lead.seed)
			lead.adapt(pol, &best)
		}
		for i := 0; i < lead.iters; i++ {
			s.pool(nw, func(w int) {
				ns[w].pols[top-1].copyFrom(pol)
				ok[w] = ns[w].level(top - 1)
			})
			for w := range ns {
				if ok[w] && ns[w].best[top-1].val >= best.val {
					best.set(&ns[w].best[top-1])
				}
			}
			for w := range ns {
				if !ok[w] {
					for _, n := range ns {
						n.bd.flush()
					}
					return
				}
			}
			lead.adapt(pol, &best)
		}
	}
}
