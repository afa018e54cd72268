package expendibots

// openList holds node indices by f = g + h and, within an f, by h: the
// least h comes out first (the deepest positions, nearest a win), and
// among equal h the one queued last.
type openList struct {
	b   [][][]int32 // b[f][h]
	low []int       // low[f]: no h below it is queued at f
}

func (q *openList) push(i int32, f, h int) {
	for len(q.b) <= f {
		q.b = append(q.b, nil)
		q.low = append(q.low, 0)
	}
	for len(q.b[f]) <= h {
		q.b[f] = append(q.b[f], nil)
	}
	q.b[f][h] = append(q.b[f][h], i)
	q.low[f] = min(q.low[f], h)
}

// pop returns a node queued at f, or -1 when none is.
func (q *openList) pop(f int) int32 {
	if f >= len(q.b) {
		return -1
	}
	hs := q.b[f]
	for h := q.low[f]; h < len(hs); h++ {
		if k := len(hs[h]) - 1; k >= 0 {
			i := hs[h][k]
			hs[h] = hs[h][:k]
			q.low[f] = h
			return i
		}
	}
	q.low[f] = len(hs)
	return -1
}

// astar is A* with a bucket queue on f = g + h (see openList).
// A child's bound is raised to its parent's less one where it is lower
// (pathmax), so f never falls along a path, and a position found again
// by a shorter path is queued again even when expanded already, so the
// answer is shortest with any admissible bound.
func (s *search) astar(b Board) Result {
	r := compact(&b)
	if res, ok := settled(r, true); ok {
		return res
	}
	var t table
	var q openList
	b0 := newBounder()
	t.insert(&r)
	h0 := b0.lowerBound(&r)
	if h0 == dead {
		return Result{Status: Unsolvable, States: 1}
	}
	root := t.at(0)
	root.parent, root.h = -1, h0
	q.push(0, int(h0), int(h0))
	s.states = 1
	for f := int(h0); f < len(q.b); f++ {
		for i := q.pop(f); i >= 0; i = q.pop(f) {
			n := t.at(i)
			if n.closed || int(n.g)+int(n.h) != f {
				continue // expanded already, or queued again with a smaller g
			}
			if s.over() {
				return Result{Status: OutOfBudget, States: s.states}
			}
			n.closed = true
			s.expanded++
			p, g, hp := n.p, n.g+1, n.h
			for _, c := range s.children(&p, 0) {
				if c.act.Kind == Boom {
					if c.p.black == 0 {
						// This win has f = g; every queued position has
						// f >= the popped one's, g - 1 + its bound >= g.
						return Result{Status: Solved, Actions: append(t.path(i), c.act), Optimal: true, States: s.states}
					}
					if c.p.white == 0 {
						continue
					}
				}
				j, fresh := t.insert(&c.p)
				nn := t.at(j)
				if fresh {
					s.states++
					lb := b0.lowerBound(&c.p)
					nn.parent, nn.act, nn.g = i, c.act, g
					if lb == dead {
						// Kept in the table so it is not judged again.
						nn.h, nn.closed = dead, true
						continue
					}
					nn.h = max(lb, hp-1)
					q.push(j, int(g)+int(nn.h), int(nn.h))
					continue
				}
				if nn.h != dead && g < nn.g {
					nn.g, nn.parent, nn.act, nn.closed = g, i, c.act, false
					q.push(j, int(g)+int(nn.h), int(nn.h))
				}
			}
		}
	}
	return Result{Status: Unsolvable, States: s.states}
}
