package solver

import (
	"math"
	"math/rand/v2"

	"chainshot/board"
)

// Nested Monte-Carlo search (Cazenave 2009): at level L, every legal move
// is tried and followed by a level L-1 search (level 0 is a random
// tabu-colour playout); the first move of the best line found so far is
// played, and the best line is remembered and followed when nothing better
// turns up.

type nmcs struct {
	s     *search
	bd    *budget
	w     int
	rng   *rand.Rand
	tabu  uint8
	gs    []*groups
	ids   []*[maxGroups]int16
	best  []line
	cur   line
	pg    groups
	pids  [maxGroups]int16
	path  []int16
	local int64
	// top is the best guidance value of the worker's playouts.
	top   int64
	pen   int64 // guidance bead penalty
	moves []board.Move
}

func newNMCS(s *search, w, levels int, bd *budget) *nmcs {
	a, b := workerSeed(s.opt.Seed, w)
	n := &nmcs{s: s, bd: bd, w: w, rng: rand.New(rand.NewPCG(a, b)), tabu: s.root.mostFrequent(), local: math.MinInt64, top: math.MinInt64}
	n.pen = s.prm.penalty(w)
	n.grow(levels)
	return n
}

func (n *nmcs) grow(levels int) {
	for len(n.gs) <= levels {
		n.gs = append(n.gs, new(groups))
		n.ids = append(n.ids, new([maxGroups]int16))
		n.best = append(n.best, line{})
	}
}

// playout plays random tabu-colour moves from p (reached with score) into
// n.cur, and offers the whole line when it is this worker's best.
func (n *nmcs) playout(start *pos, score int) {
	p := *start
	n.cur.cells = n.cur.cells[:0]
	for {
		n.pg.analyse(&p)
		k := legal(&n.pg, &p, n.tabu, &n.pids, false)
		if k == 0 {
			break
		}
		id := int(n.pids[n.rng.IntN(k)])
		n.cur.cells = append(n.cur.cells, n.pg.first[id])
		score += board.Score(p.remove(&n.pg, id))
	}
	n.cur.beads, n.cur.score = int(p.beads), score
	n.cur.val = guide(int(p.beads), score, n.pen, n.s.opt.Rank)
	n.top = max(n.top, n.cur.val)
	if lv := n.s.opt.Rank.Value(int(p.beads), score); lv > n.local {
		n.local = lv
		n.moves = n.moves[:0]
		for _, c := range n.path {
			n.moves = append(n.moves, board.Move{Row: uint8(int(c) % stride), Col: uint8(int(c) / stride)})
		}
		n.moves = n.cur.moves(n.moves)
		n.s.offer(n.moves, n.cur.beads, n.cur.score, "nmcs", n.w)
	}
}

// level runs a level-l search from start (reached with score), leaving its
// best line (from start) in n.best[l]. It reports false when the budget
// ran out.
func (n *nmcs) level(l int, start *pos, score int) bool {
	p := *start
	best := &n.best[l]
	best.cells = best.cells[:0]
	best.val = math.MinInt64
	g, ids := n.gs[l], n.ids[l]
	base := len(n.path)
	step := 0
	var child pos
	for {
		g.analyse(&p)
		k := legal(g, &p, n.tabu, ids, false)
		if k == 0 {
			if best.val == math.MinInt64 {
				best.beads, best.score = int(p.beads), score
				best.val = guide(best.beads, score, n.pen, n.s.opt.Rank)
			}
			n.path = n.path[:base]
			return true
		}
		for j := 0; j < k; j++ {
			id := int(ids[j])
			child = p
			sc := score + board.Score(child.remove(g, id))
			n.path = append(n.path, g.first[id])
			var r *line
			if l == 1 {
				n.playout(&child, sc)
				r = &n.cur
				if n.bd.add(1) {
					n.path = n.path[:base]
					return false
				}
			} else {
				if !n.level(l-1, &child, sc) {
					n.path = n.path[:base]
					return false
				}
				r = &n.best[l-1]
			}
			n.path = n.path[:len(n.path)-1]
			if r.val > best.val {
				best.cells = append(best.cells[:step], g.first[id])
				best.cells = append(best.cells, r.cells...)
				best.beads, best.score, best.val = r.beads, r.score, r.val
			}
		}
		cell := best.cells[step]
		score += board.Score(p.remove(g, g.groupOf(int(cell))))
		n.path = append(n.path, cell)
		step++
	}
}

// runNMCS runs NMCS at levels 1, 2, 3, ... on every worker, with
// different seeds, until the budget ends.
func runNMCS(s *search) {
	nw := s.lw
	s.pool(nw, func(w int) {
		bd := s.newBudget(nw)
		n := newNMCS(s, w, 1, bd)
		for l := 1; l <= 12; l++ {
			n.grow(l)
			before := bd.nodes
			if !n.level(l, &s.root, 0) || bd.done() || bd.nodes == before {
				break
			}
		}
		bd.flush()
	})
}
